import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { RECOMMENDATION_COUNTER_KEYS } from '../recommendations.ts';
import { PATTERNS, zPhone, zRequiredText } from '../validation.ts';
import { RECOMMENDATION_STATUSES, recommendationDto } from './clients.ts';

/** Columns the recommendations list may be sorted by; anything else is refused. */
export const RECOMMENDATION_ORDER_FIELDS = ['created_at', 'updated_at', 'status', 'name'] as const;
export type RecommendationOrderField = (typeof RECOMMENDATION_ORDER_FIELDS)[number];

const zId = z.coerce.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value');

/** GET /api/recommendations: spec 9, 25 a page; newest first. */
export const recommendationsQuery = z.object({
  /** The client whose recommendations are asked for; a client's own without it. */
  user_id: zId.optional(),
  status: z.enum(RECOMMENDATION_STATUSES).optional(),
  search: z.string().trim().max(100, 'too_long').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(PAGE_SIZES.recommendations),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  orderBy: z.enum(RECOMMENDATION_ORDER_FIELDS).default('created_at'),
  orderMethod: z.enum(['asc', 'desc']).default('desc'),
});
export type RecommendationsQuery = z.infer<typeof recommendationsQuery>;

/** Optional text: trimmed, an empty one stored as none. */
const zOptional = (max: number) => z.string().trim().max(max, 'too_long').default('');

/** The person recommended. A phone follows the one rule of every form (isPhone): stored as typed and as E.164. */
const recommendationFieldShape = {
  name: zRequiredText(100),
  surname: zOptional(100),
  phone: zPhone().default(''),
  email: z
    .string()
    .trim()
    .max(254, 'too_long')
    .refine((v) => v === '' || PATTERNS.email.test(v), 'invalid_email')
    .transform((v) => v.toLowerCase())
    .default(''),
  city: zOptional(100),
  zipcode: z
    .string()
    .trim()
    .regex(/^(\d{4,5})?$/, 'invalid_value')
    .default(''),
  address: zOptional(200),
  comment: zOptional(1000),
};

/** Spec 5 has no rule for recommendations; ours: the person must be reachable, by phone or e-mail. */
export function contactMissing(fields: { phone?: string | null; email?: string | null }): boolean {
  return !fields.phone && !fields.email;
}

function requireContact(value: { phone?: string; email?: string }, ctx: z.RefinementCtx): void {
  if (contactMissing(value)) {
    for (const path of ['phone', 'email']) {
      ctx.addIssue({ code: 'custom', path: [path], message: 'field_is_required' });
    }
  }
}

/** The form of the create and edit pages (the same rules as the server). */
export const recommendationFields = z.object(recommendationFieldShape).superRefine(requireContact);
export type RecommendationFields = z.infer<typeof recommendationFields>;

/** POST /api/recommendations: staff name the client; a client recommends for themself. */
export const createRecommendationBody = z
  .object({ ...recommendationFieldShape, user_id: z.number().int().positive('invalid_value').max(2_147_483_647).optional() })
  .superRefine(requireContact);
export type CreateRecommendationBody = z.infer<typeof createRecommendationBody>;

/**
 * PUT /api/recommendations/{id}: the fields that change (the rest stays), and for staff the status;
 * `paid` marks the reward of an approved recommendation as paid out (admins). An optional contact
 * field read as null (GET) may be sent back as null, which clears it like an empty string.
 */
export const updateRecommendationBody = z.object({
  name: recommendationFieldShape.name.optional(),
  surname: z.string().trim().max(100, 'too_long').optional(),
  phone: zPhone().nullish(),
  email: z
    .string()
    .trim()
    .max(254, 'too_long')
    .refine((v) => v === '' || PATTERNS.email.test(v), 'invalid_email')
    .transform((v) => v.toLowerCase())
    .nullish(),
  city: z.string().trim().max(100, 'too_long').nullish(),
  zipcode: z
    .string()
    .trim()
    .regex(/^(\d{4,5})?$/, 'invalid_value')
    .nullish(),
  address: z.string().trim().max(200, 'too_long').nullish(),
  comment: z.string().trim().max(1000, 'too_long').optional(),
  status: z.enum(RECOMMENDATION_STATUSES).optional(),
  paid: z.boolean().optional(),
});
export type UpdateRecommendationBody = z.infer<typeof updateRecommendationBody>;

/** A recommendation with who made it and what the viewer may do with it. */
export const recommendationItemDto = recommendationDto.extend({
  recommender: z.object({ id: z.number(), name: z.string(), surname: z.string() }),
  actions: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    pay: z.boolean(),
    statuses: z.array(z.enum(RECOMMENDATION_STATUSES)),
  }),
});
export type RecommendationItemDto = z.infer<typeof recommendationItemDto>;

export const recommendationListDto = z.object({
  data: z.array(recommendationItemDto),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type RecommendationListDto = z.infer<typeof recommendationListDto>;

export const recommendationAnswer = z.object({
  data: recommendationItemDto,
  /** After a confirmation: the lead created, or the existing client with the same phone it was linked to. */
  lead: z.object({ id: z.number(), created: z.boolean() }).optional(),
});
export type RecommendationAnswer = z.infer<typeof recommendationAnswer>;

export const recommendationDeletedDto = z.object({ data: z.object({ id: z.number() }) });

/** GET /api/user-rec-count/{id}: spec 3 "Recommendation counters". */
export const recommendationCountersDto = z.object({
  data: z.object(
    Object.fromEntries(RECOMMENDATION_COUNTER_KEYS.map((k) => [k, z.number()])) as Record<
      (typeof RECOMMENDATION_COUNTER_KEYS)[number],
      z.ZodNumber
    >,
  ),
});
export type RecommendationCountersDto = z.infer<typeof recommendationCountersDto>['data'];
