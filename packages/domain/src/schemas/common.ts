import { z } from 'zod';
import { ERROR_STATUS, VALIDATION_KEYS, type ErrorCode } from '../errors.ts';

const codes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const errorBody = z.object({
  error: z.enum(codes),
  message: z.string().optional(),
  field_validation: z.record(z.string(), z.enum(VALIDATION_KEYS)).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

/** Ids are PostgreSQL integers: larger numbers are refused here rather than by the database. */
/** A calendar date YYYY-MM-DD that exists (no 31 April). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'invalid_value')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(d);
  }, 'invalid_value');

export const idParams = z.object({ id: z.coerce.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value') });

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number(), limit: z.number(), offset: z.number() });
}

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
