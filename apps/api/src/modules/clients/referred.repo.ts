import { roleByCode } from '@bo/domain';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { statusHistory, users } from '../../db/schema/index.ts';

const CLIENT_ROLE_ID = roleByCode('user').id;

export interface ReferredClientRow {
  id: number;
  name: string;
  surname: string;
  city: string | null;
  status: string | null;
  createdAt: Date;
}

/** The clients a user referred, oldest first (users_referred_by_idx), at most `limit`. */
export function referredClients(tx: Tx, referrerId: number, limit: number): Promise<ReferredClientRow[]> {
  return tx
    .select({ id: users.id, name: users.name, surname: users.surname, city: users.city, status: users.status, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.referredById, referrerId), eq(users.roleId, CLIENT_ROLE_ID)))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** One client with its referrer, for the referral programme's single-person view. */
export async function referredClient(tx: Tx, id: number): Promise<(ReferredClientRow & { referredById: number | null }) | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      city: users.city,
      status: users.status,
      createdAt: users.createdAt,
      referredById: users.referredById,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, CLIENT_ROLE_ID)));
  return row;
}

/** The oldest client with one of these E.164 numbers or this e-mail (the indexes of the duplicate check). */
export async function clientWithContact(tx: Tx, phoneE164: string | null, email: string | null): Promise<number | undefined> {
  const conditions = [
    phoneE164 ? eq(users.phoneE164, phoneE164) : undefined,
    phoneE164 ? eq(users.mobilePhoneE164, phoneE164) : undefined,
    email ? eq(sql`lower(${users.email})`, email.toLowerCase()) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) {
    return undefined;
  }
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, CLIENT_ROLE_ID), or(...conditions)))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id;
}

export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

export async function lockContact(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`referral-lead:${key}`}, 0))`);
}

export async function insertLead(tx: Tx, values: Omit<typeof users.$inferInsert, 'roleId'>, changedById: number): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, roleId: CLIENT_ROLE_ID })
    .returning({ id: users.id });
  await tx.insert(statusHistory).values({ userId: row!.id, status: values.status ?? '', previousStatus: null, changedById });
  return row!.id;
}

/** The link a booking named; the referrer only when the client has none yet (the first referrer keeps the lead). */
export async function setReferral(tx: Tx, clientId: number, link: string, referrerId: number | null): Promise<void> {
  await tx
    .update(users)
    .set({ referralLink: link, updatedAt: new Date() })
    .where(and(eq(users.id, clientId), eq(users.roleId, CLIENT_ROLE_ID)));
  if (referrerId !== null && referrerId !== clientId) {
    await tx
      .update(users)
      .set({ referredById: referrerId })
      .where(and(eq(users.id, clientId), eq(users.roleId, CLIENT_ROLE_ID), isNull(users.referredById)));
  }
}
