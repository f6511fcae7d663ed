import { ROLES, roleByCode, type RoleAbbr, type RoleCode } from './roles.ts';

/**
 * The route table of spec section 2. Paths are relative to the role's prefix
 * (`/{prefix}-dashboard/`). The web router, the menus and the server's page guard all read it.
 */
export interface Screen {
  id: string;
  path: string;
  roles: readonly RoleAbbr[];
  /** Shown in the side navigation. */
  menu: boolean;
}

const ALL: readonly RoleAbbr[] = ROLES.map((r) => r.abbr);

export const SCREENS: readonly Screen[] = [
  { id: 'home', path: '', roles: ALL, menu: true },
  { id: 'clients', path: 'clients', roles: ['admin', 'ca', 'sa', 'pa', 'ia'], menu: true },
  { id: 'search', path: 'search', roles: ['admin', 'pa', 'sa', 'ca', 'ia'], menu: true },
  { id: 'createClient', path: 'create-client', roles: ['admin', 'sa', 'pa', 'ca', 'ia', 'partner'], menu: true },
  { id: 'eventsUpcoming', path: 'events-upcoming', roles: ['admin', 'sa', 'ia'], menu: true },
  { id: 'eventsHistory', path: 'events-history', roles: ['sa', 'admin', 'ia'], menu: true },
  // Not named in spec 2's route table, which has the calendar dialog and the presentations list pages but no page for them.
  { id: 'calendar', path: 'calendar', roles: ['admin', 'sa', 'ca', 'ia'], menu: true },
  { id: 'presentations', path: 'presentations', roles: ['admin', 'sa', 'ia'], menu: true },
  { id: 'totalStatistics', path: 'total-statistics', roles: ['admin', 'sa', 'ca', 'ia'], menu: true },
  { id: 'finances', path: 'finances', roles: ['admin', 'ia'], menu: true },
  { id: 'warehouse', path: 'warehouse', roles: ['admin', 'sa'], menu: true },
  { id: 'omnicas', path: 'omnicas', roles: ['admin', 'sa'], menu: true },
  { id: 'import', path: 'import', roles: ['admin', 'om'], menu: true },
  { id: 'academy', path: 'academy', roles: ['admin', 'sa', 'ca', 'pa'], menu: true },
  { id: 'createAgent', path: 'create-agent', roles: ['admin'], menu: true },
  { id: 'locations', path: 'locations', roles: ['admin'], menu: true },
  { id: 'products', path: 'products', roles: ['admin'], menu: true },
  { id: 'productCreate', path: 'products/create', roles: ['admin'], menu: false },
  { id: 'productShow', path: 'products/:productId/show', roles: ['admin'], menu: false },
  { id: 'accountsSettings', path: 'accounts-settings', roles: ['admin'], menu: true },
  {
    id: 'editAccount',
    path: 'accounts-settings/edit-account/:accountId',
    roles: ['admin'],
    menu: false,
  },
  { id: 'adminPayments', path: 'admin-payments', roles: ['admin'], menu: true },
  // Not in spec 2: the admin's list of licences and the earnings-sources report (issue 16).
  { id: 'licences', path: 'licences', roles: ['admin'], menu: true },
  { id: 'earningsSources', path: 'earnings-sources', roles: ['admin'], menu: true },
  { id: 'receipt', path: 'receipt/:presentationId', roles: ['admin'], menu: false },
  { id: 'globalSettings', path: 'global-settings', roles: ['admin'], menu: true },
  { id: 'pieChart', path: 'pie-chart', roles: ['admin'], menu: true },
  { id: 'outbox', path: 'outbox', roles: ['admin'], menu: true },
  // The local telephony provider's simulator: incoming and outgoing calls through the webhook path, without a provider.
  { id: 'telephony', path: 'telephony', roles: ['admin'], menu: true },
  { id: 'partnerUsers', path: 'partner-users', roles: ['partner'], menu: true },
  { id: 'license', path: 'license', roles: ['ia'], menu: true },
  { id: 'referrals', path: 'referrals', roles: ['ia'], menu: true },
  { id: 'userRecommendations', path: 'recommendations', roles: ['user'], menu: true },
  { id: 'userCreateRecommendation', path: 'create-recommendation', roles: ['user'], menu: true },
  {
    id: 'userEditRecommendation',
    path: 'edit-recommendation/:editRecId',
    roles: ['user'],
    menu: false,
  },
  { id: 'userProducts', path: 'user-products', roles: ['user'], menu: true },
  { id: 'editProfile', path: 'edit-profile', roles: ALL, menu: false },
  { id: 'leadFlow', path: 'lead-flow/:leadHash', roles: ['admin', 'sa', 'ca', 'pa', 'ia'], menu: false },
  { id: 'partnerLeadFlow', path: 'partner-flow/:leadHash', roles: ['partner'], menu: false },
  { id: 'showUser', path: 'show-user/:userId', roles: ['admin', 'sa', 'pa', 'ca', 'ia', 'partner'], menu: false },
  { id: 'editUser', path: 'show-user/:userId/edit-user/:editUserId', roles: ['admin', 'sa', 'ca', 'ia'], menu: false },
  {
    id: 'userRecommendationsOfClient',
    path: 'show-user/:userId/recommendations',
    roles: ['admin', 'sa', 'ia', 'ca'],
    menu: false,
  },
  {
    id: 'addRecommendation',
    path: 'show-user/:userId/recommendations/add-rec',
    roles: ['admin', 'sa', 'ia', 'ca'],
    menu: false,
  },
  {
    id: 'editRecommendation',
    path: 'show-user/:userId/recommendations/edit-rec/:editRecId',
    roles: ['admin', 'sa', 'ia', 'ca'],
    menu: false,
  },
  {
    id: 'lastPresentation',
    path: 'show-user/:userId/last-presentation/:presentationId',
    roles: ['admin', 'sa', 'ia'],
    menu: false,
  },
  {
    id: 'viewPresentation',
    path: 'events-history/view-presentation/:presentationId',
    roles: ['admin', 'sa', 'ia'],
    menu: false,
  },
  {
    id: 'viewService',
    path: 'events-history/view-service/:serviceId',
    roles: ['admin', 'sa', 'ia'],
    menu: false,
  },
  {
    id: 'performPresentation',
    path: 'events-upcoming/perform-presentation/:presentationId',
    roles: ['sa', 'ia', 'admin'],
    menu: false,
  },
  {
    id: 'performService',
    path: 'events-upcoming/perform-service/:serviceId',
    roles: ['sa', 'ia', 'admin'],
    menu: false,
  },
  // The incoming-call link: `{abbr}-clients?number=…`, opened in a new tab from the call dialog.
  { id: 'incomingCallClients', path: ':abbr-clients', roles: ['admin', 'ca', 'sa', 'pa', 'ia'], menu: false },
];

