import { describe, expect, it } from 'vitest';
import { checkPresentationBody, instantOfZurichInput, presentationBodyOf, zurichInputOf } from './body.ts';
import { aDraft, aLine, aSale } from './test-data.ts';

describe('a datetime field holds Zurich wall time', () => {
  it.each<[string, string | null]>([
    ['2026-11-27T10:00', '2026-11-27T09:00:00.000Z'],
    ['2026-07-01T10:00', '2026-07-01T08:00:00.000Z'],
    ['', null],
    ['2026-11-27 10:00', null],
  ])('%s', (input, iso) => {
    const at = instantOfZurichInput(input);
    expect(at ? at.toISOString() : null).toBe(iso);
    if (at) {
      expect(zurichInputOf(at)).toBe(input);
    }
  });
});

describe('what finishing sends: only the answers of the steps the flow went through', () => {
  it('a recall: its time, no lines, no held answers', () => {
    const body = presentationBodyOf(
      aDraft({ was_at_home: false, demo_outcome: 'recall', outcome_time: '2026-11-27T10:00', quality: 'good', lines: [aLine()] }),
      '04',
    );
    expect(body).toMatchObject({
      was_at_home: false,
      demo_outcome: 'recall',
      recall_time: '2026-11-27T09:00:00.000Z',
      remeet_time: null,
      quality: null,
      order_products: [],
      has_order: false,
      step: '04',
    });
  });

  it('a follow-up demo: the time as remeet_time', () => {
    const body = presentationBodyOf(aDraft({ was_at_home: false, demo_outcome: 'remeet', outcome_time: '2026-11-27T10:00' }), '04');
    expect(body).toMatchObject({ recall_time: null, remeet_time: '2026-11-27T09:00:00.000Z' });
  });

  it('a sale: the lines and terms, the contract number trimmed', () => {
    const body = presentationBodyOf(aSale({ contract_number: ' K-1 ', discount_rec_sum: 10_000, outcome_time: '2026-11-27T10:00' }), '18');
    expect(body).toMatchObject({
      was_at_home: true,
      demo_outcome: null,
      recall_time: null,
      has_order: true,
      order_products: [{ product_id: 7, status: 'sell', quantity: 1, price: 249_000, rec_price: null, years_of_guarantee: null }],
      payment_method: 'cash',
      contract_number: 'K-1',
      discount_rec_sum: 10_000,
      user: undefined,
      sub_user: undefined,
    });
  });

  it('no main product: no discount, payment method, contract number or commission (spec 4)', () => {
    const body = presentationBodyOf(
      aSale({
        bought_product: false,
        bought_other_products: true,
        lines: [aLine({ product_type: 'other' })],
        discount_rec_sum: 10_000,
        contract_number: 'K-1',
        bank_processing_commission: 500,
      }),
      '18',
    );
    expect(body).toMatchObject({ discount_rec_sum: null, payment_method: null, contract_number: null, bank_processing_commission: 0 });
  });

  it('a gift only when one was handed over, reasons only on their branch', () => {
    const body = presentationBodyOf(aSale({ got_gift: false, gift: 4, rej_gift_reason_desc: ['no_time'] as never, quality: 'good' }), '18');
    expect(body).toMatchObject({ got_gift: false, gift: null, bad_quality_reason: [] });
  });
});

describe('the checks the server makes, made before sending', () => {
  it.each<[string, Parameters<typeof checkPresentationBody>[0], Record<string, string>]>([
    ['a valid body', presentationBodyOf(aSale(), '18'), {}],
    [
      'a first month that is no month',
      { ...presentationBodyOf(aSale(), '18'), first_payment_month: '2026-13' },
      { first_payment_month: 'invalid_value' },
    ],
  ])('%s', (_name, body, expected) => {
    expect(checkPresentationBody(body)).toEqual(expected);
  });
});
