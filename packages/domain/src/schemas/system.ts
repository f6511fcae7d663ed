import { z } from 'zod';
import { listOf } from './common.ts';

export const outboxMessageDto = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessageDto = z.infer<typeof outboxMessageDto>;
export const outboxListDto = listOf(outboxMessageDto);

export const outboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  to: z.string().trim().max(254).optional(),
});

/** Missing translation keys sent by the browser: `{ "menu.clients": "Clients" }`. */
export const translationAddBody = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'invalid_value')
      .max(200, 'too_long'),
    z.string().max(2000, 'too_long'),
  )
  .refine((r) => Object.keys(r).length > 0 && Object.keys(r).length <= 200, 'invalid_value');

export const healthDto = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean(), version: z.string() });
