import { roleByCode } from '@bo/domain';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { statusHistory, users } from '../../db/schema/index.ts';

/**
 * The lead a confirmed recommendation becomes (recommendations asks through clients' index.ts): the
 * client row with its first status, written by the module that owns clients.
 */

const CLIENT_ROLE_ID = roleByCode('user').id;

/** The oldest client with this E.164 number as phone or mobile phone (users_phone_e164_idx and users_mobile_phone_e164_idx). */
export async function clientWithPhone(tx: Tx, e164: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, CLIENT_ROLE_ID), or(eq(users.phoneE164, e164), eq(users.mobilePhoneE164, e164))))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id;
}

export interface LeadValues {
  name: string;
  surname: string;
  phone: string | null;
  phoneE164: string | null;
  email: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  createdById: number;
}

export const LEAD_STATUS = 'user_rec';
export const LEAD_SOURCE = 'referral';

/** A new client with status user_rec and lead source referral, and that status as its first history entry. */
export async function insertLead(tx: Tx, values: LeadValues): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, roleId: CLIENT_ROLE_ID, status: LEAD_STATUS, leadSource: LEAD_SOURCE })
    .returning({ id: users.id });
  const id = row!.id;
  await tx.insert(statusHistory).values({ userId: id, status: LEAD_STATUS, previousStatus: null, changedById: values.createdById });
  return id;
}

/** Whether a user already has the e-mail in any letter case (users_email_unique would refuse a second one). */
export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

/** Two confirmations with the same number wait for each other, so they find one client, not make two. */
export async function lockPhone(tx: Tx, e164: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`lead-phone:${e164}`}, 0))`);
}
