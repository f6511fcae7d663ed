import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetUserId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function insertAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? null,
  });
}

export async function listAudit(tx: Tx, opts: { action?: string; limit: number }) {
  return tx
    .select()
    .from(auditLog)
    .where(opts.action ? eq(auditLog.action, opts.action) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.limit);
}
