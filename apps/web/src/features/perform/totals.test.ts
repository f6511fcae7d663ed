import { describe, expect, it } from 'vitest';
import { formatMonth, instalmentSchedule, orderTotals, type OrderTotals } from './totals.ts';
import { aLine } from './test-data.ts';

const defaultPrice = (id: number) => (id === 7 ? 389_000 : 10_000);

describe('the totals of an order: only lines paid in money count', () => {
  it.each<[string, Parameters<typeof orderTotals>[0], Parameters<typeof orderTotals>[1], OrderTotals]>([
    [
      'one line',
      [aLine()],
      { discount_rec_sum: null, bank_processing_commission: 0 },
      { sold: 249_000, discount: 0, commission: 0, total: 249_000 },
    ],
    [
      'two of it',
      [aLine({ quantity: 2 })],
      { discount_rec_sum: null, bank_processing_commission: 0 },
      { sold: 498_000, discount: 0, commission: 0, total: 498_000 },
    ],
    [
      'the default price',
      [aLine({ price: null })],
      { discount_rec_sum: null, bank_processing_commission: 0 },
      { sold: 389_000, discount: 0, commission: 0, total: 389_000 },
    ],
    [
      'recommendations and gifts cost nothing',
      [aLine({ status: 'rec', rec_price: 5_000 }), aLine({ status: 'gift', price: null })],
      { discount_rec_sum: null, bank_processing_commission: 0 },
      { sold: 0, discount: 0, commission: 0, total: 0 },
    ],
    [
      'less the discount, plus the bank commission',
      [aLine()],
      { discount_rec_sum: 49_000, bank_processing_commission: 2_500 },
      { sold: 249_000, discount: 49_000, commission: 2_500, total: 202_500 },
    ],
    [
      'a discount never makes the goods cost less than nothing',
      [aLine()],
      { discount_rec_sum: 300_000, bank_processing_commission: 2_500 },
      { sold: 249_000, discount: 300_000, commission: 2_500, total: 2_500 },
    ],
    [
      'an amount that is not one counts as nothing',
      [aLine({ price: Number.NaN })],
      { discount_rec_sum: Number.NaN, bank_processing_commission: 0 },
      { sold: 0, discount: 0, commission: 0, total: 0 },
    ],
  ])('%s', (_name, lines, terms, expected) => {
    expect(orderTotals(lines, terms, defaultPrice)).toEqual(expected);
  });
});

describe('the instalments: equal parts, the odd Rappen with the first', () => {
  it.each<[string, number, string, number, { month: string; amount: number }[]]>([
    [
      'three even parts',
      300,
      '2026-11',
      3,
      [
        { month: '2026-11', amount: 100 },
        { month: '2026-12', amount: 100 },
        { month: '2027-01', amount: 100 },
      ],
    ],
    [
      'the rest first',
      100,
      '2026-12',
      3,
      [
        { month: '2026-12', amount: 34 },
        { month: '2027-01', amount: 33 },
        { month: '2027-02', amount: 33 },
      ],
    ],
    ['not a month', 100, '2026-13x', 2, []],
    ['no instalments', 100, '2026-12', 0, []],
    ['too many', 100, '2026-12', 121, []],
    ['a negative total', -1, '2026-12', 2, []],
  ])('%s', (_name, total, first, count, expected) => {
    expect(instalmentSchedule(total, first, count)).toEqual(expected);
  });

  it('reads a month as MM.YYYY', () => {
    expect(formatMonth('2027-01')).toBe('01.2027');
  });
});
