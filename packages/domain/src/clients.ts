import { PERSONS_AT_HOME, WORKING_STATUSES, type ClientStatus, type LeadSource } from './enums.ts';
import type { ValidationKey } from './errors.ts';
import type { RoleCode } from './roles.ts';
import type { ClientAccess } from './schemas/staff.ts';
import { MAKE_A_DEMO_CODE } from './statuses.ts';

/**
 * The clients lists (spec 2 "Clients list", 3 filter fields, 5 custom filter rules, 6 default filters,
 * 7 GET /api/clients). The rules are pure so the server, the page and the tests read the same ones.
 */

/** The status every new client starts with. */
export const INITIAL_CLIENT_STATUS: ClientStatus = 'potential';

/**
 * What a new client gets whatever the form sent, by who creates it. Referral attribution: a partner's
 * client is a partner lead (lead source `partner`, the partner as referrer) in the initial status;
 * only staff set a status and a lead source. Null: the form's values stand.
 */
export function newClientAttribution(role: RoleCode): { status: ClientStatus; lead_source: LeadSource; lead_location_id: null } | null {
  return role === 'partner' ? { status: INITIAL_CLIENT_STATUS, lead_source: 'partner', lead_location_id: null } : null;
}

/**
 * Spec 2: the admin's tabs; call agents have b2c, b2b, buyers, email_reminders and listing. The admin
 * also sees email_reminders (last), to follow and move the reminders of every lead.
 */
export const CLIENT_TABLES = ['buyers', 'b2c', 'b2b', 'email_reminders', 'listing'] as const;
export type ClientTable = (typeof CLIENT_TABLES)[number];

/** Which tabs each role's clients list shows, in order; the first is where the list opens. */
export function clientTablesFor(role: RoleCode): readonly ClientTable[] {
  if (role === 'call_agent') {
    return ['b2c', 'b2b', 'buyers', 'email_reminders', 'listing'];
  }
  return role === 'admin' ? ['buyers', 'b2c', 'b2b', 'listing', 'email_reminders'] : ['buyers', 'b2c', 'b2b', 'listing'];
}

/** The statuses of clients who bought: the buyers tab lists them. */
export const BUYER_STATUSES = ['buy_product', 'buy_other_products'] as const satisfies readonly ClientStatus[];

/**
 * Presets of spec 6 and of the buyers table (spec 7). What each one means is ours:
 * - exclude_sm_leads: leave out leads marked single_man;
 * - exclude_linked_agent: leave out clients another agent already looks after (linked to someone else
 *   than the viewer, so a sales agent still sees their own);
 * - recall: leave out clients whose recall is still ahead (they come back when it is due);
 * - finished / activated / invoice_sent / invoice_not_sent: buyers whose purchase is complete, who
 *   signed up to their own account, whose invoice went out, or not yet.
 */
export const CLIENT_PRESETS = [
  'exclude_sm_leads',
  'exclude_linked_agent',
  'recall',
  'finished',
  'activated',
  'invoice_sent',
  'invoice_not_sent',
] as const;
export type ClientPreset = (typeof CLIENT_PRESETS)[number];
export const BUYER_PRESETS = ['finished', 'activated', 'invoice_sent', 'invoice_not_sent'] as const satisfies readonly ClientPreset[];
/** The presets of the filter panel: every preset but the buyers'. */
export const LIST_PRESETS: readonly ClientPreset[] = CLIENT_PRESETS.filter((p) => !(BUYER_PRESETS as readonly ClientPreset[]).includes(p));

/**
 * How a clients tab filters (spec 6 and 7), the one place that says it: the buyers tab lists the buyers
 * by statuses of its own (no status filter), takes only its own presets (toggles above the table) and
 * starts without any; every other tab (and the search, which names no tab) takes the status filter and
 * the panel's presets, starting with the role's defaults, and never the buyers' presets.
 */
