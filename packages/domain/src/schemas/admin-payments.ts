import { personRef } from './clients.ts';
import { listOf } from './common.ts';
import { receiptRowDto } from './finances.ts';
import { z } from 'zod';

/* Admin payments (`/api/admin-payments`): what is due to agents, and marking it paid. */

/** An agent's open commissions that no receipt holds yet. */
export const unreceiptedDto = z.object({
  agent: personRef,
  /** Rappen; reversing rows of a cancellation count against it. */
  total: z.number(),
  count: z.number(),
  /** Day of the oldest of them (YYYY-MM-DD): the start of the period a receipt for them covers. */
  oldest: z.string(),
});
export type UnreceiptedDto = z.infer<typeof unreceiptedDto>;

export const adminPaymentsDto = z.object({
  /** Open commission receipts: what is due to agents. */
  receipts: listOf(receiptRowDto),
  unreceipted: z.array(unreceiptedDto),
});
export type AdminPaymentsDto = z.infer<typeof adminPaymentsDto>;

export const adminPaymentsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const zId = z.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value');
/** No ids selected is allowed and changes nothing (spec 5). */
export const markPaidBody = z.object({ receipt_ids: z.array(zId).max(500, 'too_long') });
export type MarkPaidBody = z.infer<typeof markPaidBody>;

export const markPaidDto = z.object({
  /** Receipts that were open and are paid now. */
  updated: z.number(),
  receipts: z.array(receiptRowDto),
});
