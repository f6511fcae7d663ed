import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import {
  BAD_QUALITY_REASONS,
  DEMO_OUTCOMES,
  DONT_BUY_REASONS,
  DONT_SAW_REASONS,
  EVENT_PERIODS,
  EVENT_TYPES,
  FLOW_STEP_IDS,
  PAYMENT_METHODS,
  PRESENTATION_PAGES,
  PRESENTATION_QUALITIES,
  PRESENTATION_STATUSES,
  PRODUCT_LINE_STATUSES,
  REJECT_GIFT_REASONS,
  REPAYMENT_TYPES,
  SMS_STATUSES,
  SMS_TYPES,
} from '../events.ts';
import { clientUpdateBody, subUserBody, subUserDto } from './client-record.ts';
import { csvOf, personRef } from './clients.ts';
import { listOf } from './common.ts';

const zId = z.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value');
const zInstant = z.iso.datetime({ offset: true, message: 'invalid_value' });
const zRappen = z.number().int('invalid_value').min(0, 'invalid_value').max(100_000_000, 'invalid_value');
const zComment = z.string().trim().max(4000, 'too_long');

/** The client as an event shows it. */
export const eventClientDto = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  phone: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  status: z.string().nullable(),
});

/** A presentation or service in lists and the calendar. `client` is null where the viewer may only see that the agent is busy. */
export const eventDto = z.object({
  id: z.number(),
  type: z.enum(EVENT_TYPES),
  status: z.enum(PRESENTATION_STATUSES),
  date: z.string(),
  ends_at: z.string(),
  comment: z.string(),
  client: eventClientDto.nullable(),
  agent: personRef.nullable(),
  created_by: personRef.nullable(),
  demo_outcome: z.enum(DEMO_OUTCOMES).nullable(),
  order_id: z.number().nullable(),
  /** What the viewer may do with it (the server enforces the same rules). */
  can_edit: z.boolean(),
  can_perform: z.boolean(),
});
export type EventDto = z.infer<typeof eventDto>;

/** Events lists: the total is exact up to 1,000 matches, then `total_capped` says there are more. */
export const eventListDto = listOf(eventDto).extend({ total_capped: z.boolean() });
export type EventListDto = z.infer<typeof eventListDto>;

/** GET /api/calendar-events: the events overlapping a range, for one agent or every agent the viewer may see. */
export const calendarEventsQuery = z.object({
  from: zInstant,
  to: zInstant,
  agentId: z.coerce.number().int().positive().optional(),
});

/**
 * The most events one calendar answer holds. All agents' month can hold more; the answer then says
 * `capped` and the calendar asks to narrow it to one agent or a shorter view instead of hiding the rest
 * silently.
 */
export const CALENDAR_EVENTS_LIMIT = 2000;

/** Spec 3 "Calendar event" create payload; `userId` names an existing client, without it `userData` makes a new one. */
export const calendarUserData = clientUpdateBody
  .pick({
    name: true,
    surname: true,
    lead_source: true,
    age: true,
    city: true,
    address: true,
    zipcode: true,
    phone: true,
    mobile_phone: true,
    working_status: true,
    relations: true,
    persons_at_home: true,
    promotional_gift: true,
  })
  .extend({ referral_link: z.string().trim().max(500, 'too_long').optional(), sub_user: subUserBody.nullable().optional() });

export const calendarEventCreateBody = z.object({
  userId: zId.optional(),
  userData: calendarUserData,
  eventType: z.enum(EVENT_TYPES),
  /** A service may follow a presentation, a presentation may follow a service. */
  serviceId: zId.nullable().optional(),
  presentationId: zId.nullable().optional(),
  comment: zComment.default(''),
  agentId: zId,
  date: zInstant,
});
export type CalendarEventCreateBody = z.infer<typeof calendarEventCreateBody>;

/** Update payload: `agentId` only counts while the event is planned (spec 3). */
export const calendarEventUpdateBody = z.object({
  eventId: zId,
  comment: zComment.optional(),
  status: z.enum(PRESENTATION_STATUSES),
  date: zInstant,
  agentId: zId.optional(),
});
export type CalendarEventUpdateBody = z.infer<typeof calendarEventUpdateBody>;

