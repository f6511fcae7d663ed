import { describe, expect, it } from 'vitest';
import {
  CLAWBACK_WINDOW_DAYS,
  clawbacks,
  deliveryStatusOf,
  discountExceedsSale,
  instalmentSchedule,
  ORDER_STATUSES,
  orderDebt,
  orderFlags,
  orderSum,
  PAYMENT_STATUSES,
  paymentStatusOf,
  percentOf,
  planCommissions,
  toggledOrder,
  withinClawbackWindow,
  type CommissionRate,
  type OrderFlagsInput,
  type OrderStatus,
  type OrderToggle,
  type PaymentStatus,
} from './finances.ts';

const order = (over: Partial<OrderFlagsInput> = {}): OrderFlagsInput => ({
  status: 'open',
  payment_status: 'open',
  payment_method: 'bill',
  checked_contract: false,
  checked_bank_docs: false,
  checked_bank_delivery: false,
  checked_payments: false,
  ...over,
});

/** Every combination of status, payment status, method (omnicas or not) and the four checks. */
function everyOrder(): OrderFlagsInput[] {
  const out: OrderFlagsInput[] = [];
  for (const status of ORDER_STATUSES) {
    for (const payment_status of PAYMENT_STATUSES) {
      for (const payment_method of ['omnicas', 'bill', null]) {
        for (let bits = 0; bits < 16; bits += 1) {
          out.push({
            status,
            payment_status,
            payment_method,
            checked_contract: (bits & 1) !== 0,
            checked_bank_docs: (bits & 2) !== 0,
            checked_bank_delivery: (bits & 4) !== 0,
            checked_payments: (bits & 8) !== 0,
          });
        }
      }
    }
  }
  return out;
}

describe('orderFlags: the sentences of spec 4, checked over every combination', () => {
  const all = everyOrder();

  it('covers 5 statuses × 3 payment statuses × 3 methods × 16 check sets', () => {
    expect(all).toHaveLength(5 * 3 * 3 * 16);
  });

  it('"Order status may be toggled only when the contract is checked and payment status is paid. For payment method omnicas, bank docs, bank delivery and payments must also be checked."', () => {
    for (const o of all) {
      const omnicasDone = o.checked_bank_docs && o.checked_bank_delivery && o.checked_payments;
      const expected = o.checked_contract && o.payment_status === 'paid' && (o.payment_method !== 'omnicas' || omnicasDone);
      expect(orderFlags(o).canToggleStatus, JSON.stringify(o)).toBe(expected);
    }
  });

  it('"Payment status may be toggled when order status is not closed, payment status is not open and the contract is checked."', () => {
    for (const o of all) {
      const expected = o.status !== 'closed' && o.payment_status !== 'open' && o.checked_contract;
      expect(orderFlags(o).canTogglePaymentStatus, JSON.stringify(o)).toBe(expected);
    }
  });

  it('"Cancel is allowed when order status is open or canceled."', () => {
    for (const o of all) {
      expect(orderFlags(o).canBeCanceled, JSON.stringify(o)).toBe(o.status === 'open' || o.status === 'canceled');
    }
  });

  it('"On-hold toggle is allowed when order status is open, pending or on_hold."', () => {
    for (const o of all) {
      expect(orderFlags(o).canToggleOnHold, JSON.stringify(o)).toBe(['open', 'pending', 'on_hold'].includes(o.status));
    }
  });
});