export type ScreenId = (typeof SCREENS)[number]['id'];

export function screensFor(code: RoleCode): Screen[] {
  const abbr = roleByCode(code).abbr;
  return SCREENS.filter((s) => s.roles.includes(abbr));
}

export function menuFor(code: RoleCode): Screen[] {
  return screensFor(code).filter((s) => s.menu);
}

/** The concrete path of a screen for a role (parameters left as `:name`). */
export function screenPath(code: RoleCode, screen: Screen): string {
  const role = roleByCode(code);
  const base = `/${role.prefix}-dashboard`;
  const rel = screen.path.replace(':abbr', role.abbr);
  return rel ? `${base}/${rel}` : base;
}

function matchPattern(pattern: string, actual: string): boolean {
  const p = pattern.split('/');
  const a = actual.split('/');
  if (p.length !== a.length) {
    return false;
  }
  return p.every((seg, i) => (seg.startsWith(':') ? (a[i] ?? '') !== '' : seg === a[i]));
}

export interface PathMatch {
  prefix: string;
  screen: Screen | undefined;
}

/** Which dashboard prefix and screen an address names; screen undefined when nothing matches. */
export function matchDashboardPath(pathname: string): PathMatch | undefined {
  const m = /^\/([a-z]+)-dashboard(?:\/(.*?))?\/?$/.exec(pathname);
  if (!m) {
    return undefined;
  }
  const prefix = m[1] ?? '';
  const role = ROLES.find((r) => r.prefix === prefix);
  if (!role) {
    return { prefix, screen: undefined };
  }
  const rest = m[2] ?? '';
  const screen = SCREENS.find((s) => matchPattern(s.path.replace(':abbr', role.abbr), rest));
  return { prefix, screen };
}

/**
 * Where a signed-in user may go: the address itself when it is one of their screens,
 * otherwise their own dashboard (a role opening another role's route lands home).
 */
export function resolveDashboardPath(code: RoleCode, pathname: string): string {
  const role = roleByCode(code);
  const home = `/${role.prefix}-dashboard`;
  const match = matchDashboardPath(pathname);
  if (!match || match.prefix !== role.prefix || !match.screen || !match.screen.roles.includes(role.abbr)) {
    return home;
  }
  return pathname;
}
