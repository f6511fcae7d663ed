import { z } from 'zod';
import { CLIENT_STATUSES, CLIENT_TYPES, GENDERS, LEAD_SOURCES, PERSONS_AT_HOME, PETS, RELATIONS, WORKING_STATUSES } from '../enums.ts';
import { LANGUAGES } from '../languages.ts';
import { PATTERNS, zPhone, zRequiredText } from '../validation.ts';
import { clientFlags, clientSummaryDto, personRef } from './clients.ts';

/** Spec 3/4: contact history types and flows, and when a client prefers to be called. */
export const CONTACT_TYPES = ['call', 'inbound_call', 'recall', 'auto_call', 'sms'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_FLOWS = ['lead_flow', 'buyer_flow'] as const;
export const TIMES_TO_CALL = ['morning', 'afternoon', 'evening', 'night'] as const;

/** Contacts that count as calls (users.calls_count, the filter "number of calls"). */
export const CALL_TYPES: readonly ContactType[] = ['call', 'inbound_call', 'recall', 'auto_call'];

const optionalText = (max: number) => z.string().trim().max(max, 'too_long').default('');

/** An e-mail, or an empty string for none; stored in lower case. */
const zOptionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, 'too_long')
    .refine((v) => v === '' || PATTERNS.email.test(v), 'invalid_email')
    .transform((v) => v.toLowerCase());
const zInstant = z.iso.datetime({ offset: true, message: 'invalid_value' });

/**
 * POST /api/clients/add-contact-history/{id} (and POST /api/contact-history/{id}): one contact with a
 * client, optionally with the status it ended with. A recall needs the time to call back.
 */
export const contactHistoryBody = z
  .object({
    type: z.enum(CONTACT_TYPES),
    flow: z.enum(CONTACT_FLOWS).default('lead_flow'),
    time_to_call: z.enum(TIMES_TO_CALL).nullable().default(null),
    comment: optionalText(2000),
    recall_at: zInstant.nullable().default(null),
    status: z.enum(CLIENT_STATUSES).nullable().default(null),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'recall' && !body.recall_at) {
      ctx.addIssue({ code: 'custom', path: ['recall_at'], message: 'field_is_required' });
    }
  });
export type ContactHistoryBody = z.infer<typeof contactHistoryBody>;

/** POST /api/clients/edit-contact-history/{id} and PUT /api/contact-history/{id}: `{id}` is the entry. */
export const contactHistoryEditBody = z
  .object({
    comment: z.string().trim().max(2000, 'too_long'),
    time_to_call: z.enum(TIMES_TO_CALL).nullable(),
    recall_at: zInstant.nullable(),
    recall_done: z.boolean(),
    /** The table the change was made from (spec 7); it only tells which list to refresh. */
    tableName: z.string().max(40).optional(),
  })
  .partial();
export type ContactHistoryEditBody = z.infer<typeof contactHistoryEditBody>;

