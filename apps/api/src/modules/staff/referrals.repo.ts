import { roleByCode, roleById, type RoleCode } from '@bo/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** What the referral programme reads of a user of any role (staff owns users; clients are read through clients). */
export interface ReferralUser {
  id: number;
  role: RoleCode;
  name: string;
  surname: string;
  email: string | null;
  phoneE164: string | null;
  mobilePhoneE164: string | null;
  isActive: boolean;
  signedUp: boolean;
  status: string | null;
  createdAt: Date;
  referredById: number | null;
}

const columns = {
  id: users.id,
  roleId: users.roleId,
  name: users.name,
  surname: users.surname,
  email: users.email,
  phoneE164: users.phoneE164,
  mobilePhoneE164: users.mobilePhoneE164,
  isActive: users.isActive,
  signedUp: sql<boolean>`${users.passwordHash} IS NOT NULL`,
  status: users.status,
  createdAt: users.createdAt,
  referredById: users.referredById,
};

type Row = { roleId: number } & Omit<ReferralUser, 'role'>;
const toUser = ({ roleId, ...r }: Row): ReferralUser => ({ ...r, role: roleById(roleId)?.code ?? 'user' });

export async function userById(tx: Tx, id: number): Promise<ReferralUser | undefined> {
  const [row] = await tx.select(columns).from(users).where(eq(users.id, id));
  return row ? toUser(row) : undefined;
}

/** Everyone the user referred, oldest first (users_referred_by_idx). */
export async function referredBy(tx: Tx, referrerId: number, limit: number): Promise<ReferralUser[]> {
  const rows = await tx.select(columns).from(users).where(eq(users.referredById, referrerId)).orderBy(asc(users.id)).limit(limit);
  return rows.map(toUser);
}

/** The user's referral tree below them, down to `depth` levels: each member with its referrer and level. */
export async function downline(tx: Tx, rootId: number, depth: number): Promise<{ id: number; referredById: number; level: number }[]> {
  const res = await tx.execute<{ id: number; referred_by_id: number; level: number }>(sql`
    WITH RECURSIVE down(id, referred_by_id, level) AS (
      SELECT u.id, u.referred_by_id, 1 FROM users u WHERE u.referred_by_id = ${rootId}
      UNION ALL
      SELECT u.id, u.referred_by_id, d.level + 1 FROM users u JOIN down d ON u.referred_by_id = d.id WHERE d.level < ${depth}
    )
    SELECT id, referred_by_id, level FROM down`);
  return res.rows.map((r) => ({ id: r.id, referredById: r.referred_by_id, level: r.level }));
}

export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

export interface Applicant {
  name: string;
  surname: string;
  email: string;
  phone: string;
  phoneE164: string | null;
  locale: string;
  referredById: number;
}

/** An independent agent who applied: no password yet (in progress until the admin sends the signup mail). */
export async function insertApplicant(tx: Tx, a: Applicant): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...a, roleId: roleByCode('independent_agent').id, passwordHash: null, isActive: true })
    .returning({ id: users.id });
  return row!.id;
}

/** Two applications with one e-mail wait for each other, so one of them finds the other. */
export async function lockEmail(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`applicant-email:${email.toLowerCase()}`}, 0))`);
}
