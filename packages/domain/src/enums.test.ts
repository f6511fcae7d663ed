import { describe, expect, it } from 'vitest';
import {
  CLIENT_ACCESS,
  CLIENT_STATUSES,
  CLIENT_TYPES,
  GENDERS,
  isOneOf,
  MAKE_A_DEMO,
  PERSONS_AT_HOME,
  PETS,
  RELATIONS,
  WORKING_STATUSES,
} from './enums.ts';

// Spec 4, "Client statuses", in the spec's order.
const SPEC_CLIENT_STATUSES = [
  'potential',
  'call_agents',
  'unqualified',
  'older',
  'younger',
  'user_rec',
  'unconfirmed',
  'poll_active',
  'sale_agents',
  'decline_presentation',
  'buy_product',
  'accept_service',
  'reject_service',
  'not_buy',
  'buy_and_return',
  'not_interested',
  'not_answered',
  'wrong_data',
  'without_number',
  'trash',
  'duplicated',
  'know_hula',
  'buy_other_products',
  'archived',
  'single_man',
  'cohabitant',
  'temporary',
  'imported_from_ocr',
];

describe('client statuses', () => {
  it.each(SPEC_CLIENT_STATUSES)('include %s', (status) => {
    expect(CLIENT_STATUSES).toContain(status);
  });

  it('are exactly the spec statuses, each once', () => {
    expect([...CLIENT_STATUSES].sort()).toEqual([...SPEC_CLIENT_STATUSES].sort());
    expect(new Set(CLIENT_STATUSES).size).toBe(CLIENT_STATUSES.length);
  });
});

describe('make a demo', () => {
  // Spec 6: the make-a-demo filter expands to potential, unqualified, call_agents, user_rec and older.
  it('expands to exactly potential, unqualified, call_agents, user_rec and older', () => {
    expect([...MAKE_A_DEMO.statuses].sort()).toEqual(['call_agents', 'older', 'potential', 'unqualified', 'user_rec']);
  });

  it.each(MAKE_A_DEMO.statuses)('maps %s, a real client status', (status) => {
    expect(CLIENT_STATUSES).toContain(status);
  });

  it('has the colour 00bcd4', () => {
    expect(MAKE_A_DEMO.colour).toBe('#00bcd4');
  });
});

describe('enumerations of spec 3', () => {
  it.each([
    ['genders', GENDERS, ['male', 'female']],
    ['relations', RELATIONS, ['single', 'married', 'partner']],
    ['working status', WORKING_STATUSES, ['part_time', 'full_time', 'retiree', 'search']],
    ['pets', PETS, ['cat', 'none', 'other', 'dog']],
    ['persons at home', PERSONS_AT_HOME, ['1', '2', '3', '4', 'more']],
    ['access to clients', CLIENT_ACCESS, ['all', 'b2c', 'b2b', 'none']],
    ['client types (default B2C)', CLIENT_TYPES, ['B2C', 'B2B']],
  ] as const)('%s are exactly the spec values', (_name, actual, expected) => {
    expect([...actual].sort()).toEqual([...expected].sort());
  });
});

describe('isOneOf', () => {
  it.each<[string | null | undefined, boolean]>([
    ['male', true],
    ['female', true],
    ['Male', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s in GENDERS: %s', (value, expected) => {
    expect(isOneOf(GENDERS, value)).toBe(expected);
  });
});
