import { OMNICAS_STATUSES } from '../finances.ts';
import { csvOf, personRef } from './clients.ts';
import { listOf } from './common.ts';
import { omnicasDto } from './finances.ts';
import { z } from 'zod';

/* Omnicas beyond the spec's omnicasBody / omnicasDto (./finances.ts): what the list and the new-application dialog show. */

export const omnicasApplicationDto = omnicasDto.extend({
  contract_number: z.string().nullable(),
  agent: personRef.nullable(),
});
export type OmnicasApplicationDto = z.infer<typeof omnicasApplicationDto>;

export const omnicasListDto = listOf(omnicasApplicationDto).extend({
  /** `local`: the decision is recorded here by hand; otherwise the provider can be asked for it. */
  provider: z.enum(['local', 'http']),
});
export type OmnicasListDto = z.infer<typeof omnicasListDto>;

export const omnicasQuery = z.object({
  status: csvOf(z.enum(OMNICAS_STATUSES)).optional(),
  order_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(25),
});
export type OmnicasQuery = z.infer<typeof omnicasQuery>;

/** An order the user may apply for: paid through the provider, not canceled, in the user's scope. */
export const omnicasOrderDto = z.object({
  id: z.number(),
  contract_number: z.string().nullable(),
  client: personRef,
  agent: personRef.nullable(),
  /** Rappen: the amount an application asks for unless told otherwise. */
  sum: z.number(),
  created_at: z.string(),
  /** The newest application of the order, if any. */
  application: z.object({ id: z.number(), status: z.enum(OMNICAS_STATUSES) }).nullable(),
});
export type OmnicasOrderDto = z.infer<typeof omnicasOrderDto>;

export const omnicasOrdersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
