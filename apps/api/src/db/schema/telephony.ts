import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { contactHistory } from './clients.ts';
import { users } from './identity.ts';

/**
 * One row per call of the telephony provider (Aircall's call id), merged from its webhooks in any
 * order (modules/telephony). `stage` is the furthest event seen: 0 created, 1 ringing on an agent,
 * 2 answered, 3 hung up, 4 ended; `ended_event_at` is the time of the applied `call.ended`, whose data
 * wins over every other event's.
 */
export const telephonyCalls = pgTable(
  'telephony_calls',
  {
    id: serial('id').primaryKey(),
    providerCallId: text('provider_call_id').notNull().unique(),
    direction: text('direction').$type<'inbound' | 'outbound'>(),
    /** The other party's number in E.164 (as the provider wrote it when it is no phone number). */
    number: text('number'),
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    /** The clients were looked up by the number in the agent's scope (none found leaves client_id null). */
    clientMatched: boolean('client_matched').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Seconds, as the provider counts them. */
    duration: integer('duration'),
    outcome: text('outcome').$type<'in_progress' | 'answered' | 'missed' | 'voicemail' | 'not_reached'>().notNull().default('in_progress'),
    missedReason: text('missed_reason'),
    stage: smallint('stage').notNull().default(0),
    endedEventAt: timestamp('ended_event_at', { withTimezone: true }),
    /** When the agent's sockets were sent the incoming call. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** Every agent the call rang on whose sockets were sent it (a team's call rings on several); each hears its end. */
    notifiedAgentIds: integer('notified_agent_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The client's contact-history entry of this call, written once from call.ended. */
    historyEntryId: integer('history_entry_id').references(() => contactHistory.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('telephony_calls_agent_idx').on(t.agentId, sql`coalesce(${t.startedAt}, ${t.createdAt}) desc`, t.id.desc()),
    index('telephony_calls_client_idx').on(t.clientId),
    index('telephony_calls_history_idx').on(t.historyEntryId),
  ],
);

/** An agent's availability at the provider (Aircall's user.opened / user.closed), newest event wins. */
export const telephonyAgentStatus = pgTable('telephony_agent_status', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  available: boolean('available').notNull(),
  eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
