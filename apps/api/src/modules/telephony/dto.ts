import { z } from 'zod';
import type { CallRow } from './repo.ts';

export const CALL_OUTCOMES = ['in_progress', 'answered', 'missed', 'voicemail', 'not_reached'] as const;

/** One call of an account's log (spec 7 `GET /api/account/aircall-logs`). */
export const callLogDto = z.object({
  id: z.number().int(),
  /** The provider's id of the call (Aircall's call id). */
  callId: z.string(),
  direction: z.enum(['inbound', 'outbound']).nullable(),
  /** The other party's number, E.164 when it is a phone number. */
  number: z.string().nullable(),
  /** The client the call belongs to; null while it matched none (the agent may attach it). */
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  startedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Seconds. */
  duration: z.number().int().nullable(),
  /** `in_progress` until the call hangs up; then answered, missed or voicemail (inbound), not_reached (outbound). */
  outcome: z.enum(CALL_OUTCOMES),
});
export type CallLogDto = z.infer<typeof callLogDto>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCallLog(row: CallRow, names: Map<number, { name: string; surname: string }>): CallLogDto {
  const client = row.clientId === null ? undefined : names.get(row.clientId);
  return {
    id: row.id,
    callId: row.providerCallId,
    direction: row.direction,
    number: row.number,
    clientId: row.clientId,
    clientName: client ? `${client.name} ${client.surname}`.trim() : null,
    startedAt: iso(row.startedAt),
    answeredAt: iso(row.answeredAt),
    endedAt: iso(row.endedAt),
    duration: row.duration,
    outcome: row.outcome,
  };
}
