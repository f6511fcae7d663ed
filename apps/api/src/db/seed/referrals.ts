import { normalisePhone, partnerStatusOf, PARTNER_STATUSES, roleByCode, type PartnerStatus } from '@bo/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { accounts, referralLinks, statusHistory, users } from '../schema/index.ts';

/** The demo's referral links: fixed codes, so the guide and the browser tests can open them (`/r/demo-partner`). */
export const DEMO_REFERRAL_CODES = { partner: 'demo-partner', independentAgent: 'demo-agent', client: 'demo-client' } as const;

/** A client status that gives each partner status (packages/domain/src/referrals.ts). */
const STATUS_FOR: Record<PartnerStatus, string> = {
  buyers: 'buy_product',
  wait_presentation: 'sale_agents',
  registered: 'user_rec',
  wait_for_call: 'call_agents',
  not_interested: 'not_interested',
  canceled_presentation: 'decline_presentation',
  not_answered: 'not_answered',
  dont_buy: 'not_buy',
  wrong_data: 'wrong_data',
  declined_by_admin: 'trash',
};

const REFERRED = [
  ['Lara', 'Brunner', 'Winterthur', '8400'],
  ['Marco', 'Keller', 'Uster', '8610'],
  ['Sophie', 'Meier', 'Baden', '5400'],
  ['Jonas', 'Frei', 'Zug', '6300'],
  ['Nina', 'Huber', 'Luzern', '6003'],
  ['Luca', 'Wyss', 'Thun', '3600'],
  ['Elena', 'Moser', 'Aarau', '5000'],
  ['David', 'Graf', 'Olten', '4600'],
  ['Mia', 'Baumann', 'Chur', '7000'],
  ['Noah', 'Schmid', 'Biel', '2502'],
] as const;

/**
 * Referral links for the demo partner, independent agent and client, with visits and sign-ups; the
 * partner's referred people in every partner status (added where the demo clients lack one); and the
 * independent agent's recruits: one active, one whose invitation waits, one blocked.
 */
export async function seedDemoReferrals(
  tx: Tx,
  staff: { partner: number; independentAgent: number; client: number; admin: number },
): Promise<void> {
  await tx.insert(referralLinks).values([
    { userId: staff.partner, code: DEMO_REFERRAL_CODES.partner, clicks: 57, signups: 12 },
    { userId: staff.independentAgent, code: DEMO_REFERRAL_CODES.independentAgent, clicks: 23, signups: 4 },
    { userId: staff.client, code: DEMO_REFERRAL_CODES.client, clicks: 6, signups: 1 },
  ]);

  const have = new Set(
    (
      await tx
        .select({ status: users.status })
        .from(users)
        .where(and(eq(users.referredById, staff.partner), eq(users.roleId, roleByCode('user').id)))
    ).map((r) => partnerStatusOf({ status: r.status, hasPlannedPresentation: false })),
  );
  const missing = PARTNER_STATUSES.filter((s) => !have.has(s));
  for (const [i, status] of missing.entries()) {
    const [name, surname, city, zipcode] = REFERRED[i % REFERRED.length]!;
    const phone = `079 640 ${String(10 + i).padStart(2, '0')} ${String(20 + i).padStart(2, '0')}`;
    const [row] = await tx
      .insert(users)
      .values({
        roleId: roleByCode('user').id,
        name,
        surname,
        city,
        zipcode,
        phone,
        phoneE164: normalisePhone(phone) ?? null,
        status: STATUS_FOR[status],
        leadSource: 'partner',
        referredById: staff.partner,
        referralLink: `/r/${DEMO_REFERRAL_CODES.partner}`,
        createdById: staff.partner,
        createdAt: new Date(Date.now() - (i + 2) * 5 * 86_400_000),
      })
      .returning({ id: users.id });
    await tx.insert(statusHistory).values({ userId: row!.id, status: STATUS_FOR[status], previousStatus: null, changedById: staff.admin });
  }

  // The independent agent's recruits: signed up and active, invited and waiting, blocked.
  const recruits = [
    { name: 'Fabio', surname: 'Rossi', email: 'fabio.rossi@demo.test', signedUp: true, isActive: true },
    { name: 'Chantal', surname: 'Favre', email: 'chantal.favre@demo.test', signedUp: false, isActive: true },
    { name: 'Urs', surname: 'Kunz', email: 'urs.kunz@demo.test', signedUp: true, isActive: false },
  ];
  const [own] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, staff.independentAgent));
  for (const r of recruits) {
    const [row] = await tx
      .insert(users)
      .values({
        roleId: roleByCode('independent_agent').id,
        name: r.name,
        surname: r.surname,
        email: r.email,
        passwordHash: r.signedUp ? (own?.passwordHash ?? null) : null,
        isActive: r.isActive,
        referredById: staff.independentAgent,
        locale: 'de',
      })
      .returning({ id: users.id });
    await tx.insert(accounts).values({ userId: row!.id });
  }
}
