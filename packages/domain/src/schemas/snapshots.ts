import { z } from 'zod';

/**
 * Every data table that keeps a per-user layout. The call-agent client tables carry the names of
 * spec section 2 (b2c, b2b, buyers, email_reminders, listing); the others are named after their screen.
 * A name leaves this list only with its stored rows: the server ignores rows of names it no longer knows.
 */
export const TABLE_NAMES = [
  'b2c',
  'b2b',
  'buyers',
  'email_reminders',
  'listing',
  'products',
  'categories',
  'locations',
  'accounts',
  'users',
  'outbox',
  'sms_outbox',
  'sms_dead_letters',
  'audit',
  'events_upcoming',
  'events_history',
  'presentations',
  'recommendations',
  'partner_users',
  'referrals',
  'import',
  'finances_orders',
  'finances_commissions',
  'finances_downlines',
  'finances_receipts',
  'admin_payments',
  'warehouse',
  'statistics_sales_agents',
  'statistics_call_agents',
] as const;
export type TableName = (typeof TABLE_NAMES)[number];

export function isTableName(value: unknown): value is TableName {
  return typeof value === 'string' && (TABLE_NAMES as readonly string[]).includes(value);
}

/** A layout is a small document; 32 kB of JSON holds hundreds of columns and filters. */
export const SNAPSHOT_MAX_BYTES = 32 * 1024;
/** Older layouts of a user and table beyond this many are deleted when a new one is saved. */
export const SNAPSHOTS_KEPT = 20;

/** Bytes of the value as UTF-8 JSON (the domain has no TextEncoder: it runs without DOM or Node types). */
export function jsonBytes(value: unknown): number {
  let bytes = 0;
  for (const ch of JSON.stringify(value) ?? '') {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const snapshotBody = z.object({
  tableName: z.enum(TABLE_NAMES),
  configName: z.string().trim().min(1).max(100).default('default'),
  snapshot: z
    .record(z.string(), z.unknown())
    .refine((value) => jsonBytes(value) <= SNAPSHOT_MAX_BYTES, { message: 'too_long', abort: true }),
  /** When the browser made the change; a time in the future is taken as now (see the service). */
  timestamp: z.iso.datetime({ offset: true }).optional(),
});
export type SnapshotBody = z.input<typeof snapshotBody>;

export const snapshotEntryDto = z.object({
  configName: z.string(),
  snapshot: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
});
export type SnapshotEntryDto = z.infer<typeof snapshotEntryDto>;

/** The newest layout of each table the user saved, keyed by table name. */
export const snapshotsDto = z.object({ data: z.partialRecord(z.enum(TABLE_NAMES), snapshotEntryDto) });
export type SnapshotsDto = z.infer<typeof snapshotsDto>;

export const savedSnapshotDto = z.object({ data: snapshotEntryDto.extend({ tableName: z.enum(TABLE_NAMES) }) });
export type SavedSnapshotDto = z.infer<typeof savedSnapshotDto>;
