import {
  discountExceedsSale,
  presentationDraftProblems,
  workingTimeRefusal,
  type CalendarRefusal,
  type FlowStepId,
  type PresentationOutcomeFacts,
} from '@bo/domain';
import { instantOfZurichInput } from './body.ts';
import { answersOf, flowPath, type PresentationDraft } from './draft.ts';

/** Why the flow may not go on from a step yet (a key under `perform:need`), or null. */
export type StepProblem =
  | 'answer'
  | 'time'
  | 'timePast'
  | CalendarRefusal
  | 'gift'
  | 'lines'
  | 'mainLine'
  | 'amount'
  | 'discount'
  | 'paymentMethod'
  | 'firstMonth'
  | 'name'
  /** A field of the step breaks the server's rules; the field says which. */
  | 'fields';

const bad = (n: number | null) => n !== null && !Number.isFinite(n);

/** The server's rule: the recommendation discount is at most what the lines sell for in money. */
export function discountTooLarge(d: PresentationDraft, defaultPrice: (productId: number) => number): boolean {
  const lines = d.lines.map((l) => ({ status: l.status, quantity: l.quantity, price: l.price ?? defaultPrice(l.product_id) }));
  return d.discount_rec_sum !== null && discountExceedsSale(lines, d.discount_rec_sum);
}

/** What the draft's cross-field rules (the server's too) read of the draft; `at` is the outcome's time. */
export function outcomeFactsOf(d: PresentationDraft, at: Date | null): PresentationOutcomeFacts {
  const time = at ? at.toISOString() : null;
  return {
    was_at_home: d.was_at_home,
    demo_outcome: d.demo_outcome,
    recall_time: d.demo_outcome === 'recall' ? time : null,
    remeet_time: d.demo_outcome === 'remeet' ? time : null,
    got_gift: d.got_gift,
    gift: d.gift,
    payment_installments: d.payment_installments,
    first_payment_month: d.first_payment_month || null,
    // The lines have their own step ('10'); the rule on them is the server's alone.
    order_products: [],
  };
}

/** `defaultPrice` gives a product's price for lines without their own. */
export function stepProblem(
  step: FlowStepId,
  d: PresentationDraft,
  now: Date,
  defaultPrice: (productId: number) => number = () => 0,
): StepProblem | null {
  switch (step) {
    case '00':
      return d.was_at_home === null ? 'answer' : null;
    case '01':
      return d.demo_outcome === null ? 'answer' : null;
    case '02': {
      const at = instantOfZurichInput(d.outcome_time);
      const problems = presentationDraftProblems(outcomeFactsOf(d, at), now);
      const problem = problems.recall_time ?? problems.remeet_time;
      if (!at || problem === 'field_is_required') {
        return 'time';
      }
      // A recall in the past is the draft's rule; a follow-up demo in the past the calendar's.
      if (problem === 'invalid_value' || at < now) {
        return 'timePast';
      }
      // A follow-up demo is booked into the agent's calendar: the calendar's working time applies.
      return d.demo_outcome === 'remeet' ? workingTimeRefusal(at) : null;
    }
    case '05':
      return d.quality === null ? 'answer' : null;
    case '06':
      if (d.got_gift === null) {
        return 'answer';
      }
      return presentationDraftProblems(outcomeFactsOf(d, null), now).gift ? 'gift' : null;
    case '07':
      return d.saw_presentation === null ? 'answer' : null;
    case '08':
      return d.bought_product === null || d.bought_other_products === null ? 'answer' : null;
    case '10':
      if (d.lines.length === 0) {
        return 'lines';
      }
      if (d.bought_product && !answersOf(d).has_main_product) {
        return 'mainLine';
      }
      return d.lines.some((l) => bad(l.price) || bad(l.rec_price)) ? 'amount' : null;
    case '11':
      if (bad(d.discount_rec_sum) || bad(d.discount_rec_count)) {
        return 'amount';
      }
      return discountTooLarge(d, defaultPrice) ? 'discount' : null;
    case '12':
      if (d.payment_method === null) {
        return 'paymentMethod';
      }
      if (bad(d.bank_processing_commission) || bad(d.payment_installments)) {
        return 'amount';
      }
      return presentationDraftProblems(outcomeFactsOf(d, null), now).first_payment_month ? 'firstMonth' : null;
    case '14':
      return d.profile.name.trim() && d.profile.surname.trim() ? null : 'name';
    case '15':
      return d.sub_user.enabled && !d.sub_user.name.trim() ? 'name' : null;
    case '03':
    case '04':
    case '09':
    case '13':
    case '16':
    case '17':
    case '18':
      return null;
  }
}

const FIELD_STEPS: [RegExp, FlowStepId][] = [
  [/^(was_at_home)$/, '00'],
  [/^demo_outcome$/, '01'],
  [/^(recall_time|remeet_time)$/, '02'],
  [/^(quality|bad_quality_reason)/, '05'],
  [/^(got_gift|gift|rej_gift_reason_desc)$/, '06'],
  [/^(saw_presentation|dont_saw_reason)/, '07'],
  [/^(bought_product|bought_other_products)$/, '08'],
  [/^dont_buy_reason/, '09'],
  [/^(order_products|has_order)/, '10'],
  [/^discount_rec/, '11'],
  [/^(payment_method|bank_processing_commission|first_payment_month|payment_installments)$/, '12'],
  [/^contract_number$/, '13'],
  [/^user(\.|$)/, '14'],
  [/^sub_user(\.|$)/, '15'],
  [/^user_documents/, '17'],
];

/**
 * The step that shows a refused field, so the flow can open it; comments belong to '03' on a visit
 * that did not take place and to '16' on a held one. Null when the step is not on the current path.
 */
export function stepOfField(field: string, d: PresentationDraft): FlowStepId | null {
  const step = field === 'comments' ? (d.was_at_home === false ? '03' : '16') : FIELD_STEPS.find(([re]) => re.test(field))?.[1];
  return step && flowPath(d).includes(step) ? step : null;
}

/** Of the refused fields `errors`, those the step `step` shows. */
export function fieldsOfStep(errors: Record<string, string>, step: FlowStepId, d: PresentationDraft): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field, d) === step));
}
