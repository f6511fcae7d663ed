import type { Tx } from '../../db/client.ts';
import { agentsOfClients, busyEventsBetween } from './agenda.repo.ts';

export interface BusyEvent {
  id: number;
  type: 'presentation' | 'service';
  agentId: number;
  clientId: number;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The agents' presentations and services that hold their time (planned or performed) starting in
 * [from, to), by agent and start: the planner builds the agents' days from them. `agentIds` null: all.
 */
export async function busyEventsOf(tx: Tx, agentIds: readonly number[] | null, from: Date, to: Date): Promise<BusyEvent[]> {
  if (agentIds !== null && agentIds.length === 0) {
    return [];
  }
  return busyEventsBetween(tx, agentIds, from, to);
}

/** The agents who already had an event (planned, performed or to meet again) with one of these clients, latest first. */
export async function agentsWhoServed(tx: Tx, clientIds: readonly number[]): Promise<{ agentId: number; events: number; lastAt: Date }[]> {
  if (clientIds.length === 0) {
    return [];
  }
  const rows = await agentsOfClients(tx, clientIds);
  return rows.map((r) => ({ agentId: r.agentId, events: r.events, lastAt: new Date(r.lastAt) }));
}
