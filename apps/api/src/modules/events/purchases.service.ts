import type { Db } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { clientInScope } from '../clients/index.ts';
import { fileUrl } from '../files/index.ts';
import { standingOrdersOfClient } from '../finances/index.ts';
import { productOf } from './dto.ts';
import * as repo from './repo.ts';

/** GET /api/user-products/{id}: a client reads their own; staff those of clients in their scope. Canceled orders are left out. */
export async function userProducts(db: Db, actor: Actor, clientId: number) {
  if (actor.role === 'user' ? actor.userId !== clientId : !(await clientInScope(db, actor, clientId))) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  // The lines of the client's orders that are not canceled, oldest order first.
  const orders = await standingOrdersOfClient(db, clientId);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const orderOf = (r: { line: { orderId: number | null } }) => byId.get(r.line.orderId!)!;
  const rows = await repo.linesOfOrders(db, [...byId.keys()]);
  rows.sort((a, b) => orderOf(a).createdAt.getTime() - orderOf(b).createdAt.getTime() || a.line.id - b.line.id);
  return rows.map((r) => {
    const order = orderOf(r);
    return {
      id: r.line.id,
      order_id: order.id,
      product: productOf(r.product),
      image_url: r.product.imageFileId ? fileUrl(r.product.imageFileId) : null,
      status: r.line.status,
      quantity: r.line.quantity,
      price: r.line.price,
      years_of_guarantee: r.line.yearsOfGuarantee,
      bought_at: (r.startsAt ?? order.createdAt).toISOString(),
      delivered: r.line.delivered || order.deliveryStatus === 'delivered',
    };
  });
}
