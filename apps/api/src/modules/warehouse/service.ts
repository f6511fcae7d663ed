import type { OrderDeliveryBody, StockBody, StockRowDto, ToDeliverDto, WarehouseQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { AppError, refused } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { recordDelivery } from '../finances/index.ts';
import * as repo from './repo.ts';

export interface WarehouseDeps {
  db: Db;
  now?: () => Date;
}

const iso = (d: Date) => d.toISOString();

function toStockDto(r: repo.StockRow): StockRowDto {
  return { product: r.product, quantity: r.quantity, to_deliver: r.toDeliver, updated_at: r.updatedAt ? iso(r.updatedAt) : null };
}

/**
 * GET /api/warehouse: the stock of every product and the orders waiting for their main product. The
 * warehouse serves the whole company: admins and sales agents see every order here.
 */
export async function warehouse(db: Db, q: WarehouseQuery) {
  const [stock, rows, total] = await Promise.all([
    repo.stockRows(db),
    repo.ordersToDeliver(db, q.limit, q.offset),
    repo.countToDeliver(db),
  ]);
  const lines = await repo.waitingLinesOf(
    db,
    rows.map((r) => r.order.id),
  );
  const data: ToDeliverDto[] = rows.map((r) => ({
    order_id: r.order.id,
    contract_number: r.order.contractNumber,
    status: r.order.status,
    delivery_status: r.order.deliveryStatus,
    ordered_at: iso(r.order.createdAt),
    client: r.client,
    agent: r.agent?.id ? { id: r.agent.id, name: r.agent.name, surname: r.agent.surname } : null,
    lines: lines
      .filter((l) => l.orderId === r.order.id)
      .map((l) => ({ id: l.id, product: l.product, quantity: l.quantity, status: l.status })),
  }));
  return { stock: stock.map(toStockDto), to_deliver: { data, total, limit: q.limit, offset: q.offset } };
}

/** PUT /api/warehouse/stock/{productId}: a count sets the quantity, a delta adds goods received or takes some out. */
export async function changeStock(db: Db, productId: number, body: StockBody): Promise<StockRowDto> {
  await db.transaction(async (tx) => {
    if (!(await repo.productExists(tx, productId))) {
      throw new AppError('UNKNOWN_PRODUCT_ID');
    }
    if (body.quantity !== undefined) {
      await repo.setStock(tx, productId, body.quantity);
    } else if (body.delta !== undefined && !(await repo.changeStock(tx, productId, body.delta))) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'The stock never goes below zero.',
        fieldValidation: { delta: 'invalid_value' },
      });
    }
  });
  const row = (await repo.stockRows(db)).find((r) => r.product.id === productId)!;
  return toStockDto(row);
}

/**
 * POST /api/warehouse/deliver/{orderId}: records the delivery as the finances module does (statuses and
 * commissions follow) and takes the delivered units out of stock, in one transaction. Stock never goes
 * below zero: a delivery the warehouse cannot cover is refused whole, naming what is missing.
 */
export async function deliver(deps: WarehouseDeps, actor: Actor, orderId: number, body: OrderDeliveryBody) {
  const now = deps.now ? deps.now() : new Date();
  return deps.db.transaction(async (tx) => {
    const order = await repo.orderStatuses(tx, orderId);
    if (!order) {
      throw new AppError('NOT_FOUND');
    }
    if (order.status === 'canceled') {
      throw refused('canceled_order_not_delivered', 'A canceled order is not delivered.');
    }
    await recordDelivery(tx, actor.userId, orderId, body, now);
    const needed = await repo.unitsOfLines(tx, orderId, body.line_ids);
    const stock = new Map(
      (
        await repo.lockStock(
          tx,
          needed.map((n) => n.productId),
        )
      ).map((s) => [s.productId, s.quantity]),
    );
    const shortages = needed
      .map((n) => ({ product_id: n.productId, name: n.name, needed: n.units, available: stock.get(n.productId) ?? 0 }))
      .filter((s) => s.available < s.needed);
    if (shortages.length > 0) {
      throw new AppError('VALIDATION_ERROR', {
        message: `Not enough in stock: ${shortages.map((s) => `${s.name} (${s.available} of ${s.needed})`).join(', ')}.`,
        fieldValidation: { line_ids: 'invalid_value' },
        data: { shortages },
      });
    }
    for (const n of needed) {
      await repo.changeStock(tx, n.productId, -n.units);
    }
    const after = await repo.orderStatuses(tx, orderId);
    return {
      order_id: orderId,
      delivery_status: after?.deliveryStatus ?? order.deliveryStatus,
      stock: needed.map((n) => ({ product_id: n.productId, quantity: (stock.get(n.productId) ?? 0) - n.units })),
    };
  });
}
