import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, can, type Permission } from './permissions.ts';
import { ROLE_CODES, type RoleCode } from './roles.ts';

const ALL_PERMISSIONS: Permission[] = ['profile.self', 'auth.loginBy', 'outbox.read', 'translations.add', 'audit.read', 'accounts.block'];

// Admin holds everything; every other role only reads and edits its own profile.
const GRANTS: Record<RoleCode, readonly Permission[]> = {
  admin: ALL_PERMISSIONS,
  user: ['profile.self'],
  sales_agent: ['profile.self'],
  call_agent: ['profile.self'],
  prom_agent: ['profile.self'],
  partner: ['profile.self'],
  ocr_manager: ['profile.self'],
  independent_agent: ['profile.self'],
};

const CASES = ROLE_CODES.flatMap((role) =>
  ALL_PERMISSIONS.map((permission) => [role, permission, GRANTS[role].includes(permission)] as const),
);

describe('can', () => {
  it('knows exactly the permissions of the registry', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('has a row for every role', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLE_CODES].sort());
  });

  it.each(CASES)('%s may %s: %s', (role, permission, expected) => {
    expect(can(role, permission)).toBe(expected);
  });
});
