import { roleByCode } from '@bo/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * What became of an agent's leads: the leads (clients, role user) the agent created in the period, by
 * the status their client has now. The same rows as "leads created" (`leadFigures` in figures.repo.ts):
 * role user, `created_by_id` the agent, `created_at` in the period. Reporting reads the users table
 * read-only and sends counts, never a row.
 */
export async function leadsByStatus(tx: Tx, r: { agentId: number; from: Date; to: Date }): Promise<{ status: string; count: number }[]> {
  const res = await tx.execute<{ status: string | null; count: string }>(sql`
    SELECT status, count(*) AS count
    FROM users
    WHERE role_id = ${roleByCode('user').id} AND created_by_id = ${r.agentId}
      AND created_at >= ${r.from.toISOString()}::timestamptz AND created_at < ${r.to.toISOString()}::timestamptz
    GROUP BY status`);
  return res.rows
    .map((row) => ({ status: row.status ?? 'none', count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
}
