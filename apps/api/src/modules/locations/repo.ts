import type { LocationBody, LocationsQuery } from '@bo/domain';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/sql-helpers.ts';
import { locations, users } from '../../db/schema/index.ts';

export type LocationRow = typeof locations.$inferSelect;
export interface LocationWithUsers {
  location: LocationRow;
  users: number;
}

/**
 * Clients whose lead came from the location; users_lead_location_idx answers it per row. Written out
 * with table names: inside a select list Drizzle leaves columns unqualified, and a bare "id" here
 * would be the user's.
 */
const usersOf = sql<number>`(SELECT count(*)::int FROM "users" AS u WHERE u."lead_location_id" = "locations"."id")`;

const ORDER_COLUMNS = {
  code: locations.code,
  city: locations.city,
  display_name: locations.displayName,
  index: locations.index,
  users: usersOf,
} satisfies Record<LocationsQuery['orderBy'], unknown>;

export async function listLocations(tx: Tx, query: LocationsQuery): Promise<{ rows: LocationWithUsers[]; total: number }> {
  const filters: (SQL | undefined)[] = [query.type ? eq(locations.type, query.type) : undefined];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(locations.code, pattern), ilike(locations.city, pattern), ilike(locations.displayName, pattern)));
  }
  const where = and(...filters);
  const direction = query.orderMethod === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    tx
      .select({ location: locations, users: usersOf })
      .from(locations)
      .where(where)
      // The id breaks ties so that paging never shows a row twice.
      .orderBy(direction(ORDER_COLUMNS[query.orderBy]), direction(locations.id))
      .limit(query.limit)
      .offset(query.offset),
    tx.select({ total: count() }).from(locations).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Every location, events first, then by name: a short list to choose a lead source from. */
export async function allLocationsWithUsers(tx: Tx): Promise<LocationWithUsers[]> {
  return tx
    .select({ location: locations, users: usersOf })
    .from(locations)
    .orderBy(asc(locations.type), asc(sql`lower(${locations.displayName})`), asc(locations.id));
}

/** With `lock`, the row stays locked until the transaction ends: no client can be linked to it meanwhile. */
export async function findLocation(tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<LocationWithUsers | undefined> {
  const base = tx.select({ location: locations }).from(locations).where(eq(locations.id, id));
  const [found] = opts.lock ? await base.for('update') : await base;
  if (!found) {
    return undefined;
  }
  const [counted] = await tx.select({ users: count() }).from(users).where(eq(users.leadLocationId, id));
  return { location: found.location, users: counted?.users ?? 0 };
}

/** Another location with the same code, regardless of case (the unique index is on lower(code)). */
export async function findCodeOwner(tx: Tx, code: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(sql`lower(${locations.code}) = lower(${code})`)
    .limit(1);
  return row?.id;
}

function columns(body: LocationBody) {
  return { code: body.code, city: body.city, displayName: body.display_name, index: body.index, type: body.type };
}

export async function insertLocation(tx: Tx, body: LocationBody): Promise<LocationRow> {
  const [row] = await tx.insert(locations).values(columns(body)).returning();
  return row!;
}

export async function updateLocation(tx: Tx, id: number, body: LocationBody): Promise<LocationRow | undefined> {
  const [row] = await tx
    .update(locations)
    .set({ ...columns(body), updatedAt: new Date() })
    .where(eq(locations.id, id))
    .returning();
  return row;
}

export async function deleteLocation(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx.delete(locations).where(eq(locations.id, id)).returning({ id: locations.id });
  return deleted.length > 0;
}
