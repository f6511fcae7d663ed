import {
  presentationDraftBody,
  serviceFinishBody,
  termsAfterLines,
  zurichClock,
  zurichInstant,
  type FlowStepId,
  type ProductLineBody,
} from '@bo/domain';
import type { z } from 'zod';
import { flowPath, orderTypes, type LineDraft, type PresentationDraft } from './draft.ts';
import { profileChanges, subUserChange } from './profile-draft.ts';

export type PresentationBody = z.input<typeof presentationDraftBody>;
export type ServiceBody = z.input<typeof serviceFinishBody>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local field holds Zurich wall time here, wherever the tablet's clock is set. */
export function instantOfZurichInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) {
    return null;
  }
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  return zurichInstant(y, mo, d, h, mi);
}

export function zurichInputOf(at: Date): string {
  const c = zurichClock(at);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

export function lineBodyOf(line: LineDraft): ProductLineBody {
  return {
    product_id: line.product_id,
    status: line.status,
    quantity: line.quantity,
    years_of_guarantee: line.years_of_guarantee,
    price: line.price,
    rec_price: line.rec_price,
  };
}

/**
 * What finishing sends (PUT /api/finish-presentation/{id}): the answers of the steps the flow went
 * through; a step that was skipped (the client was not at home, did not buy …) sends nothing, so an
 * answer given on a branch the agent left again does not reach the server.
 */
export function presentationBodyOf(d: PresentationDraft, finalStep: FlowStepId): PresentationBody {
  const path = new Set(flowPath(d));
  const on = (id: FlowStepId) => path.has(id);
  const time = on('02') ? (instantOfZurichInput(d.outcome_time)?.toISOString() ?? null) : null;
  const lines = on('10') ? d.lines : [];
  // Spec 4: without a main product the order keeps no discount, payment method, contract number or commission.
  const terms = termsAfterLines(
    {
      discount_rec_sum: on('11') ? d.discount_rec_sum : null,
      discount_rec_count: on('11') ? d.discount_rec_count : null,
      payment_method: on('12') ? d.payment_method : null,
      bank_processing_commission: on('12') ? d.bank_processing_commission : 0,
      contract_number: on('13') && d.contract_number?.trim() ? d.contract_number.trim() : null,
    },
    orderTypes(lines),
  );
  const held = d.was_at_home === true;
  return {
    was_at_home: held,
    demo_outcome: held ? null : d.demo_outcome,
    recall_time: !held && d.demo_outcome === 'recall' ? time : null,
    remeet_time: !held && d.demo_outcome === 'remeet' ? time : null,
    has_order: lines.length > 0,
    quality: on('05') ? d.quality : null,
    bad_quality_reason: on('05') && d.quality === 'bad' ? d.bad_quality_reason : [],
    bad_quality_reason_desc: on('05') && d.quality === 'bad' ? d.bad_quality_reason_desc : '',
    got_gift: on('06') ? d.got_gift : null,
    gift: on('06') && d.got_gift ? d.gift : null,
    rej_gift_reason_desc: on('06') && d.got_gift === false ? d.rej_gift_reason_desc : [],
    saw_presentation: on('07') ? d.saw_presentation : null,
    dont_saw_reason: on('07') && d.saw_presentation === false ? d.dont_saw_reason : [],
    dont_saw_reason_desc: on('07') && d.saw_presentation === false ? d.dont_saw_reason_desc : '',
    bought_product: on('08') ? d.bought_product : null,
    bought_other_products: on('08') ? d.bought_other_products : null,
    dont_buy_reason: on('09') ? d.dont_buy_reason : [],
    ...terms,
    comments: d.comments,
    order_products: lines.map(lineBodyOf),
    user: on('14') ? profileChanges(d.profile, d.profile_loaded) : undefined,
    sub_user: on('15') ? subUserChange(d.sub_user, d.had_sub_user) : undefined,
    user_documents: on('17') ? d.documents.map((f) => f.id) : [],
    first_payment_month: on('12') && d.first_payment_month ? d.first_payment_month : null,
    payment_installments: on('12') ? d.payment_installments : null,
    step: finalStep,
  };
}

/** zod's issues as `field_validation` (`user.phone`, `order_products.0.price`), the way the server answers. */
export function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.map(String).join('.');
    out[field] ??= issue.message;
  }
  return out;
}

/** The checks the server makes, made before sending so the agent sees them at once. */
export function checkPresentationBody(body: PresentationBody): Record<string, string> {
  const result = presentationDraftBody.safeParse(body);
  return result.success ? {} : issuesOf(result);
}

export function checkServiceBody(body: ServiceBody): Record<string, string> {
  const result = serviceFinishBody.safeParse(body);
  return result.success ? {} : issuesOf(result);
}
