import { normalisePhone, type Language } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { findClientMatches } from './matches.service.ts';
import * as repo from './referred.repo.ts';

export type { ReferredClientRow } from './referred.repo.ts';

/** The status a lead who signed up through a referral link starts with (partner status "registered"). */
export const REFERRED_LEAD_STATUS = 'user_rec';

export interface ReferredLead {
  name: string;
  surname: string;
  phone: string;
  email: string;
  zipcode: string;
  city: string;
  locale: Language;
  referrerId: number;
  /** partner for a partner's link, referral for a client's or an independent agent's. */
  leadSource: 'partner' | 'referral';
  referralLink: string;
}

/**
 * A person who left their details through a referral link becomes a lead referred by the link's owner,
 * after the duplicate check: a client who already has the phone (as phone or mobile) or the e-mail is
 * left as they are (`created: false`: the first referrer keeps a lead); otherwise a new client with
 * status user_rec, and the number of clients the duplicate engine finds similar (the duplicates tab
 * shows them to the staff who merge).
 */
export async function createReferredLeadIn(tx: Tx, lead: ReferredLead): Promise<{ id: number; created: boolean; similar: number }> {
  const phoneE164 = normalisePhone(lead.phone) ?? null;
  const email = lead.email === '' ? null : lead.email.toLowerCase();
  await repo.lockContact(tx, phoneE164 ?? email ?? `${lead.name}|${lead.surname}`);
  const known = await repo.clientWithContact(tx, phoneE164, email);
  if (known !== undefined) {
    return { id: known, created: false, similar: 0 };
  }
  const [matches] = await findClientMatches(
    tx,
    [
      {
        name: lead.name,
        surname: lead.surname,
        phone: lead.phone,
        mobile_phone: null,
        email,
        zipcode: lead.zipcode || null,
        city: lead.city || null,
        address: null,
      },
    ],
    { kind: 'all' },
  );
  // An e-mail someone else (staff) signs in with is left out rather than refused: the lead is still worth calling.
  const storedEmail = email && !(await repo.emailTaken(tx, email)) ? email : null;
  const id = await repo.insertLead(
    tx,
    {
      name: lead.name,
      surname: lead.surname,
      phone: lead.phone,
      phoneE164,
      email: storedEmail,
      zipcode: lead.zipcode || null,
      city: lead.city || null,
      locale: lead.locale,
      status: REFERRED_LEAD_STATUS,
      leadSource: lead.leadSource,
      referredById: lead.referrerId,
      referralLink: lead.referralLink,
      createdById: lead.referrerId,
    },
    lead.referrerId,
  );
  return { id, created: true, similar: matches?.length ?? 0 };
}

/** The clients a user referred (at most `limit`, oldest first). */
export function referredClientsIn(tx: Tx, referrerId: number, limit = 5000): Promise<repo.ReferredClientRow[]> {
  return repo.referredClients(tx, referrerId, limit);
}

/** One client with their referrer (undefined when there is no such client). */
export function referredClientIn(tx: Tx, id: number) {
  return repo.referredClient(tx, id);
}

/** Stores the referral link a booking named on the client; its owner becomes the referrer of a client without one. */
export function setReferralOfClientIn(tx: Tx, clientId: number, link: string, referrerId: number | null): Promise<void> {
  return repo.setReferral(tx, clientId, link, referrerId);
}
