import type { Tx } from '../client.ts';
import { setStock, stockRows } from '../../modules/warehouse/index.ts';

/**
 * The demo warehouse after the demo's deliveries: every active product covers what the open orders still
 * need, with the margin a warehouse keeps (main devices a few, accessories and filters more); a retired
 * product holds the last units or none. Counted through the warehouse's own rule of what is needed.
 */
export async function seedDemoStock(tx: Tx): Promise<number> {
  const rows = await stockRows(tx);
  for (const [i, row] of rows.entries()) {
    const margin = row.product.status !== 'active' ? i % 3 : row.product.type === 'main' ? 4 + (i % 7) : 20 + ((i * 7) % 40);
    await setStock(tx, row.product.id, row.toDeliver + margin);
  }
  return rows.length;
}
