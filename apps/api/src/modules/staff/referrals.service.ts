import { normalisePhone } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { createAccountFor } from './accounts.service.ts';
import * as repo from './referrals.repo.ts';

export type { ReferralUser } from './referrals.repo.ts';

/** The user a referral link belongs to, or who was referred (any role). */
export function referralUserIn(tx: Tx, id: number): Promise<repo.ReferralUser | undefined> {
  return repo.userById(tx, id);
}

/** Whom a user referred directly, every role (at most `limit`, oldest first). */
export function referredUsersIn(tx: Tx, referrerId: number, limit = 5000): Promise<repo.ReferralUser[]> {
  return repo.referredBy(tx, referrerId, limit);
}

/** A user's referral tree down to `depth` levels (the levels the commission engine pays: three). */
export function downlineIn(tx: Tx, rootId: number, depth = 3): Promise<{ id: number; referredById: number; level: number }[]> {
  return repo.downline(tx, rootId, depth);
}

/**
 * An application to become an independent agent under a referrer: a user of that role without a
 * password, with an account, referred by the link's owner. An e-mail that any user already has is
 * not applied again (answers `created: false`), so nobody learns through the public form who is known.
 */
export async function createAgentApplicantIn(
  tx: Tx,
  a: { name: string; surname: string; email: string; phone: string; locale: string; referredById: number },
): Promise<{ id: number | null; created: boolean }> {
  await repo.lockEmail(tx, a.email);
  if (await repo.emailTaken(tx, a.email)) {
    return { id: null, created: false };
  }
  const id = await repo.insertApplicant(tx, { ...a, phoneE164: normalisePhone(a.phone) ?? null });
  await createAccountFor(tx, id);
  return { id, created: true };
}
