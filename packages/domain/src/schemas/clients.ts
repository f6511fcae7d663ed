import { z } from 'zod';
import {
  clientTableFilters,
  CLIENT_FILTER_OPTIONS,
  CLIENT_ORDER_FIELDS,
  CLIENT_PRESETS,
  CLIENT_TABLES,
  type ClientPreset,
  type ClientTable,
} from '../clients.ts';
import { PAGE_SIZES } from '../constants.ts';
import { CLIENT_STATUSES, CLIENT_TYPES, LEAD_SOURCES } from '../enums.ts';
import { MAKE_A_DEMO_CODE } from '../statuses.ts';

/** `a,b` or a repeated parameter (`?x=a&x=b`) as one list; empty parts drop out. */
export function csvOf<T extends z.ZodType<string>>(item: T) {
  return z.preprocess((input) => {
    const parts = Array.isArray(input) ? input : typeof input === 'string' ? [input] : input;
    return Array.isArray(parts)
      ? parts
          .flatMap((p) => String(p).split(','))
          .map((p) => p.trim())
          .filter(Boolean)
      : parts;
  }, z.array(item).max(50));
}

const zBool = z.enum(['true', 'false']).transform((v) => v === 'true');
const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value');
const zWhole = z.coerce.number().int().min(0).max(100_000);
const zText = z.string().trim().min(1, 'field_is_required').max(100, 'too_long');

/**
 * GET /api/clients (spec 7). Without `statuses`, `includeStatuses` or `presets`, the role's defaults of
 * spec 6 apply; an empty `statuses=` asks for every status. Custom filters come by field name: text and
 * reference fields as `city=…`, ranges as `age_from` / `age_to`, dates as `created_at_from` / `_to`.
 */
export const clientsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(PAGE_SIZES.clients),
  tableName: z.enum(CLIENT_TABLES).optional(),
  type: z.enum(CLIENT_TYPES).optional(),
  /** The list always asks for clients (role user); other roles are not listed here. */
  roles: csvOf(z.literal('user')).optional(),
  statuses: csvOf(z.enum([MAKE_A_DEMO_CODE, ...CLIENT_STATUSES])).optional(),
  includeStatuses: zBool.optional(),
  presets: csvOf(z.enum(CLIENT_PRESETS)).optional(),
  search: z.string().trim().max(100, 'too_long').optional(),
  zipcode: z.string().trim().max(10, 'too_long').optional(),
  /** A phone number in any writing (the incoming-call link). */
  number: z.string().trim().max(40, 'too_long').optional(),
  orderBy: z.enum(CLIENT_ORDER_FIELDS).default('updated_at'),
  orderMethod: z.enum(['asc', 'desc']).default('desc'),
  email: zText.optional(),
  city: zText.optional(),
  address: zText.optional(),
  category: zText.optional(),
  company: zText.optional(),
  age_from: zWhole.optional(),
  age_to: zWhole.optional(),
  number_of_calls_from: zWhole.optional(),
  number_of_calls_to: zWhole.optional(),
  created_at_from: zDay.optional(),
  created_at_to: zDay.optional(),
  updated_at_from: zDay.optional(),
  updated_at_to: zDay.optional(),
  open_recalls_from: zDay.optional(),
  open_recalls_to: zDay.optional(),
  working_status: csvOf(z.enum(CLIENT_FILTER_OPTIONS.working_status as [string, ...string[]])).optional(),
  persons_at_home: csvOf(z.enum(CLIENT_FILTER_OPTIONS.persons_at_home as [string, ...string[]])).optional(),
  has_onboarding_sms: zBool.optional(),
  /** Only the clients the viewer created: their own leads (a dashboard card's link). */
  created_by_me: zBool.optional(),
  /** A lead source code, or `location:<id>` for leads of one event or mall. */
  lead_source: z.union([z.enum(LEAD_SOURCES), z.string().regex(/^location:\d{1,9}$/, 'invalid_value')]).optional(),
});
export type ClientsQuery = z.infer<typeof clientsQuery>;

/** The buyers' presets belong to the buyers tab (spec 7): see clientTableFilters. */
export function presetsAllowedFor(table: ClientTable | undefined, presets: readonly ClientPreset[]): boolean {
  const { acceptedPresets } = clientTableFilters(table);
  return presets.every((p) => acceptedPresets.includes(p));
}

/** A user named on another record: an agent, an author, who changed something. */
export const personRef = z.object({ id: z.number(), name: z.string(), surname: z.string() });

/** A client as lists show it. */
export const clientSummaryDto = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  type: z.enum(CLIENT_TYPES),
  company: z.string().nullable(),
  age: z.number().nullable(),
  status: z.string().nullable(),
  lead_source: z.string().nullable(),
  lead_location: z.object({ id: z.number(), code: z.string(), display_name: z.string() }).nullable(),
  linked_agent: personRef.nullable(),
  number_of_calls: z.number(),
  last_contact_at: z.string().nullable(),
  next_recall_at: z.string().nullable(),
  email_reminder_stage: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientSummaryDto = z.infer<typeof clientSummaryDto>;

/**
 * What the viewer may do with a client, computed by the server from its policy (roles and scope): the
 * screens show an action when its flag is true and never decide it from role codes themselves.
 */
export const clientFlags = z.object({
  /** Change the client: its fields, contact history, notes, second person, links. */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  /** Merge a duplicate into the client. */
  can_merge: z.boolean(),
  /** Start a call through the telephony provider. */
  can_call: z.boolean(),
  /** Book a presentation or a service for the client. */
  can_book: z.boolean(),
  /** Choose the client's linked sales agent. */
  can_assign_agent: z.boolean(),
  /** See the client's presentations and services. */
  can_see_events: z.boolean(),
});
export type ClientFlags = z.infer<typeof clientFlags>;

