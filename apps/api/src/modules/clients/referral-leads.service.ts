import type { Tx } from '../../db/client.ts';
import * as repo from './referral-leads.repo.ts';

export type { LeadValues } from './referral-leads.repo.ts';

/**
 * The client a confirmed recommendation leads to: the oldest client who already has its phone (as
 * phone or mobile), or a new client with status user_rec and lead source referral. Two confirmations
 * with one number wait for each other and find one client. An e-mail another user has is left out
 * rather than refused: the lead is still worth calling.
 */
export async function referralLeadFor(tx: Tx, lead: repo.LeadValues): Promise<{ id: number; created: boolean; emailLeftOut: boolean }> {
  if (lead.phoneE164) {
    await repo.lockPhone(tx, lead.phoneE164);
    const existing = await repo.clientWithPhone(tx, lead.phoneE164);
    if (existing !== undefined) {
      return { id: existing, created: false, emailLeftOut: false };
    }
  }
  const email = lead.email && !(await repo.emailTaken(tx, lead.email)) ? lead.email : null;
  return { id: await repo.insertLead(tx, { ...lead, email }), created: true, emailLeftOut: lead.email !== null && email === null };
}
