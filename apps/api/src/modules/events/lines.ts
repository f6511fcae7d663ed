import { type ProductLineBody, type ProductLineDto } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import type { EventsDeps } from './calendar.ts';
import { toLineDto } from './dto.ts';
import { linesFromBodies } from './line-rules.ts';
import * as repo from './repo.ts';
import { eventScopeCondition, performCondition } from './scope.repo.ts';

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