export const contactHistoryDto = z.object({
  id: z.number(),
  user_id: z.number(),
  type: z.enum(CONTACT_TYPES),
  flow: z.enum(CONTACT_FLOWS),
  time_to_call: z.enum(TIMES_TO_CALL).nullable(),
  comment: z.string(),
  recall_at: z.string().nullable(),
  recall_done: z.boolean(),
  status: z.string().nullable(),
  agent: personRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactHistoryDto = z.infer<typeof contactHistoryDto>;

export const statusHistoryDto = z.object({
  id: z.number(),
  status: z.string(),
  previous_status: z.string().nullable(),
  changed_by: personRef.nullable(),
  created_at: z.string(),
});
export type StatusHistoryDto = z.infer<typeof statusHistoryDto>;

/** The second person; null phone and e-mail as the read answers them are taken as none. */
export const subUserBody = z.object({
  name: zRequiredText(100),
  surname: optionalText(100),
  age: z.number().int().min(0).max(120).nullable().default(null),
  gender: z.enum(GENDERS).nullable().default(null),
  phone: zPhone().nullable().default(''),
  email: zOptionalEmail().nullable().default(''),
});
export type SubUserBody = z.infer<typeof subUserBody>;
export const subUserDto = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  age: z.number().nullable(),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** A note on a client (the comments tab; spec "user_info"). */
export const userInfoBody = z.object({ text: zRequiredText(4000) });
export const userInfoDeleteBody = z.object({ info_id: z.number().int().positive() });
export const userInfoDto = z.object({
  id: z.number(),
  user_id: z.number(),
  text: z.string(),
  author: personRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserInfoDto = z.infer<typeof userInfoDto>;

/**
 * POST /api/user (create client) and PUT /api/user/{id} (every field optional there). Phones are kept
 * as written and looked up by their E.164 form; an empty string clears an optional field.
 */
/**
 * Every field of a client a form may send; in an update each one is optional and only those sent change.
 * An optional text also takes null, as GET /api/user/{id} answers it: the same as an empty string.
 */
const clientFields = {
  name: zRequiredText(100),
  surname: zRequiredText(100),
  email: zOptionalEmail().nullable(),
  phone: zPhone().nullable(),
  mobile_phone: zPhone().nullable(),
  zipcode: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4}$/.test(v), 'invalid_value')
    .nullable(),
  city: z.string().trim().max(100, 'too_long').nullable(),
  address: z.string().trim().max(200, 'too_long').nullable(),
  age: z.number().int().min(0, 'invalid_value').max(120, 'invalid_value').nullable(),
  gender: z.enum(GENDERS).nullable(),
  relations: z.enum(RELATIONS).nullable(),
  working_status: z.enum(WORKING_STATUSES).nullable(),
  persons_at_home: z.enum(PERSONS_AT_HOME).nullable(),
  pet: z.enum(PETS).nullable(),
  has_kids: z.boolean().nullable(),
  has_allergies: z.boolean().nullable(),
  type: z.enum(CLIENT_TYPES),
  company: z.string().trim().max(200, 'too_long').nullable(),
  locale: z.enum(LANGUAGES),
  status: z.enum(CLIENT_STATUSES).nullable(),
  lead_source: z.enum(LEAD_SOURCES).nullable(),
  lead_location_id: z.number().int().positive().nullable(),
  category: z.string().trim().max(100, 'too_long').nullable(),
  time_to_call: z.enum(TIMES_TO_CALL).nullable(),
  promotional_gift: z.string().trim().max(100, 'too_long').nullable(),
  recommendations_needed: z.number().int().min(0).max(100).nullable(),
  recommendation_products: z.string().trim().max(500, 'too_long').nullable(),
  has_onboarding_sms: z.boolean(),
};

/**
 * POST /api/user (create client): name and surname required, the rest optional (a new client starts
 * as B2C, German, status potential). Phones are kept as written and looked up by their E.164 form; an
 * empty string clears an optional text.
 */
export const clientBody = z.object(clientFields).partial().required({ name: true, surname: true });
export type ClientBody = z.infer<typeof clientBody>;
/** PUT /api/user/{id}: only the fields sent change. */
export const clientUpdateBody = z.object(clientFields).partial();
export type ClientUpdateBody = z.infer<typeof clientUpdateBody>;

/** GET /api/user/{id}: the client with the relations of spec 3 "Client relations loaded with a client". */
export const clientRecordDto = clientSummaryDto.extend({
  gender: z.string().nullable(),
  relations: z.string().nullable(),
  working_status: z.string().nullable(),
  persons_at_home: z.string().nullable(),
  pet: z.string().nullable(),
  has_kids: z.boolean().nullable(),
  has_allergies: z.boolean().nullable(),
  locale: z.string(),
  category: z.string().nullable(),
  time_to_call: z.string().nullable(),
  promotional_gift: z.string().nullable(),
  recommendations_needed: z.number().nullable(),
  recommendation_products: z.string().nullable(),
  has_onboarding_sms: z.boolean(),
  created_by: personRef.nullable(),
  referred_by: personRef.nullable(),
  sub_user: subUserDto.nullable(),
  user_info: z.array(userInfoDto),
  status_history: z.array(statusHistoryDto),
  contact_history: z.array(contactHistoryDto),
  /** What the viewer may do with the client (see clientFlags). */
  ...clientFlags.shape,
});
export type ClientRecordDto = z.infer<typeof clientRecordDto>;