/** Spec 3 "Client table row" as the live events carry it: the client and the counts of its nested tabs. */
export const liveClientRowDto = z.object({
  id: z.number(),
  updated_at: z.string(),
  recommendations: z.number(),
  duplicates: z.number(),
  cohabitants: z.number(),
  blockNeighbors: z.number(),
  contact_history: z.object({ type: z.string(), comment: z.string(), created_at: z.string() }).nullable(),
  user: clientSummaryDto,
});
export type LiveClientRowDto = z.infer<typeof liveClientRowDto>;
/**
 * A row of a clients list: the live row and what the viewer may do with it. A live event goes to every
 * viewer of a scope, whatever their role, so its row carries no flags (the page keeps those it has).
 */
export const clientRowDto = liveClientRowDto.extend(clientFlags.shape);
export type ClientRowDto = z.infer<typeof clientRowDto>;

/**
 * A page of clients. Counting a million rows exactly costs more than the page itself, so the total is
 * exact up to CLIENT_TOTAL_CAP; beyond it `total` is the cap and `total_capped` is true ("more than …").
 */
export const CLIENT_TOTAL_CAP = 1_000;
export const clientListDto = z.object({
  data: z.array(clientRowDto),
  total: z.number(),
  total_capped: z.boolean(),
  limit: z.number(),
  offset: z.number(),
  /** Whether the viewer may export clients of the list (an action on the list, not on one client). */
  can_export: z.boolean(),
});
export type ClientListDto = z.infer<typeof clientListDto>;

export const RECOMMENDATION_STATUSES = ['unconfirmed', 'confirmed', 'pending', 'approved', 'declined'] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

export const recommendationDto = z.object({
  id: z.number(),
  user_id: z.number(),
  lead_id: z.number().nullable(),
  name: z.string(),
  surname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  address: z.string().nullable(),
  comment: z.string(),
  status: z.enum(RECOMMENDATION_STATUSES),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecommendationDto = z.infer<typeof recommendationDto>;

/**
 * A client the duplicate engine calls the same person (docs/duplicates.md): its match score 0–1 (at
 * least MATCH_THRESHOLD) and the engine's reasons, strongest first, as keys the browser translates
 * ("same_phone", "street_similar:0.92", "postcode_typo:8050:8005").
 */
export const duplicateDto = clientSummaryDto.extend({
  score: z.number().min(0).max(1),
  reasons: z.array(z.string()),
});
export type DuplicateDto = z.infer<typeof duplicateDto>;

/** GET /api/clients/nested-tabs-data/{id}: the four nested tabs of a row at once. */
export const nestedTabsDto = z.object({
  data: z.object({
    recommendations: z.array(recommendationDto),
    duplicates: z.array(duplicateDto),
    cohabitants: z.array(clientSummaryDto),
    block_neighbors: z.array(clientSummaryDto),
  }),
});
export type NestedTabsDto = z.infer<typeof nestedTabsDto>['data'];

/** POST /api/clients/duplicates: `keep_id` stays, everything of `merge_id` moves to it, `merge_id` is deleted. */
export const mergeBody = z.object({
  keep_id: z.number().int().positive(),
  merge_id: z.number().int().positive(),
});
export type MergeBody = z.infer<typeof mergeBody>;

/** Link and unlink cohabitants and block neighbours: the pair, in either order. */
export const linkBody = z.object({
  user_id: z.number().int().positive(),
  other_id: z.number().int().positive(),
});
export type LinkBody = z.infer<typeof linkBody>;

/** POST /api/clients/update-linked-agents[/{id}]: the sales agent for one client (path) or several (`user_ids`); null unlinks. */
export const linkedAgentsBody = z.object({
  agent_id: z.number().int().positive().nullable(),
  user_ids: z.array(z.number().int().positive()).max(500).optional(),
});
export type LinkedAgentsBody = z.infer<typeof linkedAgentsBody>;

/** POST /api/clients/export-to-monday: the chosen clients. */
export const exportBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });
export const exportDto = z.object({
  data: z.object({ exported: z.number(), provider: z.string(), file_id: z.string().nullable() }),
});

/** GET /api/clients/initiate-call/{id}: the call attempt the telephony adapter started. */
export const initiateCallDto = z.object({
  data: z.object({ id: z.number(), number: z.string(), provider: z.string(), status: z.string() }),
});

/** POST /api/clients/duplicate-check: possible duplicates of a client not yet saved (create client). */
export const duplicateCheckBody = z.object({
  name: z.string().trim().max(100).default(''),
  surname: z.string().trim().max(100).default(''),
  phone: z.string().trim().max(40).nullish(),
  mobile_phone: z.string().trim().max(40).nullish(),
  email: z.string().trim().max(254).nullish(),
  zipcode: z.string().trim().max(10).nullish(),
  city: z.string().trim().max(100).nullish(),
  address: z.string().trim().max(200).nullish(),
});
export type DuplicateCheckBody = z.infer<typeof duplicateCheckBody>;
export const duplicateCheckDto = z.object({ data: z.array(duplicateDto) });

/** Live events of spec 7 on the socket. */
export interface ClientUpdatedEvent {
  updatedBy: number;
  client: LiveClientRowDto;
}
export interface ListingUpdatedEvent {
  deleted_id: number | null;
  inserted: LiveClientRowDto | null;
}
