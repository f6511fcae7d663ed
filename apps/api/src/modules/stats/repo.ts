import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export interface DistributionRow {
  /** Which grouping the row belongs to. */
  by: 'status' | 'lead_source';
  value: string | null;
  count: number;
}

/**
 * Users of one role counted by status and by lead source, in one pass over the table (GROUPING SETS).
 * Reporting reads the users table directly: it sends counts, never a row.
 */
export async function countByStatusAndLeadSource(tx: Tx, roleId: number): Promise<DistributionRow[]> {
  const result = await tx.execute<{ by_status: boolean; value: string | null; count: string }>(sql`
    SELECT GROUPING(status) = 0 AS by_status,
           CASE WHEN GROUPING(status) = 0 THEN status ELSE lead_source END AS value,
           count(*) AS count
    FROM users
    WHERE role_id = ${roleId}
    GROUP BY GROUPING SETS ((status), (lead_source))`);
  return result.rows.map((r) => ({ by: r.by_status ? 'status' : 'lead_source', value: r.value, count: Number(r.count) }));
}