describe('orderFlags: the cases by name', () => {
  const paidChecked = { payment_status: 'paid', checked_contract: true } as const;
  it.each<[string, Partial<OrderFlagsInput>, boolean]>([
    ['a fresh order', {}, false],
    ['paid, contract not checked', { payment_status: 'paid' }, false],
    ['contract checked, payment pending', { checked_contract: true, payment_status: 'pending' }, false],
    ['contract checked, payment open', { checked_contract: true }, false],
    ['paid and checked, bill', paidChecked, true],
    ['paid and checked, no method yet', { ...paidChecked, payment_method: null }, true],
    ['paid and checked, closed already (it may open again)', { ...paidChecked, status: 'closed' }, true],
    ['omnicas, paid and checked, nothing else', { ...paidChecked, payment_method: 'omnicas' }, false],
    [
      'omnicas without payments checked',
      { ...paidChecked, payment_method: 'omnicas', checked_bank_docs: true, checked_bank_delivery: true },
      false,
    ],
    [
      'omnicas without bank delivery checked',
      { ...paidChecked, payment_method: 'omnicas', checked_bank_docs: true, checked_payments: true },
      false,
    ],
    [
      'omnicas without bank docs checked',
      { ...paidChecked, payment_method: 'omnicas', checked_bank_delivery: true, checked_payments: true },
      false,
    ],
    [
      'omnicas with all four checked',
      { ...paidChecked, payment_method: 'omnicas', checked_bank_docs: true, checked_bank_delivery: true, checked_payments: true },
      true,
    ],
    [
      'bank checks do not replace the contract',
      { payment_status: 'paid', checked_bank_docs: true, checked_bank_delivery: true, checked_payments: true },
      false,
    ],
  ])('status toggle: %s → %s', (_name, over, expected) => {
    expect(orderFlags(order(over)).canToggleStatus).toBe(expected);
  });

  it.each<[OrderStatus, PaymentStatus, boolean, boolean]>([
    ['open', 'pending', true, true],
    ['open', 'paid', true, true],
    ['open', 'open', true, false],
    ['pending', 'paid', true, true],
    ['on_hold', 'pending', true, true],
    ['canceled', 'paid', true, true],
    ['closed', 'paid', true, false],
    ['open', 'paid', false, false],
  ])('payment status toggle: order %s, payment %s, contract checked %s → %s', (status, payment_status, checked_contract, expected) => {
    expect(orderFlags(order({ status, payment_status, checked_contract })).canTogglePaymentStatus).toBe(expected);
  });

  it.each<[OrderStatus, boolean, boolean]>([
    ['open', true, true],
    ['pending', false, true],
    ['closed', false, false],
    ['canceled', true, false],
    ['on_hold', false, true],
  ])('order %s: cancel %s, on hold %s', (status, cancel, onHold) => {
    const flags = orderFlags(order({ status }));
    expect([flags.canBeCanceled, flags.canToggleOnHold]).toEqual([cancel, onHold]);
  });
});

describe('toggledOrder: what each toggle does, and nothing when the flag forbids it', () => {
  const paidChecked = { payment_status: 'paid', checked_contract: true } as const;
  it.each<[string, Partial<OrderFlagsInput>, OrderToggle, { status: OrderStatus; payment_status: PaymentStatus } | null]>([
    ['status closes a paid, checked open order', { ...paidChecked }, 'status', { status: 'closed', payment_status: 'paid' }],
    ['status closes a pending one', { ...paidChecked, status: 'pending' }, 'status', { status: 'closed', payment_status: 'paid' }],
    [
      'status opens a closed one again as pending',
      { ...paidChecked, status: 'closed' },
      'status',
      { status: 'pending', payment_status: 'paid' },
    ],
    ['status is refused before the contract is checked', { payment_status: 'paid' }, 'status', null],
    ['status is refused while money is owed', { checked_contract: true, payment_status: 'pending' }, 'status', null],
    ['status is refused for omnicas without the bank checks', { ...paidChecked, payment_method: 'omnicas' }, 'status', null],
    [
      'payment status: pending → paid',
      { checked_contract: true, payment_status: 'pending' },
      'payment_status',
      { status: 'open', payment_status: 'paid' },
    ],
    ['payment status: paid → pending', { ...paidChecked }, 'payment_status', { status: 'open', payment_status: 'pending' }],
    ['payment status is refused while nothing is paid', { checked_contract: true }, 'payment_status', null],
    ['payment status is refused on a closed order', { ...paidChecked, status: 'closed' }, 'payment_status', null],
    ['payment status is refused before the contract is checked', { payment_status: 'pending' }, 'payment_status', null],
    ['cancel: open → canceled', {}, 'cancel', { status: 'canceled', payment_status: 'open' }],
    ['cancel again: canceled → open', { status: 'canceled' }, 'cancel', { status: 'open', payment_status: 'open' }],
    [
      'cancel keeps the payment status',
      { status: 'open', payment_status: 'pending' },
      'cancel',
      { status: 'canceled', payment_status: 'pending' },
    ],
    ['cancel is refused on a pending order', { status: 'pending' }, 'cancel', null],
    ['cancel is refused on a closed order', { ...paidChecked, status: 'closed' }, 'cancel', null],
    ['cancel is refused on hold', { status: 'on_hold' }, 'cancel', null],
    ['on hold: open → on_hold', {}, 'on_hold', { status: 'on_hold', payment_status: 'open' }],
    ['on hold: pending → on_hold', { status: 'pending' }, 'on_hold', { status: 'on_hold', payment_status: 'open' }],
    [
      'off hold: an open order paused resumes open',
      { status: 'on_hold', status_before_hold: 'open' },
      'on_hold',
      { status: 'open', payment_status: 'open' },
    ],
    [
      'off hold: a pending order paused resumes pending',
      { status: 'on_hold', status_before_hold: 'pending', payment_status: 'pending' },
      'on_hold',
      { status: 'pending', payment_status: 'pending' },
    ],
    ['off hold without a remembered status: pending', { status: 'on_hold' }, 'on_hold', { status: 'pending', payment_status: 'open' }],
    [
      'off hold never resumes into a status a pause cannot come from',
      { status: 'on_hold', status_before_hold: 'closed' },
      'on_hold',
      { status: 'pending', payment_status: 'open' },
    ],
    ['on hold is refused on a closed order', { status: 'closed' }, 'on_hold', null],
    ['on hold is refused on a canceled order', { status: 'canceled' }, 'on_hold', null],
  ])('%s', (_name, over, toggle, expected) => {
    expect(toggledOrder(order(over), toggle)).toEqual(expected);
  });

  it('a toggle is possible exactly when its flag says so, over every combination', () => {
    const flagOf: Record<OrderToggle, keyof ReturnType<typeof orderFlags>> = {
      status: 'canToggleStatus',
      payment_status: 'canTogglePaymentStatus',
      cancel: 'canBeCanceled',
      on_hold: 'canToggleOnHold',
    };
    for (const o of everyOrder()) {
      for (const toggle of Object.keys(flagOf) as OrderToggle[]) {
        expect(toggledOrder(o, toggle) !== null, `${toggle} ${JSON.stringify(o)}`).toBe(orderFlags(o)[flagOf[toggle]]);
      }
    }
  });
});

