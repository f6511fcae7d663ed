import type { EventDetailDto, EventType } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { announceClientUpdated } from '../clients/actions.ts';
import { clientInScope } from '../clients/service.ts';
import { changeEvent, insertBookedEvent, relatedIn, type EventsDeps } from './calendar.ts';
import { eventDetail } from './read.ts';

interface Booking {
  agent_id: number;
  date: string;
  comment: string;
  presentation_id?: number | null | undefined;
}

/** POST /api/presentation, /api/clients/create-presentation and create-service/{clientId}: book for a client of the own scope. */
export async function bookForClient(
  deps: EventsDeps,
  actor: Actor,
  type: EventType,
  clientId: number,
  b: Booking,
): Promise<EventDetailDto> {
  const now = deps.now ? deps.now() : new Date();
  const id = await deps.db.transaction(async (tx) => {
    await clientInScope(tx, actor, clientId);
    const related = type === 'service' ? await relatedIn(tx, actor, b.presentation_id) : null;
    return insertBookedEvent(
      tx,
      actor,
      { type, clientId, agentId: b.agent_id, start: new Date(b.date), comment: b.comment, relatedEventId: related },
      now,
    );
  });
  deps.onSmsPlanned?.();
  await announceClientUpdated(deps, actor, clientId);
  return eventDetail(deps.db, actor, id);
}

/** PUT /api/clients/update-presentation/{id} and update-service/{id}: the calendar's update, from the client's page. */
export async function changeFromClientPage(
  deps: EventsDeps,
  actor: Actor,
  type: EventType,
  id: number,
  b: Booking,
): Promise<EventDetailDto> {
  await eventDetail(deps.db, actor, id, type);
  await changeEvent(deps, actor, { eventId: id, status: 'planned', date: b.date, comment: b.comment, agentId: b.agent_id }, 'update');
  return eventDetail(deps.db, actor, id);
}
