import type { RoleCode } from './roles.ts';

/**
 * Every permission an API route can require, as `area.action`. A route names exactly one of these
 * (or is public); the role table below says who holds it. docs/permissions.md is this file in words.
 */
export const PERMISSIONS = {
  'profile.self': 'Read and edit the own profile, sign out, use the socket',
  'auth.loginBy': 'Act as another user (audited)',
  'outbox.read': 'Read the local mail outbox',
  'translations.add': 'Add missing translation keys',
  'audit.read': 'Read the audit log',
  'accounts.block': 'Block and unblock accounts (ends their sessions)',
} as const;

export type Permission = keyof typeof PERMISSIONS;

const EVERYONE: readonly Permission[] = ['profile.self'];

export const ROLE_PERMISSIONS: Record<RoleCode, readonly Permission[]> = {
  admin: [...EVERYONE, 'auth.loginBy', 'outbox.read', 'translations.add', 'audit.read', 'accounts.block'],
  user: EVERYONE,
  sales_agent: EVERYONE,
  call_agent: EVERYONE,
  prom_agent: EVERYONE,
  partner: EVERYONE,
  ocr_manager: EVERYONE,
  independent_agent: EVERYONE,
};

export function can(role: RoleCode, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** What a route declares: either public, or the one permission it requires. */
export type RouteAccess = { public: true } | { permission: Permission };
