import { personRef } from './clients.ts';
import { z } from 'zod';

/* The warehouse (`/api/warehouse`): the stock per product and the orders waiting for their main product. */

export const productRef = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(['main', 'other', 'gift', 'hula']),
});

export const stockRowDto = z.object({
  product: productRef.extend({ status: z.enum(['active', 'archived', 'draft']) }),
  /** Units in the warehouse; a product without a stock row has 0. */
  quantity: z.number(),
  /** Units the orders still waiting for them need (lines not delivered of orders not canceled). */
  to_deliver: z.number(),
  updated_at: z.string().nullable(),
});
export type StockRowDto = z.infer<typeof stockRowDto>;

export const toDeliverDto = z.object({
  order_id: z.number(),
  contract_number: z.string().nullable(),
  status: z.string(),
  delivery_status: z.string(),
  ordered_at: z.string(),
  client: personRef.extend({ address: z.string().nullable(), zipcode: z.string().nullable(), city: z.string().nullable() }),
  agent: personRef.nullable(),
  /** The order's lines not delivered yet. */
  lines: z.array(z.object({ id: z.number(), product: productRef, quantity: z.number(), status: z.string() })),
});
export type ToDeliverDto = z.infer<typeof toDeliverDto>;

export const warehouseQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type WarehouseQuery = z.infer<typeof warehouseQuery>;

export const warehouseDto = z.object({
  stock: z.array(stockRowDto),
  /** Orders not canceled whose main product is not delivered yet, oldest first. */
  to_deliver: z.object({ data: z.array(toDeliverDto), total: z.number(), limit: z.number(), offset: z.number() }),
});
export type WarehouseDto = z.infer<typeof warehouseDto>;

/** `data.shortages` of a delivery refused for want of stock. */
export const shortageDto = z.object({ product_id: z.number(), name: z.string(), needed: z.number(), available: z.number() });
export type ShortageDto = z.infer<typeof shortageDto>;

const units = (min: number) => z.number().int('invalid_value').min(min, 'invalid_value').max(1_000_000, 'invalid_value');

/** PUT /api/warehouse/stock/{productId}: the counted quantity, or a change (goods received, a correction). */
export const stockBody = z.object({ quantity: units(0).optional(), delta: units(-1_000_000).optional() }).superRefine((b, ctx) => {
  if (b.quantity === undefined && b.delta === undefined) {
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'field_is_required' });
  }
  if (b.quantity !== undefined && b.delta !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['delta'], message: 'invalid_value' });
  }
  if (b.delta === 0) {
    ctx.addIssue({ code: 'custom', path: ['delta'], message: 'invalid_value' });
  }
});
export type StockBody = z.infer<typeof stockBody>;

export const deliveredDto = z.object({
  order_id: z.number(),
  delivery_status: z.string(),
  /** The stock of the products this delivery took. */
  stock: z.array(z.object({ product_id: z.number(), quantity: z.number() })),
});
export type DeliveredDto = z.infer<typeof deliveredDto>;