export const calendarEventMoveBody = z.object({
  eventId: zId,
  status: z.enum(PRESENTATION_STATUSES),
  date: zInstant,
  comment: zComment.optional(),
});
export type CalendarEventMoveBody = z.infer<typeof calendarEventMoveBody>;

/** The answer of the calendar calls: a summary (spec 7 `data.summary`) and, on creation, the new id. */
export const calendarAnswer = z.object({
  data: z.object({
    summary: z.string(),
    event: eventDto,
    presentation_id: z.number().optional(),
    service_id: z.number().optional(),
  }),
});

/** GET /api/events-upcoming and /api/events-history (spec 3 "Events list state"). */
export const eventsListQuery = z.object({
  period: z.enum(EVENT_PERIODS).optional(),
  search: z.string().trim().max(100).optional(),
  status: z.enum(PRESENTATION_STATUSES).optional(),
  agent_id: z.coerce.number().int().positive().optional(),
  /** The events of one client (the client page's link to their last presentation). */
  client_id: z.coerce.number().int().positive().optional(),
  eventType: z.enum(EVENT_TYPES).optional(),
  sorted: z.enum(['asc', 'desc']).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(PAGE_SIZES.events),
});
export type EventsListQuery = z.infer<typeof eventsListQuery>;

export const productLineBody = z.object({
  product_id: zId,
  status: z.enum(PRODUCT_LINE_STATUSES),
  quantity: z.number().int().min(1, 'invalid_value').max(100, 'invalid_value').default(1),
  years_of_guarantee: z.number().int().min(0, 'invalid_value').max(30, 'invalid_value').nullable().optional(),
  price: zRappen.nullable().optional(),
  rec_price: zRappen.nullable().optional(),
});
export type ProductLineBody = z.infer<typeof productLineBody>;

export const productLineDto = z.object({
  id: z.number(),
  event_id: z.number(),
  order_id: z.number().nullable(),
  product_id: z.number(),
  product: z.object({ id: z.number(), code: z.string(), name: z.string(), type: z.string(), default_price: z.number() }),
  status: z.enum(PRODUCT_LINE_STATUSES),
  repayment_type: z.enum(REPAYMENT_TYPES).nullable(),
  quantity: z.number(),
  years_of_guarantee: z.number().nullable(),
  price: z.number(),
  rec_price: z.number().nullable(),
});
export type ProductLineDto = z.infer<typeof productLineDto>;

/** POST /api/presentation-products: one line on an event. */
export const presentationProductCreateBody = productLineBody.extend({ presentation_id: zId });
/** PUT /api/clients/edit-presentation-products/{presentationId}: the event's lines, all of them. */
export const presentationProductsBody = z.object({ order_products: z.array(productLineBody).max(50) });
export const presentationProductsQuery = z.object({ presentationId: z.coerce.number().int().positive() });

const reasons = <T extends readonly [string, ...string[]]>(values: T) => z.array(z.enum(values)).max(values.length).default([]);
const zMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_value');

