import type { ProductLineBody, ProductLineDto } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { productLineValues, type ProductLineValues } from '../../db/product-lines.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import type { EventsDeps } from './calendar.service.ts';
import { toLineDto } from './dto.ts';
import * as repo from './repo.ts';
import { eventScopeCondition, performCondition } from './scope.repo.ts';

/*
 * The product lines of an event: as sent (each product active, prices and repayment by the domain's
 * rules) and as the presentation's flow edits them while it is performed.
 */

export type LineInsert = ProductLineValues;

/** The lines as stored: each product must exist and be active; prices and repayment follow the domain rules. */
export async function linesFromBodies(tx: Tx, lines: readonly ProductLineBody[]): Promise<{ rows: LineInsert[]; types: string[] }> {
  const found = new Map((await repo.productsByIds(tx, [...new Set(lines.map((l) => l.product_id))])).map((p) => [p.id, p]));
  const rows: LineInsert[] = [];
  const types: string[] = [];
  lines.forEach((l, i) => {
    const product = found.get(l.product_id);
    if (!product || product.status !== 'active') {
      throw new AppError('UNKNOWN_PRODUCT_ID', { fieldValidation: { [`order_products.${i}.product_id`]: 'invalid_value' } });
    }
    const row = productLineValues(l, product.defaultPrice);
    rows.push(row);
    if (row.status !== 'gift') {
      types.push(product.type);
    }
  });
  return { rows, types };
}

/** The lines of a planned presentation change while it is performed; after that they belong to the order. */
async function plannedPresentation(tx: Tx, actor: Actor, id: number) {
  const e = await repo.lockEvent(tx, id, performCondition(actor), 'presentation');
  if (!e) {
    throw new AppError('NOT_FOUND');
  }
  if (e.status !== 'planned') {
    throw new AppError('EVENT_NOT_PLANNED');
  }
  return e;
}

async function visibleEvent(tx: Tx, actor: Actor, id: number) {
  if (!(await repo.visibleEventId(tx, id, eventScopeCondition(actor)))) {
    throw new AppError('NOT_FOUND');
  }
}

export async function linesOfEvent(db: Db, actor: Actor, eventId: number): Promise<ProductLineDto[]> {
  await visibleEvent(db, actor, eventId);
  return (await repo.linesOf(db, [eventId])).map(toLineDto);
}

export async function lineOf(db: Db, actor: Actor, lineId: number): Promise<ProductLineDto> {
  const row = await repo.lineById(db, lineId);
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  await visibleEvent(db, actor, row.line.eventId);
  return toLineDto(row);
}

/** POST /api/presentation-products: one more line. */
export async function addLine(deps: EventsDeps, actor: Actor, eventId: number, body: ProductLineBody): Promise<ProductLineDto> {
  const lineId = await deps.db.transaction(async (tx) => {
    await plannedPresentation(tx, actor, eventId);
    const { rows } = await linesFromBodies(tx, [body]);
    return repo.insertLine(tx, { ...rows[0]!, eventId });
  });
  return toLineDto((await repo.lineById(deps.db, lineId))!);
}

/** PUT /api/clients/edit-presentation-products/{id}: the presentation's lines, all of them, in one go. */
export async function replaceLinesOf(deps: EventsDeps, actor: Actor, eventId: number, lines: ProductLineBody[]): Promise<ProductLineDto[]> {
  await deps.db.transaction(async (tx) => {
    await plannedPresentation(tx, actor, eventId);
    const { rows } = await linesFromBodies(tx, lines);
    await repo.replaceLines(tx, eventId, rows);
  });
  return (await repo.linesOf(deps.db, [eventId])).map(toLineDto);
}

/** DELETE /api/clients/delete-presentation-product/{lineId}. */
export async function removeLine(deps: EventsDeps, actor: Actor, lineId: number): Promise<{ id: number }> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lineById(tx, lineId);
    if (!row) {
      throw new AppError('NOT_FOUND');
    }
    await plannedPresentation(tx, actor, row.line.eventId);
    await repo.deleteLine(tx, lineId);
  });
  return { id: lineId };
}
