import type { RecommendationsQuery } from '@bo/domain';
import { and, asc, count, desc, eq, ilike, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/sql-helpers.ts';
import { recommendations, users } from '../../db/schema/index.ts';

export type RecommendationRow = typeof recommendations.$inferSelect;
export interface RecommendationWithRecommender {
  rec: RecommendationRow;
  recommender: { id: number; name: string; surname: string };
}

const columns = {
  rec: recommendations,
  recommender: { id: users.id, name: users.name, surname: users.surname },
};

const ORDER_COLUMNS = {
  created_at: [recommendations.createdAt],
  updated_at: [recommendations.updatedAt],
  status: [recommendations.status],
  name: [recommendations.surname, recommendations.name],
} satisfies Record<RecommendationsQuery['orderBy'], unknown[]>;

/** A page of recommendations; `userId` null lists those of every client (for a viewer who sees all). */
export async function listRecommendations(
  tx: Tx,
  userId: number | null,
  query: RecommendationsQuery,
): Promise<{ rows: RecommendationWithRecommender[]; total: number }> {
  const filters: (SQL | undefined)[] = [
    userId === null ? undefined : eq(recommendations.userId, userId),
    query.status ? eq(recommendations.status, query.status) : undefined,
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(sql`(${recommendations.name} || ' ' || ${recommendations.surname})`, pattern),
        ilike(recommendations.email, pattern),
        ilike(recommendations.phone, pattern),
        ilike(recommendations.city, pattern),
      ),
    );
  }
  const where = and(...filters);
  const direction = query.orderMethod === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    tx
      .select(columns)
      .from(recommendations)
      .innerJoin(users, eq(users.id, recommendations.userId))
      .where(where)
      // The id breaks ties so that paging never shows a row twice.
      .orderBy(...ORDER_COLUMNS[query.orderBy].map((c) => direction(c)), direction(recommendations.id))
      .limit(query.limit)
      .offset(query.offset),
    tx.select({ total: count() }).from(recommendations).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** With `lock`, the row stays locked until the transaction ends (a status change and its lead happen once). */
export async function findRecommendation(tx: Tx, id: number, opts: { lock?: boolean } = {}) {
  const query = tx
    .select(columns)
    .from(recommendations)
    .innerJoin(users, eq(users.id, recommendations.userId))
    .where(eq(recommendations.id, id));
  const [row] = await (opts.lock ? query.for('update', { of: recommendations }) : query);
  return row;
}

export type RecommendationValues = Pick<
  typeof recommendations.$inferInsert,
  'name' | 'surname' | 'phone' | 'phoneE164' | 'email' | 'city' | 'zipcode' | 'address' | 'comment'
>;

/**
 * Whether the client recommended this number (E.164) already, in another recommendation than `exceptId`.
 * Locks the client's number for the transaction first, so two saves of the same number wait for each
 * other and the second one finds the first.
 */
export async function recommendedAlready(tx: Tx, userId: number, e164: string, exceptId: number | null): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`recommended-phone:${userId}:${e164}`}, 0))`);
  const [row] = await tx
    .select({ id: recommendations.id })
    .from(recommendations)
    .where(
      and(
        eq(recommendations.userId, userId),
        eq(recommendations.phoneE164, e164),
        exceptId === null ? undefined : ne(recommendations.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertRecommendation(
  tx: Tx,
  values: RecommendationValues & { userId: number; createdById: number },
): Promise<RecommendationRow> {
  const [row] = await tx.insert(recommendations).values(values).returning();
  return row!;
}

export async function updateRecommendation(
  tx: Tx,
  id: number,
  values: Partial<RecommendationValues> & Partial<Pick<RecommendationRow, 'status' | 'paidAt' | 'leadId'>>,
): Promise<RecommendationRow> {
  const [row] = await tx
    .update(recommendations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(recommendations.id, id))
    .returning();
  return row!;
}

export async function deleteRecommendation(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.delete(recommendations).where(eq(recommendations.id, id)).returning({ id: recommendations.id });
  return rows.length > 0;
}

/** Per status and paid or not: the groups the counters of spec 3 are added from (recommendations_user_idx). */
export function countersOf(tx: Tx, userId: number) {
  return tx
    .select({ status: recommendations.status, paid: sql<boolean>`${isNotNull(recommendations.paidAt)}`, count: count() })
    .from(recommendations)
    .where(eq(recommendations.userId, userId))
    .groupBy(recommendations.status, isNotNull(recommendations.paidAt));
}
