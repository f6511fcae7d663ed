import type { RoleCode } from './roles.ts';

/**
 * Every permission an API route can require, as `area.action`. A route names exactly one of these
 * (or is public); the role table below says who holds it. docs/permissions.md is this file in words.
 */
export const PERMISSIONS = {
  'profile.self': 'Read and edit the own profile, sign out, use the socket, keep own table layouts',
  'auth.loginBy': 'Act as another user (audited)',
  'outbox.read': 'Read the local mail outbox',
  'outbox.retry': 'Send a mail of the outbox that failed for good again',
  'translations.add': 'Add missing translation keys',
  'audit.read': 'Read the audit log',
  'accounts.block': 'Block and unblock accounts (ends their sessions)',
  'accounts.manage': 'Read and change accounts: access to clients, telephony settings',
  'staff.create': 'Create staff users and send them their signup mail',
  'users.read': 'List users of every role, with or without their accounts',
  'agents.read': 'List sales agents and call agents (name, active) to assign and book',
  'statuses.read': 'Read client and partner statuses with their colours',
  'products.read': 'Read products, their categories and media',
  'products.manage': 'Create, change, archive and delete products and categories; upload product media',
  'locations.read': 'Read locations (events and malls)',
  'locations.manage': 'Add, change and delete locations',
  'settings.read': 'Read the global settings (company, receipt and SMS details)',
  'settings.manage': 'Change the global settings and upload the logo',
  'academy.read': 'Read, play and download academy slides, videos, audios and docs',
  'academy.manage': 'Add, change, reorder and remove academy items and categories',
  'stats.clients': 'Distribution of clients by status and lead source',
  'stats.dashboard':
    "The number cards of the own home page: each role its own figures and its own or its team's rows, as its lists show them",
  'stats.salesAgents':
    "Total statistics of the sales agents: admins every agent's row, a sales or independent agent only their own row beside the team total",
  'stats.callAgents':
    "Total statistics of the call agents: admins every agent's row, a call agent only their own row beside the team total",
  'stats.leads': 'Leads statistics: the leads created per month by lead source, location and status (every lead)',
  'clients.read': 'List, search and read the clients of the own scope, with their nested tabs',
  'clients.create': 'Create clients (they stay in the scope of who created them)',
  'clients.manage': 'Change clients of the own scope: links to cohabitants and block neighbours, linked agent',
  'clients.call': 'Start a call to a client of the own scope through the telephony provider',
  'clients.merge': 'Merge duplicate clients (audited)',
  'clients.delete': 'Delete clients',
  'clients.export': 'Export clients to the work-management tool',
  'addresses.validate':
    'Check the address of a client of the own scope (verdict, corrected address, the point kept for distances) and take the corrected address',
  'reminders.manage': "List the e-mail reminders of the own scope's leads who were not reached, move them to another stage or stop them",
  'recommendations.read': 'Read the recommendations and their counters: a client their own, staff those of clients of the own scope',
  'recommendations.manage':
    'Add, change and delete recommendations: a client their own while unconfirmed, staff those of clients of the own scope',
  'recommendations.status': 'Confirm, advance or decline recommendations; a confirmation turns the person into a lead',
  'recommendations.pay': 'Mark the reward of an approved recommendation as paid',
  'events.read':
    "Read the calendar, the events lists and single presentations and services of the own scope; other agents' events show as busy time",
  'events.book': "Book presentations and services into an agent's calendar for a client of the own scope",
  'events.manage': 'Move, change, cancel and delete the planned events of the own scope',
  'events.perform': 'Perform presentations and services of the own scope: product lines, outcome, contract, finish (makes the order)',
  'events.receipt': 'Read and print the receipt of a presentation',
  'planner.use':
    "Use the visit planner for a client of the own scope: suggested agents and times, an agent's day as a route, blocked dates, the client's primary agents (an independent agent only their own days)",
  'planner.absences':
    "Enter and remove the blocked days and private appointments that keep a field agent from new visits: an admin any field agent's, a sales or independent agent their own",
  'purchases.read': 'Read what a client bought: a client their own, staff those of clients of the own scope',
  'sms.read': 'Read the SMS outbox',
  'sms.retry': 'Send a message of the SMS dead-letter list again',
  'finances.read': "Read orders, commissions and commission receipts: admins all, independent agents their own and their downline's",
  'finances.manage':
    'Check orders, record payments, deliveries and product lines, toggle order states, set commission rates and statuses, build and rebuild commission receipts',
  'warehouse.read': 'Read the stock and what must be delivered',
  'warehouse.manage': 'Change the stock and record deliveries from the warehouse',
  'omnicas.manage': 'Apply for financing of an order with the financing provider and follow the application',
  'licences.own': 'Read the own licence and pay for it through the card checkout (independent agents)',
  'licences.manage':
    "List every agent's licence, request and activate single and obligation licences, simulate the local payment provider's renewals",
  'reports.earningsSources': "Report per agent of earnings from own sales versus from the downline's sales (L1–L3)",
  'referrals.link': "Get the own referral link with its visits and sign-ups (an admin: anyone's)",
  'referrals.partner':
    "List the people the partner referred with their partner status and their count by partner status (an admin: any partner's)",
  'referrals.downline':
    "See whom the independent agent brought, their referral status and the L1–L3 commissions earned through each (an admin: any agent's)",
  'import.manage': 'Import lead files and scanned lead forms; review and launch imports',
} as const;

