import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, can, type Permission } from './permissions.ts';
import { ROLE_CODES, type RoleCode } from './roles.ts';

const ALL_PERMISSIONS: Permission[] = [
  'profile.self',
  'auth.loginBy',
  'outbox.read',
  'outbox.retry',
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
  'stats.salesAgents',
  'stats.callAgents',
  'stats.dashboard',
  'stats.leads',
  'clients.read',
  'clients.create',
  'clients.manage',
  'clients.call',
  'addresses.validate',
  'clients.merge',
  'clients.delete',
  'clients.export',
  'reminders.manage',
  'recommendations.read',
  'recommendations.manage',
  'recommendations.status',
  'recommendations.pay',
  'events.read',
  'events.book',
  'events.manage',
  'events.perform',
  'events.receipt',
  'planner.use',
  'planner.absences',
  'purchases.read',
  'sms.read',
  'sms.retry',
  'finances.read',
  'finances.manage',
  'warehouse.read',
  'warehouse.manage',
  'omnicas.manage',
  'licences.own',
  'licences.manage',
  'reports.earningsSources',
  'referrals.link',
  'referrals.partner',
  'referrals.downline',
  'import.manage',
];

const STAFF: Permission[] = ['profile.self', 'statuses.read', 'stats.dashboard', 'products.read', 'locations.read', 'settings.read'];

// Who works with clients also checks their addresses (issue 17).
const CLIENT_WORK: Permission[] = ['clients.read', 'clients.create', 'clients.manage', 'clients.call', 'addresses.validate'];
const RECOMMENDATION_WORK: Permission[] = ['recommendations.read', 'recommendations.manage', 'recommendations.status'];
// Sales and independent agents run visits; call agents book, move and see them but do not perform;
// receipts and the SMS outbox are for admins. A client reads what they bought.
const FIELD_EVENTS: Permission[] = ['events.read', 'events.book', 'events.manage', 'events.perform', 'purchases.read'];

// Admin holds everything; the academy is for admin, sa, ca and pa (spec 2). Agents work with the
// clients of their scope; promotion agents do not call, partners read and add the users they refer;
// merging, deleting and exporting clients are for admins. Clients have their profile, the status list
// and their own recommendations; the OCR manager no client at all. Only admins mark rewards paid.
const GRANTS: Record<RoleCode, readonly Permission[]> = {
  admin: ALL_PERMISSIONS,
  user: [
    'profile.self',
    'statuses.read',
    'stats.dashboard',
    'recommendations.read',
    'recommendations.manage',
    'purchases.read',
    'referrals.link',
  ],
  // Spec 2: warehouse and Omnicas for admin and sa; finances for admin and ia.
  sales_agent: [
    ...STAFF,
    'academy.read',
    'agents.read',
    ...CLIENT_WORK,
    ...RECOMMENDATION_WORK,
    ...FIELD_EVENTS,
    'warehouse.read',
    'warehouse.manage',
    'omnicas.manage',
    'planner.absences',
    'stats.salesAgents',
  ],
  call_agent: [
    ...STAFF,
    'academy.read',
    'agents.read',
    ...CLIENT_WORK,
    ...RECOMMENDATION_WORK,
    'events.read',
    'events.book',
    'events.manage',
    'purchases.read',
    'reminders.manage',
    'planner.use',
    'stats.callAgents',
  ],
  prom_agent: [...STAFF, 'academy.read', 'agents.read', 'clients.read', 'clients.create', 'clients.manage', 'recommendations.read'],
  partner: [
    'profile.self',
    'statuses.read',
    'stats.dashboard',
    'clients.read',
    'clients.create',
    'recommendations.read',
    'referrals.link',
    'referrals.partner',
  ],
  ocr_manager: ['profile.self', 'statuses.read', 'stats.dashboard', 'locations.read', 'import.manage'],
  independent_agent: [
    ...STAFF,
    'referrals.link',
    'referrals.downline',
    'agents.read',
    ...CLIENT_WORK,
    ...RECOMMENDATION_WORK,
    ...FIELD_EVENTS,
    'finances.read',
    'planner.use',
    'planner.absences',
    'stats.salesAgents',
    'licences.own',
  ],
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
