import { describe, expect, it } from 'vitest';
import {
  presentationDraftProblems,
  serviceFinishProblems,
  type PresentationOutcomeFacts,
  type ServiceOutcomeFacts,
} from './perform-draft.ts';

const now = new Date('2026-11-26T10:00:00Z');
const LATER = '2026-11-27T09:00:00.000Z';
const EARLIER = '2026-11-25T09:00:00.000Z';
const LINE = { product_id: 1 };

const held: PresentationOutcomeFacts = {
  was_at_home: true,
  demo_outcome: null,
  recall_time: null,
  remeet_time: null,
  got_gift: null,
  gift: null,
  payment_installments: null,
  first_payment_month: null,
  order_products: [],
};
const away = (over: Partial<PresentationOutcomeFacts>): PresentationOutcomeFacts => ({ ...held, was_at_home: false, ...over });

describe('the cross-field rules of a presentation draft', () => {
  it.each<[string, PresentationOutcomeFacts, Record<string, string>]>([
    ['a held presentation with lines', { ...held, order_products: [LINE] }, {}],
    ['not at home and no outcome', away({ demo_outcome: null }), { demo_outcome: 'field_is_required' }],
    ['not at home, canceled', away({ demo_outcome: 'canceled' }), {}],
    ['a recall without its time', away({ demo_outcome: 'recall' }), { recall_time: 'field_is_required' }],
    ['a recall in the past', away({ demo_outcome: 'recall', recall_time: EARLIER }), { recall_time: 'invalid_value' }],
    ['a recall later', away({ demo_outcome: 'recall', recall_time: LATER }), {}],
    ['a follow-up demo without its time', away({ demo_outcome: 'remeet' }), { remeet_time: 'field_is_required' }],
    // A follow-up demo in the past is the calendar's refusal (in_the_past), not the draft's.
    ['a follow-up demo in the past', away({ demo_outcome: 'remeet', remeet_time: EARLIER }), {}],
    ['a gift handed over without naming it', { ...held, got_gift: true }, { gift: 'field_is_required' }],
    ['a gift named', { ...held, got_gift: true, gift: 4 }, {}],
    ['instalments without a first month', { ...held, payment_installments: 12 }, { first_payment_month: 'field_is_required' }],
    ['instalments with a first month', { ...held, payment_installments: 12, first_payment_month: '2027-01' }, {}],
    [
      'lines at a visit that did not take place',
      away({ demo_outcome: 'canceled', order_products: [LINE] }),
      { order_products: 'invalid_value' },
    ],
    [
      'lines at a held visit with a recall',
      { ...held, demo_outcome: 'recall', recall_time: LATER, order_products: [LINE] },
      { order_products: 'invalid_value' },
    ],
  ])('%s', (_name, facts, expected) => {
    expect(presentationDraftProblems(facts, now)).toEqual(expected);
  });
});

const service = (over: Partial<ServiceOutcomeFacts>): ServiceOutcomeFacts => ({
  was_at_home: true,
  recall_time: null,
  has_order: false,
  order_products: [],
  ...over,
});

describe('the cross-field rules of finishing a service', () => {
  it.each<[string, ServiceOutcomeFacts, Record<string, string>]>([
    ['at home, no order', service({}), {}],
    ['at home with an order and its lines', service({ has_order: true, order_products: [LINE] }), {}],
    ['an order without lines', service({ has_order: true }), { order_products: 'field_is_required' }],
    ['lines when the client was not at home', service({ was_at_home: false, order_products: [LINE] }), { order_products: 'invalid_value' }],
    ['a recall later', service({ was_at_home: false, recall_time: LATER }), {}],
    ['a recall in the past', service({ was_at_home: false, recall_time: EARLIER }), { recall_time: 'invalid_value' }],
  ])('%s', (_name, facts, expected) => {
    expect(serviceFinishProblems(facts, now)).toEqual(expected);
  });
});
