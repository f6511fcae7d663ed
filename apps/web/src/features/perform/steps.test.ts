import { describe, expect, it } from 'vitest';
import type { LineDraft, PresentationDraft } from './draft.ts';
import { stepProblem } from './steps.ts';

const line = (over: Partial<LineDraft> = {}): LineDraft => ({
  key: 'l1',
  product_id: 7,
  product_type: 'main',
  status: 'sell',
  quantity: 1,
  years_of_guarantee: null,
  price: 249_000,
  rec_price: null,
  ...over,
});

/** Only what the discount step reads. */
const draft = (discount: number | null, lines: LineDraft[] = [line()]) =>
  ({ lines, discount_rec_sum: discount, discount_rec_count: null, bank_processing_commission: 0 }) as unknown as PresentationDraft;

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
