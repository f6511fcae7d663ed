import { describe, expect, it } from 'vitest';
import {
  COMMISSION_STATUSES,
  hasInvoice,
  isFinancedOrder,
  isPaidInMoney,
  lineMoney,
  DEFAULT_ORDER_STATUSES,
  isFinalCommission,
  isFinalReceipt,
  isRunningOrder,
  ORDER_STATUSES,
  orderStatusesToAsk,
  RECEIPT_STATUSES,
  type CommissionStatus,
  type OrderStatus,
  type ReceiptStatus,
} from './finances.ts';

describe('isRunningOrder: open, pending and on hold run; closed and canceled keep their money', () => {
  const cases: [OrderStatus, boolean][] = [
    ['open', true],
    ['pending', true],
    ['on_hold', true],
    ['closed', false],
    ['canceled', false],
  ];
  it('covers every order status', () => {
    expect(cases.map(([s]) => s).sort()).toEqual([...ORDER_STATUSES].sort());
  });
  it.each(cases)('%s → %s', (status, running) => {
    expect(isRunningOrder(status)).toBe(running);
  });
});

describe('isFinalCommission: a paid commission never changes', () => {
  const cases: [CommissionStatus, boolean][] = [
    ['open', false],
    ['pending', false],
    ['paid', true],
    ['paid_as_discount', true],
  ];
  it('covers every commission status', () => {
    expect(cases.map(([s]) => s).sort()).toEqual([...COMMISSION_STATUSES].sort());
  });
  it.each(cases)('%s → %s', (status, final) => {
    expect(isFinalCommission(status)).toBe(final);
  });
});

describe('isFinalReceipt: a paid receipt stays paid', () => {
  const cases: [ReceiptStatus, boolean][] = [
    ['open', false],
    ['paid', true],
  ];
  it('covers every receipt status', () => {
    expect(cases.map(([s]) => s).sort()).toEqual([...RECEIPT_STATUSES].sort());
  });
  it.each(cases)('%s → %s', (status, final) => {
    expect(isFinalReceipt(status)).toBe(final);
  });
});

describe('orderStatusesToAsk: the chosen statuses, or every status when none is chosen', () => {
  const cases: [string, readonly OrderStatus[], OrderStatus[]][] = [
    ['none chosen: every status', [], [...ORDER_STATUSES]],
    ['the default filter', DEFAULT_ORDER_STATUSES, ['open', 'pending']],
    ['one status', ['closed'], ['closed']],
  ];
  it.each(cases)('%s', (_, chosen, asked) => {
    expect(orderStatusesToAsk(chosen)).toEqual(asked);
  });
  it('the default filter is open and pending (spec 9)', () => {
    expect(DEFAULT_ORDER_STATUSES).toEqual(['open', 'pending']);
  });
});

describe('hasInvoice and isFinancedOrder: what the payment method decides', () => {
  const cases: [string | null, boolean, boolean][] = [
    ['bill', true, false],
    ['omnicas', false, true],
    ['cash', false, false],
    [null, false, false],
  ];
  it.each(cases)('%s: invoice %s, financed %s', (method, invoice, financed) => {
    expect(hasInvoice(method)).toBe(invoice);
    expect(isFinancedOrder(method)).toBe(financed);
  });
});

describe('lineMoney: only a line sold for money brings money', () => {
  const cases: ['sell' | 'rec' | 'gift', number, number, boolean, number][] = [
    ['sell', 129_900, 2, true, 259_800],
    ['rec', 129_900, 1, false, 0],
    ['gift', 4_900, 3, false, 0],
    ['sell', 0, 5, true, 0],
  ];
  it.each(cases)('%s at %s × %s: in money %s, brings %s', (status, price, quantity, inMoney, money) => {
    expect(isPaidInMoney({ status })).toBe(inMoney);
    expect(lineMoney({ status, price, quantity })).toBe(money);
  });
});
