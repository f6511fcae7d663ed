import { roleByCode } from '@bo/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export interface LeadCell {
  month: number;
  leadSource: string | null;
  locationId: number | null;
  status: string | null;
  leads: number;
}

/**
 * The plain statement of the leads statistics: the leads (clients, role user) created in the period
 * (`users.created_at`, Zurich months), counted per month, lead source, location and current status.
 * The pre-aggregated `lead_dims` rows hold the same cells for a whole year.
 */
export async function leadCells(tx: Tx, from: Date, to: Date): Promise<LeadCell[]> {
  const res = await tx.execute<{
    month: number;
    lead_source: string | null;
    location_id: number | null;
    status: string | null;
    leads: string;
  }>(sql`
    SELECT extract(month FROM created_at AT TIME ZONE 'Europe/Zurich')::int AS month, lead_source,
           lead_location_id AS location_id, status, count(*) AS leads
    FROM users
    WHERE role_id = ${roleByCode('user').id}
      AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
    GROUP BY 1, 2, 3, 4`);
  return res.rows.map((r) => ({
    month: r.month,
    leadSource: r.lead_source,
    locationId: r.location_id,
    status: r.status,
    leads: Number(r.leads),
  }));
}

/** The display names of locations, by id (a deleted location is absent). */
export async function locationNames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const res = await tx.execute<{ id: number; display_name: string }>(
    sql`SELECT id, display_name FROM locations WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(res.rows.map((r) => [r.id, r.display_name]));
}
