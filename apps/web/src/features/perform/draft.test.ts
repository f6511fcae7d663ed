import type { FlowStepId } from '@bo/domain';
import { describe, expect, it } from 'vitest';
import { flowPath, flowReducer, lineWithStatus, orderTypes, type FlowState, type PresentationDraft } from './draft.ts';
import { aDraft, aLine, aSale } from './test-data.ts';

describe('the path of the flow follows the answers', () => {
  it.each<[string, PresentationDraft, FlowStepId[]]>([
    ['nothing answered yet', aDraft(), ['00', '05', '06', '07', '08', '09', '14', '15', '16', '18']],
    ['not at home, canceled', aDraft({ was_at_home: false, demo_outcome: 'canceled' }), ['00', '01', '03', '04']],
    ['not at home, a recall', aDraft({ was_at_home: false, demo_outcome: 'recall' }), ['00', '01', '02', '03', '04']],
    ['not at home, a follow-up demo', aDraft({ was_at_home: false, demo_outcome: 'remeet' }), ['00', '01', '02', '03', '04']],
    [
      'held, did not see the presentation',
      aDraft({ was_at_home: true, saw_presentation: false }),
      ['00', '05', '06', '07', '14', '15', '16', '18'],
    ],
    [
      'held, bought nothing',
      aDraft({ was_at_home: true, saw_presentation: true, bought_product: false, bought_other_products: false }),
      ['00', '05', '06', '07', '08', '09', '14', '15', '16', '18'],
    ],
    ['held, bought the main product', aSale(), ['00', '05', '06', '07', '08', '10', '11', '12', '13', '14', '15', '16', '17', '18']],
    [
      'held, bought other products only',
      aSale({ bought_product: false, bought_other_products: true, lines: [aLine({ product_type: 'other' })] }),
      ['00', '05', '06', '07', '08', '10', '14', '15', '16', '17', '18'],
    ],
    [
      'held, bought, but the main product is only given away',
      aSale({ lines: [aLine({ status: 'gift', price: null })] }),
      ['00', '05', '06', '07', '08', '10', '14', '15', '16', '17', '18'],
    ],
  ])('%s', (_name, d, path) => {
    expect(flowPath(d)).toEqual(path);
  });
});

describe('the product types of an order: a gift is not sold', () => {
  it.each<[string, Parameters<typeof orderTypes>[0], string[]]>([
    ['no lines', [], []],
    ['a main product sold', [{ product_type: 'main', status: 'sell' }], ['main']],
    ['paid by recommendations', [{ product_type: 'main', status: 'rec' }], ['main']],
    ['given away', [{ product_type: 'main', status: 'gift' }], []],
    [
      'mixed',
      [
        { product_type: 'other', status: 'sell' },
        { product_type: 'gift', status: 'gift' },
        { product_type: 'main', status: 'rec' },
      ],
      ['other', 'main'],
    ],
  ])('%s', (_name, lines, types) => {
    expect(orderTypes(lines)).toEqual(types);
  });
});

describe("a line's status decides what it carries", () => {
  it.each<[string, Parameters<typeof lineWithStatus>[1], { price: number | null; rec_price: number | null }]>([
    ['sold: its price, no recommendation price', { status: 'sell', rec_price: 5_000 }, { price: 249_000, rec_price: null }],
    ['paid by recommendations: both', { status: 'rec', rec_price: 5_000 }, { price: 249_000, rec_price: 5_000 }],
    ['given away: neither price', { status: 'gift', rec_price: 5_000 }, { price: null, rec_price: null }],
  ])('%s', (_name, patch, expected) => {
    expect(lineWithStatus(aLine(), patch)).toMatchObject(expected);
  });
});

describe('the flow reducer', () => {
  const sale: FlowState = {
    draft: aSale({ discount_rec_sum: 10_000, discount_rec_count: 2, contract_number: 'K-1', bank_processing_commission: 500 }),
    step: '10',
  };

  it('removing the last main product clears the order terms (spec 4)', () => {
    const next = flowReducer(sale, { type: 'removeLine', key: 'l1' });
    expect(next.draft).toMatchObject({
      lines: [],
      discount_rec_sum: null,
      discount_rec_count: null,
      payment_method: null,
      contract_number: null,
      bank_processing_commission: 0,
    });
  });

  it('a line of another product keeps the terms while a main product stays', () => {
    const next = flowReducer(sale, { type: 'addLine', line: { ...aLine({ product_id: 9, product_type: 'other' }) } });
    expect(next.draft.lines).toHaveLength(2);
    expect(next.draft).toMatchObject({ discount_rec_sum: 10_000, payment_method: 'cash', contract_number: 'K-1' });
  });

  it.each<[string, FlowState, Parameters<typeof flowReducer>[1], FlowStepId]>([
    ['next follows the answers', sale, { type: 'next' }, '11'],
    ['back goes to the step before on the path', sale, { type: 'back' }, '08'],
    ['back from the first step stays', { ...sale, step: '00' }, { type: 'back' }, '00'],
    ['next from a final step stays', { ...sale, step: '18' }, { type: 'next' }, '18'],
    ['goto a step on the path', sale, { type: 'goto', step: '05' }, '05'],
    ['goto a step off the path stays', sale, { type: 'goto', step: '09' }, '10'],
  ])('%s', (_name, state, action, step) => {
    expect(flowReducer(state, action).step).toBe(step);
  });

  it('a document added twice is held once', () => {
    const file = { id: 'f1' } as PresentationDraft['documents'][number];
    const once = flowReducer(sale, { type: 'addDocument', file });
    expect(flowReducer(once, { type: 'addDocument', file }).draft.documents).toHaveLength(1);
    expect(flowReducer(once, { type: 'removeDocument', id: 'f1' }).draft.documents).toHaveLength(0);
  });
});