export interface ClientTableFilters {
  /** The status filter (and include/exclude) applies to the tab. */
  statusFilter: boolean;
  /** The presets of the filter panel in this tab. */
  panelPresets: readonly ClientPreset[];
  /** The presets shown as toggles above the table (the buyers'). */
  togglePresets: readonly ClientPreset[];
  /** The presets a request may name for this tab (a buyers' preset elsewhere is refused). */
  acceptedPresets: readonly ClientPreset[];
  /** The presets a request that names none starts with, for this role. */
  defaultPresets: (role: RoleCode) => ClientPreset[];
}

export function clientTableFilters(table: ClientTable | undefined): ClientTableFilters {
  if (table === 'buyers') {
    return {
      statusFilter: false,
      panelPresets: [],
      togglePresets: BUYER_PRESETS,
      acceptedPresets: CLIENT_PRESETS,
      defaultPresets: () => [],
    };
  }
  return {
    statusFilter: true,
    panelPresets: LIST_PRESETS,
    togglePresets: [],
    acceptedPresets: LIST_PRESETS,
    defaultPresets: (role) => defaultClientFilters(role).presets,
  };
}

/** The chosen presets a tab sends: the panel's and its toggles', the others left out. */
export function presetsOfTable(table: ClientTable | undefined, presets: readonly ClientPreset[]): ClientPreset[] {
  const { panelPresets, togglePresets } = clientTableFilters(table);
  return presets.filter((p) => panelPresets.includes(p) || togglePresets.includes(p));
}

export interface ClientListDefaults {
  /** Status codes as the list sends them; `make_a_demo` stands for its five statuses. */
  statuses: string[];
  /** true: only these statuses; false: all but these. */
  includeStatuses: boolean;
  presets: ClientPreset[];
}

/** Spec 6 "Default client-list filters by role". */
export function defaultClientFilters(role: RoleCode): ClientListDefaults {
  switch (role) {
    case 'admin':
      return {
        statuses: ['archived', 'without_number', 'single_man', 'wrong_data'],
        includeStatuses: false,
        presets: ['exclude_sm_leads', 'exclude_linked_agent'],
      };
    case 'call_agent':
      return { statuses: [MAKE_A_DEMO_CODE], includeStatuses: true, presets: ['exclude_sm_leads', 'recall'] };
    case 'independent_agent':
      return { statuses: [MAKE_A_DEMO_CODE, 'sale_agents'], includeStatuses: true, presets: ['exclude_sm_leads', 'recall'] };
    case 'user':
    case 'sales_agent':
    case 'prom_agent':
    case 'partner':
    case 'ocr_manager':
      return { statuses: [], includeStatuses: false, presets: ['exclude_sm_leads', 'exclude_linked_agent'] };
  }
}

/** The orders a clients list may be sorted by; anything else is refused. */
export const CLIENT_ORDER_FIELDS = [
  'updated_at',
  /** Best match of `search` first (the search screen). */
  'relevance',
  'created_at',
  'id',
  'name',
  'city',
  'zipcode',
  'age',
  'status',
  'number_of_calls',
  'last_contact_at',
] as const;
export type ClientOrderField = (typeof CLIENT_ORDER_FIELDS)[number];

/** Spec 3 "Client filter fields and types". */
export const CLIENT_FILTER_FIELDS = {
  email: 'text',
  city: 'text',
  address: 'text',
  category: 'text',
  company: 'text',
  age: 'number',
  number_of_calls: 'number',
  created_at: 'date',
  updated_at: 'date',
  open_recalls: 'date',
  working_status: 'enum',
  persons_at_home: 'enum',
  has_onboarding_sms: 'bool',
  lead_source: 'reference',
} as const;
export type ClientFilterField = keyof typeof CLIENT_FILTER_FIELDS;
export type ClientFilterType = (typeof CLIENT_FILTER_FIELDS)[ClientFilterField];

/** The choices of the enum filter fields. */
export const CLIENT_FILTER_OPTIONS: Record<'working_status' | 'persons_at_home', readonly string[]> = {
  working_status: WORKING_STATUSES,
  persons_at_home: PERSONS_AT_HOME,
};