/** Spec 3 "Presentation and service draft": what performing a presentation sends when it finishes. */
export const presentationDraftBody = z.object({
  was_at_home: z.boolean(),
  demo_outcome: z.enum(DEMO_OUTCOMES).nullable().default(null),
  recall_time: zInstant.nullable().default(null),
  remeet_time: zInstant.nullable().default(null),
  has_order: z.boolean().default(false),
  quality: z.enum(PRESENTATION_QUALITIES).nullable().default(null),
  bad_quality_reason: reasons(BAD_QUALITY_REASONS),
  bad_quality_reason_desc: zComment.default(''),
  got_gift: z.boolean().nullable().default(null),
  gift: zId.nullable().default(null),
  rej_gift_reason_desc: reasons(REJECT_GIFT_REASONS),
  saw_presentation: z.boolean().nullable().default(null),
  dont_saw_reason: reasons(DONT_SAW_REASONS),
  dont_saw_reason_desc: zComment.default(''),
  bought_product: z.boolean().nullable().default(null),
  bought_other_products: z.boolean().nullable().default(null),
  dont_buy_reason: reasons(DONT_BUY_REASONS),
  discount_rec_sum: zRappen.nullable().default(null),
  discount_rec_count: z.number().int().min(0, 'invalid_value').max(100, 'invalid_value').nullable().default(null),
  payment_method: z.enum(PAYMENT_METHODS).nullable().default(null),
  contract_number: z.string().trim().max(50, 'too_long').nullable().default(null),
  bank_processing_commission: zRappen.default(0),
  comments: zComment.default(''),
  order_products: z.array(productLineBody).max(50).default([]),
  user: clientUpdateBody.optional(),
  sub_user: subUserBody.nullable().optional(),
  /** Ids of files uploaded through /api/files that become the client's documents (the signed contract). */
  user_documents: z.array(z.uuid('invalid_value')).max(20).default([]),
  first_payment_month: zMonth.nullable().default(null),
  payment_installments: z.number().int().min(1, 'invalid_value').max(120, 'invalid_value').nullable().default(null),
  /** The internal step the flow stood at (for the record; '04' or '18' when finished). */
  step: z.enum(Object.keys(FLOW_STEP_IDS) as [keyof typeof FLOW_STEP_IDS]).optional(),
});
export type PresentationDraftBody = z.infer<typeof presentationDraftBody>;

/** Spec 3 "Presentation update payload". */
export const presentationUpdateBody = z.object({
  discount_rec_sum: zRappen.nullable().optional(),
  discount_rec_count: z.number().int().min(0).max(100).nullable().optional(),
  comments: zComment.optional(),
  contract_number: z.string().trim().max(50, 'too_long').nullable().optional(),
});

/** POST /api/presentation and /api/clients/create-presentation: book without the calendar dialog. */
export const presentationCreateBody = z.object({
  user_id: zId,
  agent_id: zId,
  date: zInstant,
  comment: zComment.default(''),
});

/** Spec 3 "Service finish payload" (POST /api/event/perform-service/{id}). */
export const serviceFinishBody = z.object({
  was_at_home: z.boolean(),
  recall_time: zInstant.nullable().default(null),
  has_order: z.boolean().default(false),
  order_products: z.array(productLineBody).max(50).default([]),
  comments: zComment.default(''),
});
export type ServiceFinishBody = z.infer<typeof serviceFinishBody>;

/** POST /api/clients/create-service/{clientId} and PUT update-service/{id}. */
export const serviceBody = z.object({
  agent_id: zId,
  date: zInstant,
  comment: zComment.default(''),
  presentation_id: zId.nullable().optional(),
});

export const recallDto = z.object({ id: z.number(), recall_at: z.string(), comment: z.string(), created_at: z.string() });
export const userDocumentDto = z.object({
  id: z.number(),
  file_id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  url: z.string(),
  created_at: z.string(),
});

/** GET /api/presentation/{id} and /api/event/{id}: the event with its draft, lines, recalls and follow-up. */
export const eventDetailDto = eventDto.extend({
  client_id: z.number(),
  was_at_home: z.boolean().nullable(),
  has_order: z.boolean(),
  quality: z.string().nullable(),
  bad_quality_reason: z.array(z.string()),
  bad_quality_reason_desc: z.string(),
  got_gift: z.boolean().nullable(),
  gift: productLineDto.shape.product.nullable(),
  rej_gift_reason_desc: z.array(z.string()),
  saw_presentation: z.boolean().nullable(),
  dont_saw_reason: z.array(z.string()),
  dont_saw_reason_desc: z.string(),
  bought_product: z.boolean().nullable(),
  bought_other_products: z.boolean().nullable(),
  dont_buy_reason: z.array(z.string()),
  discount_rec_sum: z.number().nullable(),
  discount_rec_count: z.number().nullable(),
  payment_method: z.string().nullable(),
  contract_number: z.string().nullable(),
  bank_processing_commission: z.number(),
  first_payment_month: z.string().nullable(),
  payment_installments: z.number().nullable(),
  flow_step: z.string().nullable(),
  finished_at: z.string().nullable(),
  presentation_products: z.array(productLineDto),
  recall_history: z.array(recallDto),
  remeet_presentation_id: z.number().nullable(),
  remeet_presentation: eventDto.nullable(),
  related_event_id: z.number().nullable(),
  user_documents: z.array(userDocumentDto),
  sub_user: subUserDto.nullable(),
  product_delivered: z.boolean(),
});
export type EventDetailDto = z.infer<typeof eventDetailDto>;

