import { describe, expect, it } from 'vitest';
import { CLIENT_STATUSES, MAKE_A_DEMO } from './enums.ts';
import { statusesAnswer } from './schemas/statuses.ts';
import { expandStatuses, PARTNER_STATUS_COLOURS, PARTNER_STATUSES, statusCatalogue } from './statuses.ts';

describe('partner statuses (spec 4)', () => {
  it('are the ten of the spec, in its order', () => {
    expect(PARTNER_STATUSES).toEqual([
      'buyers',
      'wait_presentation',
      'registered',
      'wait_for_call',
      'not_interested',
      'canceled_presentation',
      'not_answered',
      'dont_buy',
      'wrong_data',
      'declined_by_admin',
    ]);
  });

  it.each(PARTNER_STATUSES)('%s has a colour of its own', (status) => {
    const colour = PARTNER_STATUS_COLOURS[status];
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(Object.values(PARTNER_STATUS_COLOURS).filter((c) => c === colour)).toHaveLength(1);
    expect(colour).not.toBe(MAKE_A_DEMO.colour);
  });
});

describe('statusCatalogue', () => {
  const catalogue = statusCatalogue();

  it('lists every client status', () => {
    expect(catalogue.client_statuses).toEqual([...CLIENT_STATUSES]);
  });

  it('gives the make-a-demo mapping: colour 00bcd4 and its five statuses (spec 4 and 6)', () => {
    expect(catalogue.make_a_demo).toEqual({
      code: 'make_a_demo',
      colour: '#00bcd4',
      statuses: ['potential', 'unqualified', 'call_agents', 'user_rec', 'older'],
    });
  });

  it('matches the answer schema of GET /api/statuses', () => {
    expect(statusesAnswer.safeParse({ data: catalogue }).success).toBe(true);
  });

  it('gives a new copy each time, so no caller can change the source', () => {
    statusCatalogue().client_statuses.pop();
    expect(statusCatalogue().client_statuses).toHaveLength(CLIENT_STATUSES.length);
  });
});

describe('expandStatuses', () => {
  it.each<[string, string[], string[]]>([
    ['make a demo becomes its five statuses', ['make_a_demo'], ['potential', 'unqualified', 'call_agents', 'user_rec', 'older']],
    ['plain statuses stay', ['buy_product', 'trash'], ['buy_product', 'trash']],
    [
      'make a demo and sale_agents (the independent agent filter)',
      ['make_a_demo', 'sale_agents'],
      ['potential', 'unqualified', 'call_agents', 'user_rec', 'older', 'sale_agents'],
    ],
    ['a status named twice counts once', ['potential', 'make_a_demo'], ['potential', 'unqualified', 'call_agents', 'user_rec', 'older']],
    ['unknown codes drop out', ['nonsense', 'buyers'], []],
    ['nothing stays nothing', [], []],
  ])('%s', (_name, codes, expected) => {
    expect(expandStatuses(codes)).toEqual(expected);
  });
});
