import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { referralLinks, referralSignups } from '../../db/schema/index.ts';

export type LinkRow = typeof referralLinks.$inferSelect;

export async function linkOfUser(tx: Tx, userId: number): Promise<LinkRow | undefined> {
  const [row] = await tx.select().from(referralLinks).where(eq(referralLinks.userId, userId));
  return row;
}

export async function linkByCode(tx: Tx, code: string): Promise<LinkRow | undefined> {
  const [row] = await tx.select().from(referralLinks).where(eq(referralLinks.code, code));
  return row;
}

/** The owner of a code, for the redirect: one index lookup of two columns. */
export async function ownerOfCode(tx: Tx, code: string): Promise<number | undefined> {
  const [row] = await tx.select({ userId: referralLinks.userId }).from(referralLinks).where(eq(referralLinks.code, code));
  return row?.userId;
}

/** A link for the user; an existing one wins (two first requests at once make one link). */
export async function insertLink(tx: Tx, userId: number, code: string): Promise<LinkRow> {
  await tx.insert(referralLinks).values({ userId, code }).onConflictDoNothing({ target: referralLinks.userId });
  return (await linkOfUser(tx, userId))!;
}

export async function setShortUrl(tx: Tx, id: number, provider: 'bitly', shortUrl: string): Promise<void> {
  await tx.update(referralLinks).set({ provider, shortUrl }).where(eq(referralLinks.id, id));
}

export async function countVisit(tx: Tx, code: string): Promise<boolean> {
  const rows = await tx
    .update(referralLinks)
    .set({ clicks: sql`${referralLinks.clicks} + 1` })
    .where(eq(referralLinks.code, code))
    .returning({ id: referralLinks.id });
  return rows.length > 0;
}

/** Sign-ups from one address, and through one link, since `since` (referral_signups_*_idx). */
export async function signupsSince(tx: Tx, since: Date, by: { addressHash: string } | { linkId: number }): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(referralSignups)
    .where(
      and(
        'addressHash' in by ? eq(referralSignups.addressHash, by.addressHash) : eq(referralSignups.linkId, by.linkId),
        gte(referralSignups.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Sign-ups from one address (or through one link) are counted one after the other. */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`referral-signup:${key}`}, 0))`);
}

export async function insertSignup(tx: Tx, values: typeof referralSignups.$inferInsert): Promise<void> {
  await tx.insert(referralSignups).values(values);
  if (values.outcome === 'created') {
    await tx
      .update(referralLinks)
      .set({ signups: sql`${referralLinks.signups} + 1` })
      .where(eq(referralLinks.id, values.linkId));
  }
}