export const eventQuery = z.object({ eventType: z.enum(EVENT_TYPES).optional() });

/** GET /api/presentations: the presentations list pages (spec 2) and GET /api/presentations-counts/. */
export const presentationsQuery = z.object({
  page: z.enum(PRESENTATION_PAGES).optional(),
  statuses: csvOf(z.enum(PRESENTATION_STATUSES)).optional(),
  search: z.string().trim().max(100).optional(),
  period: z.enum(['future', 'expired']).optional(),
  needDelivery: z.enum(['true', 'false']).optional(),
  boughtMainProduct: z.enum(['true', 'false']).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(PAGE_SIZES.presentations),
});
export type PresentationsQuery = z.infer<typeof presentationsQuery>;
/**
 * The presentations pages' counters. Like the lists' totals they count up to 1,000 and then say
 * `capped` (shown "1000+"), so a counter over years of history costs no more than its first thousand.
 */
export const presentationCountsDto = z.object({
  data: z.object({
    future: z.number(),
    expired: z.number(),
    successful: z.number(),
    delivery: z.number(),
    capped: z.object({ future: z.boolean(), expired: z.boolean(), successful: z.boolean(), delivery: z.boolean() }),
  }),
});

/** The SMS outbox (local default of the SMS adapter; the admin reads it). */
export const smsDto = z.object({
  id: z.number(),
  to: z.string(),
  text: z.string(),
  type: z.enum(SMS_TYPES),
  status: z.enum(SMS_STATUSES),
  event_id: z.number().nullable(),
  /** The kind of the event, so a link can open the presentation or the service. */
  event_type: z.enum(EVENT_TYPES).nullable(),
  user_id: z.number().nullable(),
  send_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** Tries so far; why the last one failed, or why the message was not sent (cleared once it went out). */
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** When the outbox gave up on it (dead-letter list); null otherwise, and again once an admin sends it anew. */
  dead_at: z.string().nullable(),
  created_at: z.string(),
});
export type SmsDto = z.infer<typeof smsDto>;
export const smsListDto = listOf(smsDto);

/** GET /api/sms-outbox: newest first, filtered by status, type and event; `dead_letter=true`: the dead-letter list. */
export const smsOutboxQuery = z.object({
  status: z.enum(SMS_STATUSES).optional(),
  dead_letter: z
    .enum(['true', 'false'], { message: 'invalid_value' })
    .transform((v) => v === 'true')
    .optional(),
  type: z.enum(SMS_TYPES).optional(),
  event_id: z.coerce.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value').optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type SmsOutboxQuery = z.infer<typeof smsOutboxQuery>;

/** GET /api/user-products/{id}: what a client bought, line by line. */
export const userProductDto = z.object({
  id: z.number(),
  order_id: z.number(),
  product: productLineDto.shape.product,
  /** The product's picture, if it has one. */
  image_url: z.string().nullable(),
  status: z.enum(PRODUCT_LINE_STATUSES),
  quantity: z.number(),
  price: z.number(),
  years_of_guarantee: z.number().nullable(),
  bought_at: z.string(),
  delivered: z.boolean(),
});

/** Receipt of a presentation (admin): the lines sold and the totals, in Rappen. */
export const receiptDto = z.object({
  data: z.object({
    presentation: eventDetailDto,
    lines: z.array(productLineDto),
    totals: z.object({ sold: z.number(), discount: z.number(), bank_commission: z.number(), total: z.number() }),
    company: z.record(z.string(), z.string()),
  }),
});
