import { describe, expect, it } from 'vitest';
import { serviceBodyOf, serviceProblems, serviceReducer, type ServiceDraft } from './service-draft.ts';
import { aLine, aServiceDraft } from './test-data.ts';

const now = new Date('2026-11-26T10:00:00Z');

describe('what finishing a service sends', () => {
  it.each<[string, ServiceDraft, Record<string, unknown>]>([
    [
      'not at home, with a recall',
      aServiceDraft({ was_at_home: false, recall_time: '2026-11-27T10:00', has_order: true, lines: [aLine()] }),
      { was_at_home: false, recall_time: '2026-11-27T09:00:00.000Z', has_order: false, order_products: [] },
    ],
    [
      'at home with an order: its lines, no recall',
      aServiceDraft({ was_at_home: true, recall_time: '2026-11-27T10:00', has_order: true, lines: [aLine()] }),
      { was_at_home: true, recall_time: null, has_order: true, order_products: [{ product_id: 7 }] },
    ],
    [
      'at home without an order: no lines',
      aServiceDraft({ was_at_home: true, has_order: false, lines: [aLine()] }),
      { has_order: false, order_products: [] },
    ],
  ])('%s', (_name, d, expected) => {
    expect(serviceBodyOf(d)).toMatchObject(expected);
  });
});

describe('what a service needs before it can finish', () => {
  it.each<[string, ServiceDraft, Record<string, string>]>([
    ['nothing answered', aServiceDraft(), { was_at_home: 'field_is_required' }],
    ['not at home, no recall', aServiceDraft({ was_at_home: false }), {}],
    ['not at home, a recall later', aServiceDraft({ was_at_home: false, recall_time: '2026-11-27T10:00' }), {}],
    [
      'not at home, a recall in the past',
      aServiceDraft({ was_at_home: false, recall_time: '2026-11-25T10:00' }),
      { recall_time: 'invalid_value' },
    ],
    [
      'not at home, a recall that is no time',
      aServiceDraft({ was_at_home: false, recall_time: '27.11.2026' }),
      { recall_time: 'invalid_value' },
    ],
    ['at home, order not answered', aServiceDraft({ was_at_home: true }), { has_order: 'field_is_required' }],
    ['at home, an order without lines', aServiceDraft({ was_at_home: true, has_order: true }), { order_products: 'field_is_required' }],
    ['at home, an order with lines', aServiceDraft({ was_at_home: true, has_order: true, lines: [aLine()] }), {}],
    [
      'at home, a price that is no amount',
      aServiceDraft({ was_at_home: true, has_order: true, lines: [aLine({ price: Number.NaN })] }),
      { 'order_products.0.price': 'invalid_value' },
    ],
  ])('%s', (_name, d, expected) => {
    expect(serviceProblems(d, now)).toEqual(expected);
  });
});

describe('the service reducer', () => {
  it('a gift line carries no price; lines are changed and removed by key', () => {
    const added = serviceReducer(aServiceDraft(), { type: 'addLine', line: { ...aLine(), status: 'gift' } });
    expect(added.lines[0]).toMatchObject({ status: 'gift', price: null });
    const key = added.lines[0]!.key;
    const sold = serviceReducer(added, { type: 'updateLine', key, patch: { status: 'sell', price: 1_000 } });
    expect(sold.lines[0]).toMatchObject({ status: 'sell', price: 1_000 });
    expect(serviceReducer(sold, { type: 'removeLine', key }).lines).toEqual([]);
  });
});
