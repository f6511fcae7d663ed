import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, can, type Permission } from './permissions.ts';
import { ROLE_CODES, type RoleCode } from './roles.ts';

const ALL_PERMISSIONS: Permission[] = [
  'profile.self',
  'auth.loginBy',
  'outbox.read',
  'translations.add',
  'audit.read',
  'accounts.block',
  'accounts.manage',
  'staff.create',
  'users.read',
  'agents.read',
  'statuses.read',
  'products.read',
  'products.manage',
  'locations.read',
  'locations.manage',
  'settings.read',
  'settings.manage',
  'academy.read',
  'academy.manage',
  'stats.clients',
];

const STAFF: Permission[] = ['profile.self', 'statuses.read', 'products.read', 'locations.read', 'settings.read'];

// Admin holds everything; the academy is for admin, sa, ca and pa (spec 2); clients and partners only
// have their profile and the status list.
const GRANTS: Record<RoleCode, readonly Permission[]> = {
  admin: ALL_PERMISSIONS,
  user: ['profile.self', 'statuses.read'],
  sales_agent: [...STAFF, 'academy.read', 'agents.read'],
  call_agent: [...STAFF, 'academy.read', 'agents.read'],
  prom_agent: [...STAFF, 'academy.read', 'agents.read'],
  partner: ['profile.self', 'statuses.read'],
  ocr_manager: ['profile.self', 'statuses.read', 'locations.read'],
  independent_agent: [...STAFF, 'agents.read'],
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
