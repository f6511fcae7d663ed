import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { DEFAULT_LOCATION_TYPE, LOCATION_TYPES } from '../locations.ts';
import { zRequiredText } from '../validation.ts';
import { listOf } from './common.ts';

/** Columns the locations table may be sorted by; anything else is refused. */
export const LOCATION_ORDER_FIELDS = ['code', 'city', 'display_name', 'index', 'users'] as const;
export type LocationOrderField = (typeof LOCATION_ORDER_FIELDS)[number];

/** GET /api/locations: spec 9, 50 a page, ordered by code descending. */
export const locationsQuery = z.object({
  type: z.enum(LOCATION_TYPES).optional(),
  search: z.string().trim().max(100, 'too_long').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(PAGE_SIZES.locations),
  offset: z.coerce.number().int().min(0).default(0),
  orderBy: z.enum(LOCATION_ORDER_FIELDS).default('code'),
  orderMethod: z.enum(['asc', 'desc']).default('desc'),
});
export type LocationsQuery = z.infer<typeof locationsQuery>;

/**
 * POST /api/location and PUT /api/location/{id}. The spec leaves the field rules open; ours: a short
 * code of letters, digits, dot, dash or underscore (unique regardless of case), a display name, an
 * optional city and an optional Swiss postcode as the index.
 */
export const locationBody = z.object({
  code: zRequiredText(40).regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, 'invalid_value'),
  display_name: zRequiredText(120),
  city: z.string().trim().max(100, 'too_long').default(''),
  index: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, 'invalid_value')
    .default(''),
  type: z.enum(LOCATION_TYPES).default(DEFAULT_LOCATION_TYPE),
});
export type LocationBody = z.infer<typeof locationBody>;

export const locationDto = z.object({
  id: z.number(),
  code: z.string(),
  city: z.string(),
  display_name: z.string(),
  index: z.string(),
  type: z.enum(LOCATION_TYPES),
  /** Clients whose lead came from this location. */
  users: z.number(),
  /** What the signed-in admin may do with the row (the special location is fixed; a used one stays). */
  can_change: z.boolean(),
  can_delete: z.boolean(),
});
export type LocationDto = z.infer<typeof locationDto>;

export const locationListDto = listOf(locationDto);
export type LocationListDto = z.infer<typeof locationListDto>;

export const locationAnswer = z.object({ data: locationDto });

/** GET /api/locations-with-users: every location with its client count, to choose a lead source. */
export const locationWithUsersDto = z.object({
  id: z.number(),
  code: z.string(),
  display_name: z.string(),
  city: z.string(),
  type: z.enum(LOCATION_TYPES),
  users: z.number(),
});
export type LocationWithUsersDto = z.infer<typeof locationWithUsersDto>;
export const locationsWithUsersDto = z.object({ data: z.array(locationWithUsersDto) });

export const locationDeletedDto = z.object({ data: z.object({ id: z.number() }) });