describe('discountExceedsSale: a recommendation discount is at most what was sold in money', () => {
  const main = { status: 'sell', price: 249_000, quantity: 1 } as const;
  it.each<[string, Parameters<typeof discountExceedsSale>, boolean]>([
    ['CHF 5000 on a CHF 2490 sale', [[main], 500_000], true],
    ['the whole sale', [[main], 249_000], false],
    ['one Rappen more than the sale', [[main], 249_001], true],
    ['quantities count', [[{ ...main, quantity: 3 }], 747_000], false],
    [
      'lines paid by recommendation or gifts do not count',
      [
        [
          { ...main, status: 'rec' },
          { ...main, status: 'gift' },
        ],
        1,
      ],
      true,
    ],
    ['no discount on no sale', [[], 0], false],
    ['a discount without a sale', [[], 100], true],
  ])('%s', (_name, args, expected) => {
    expect(discountExceedsSale(...args)).toBe(expected);
  });
});

describe('orderSum, orderDebt, paymentStatusOf (integer Rappen)', () => {
  it.each<[string, Parameters<typeof orderSum>, number]>([
    [
      'lines paid in money: price × quantity',
      [
        [
          { status: 'sell', price: 389_050, quantity: 1 },
          { status: 'sell', price: 4_995, quantity: 3 },
        ],
        0,
        0,
      ],
      404_035,
    ],
    [
      'recommendation lines and gifts do not count',
      [
        [
          { status: 'sell', price: 100_000, quantity: 1 },
          { status: 'rec', price: 20_000, quantity: 1 },
          { status: 'gift', price: 5_000, quantity: 1 },
        ],
        0,
        0,
      ],
      100_000,
    ],
    ['less the recommendation discount', [[{ status: 'sell', price: 100_000, quantity: 1 }], 15_050, 0], 84_950],
    ['the discount never takes the lines below zero', [[{ status: 'sell', price: 10_000, quantity: 1 }], 50_000, 0], 0],
    ['plus the bank commission, also after a discount to zero', [[{ status: 'sell', price: 10_000, quantity: 1 }], 50_000, 1_990], 1_990],
    ['no lines', [[], 0, 0], 0],
  ])('orderSum: %s', (_name, args, expected) => {
    expect(orderSum(...args)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [399_000, 0, 399_000],
    [399_000, 199_000, 200_000],
    [399_000, 399_000, 0],
    [399_000, 400_000, 0],
    [399_000, -1_000, 400_000],
    [0, 0, 0],
  ])('orderDebt(sum %i, paid %i) = %i', (sum, paid, expected) => {
    expect(orderDebt(sum, paid)).toBe(expected);
  });

  it.each<[number, number, PaymentStatus]>([
    [399_000, 0, 'open'],
    [399_000, -500, 'open'],
    [399_000, 1, 'pending'],
    [399_000, 398_999, 'pending'],
    [399_000, 399_000, 'paid'],
    [399_000, 399_001, 'paid'],
    // Nothing owed is paid.
    [0, 0, 'paid'],
  ])('paymentStatusOf(sum %i, paid %i) = %s', (sum, paid, expected) => {
    expect(paymentStatusOf(sum, paid)).toBe(expected);
  });
});

describe('deliveryStatusOf', () => {
  const main = (delivered: boolean) => ({ productType: 'main', status: 'sell', delivered });
  const other = (delivered: boolean, status = 'sell') => ({ productType: 'other', status, delivered });
  const gift = { productType: 'gift', status: 'gift', delivered: false };
  it.each<[string, Parameters<typeof deliveryStatusOf>[0], ReturnType<typeof deliveryStatusOf>]>([
    ['nothing delivered', [main(false), other(false)], 'not_delivered'],
    ['the main product first', [main(true), other(false)], 'main_product_delivered'],
    ['everything', [main(true), other(true)], 'delivered'],
    ['everything but the gift, which is handed over at the demo', [main(true), other(true), gift], 'delivered'],
    ['a recommendation line is a good to deliver too', [main(true), other(false, 'rec')], 'main_product_delivered'],
    ['only the other product, main still missing', [main(false), other(true)], 'not_delivered'],
    ['an order without a main product, all delivered', [other(true)], 'delivered'],
    ['an order without a main product, not yet', [other(false)], 'not_delivered'],
    ['two mains, one delivered', [main(true), main(false)], 'not_delivered'],
    ['no lines at all', [], 'not_delivered'],
  ])('%s → %s', (_name, lines, expected) => {
    expect(deliveryStatusOf(lines)).toBe(expected);
  });
});

describe('instalmentSchedule', () => {
  it('the Rappen that do not divide go to the first instalment; the schedule adds up to the sum', () => {
    const s = instalmentSchedule(100_000, '2026-11', 3);
    expect(s).toEqual([
      { month: '2026-11', amount: 33_334 },
      { month: '2026-12', amount: 33_333 },
      { month: '2027-01', amount: 33_333 },
    ]);
    expect(s.reduce((a, b) => a + b.amount, 0)).toBe(100_000);
  });

  it.each<[number, number]>([
    [389_050, 7],
    [1, 12],
    [99_999, 24],
    [404_035, 36],
  ])('%i Rappen in %i months add up exactly', (sum, count) => {
    const s = instalmentSchedule(sum, '2026-06', count);
    expect(s).toHaveLength(count);
    expect(s.reduce((a, b) => a + b.amount, 0)).toBe(sum);
    expect(new Set(s.slice(1).map((i) => i.amount)).size).toBeLessThanOrEqual(1);
    expect(s[0]!.amount - (s[1]?.amount ?? s[0]!.amount)).toBeLessThan(count);
  });

  it('runs over the year end, and over several', () => {
    expect(instalmentSchedule(2_500, '2026-12', 2).map((i) => i.month)).toEqual(['2026-12', '2027-01']);
    const long = instalmentSchedule(2_600, '2026-11', 26);
    expect(long[2]!.month).toBe('2027-01');
    expect(long[14]!.month).toBe('2028-01');
    expect(long.at(-1)!.month).toBe('2028-12');
  });

  it('one instalment is the whole sum', () => {
    expect(instalmentSchedule(12_345, '2027-01', 1)).toEqual([{ month: '2027-01', amount: 12_345 }]);
  });

  it.each<[string, number]>([
    ['2026-13', 3],
    ['2026-00', 3],
    ['2026-1', 3],
    ['11.2026', 3],
    ['2026-11', 0],
    ['2026-11', -2],
  ])('nothing for a bad month or count (%s, %i)', (month, count) => {
    expect(instalmentSchedule(10_000, month, count)).toEqual([]);
  });
});

describe('percentOf: once per row, rounded half away from zero to the Rappen', () => {
  it.each<[number, number, number]>([
    [389_050, 1_000, 38_905],
    // 11'671.5 → 11'672
    [389_050, 300, 11_672],
    // 3'890.5 → 3'891
    [389_050, 100, 3_891],
    // 617.25 → 617
    [12_345, 500, 617],
    // 123.45 → 123
    [12_345, 100, 123],
    // 0.5 → 1, 0.4999 → 0
    [50, 100, 1],
    [4_999, 1, 0],
    [5_000, 1, 1],
    // Negative bases (a clawback computed from a negative difference) round away from zero too.
    [-50, 100, -1],
    [-389_050, 300, -11_672],
    [-12_345, 500, -617],
    [0, 1_000, 0],
    [100_000, 0, 0],
    // A large order stays exact: 12'339'999.8766 → 12'340'000.
    [99_999_999, 1_234, 12_340_000],
  ])('%i Rappen × %i bp = %i', (base, bp, expected) => {
    expect(percentOf(base, bp)).toBe(expected);
  });

  it('never answers -0', () => {
    expect(Object.is(percentOf(-1, 1), -0)).toBe(false);
  });
});

describe('planCommissions', () => {
  const rates: CommissionRate[] = [
    { product_type: 'main', reason: 'sale', kind: 'percent', value: 1_000 },
    { product_type: 'other', reason: 'sale', kind: 'percent', value: 500 },
    { product_type: 'main', reason: 'l1', kind: 'percent', value: 300 },
    { product_type: 'other', reason: 'l1', kind: 'percent', value: 100 },
    { product_type: 'main', reason: 'l2', kind: 'percent', value: 200 },
    { product_type: 'main', reason: 'l3', kind: 'percent', value: 100 },
    { product_type: 'main', reason: 'ca', kind: 'fixed', value: 5_000 },
  ];
  const lines = [
    { product_type: 'main', status: 'sell', price: 389_050, quantity: 1 },
    { product_type: 'other', status: 'sell', price: 12_345, quantity: 1 },
    // Paid by recommendations, and the gift: earn nothing.
    { product_type: 'other', status: 'rec', price: 20_000, quantity: 1 },
    { product_type: 'gift', status: 'gift', price: 0, quantity: 1 },
  ] as const;

  it('a seller with three active uplines and a call agent, exact to the Rappen', () => {
    expect(
      planCommissions({
        lines,
        rates,
        sellerId: 10,
        uplines: [
          { id: 11, active: true },
          { id: 12, active: true },
          { id: 13, active: true },
          { id: 14, active: true },
        ],
        callAgentId: 20,
      }),
    ).toEqual([
      // 10 % of 3'890.50 = 389.05, 5 % of 123.45 = 6.1725 → 6.17
      { agent_id: 10, reason: 'sale', amount: 38_905 + 617 },
      // 3 % of 3'890.50 = 116.715 → 116.72, 1 % of 123.45 = 1.2345 → 1.23
      { agent_id: 11, reason: 'l1', amount: 11_672 + 123 },
      // 2 % → 77.81
      { agent_id: 12, reason: 'l2', amount: 7_781 },
      // 1 % of 3'890.50 = 38.905 → 38.91; the fourth upline earns nothing
      { agent_id: 13, reason: 'l3', amount: 3_891 },
      // fixed CHF 50 per main unit
      { agent_id: 20, reason: 'ca', amount: 5_000 },
    ]);
  });

  it('an inactive upline is skipped: the next active one takes the level', () => {
    const planned = planCommissions({
      lines,
      rates,
      sellerId: 10,
      uplines: [
        { id: 11, active: true },
        { id: 12, active: false },
        { id: 13, active: true },
        { id: 14, active: true },
      ],
      callAgentId: 20,
    });
    expect(planned.map((p) => [p.agent_id, p.reason, p.amount])).toEqual([
      [10, 'sale', 39_522],
      [11, 'l1', 11_795],
      [13, 'l2', 7_781],
      [14, 'l3', 3_891],
      [20, 'ca', 5_000],
    ]);
  });

  it('fewer uplines than levels, no call agent', () => {
    const planned = planCommissions({ lines, rates, sellerId: 10, uplines: [{ id: 11, active: true }], callAgentId: null });
    expect(planned.map((p) => p.reason)).toEqual(['sale', 'l1']);
  });

  it('the seller never earns a level above themself (a loop in the tree)', () => {
    const planned = planCommissions({
      lines,
      rates,
      sellerId: 10,
      uplines: [
        { id: 10, active: true },
        { id: 11, active: true },
      ],
      callAgentId: null,
    });
    expect(planned.map((p) => [p.agent_id, p.reason])).toEqual([
      [10, 'sale'],
      [11, 'l1'],
    ]);
  });

  it('fixed rates count units; a percentage is taken of the whole base of a type, rounded once', () => {
    const planned = planCommissions({
      lines: [
        { product_type: 'main', status: 'sell', price: 50, quantity: 2 },
        { product_type: 'main', status: 'sell', price: 50, quantity: 1 },
        { product_type: 'other', status: 'sell', price: 50, quantity: 1 },
        { product_type: 'other', status: 'sell', price: 50, quantity: 1 },
      ],
      rates: [
        // 1 % of 150 Rappen = 1.5 → 2
        { product_type: 'main', reason: 'sale', kind: 'percent', value: 100 },
        // 1 % of 50 + 50 taken once = 1; line by line, 0.5 + 0.5 would round to 2
        { product_type: 'other', reason: 'sale', kind: 'percent', value: 100 },
        { product_type: 'main', reason: 'ca', kind: 'fixed', value: 1_000 },
      ],
      sellerId: 1,
      uplines: [],
      callAgentId: 2,
    });
    expect(planned).toEqual([
      { agent_id: 1, reason: 'sale', amount: 2 + 1 },
      { agent_id: 2, reason: 'ca', amount: 3_000 },
    ]);
  });

  it('no rate, or only gifts and recommendation lines: no rows', () => {
    expect(planCommissions({ lines, rates: [], sellerId: 1, uplines: [], callAgentId: 2 })).toEqual([]);
    expect(
      planCommissions({
        lines: [{ product_type: 'main', status: 'rec', price: 100_000, quantity: 1 }],
        rates,
        sellerId: 1,
        uplines: [],
        callAgentId: 2,
      }),
    ).toEqual([]);
  });
});

describe('clawbacks', () => {
  it('reverses each agent and reason once, by what it nets to', () => {
    expect(
      clawbacks([
        { agent_id: 10, reason: 'sale', amount: 39_522 },
        { agent_id: 11, reason: 'l1', amount: 11_795 },
        { agent_id: 20, reason: 'ca', amount: 5_000 },
        // a later line change added to the sale
        { agent_id: 10, reason: 'sale', amount: 1_000 },
      ]),
    ).toEqual([
      { agent_id: 10, reason: 'sale', amount: -40_522 },
      { agent_id: 11, reason: 'l1', amount: -11_795 },
      { agent_id: 20, reason: 'ca', amount: -5_000 },
    ]);
  });

  it('what is already reversed is not reversed again', () => {
    expect(
      clawbacks([
        { agent_id: 10, reason: 'sale', amount: 39_522 },
        { agent_id: 10, reason: 'sale', amount: -39_522 },
        { agent_id: 11, reason: 'l1', amount: 11_795 },
      ]),
    ).toEqual([{ agent_id: 11, reason: 'l1', amount: -11_795 }]);
  });

  it('the same agent under two reasons is reversed under each', () => {
    expect(
      clawbacks([
        { agent_id: 10, reason: 'sale', amount: 100 },
        { agent_id: 10, reason: 'ca', amount: 50 },
      ]),
    ).toEqual([
      { agent_id: 10, reason: 'sale', amount: -100 },
      { agent_id: 10, reason: 'ca', amount: -50 },
    ]);
  });

  it('nothing to reverse', () => {
    expect(clawbacks([])).toEqual([]);
  });

  it('the reversals and the rows add up to zero', () => {
    const rows = [
      { agent_id: 1, reason: 'sale', amount: 12_345 },
      { agent_id: 2, reason: 'l1', amount: 678 },
      { agent_id: 1, reason: 'sale', amount: -45 },
    ] as const;
    const all = [...rows, ...clawbacks(rows)];
    expect(all.reduce((s, r) => s + r.amount, 0)).toBe(0);
  });
});

describe('withinClawbackWindow', () => {
  const checked = new Date('2026-03-01T10:00:00Z');
  const day = 86_400_000;
  it.each<[string, number, boolean]>([
    ['the same day', 0, true],
    ['14 days later (the revocation period)', 14 * day, true],
    [`exactly ${CLAWBACK_WINDOW_DAYS} days later`, CLAWBACK_WINDOW_DAYS * day, true],
    ['a moment after the window', CLAWBACK_WINDOW_DAYS * day + 1, false],
    ['months later', 120 * day, false],
  ])('%s → %s', (_name, after, expected) => {
    expect(withinClawbackWindow(checked, new Date(checked.getTime() + after))).toBe(expected);
  });
});