/** A custom filter as the filter panel holds it (spec 3: name, type, value and errors). */
export interface CustomFilter {
  /** The field; empty until one is chosen. */
  name: ClientFilterField | '';
  type: ClientFilterType | '';
  /** text, enum (one choice), bool ('true'/'false') and reference: `value`; number and date: `from`/`to`. */
  value: string;
  from: string;
  to: string;
  errors: Partial<Record<'name' | 'value' | 'from' | 'to', ValidationKey>>;
}

export function emptyCustomFilter(): CustomFilter {
  return { name: '', type: '', value: '', from: '', to: '', errors: {} };
}

/** Choosing a field sets its type and clears what was typed for the previous one. */
export function chooseFilterField(filter: CustomFilter, name: ClientFilterField): CustomFilter {
  return { ...emptyCustomFilter(), name, type: CLIENT_FILTER_FIELDS[name] };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+$/;

/**
 * Spec 5: the field name is required and a value is required; a date filter needs from or to (a number
 * filter too). Values must also be well formed: numbers whole, dates YYYY-MM-DD, from not after to.
 */
export function validateCustomFilter(filter: CustomFilter): CustomFilter {
  const errors: CustomFilter['errors'] = {};
  if (filter.name === '') {
    errors.name = 'field_name_is_required';
    return { ...filter, errors };
  }
  const type = CLIENT_FILTER_FIELDS[filter.name];
  if (type === 'date' || type === 'number') {
    const from = filter.from.trim();
    const to = filter.to.trim();
    if (from === '' && to === '') {
      errors.from = type === 'date' ? 'one_of_the_dates_is_required' : 'field_is_required';
    }
    const pattern = type === 'date' ? DATE : NUMBER;
    if (from !== '' && !pattern.test(from)) {
      errors.from = 'invalid_value';
    }
    if (to !== '' && !pattern.test(to)) {
      errors.to = 'invalid_value';
    }
    const ordered = type === 'date' ? from <= to : Number(from) <= Number(to);
    if (from !== '' && to !== '' && !errors.from && !errors.to && !ordered) {
      errors.to = 'invalid_value';
    }
  } else if (filter.value.trim() === '') {
    errors.value = 'field_is_required';
  }
  return { ...filter, type, errors };
}

export interface CustomFiltersCheck {
  filters: CustomFilter[];
  /** Spec 5: with any error the search is not run. */
  valid: boolean;
}

export function validateCustomFilters(filters: readonly CustomFilter[]): CustomFiltersCheck {
  const checked = filters.map(validateCustomFilter);
  return { filters: checked, valid: checked.every((f) => Object.keys(f.errors).length === 0) };
}

/**
 * The query parameters of valid custom filters: text and reference fields by name (`city=Zürich`),
 * ranges as `<name>_from` / `<name>_to`. Two filters on one field: the later one wins.
 */
export function customFilterParams(filters: readonly CustomFilter[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of filters) {
    if (f.name === '') {
      continue;
    }
    const type = CLIENT_FILTER_FIELDS[f.name];
    if (type === 'date' || type === 'number') {
      delete out[`${f.name}_from`];
      delete out[`${f.name}_to`];
      if (f.from.trim()) {
        out[`${f.name}_from`] = f.from.trim();
      }
      if (f.to.trim()) {
        out[`${f.name}_to`] = f.to.trim();
      }
    } else {
      out[f.name] = f.value.trim();
    }
  }
  return out;
}

/**
 * Which clients a role sees (docs/permissions.md "Clients"); the server turns it into one SQL condition.
 * - all: every client; type: clients of one type (an account's access b2c or b2b);
 * - linked: clients linked to the agent (a sales agent; and, with the events issue, those of their events);
 * - created: leads the user created (a promotion agent); referred: users the user referred (a partner);
 * - self: the client itself; none: no client at all.
 */
export type ClientScope =
  | { kind: 'all' }
  | { kind: 'type'; type: 'B2C' | 'B2B' }
  | { kind: 'linked'; agentId: number }
  | { kind: 'created'; userId: number }
  | { kind: 'referred'; userId: number }
  | { kind: 'self'; userId: number }
  | { kind: 'none' };

export function clientScopeOf(viewer: { id: number; role: RoleCode; access: ClientAccess | null }): ClientScope {
  switch (viewer.role) {
    case 'admin':
      return { kind: 'all' };
    case 'call_agent':
    case 'independent_agent':
      switch (viewer.access ?? 'all') {
        case 'all':
          return { kind: 'all' };
        case 'b2c':
          return { kind: 'type', type: 'B2C' };
        case 'b2b':
          return { kind: 'type', type: 'B2B' };
        case 'none':
          return { kind: 'none' };
      }
      break;
    case 'sales_agent':
      return { kind: 'linked', agentId: viewer.id };
    case 'prom_agent':
      return { kind: 'created', userId: viewer.id };
    case 'partner':
      return { kind: 'referred', userId: viewer.id };
    case 'user':
      return { kind: 'self', userId: viewer.id };
    case 'ocr_manager':
      return { kind: 'none' };
  }
  return { kind: 'none' };
}

/**
 * Socket rooms of the clients' live events (spec 4): a viewer joins the room of their scope, and a
 * change to a client is sent to every room whose scope holds it, so nobody hears of a client they
 * may not see. A client (scope self) has no room: the events carry the internal CRM row (status,
 * calls, linked agent), and none of a client's own pages shows a live list.
 */
export function scopeRoom(scope: ClientScope): string | null {
  switch (scope.kind) {
    case 'all':
      return 'clients:all';
    case 'type':
      return `clients:type:${scope.type}`;
    case 'linked':
      return `clients:linked:${scope.agentId}`;
    case 'created':
      return `clients:created:${scope.userId}`;
    case 'referred':
      return `clients:referred:${scope.userId}`;
    case 'self':
    case 'none':
      return null;
  }
}

/**
 * Every scope room a viewer with this id could be in, whatever their role and access setting: what a
 * change of scope (access setting) leaves before the viewer joins the room of the new one.
 */
export function scopeRoomsOf(viewerId: number): string[] {
  const scopes: ClientScope[] = [
    { kind: 'all' },
    { kind: 'type', type: 'B2C' },
    { kind: 'type', type: 'B2B' },
    { kind: 'linked', agentId: viewerId },
    { kind: 'created', userId: viewerId },
    { kind: 'referred', userId: viewerId },
    { kind: 'self', userId: viewerId },
  ];
  return scopes.map(scopeRoom).filter((room): room is string => room !== null);
}

/** The scope a socket room stands for (the inverse of scopeRoom); null for a room that is none. */
export function scopeOfRoom(room: string): ClientScope | null {
  const [prefix, kind, value] = room.split(':');
  if (prefix !== 'clients') {
    return null;
  }
  const id = Number(value);
  switch (kind ?? '') {
    case 'all':
      return value === undefined ? { kind: 'all' } : null;
    case 'type':
      return value === 'B2C' || value === 'B2B' ? { kind: 'type', type: value } : null;
    case 'linked':
      return Number.isInteger(id) && id > 0 ? { kind: 'linked', agentId: id } : null;
    case 'created':
      return Number.isInteger(id) && id > 0 ? { kind: 'created', userId: id } : null;
    case 'referred':
      return Number.isInteger(id) && id > 0 ? { kind: 'referred', userId: id } : null;
    case 'self':
      return Number.isInteger(id) && id > 0 ? { kind: 'self', userId: id } : null;
    default:
      return null;
  }
}

/**
 * The rooms a change to this client goes to: every scope that holds it. `eventAgentIds` are the agents
 * of its presentations and services, whose scope (linked) holds it as well as its linked agent's.
 */
export function clientRooms(
  client: {
    id: number;
    type: string;
    linkedAgentId: number | null;
    createdById: number | null;
    referredById: number | null;
  },
  eventAgentIds: readonly number[] = [],
): string[] {
  const rooms = ['clients:all', `clients:type:${client.type}`];
  for (const agentId of new Set([...(client.linkedAgentId === null ? [] : [client.linkedAgentId]), ...eventAgentIds])) {
    rooms.push(`clients:linked:${agentId}`);
  }
  if (client.createdById !== null) {
    rooms.push(`clients:created:${client.createdById}`);
  }
  if (client.referredById !== null) {
    rooms.push(`clients:referred:${client.referredById}`);
  }
  return rooms;
}
