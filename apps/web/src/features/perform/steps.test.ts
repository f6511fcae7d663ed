import type { FlowStepId } from '@bo/domain';
import { describe, expect, it } from 'vitest';
import type { LineDraft, PresentationDraft } from './draft.ts';
import { checkPresentationBody, presentationBodyOf } from './body.ts';
import { fieldsOfStep, stepOfField, stepProblem, type StepProblem } from './steps.ts';
import { aDraft, aLine, aSale } from './test-data.ts';

const line = (over: Partial<LineDraft> = {}): LineDraft => aLine(over);

/** What the discount step reads. */
const draft = (discount: number | null, lines: LineDraft[] = [line()]) => aSale({ lines, discount_rec_sum: discount });

const now = new Date('2026-11-26T10:00:00Z');
const defaultPrice = (id: number) => (id === 7 ? 389_000 : 0);

describe('the discount step: a discount is at most what the lines sell for in money', () => {
  it.each<[string, PresentationDraft, string | null]>([
    ["CHF 5'000 on a CHF 2'490 sale", draft(500_000), 'discount'],
    ['the whole sale', draft(249_000), null],
    ['no discount', draft(null), null],
    ['a line without its own price sells at the default price', draft(389_000, [line({ price: null })]), null],
    ['lines paid by recommendation do not count', draft(1_000, [line({ status: 'rec', rec_price: 5_000 })]), 'discount'],
    ['an amount that is not one comes first', draft(Number.NaN), 'amount'],
  ])('%s', (_name, d, expected) => {
    expect(stepProblem('11', d, now, defaultPrice)).toBe(expected);
  });
});

const away = (over: Partial<PresentationDraft>) => aDraft({ was_at_home: false, ...over });

describe('why the flow may not go on from a step yet', () => {
  it.each<[string, FlowStepId, PresentationDraft, StepProblem | null]>([
    ['at home not answered', '00', aDraft(), 'answer'],
    ['at home answered', '00', aDraft({ was_at_home: false }), null],
    ['no outcome', '01', away({}), 'answer'],
    ['a recall without its time', '02', away({ demo_outcome: 'recall' }), 'time'],
    ['a recall with a time that is none', '02', away({ demo_outcome: 'recall', outcome_time: '27.11.2026' }), 'time'],
    ['a recall in the past', '02', away({ demo_outcome: 'recall', outcome_time: '2026-11-25T10:00' }), 'timePast'],
    ['a recall later, on a Sunday evening', '02', away({ demo_outcome: 'recall', outcome_time: '2026-11-29T19:00' }), null],
    ['a follow-up demo in the past', '02', away({ demo_outcome: 'remeet', outcome_time: '2026-11-25T10:00' }), 'timePast'],
    ['a follow-up demo on a Sunday', '02', away({ demo_outcome: 'remeet', outcome_time: '2026-11-29T10:00' }), 'outside_working_days'],
    ['a follow-up demo in the evening', '02', away({ demo_outcome: 'remeet', outcome_time: '2026-11-27T19:00' }), 'outside_working_hours'],
    ['a follow-up demo in working time', '02', away({ demo_outcome: 'remeet', outcome_time: '2026-11-27T10:00' }), null],
    ['quality not answered', '05', aDraft({ was_at_home: true }), 'answer'],
    ['gift not answered', '06', aDraft({ was_at_home: true }), 'answer'],
    ['a gift handed over, not named', '06', aDraft({ was_at_home: true, got_gift: true }), 'gift'],
    ['a gift named', '06', aDraft({ was_at_home: true, got_gift: true, gift: 4 }), null],
    ['no gift', '06', aDraft({ was_at_home: true, got_gift: false }), null],
    ['saw it not answered', '07', aDraft({ was_at_home: true }), 'answer'],
    ['bought half answered', '08', aDraft({ was_at_home: true, bought_product: true }), 'answer'],
    ['no lines', '10', aSale({ lines: [] }), 'lines'],
    ['bought the main product, none on the lines', '10', aSale({ lines: [line({ product_type: 'other' })] }), 'mainLine'],
    ['a price that is no amount', '10', aSale({ lines: [line({ price: Number.NaN })] }), 'amount'],
    ['lines fine', '10', aSale(), null],
    ['no payment method', '12', aSale({ payment_method: null }), 'paymentMethod'],
    ['instalments without a first month', '12', aSale({ payment_installments: 12 }), 'firstMonth'],
    ['instalments with a first month', '12', aSale({ payment_installments: 12, first_payment_month: '2027-01' }), null],
    ['a commission that is no amount', '12', aSale({ bank_processing_commission: Number.NaN }), 'amount'],
    ['a client without a name', '14', aSale({ profile: { ...aSale().profile, name: ' ' } }), 'name'],
    ['a second person without a name', '15', aSale({ sub_user: { ...aSale().sub_user, enabled: true } }), 'name'],
    ['the summary', '16', aSale(), null],
  ])('%s', (_name, step, d, expected) => {
    expect(stepProblem(step, d, now, defaultPrice)).toBe(expected);
  });
});

describe('the step that shows a refused field', () => {
  it.each<[string, string, PresentationDraft, FlowStepId | null]>([
    ['recall time', 'recall_time', away({ demo_outcome: 'recall' }), '02'],
    ['comments of a visit that did not take place', 'comments', away({ demo_outcome: 'canceled' }), '03'],
    ['comments of a held visit', 'comments', aSale(), '16'],
    ['a line', 'order_products.0.price', aSale(), '10'],
    ["the client's phone", 'user.phone', aSale(), '14'],
    ['a step off the path', 'discount_rec_sum', aSale({ bought_product: false, bought_other_products: false, lines: [] }), null],
    ['an unknown field', 'nonsense', aSale(), null],
  ])('%s', (_name, field, d, step) => {
    expect(stepOfField(field, d)).toBe(step);
  });
});

describe("the fields a step shows are checked when the step is left (the server's rules)", () => {
  const sale = aSale({});
  const withProfile = (over: Partial<PresentationDraft['profile']>) => ({ ...sale, profile: { ...sale.profile, ...over } });
  it.each<[string, PresentationDraft, FlowStepId, Record<string, string>]>([
    ['a broken e-mail on the profile step', withProfile({ email: 'erika@example' }), '14', { 'user.email': 'invalid_email' }],
    ['a good e-mail', withProfile({ email: 'erika@example.ch' }), '14', {}],
    ["the profile's errors are not the payment step's", withProfile({ email: 'erika@example' }), '12', {}],
  ])('%s', (_name, d, step, expected) => {
    expect(fieldsOfStep(checkPresentationBody(presentationBodyOf(d, '18')), step, d)).toEqual(expected);
  });
});