export type Permission = keyof typeof PERMISSIONS;

const EVERYONE: readonly Permission[] = ['profile.self', 'statuses.read', 'stats.dashboard'];
const STAFF: readonly Permission[] = [...EVERYONE, 'products.read', 'locations.read', 'settings.read'];
const ACADEMY: readonly Permission[] = ['academy.read'];
const CLIENT_WORK: readonly Permission[] = ['clients.read', 'clients.create', 'clients.manage', 'clients.call', 'addresses.validate'];
const RECOMMENDATION_WORK: readonly Permission[] = ['recommendations.read', 'recommendations.manage', 'recommendations.status'];
const FIELD_EVENTS: readonly Permission[] = ['events.read', 'events.book', 'events.manage', 'events.perform', 'purchases.read'];

export const ROLE_PERMISSIONS: Record<RoleCode, readonly Permission[]> = {
  admin: Object.keys(PERMISSIONS) as Permission[],
  user: [...EVERYONE, 'recommendations.read', 'recommendations.manage', 'purchases.read', 'referrals.link'],
  sales_agent: [
    ...STAFF,
    ...ACADEMY,
    ...CLIENT_WORK,
    ...RECOMMENDATION_WORK,
    ...FIELD_EVENTS,
    'agents.read',
    'warehouse.read',
    'warehouse.manage',
    'omnicas.manage',
    'planner.absences',
    'stats.salesAgents',
  ],
  call_agent: [
    ...STAFF,
    ...ACADEMY,
    ...CLIENT_WORK,
    ...RECOMMENDATION_WORK,
    'events.read',
    'events.book',
    'events.manage',
    'purchases.read',
    'agents.read',
    'reminders.manage',
    'planner.use',
    'stats.callAgents',
  ],
  prom_agent: [...STAFF, ...ACADEMY, 'clients.read', 'clients.create', 'clients.manage', 'recommendations.read', 'agents.read'],
  partner: [...EVERYONE, 'clients.read', 'clients.create', 'recommendations.read', 'referrals.link', 'referrals.partner'],
  ocr_manager: [...EVERYONE, 'locations.read', 'import.manage'],
  independent_agent: [
    ...STAFF,
    'referrals.link',
    'referrals.downline',
    ...CLIENT_WORK,
    ...RECOMMENDATION_WORK,
    ...FIELD_EVENTS,
    'agents.read',
    'finances.read',
    'planner.use',
    'planner.absences',
    'stats.salesAgents',
    'licences.own',
  ],
};

export function can(role: RoleCode, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** What a route declares: either public, or the one permission it requires. */
export type RouteAccess = { public: true } | { permission: Permission };
