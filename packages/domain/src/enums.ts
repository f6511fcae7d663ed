/** Enumerations of spec sections 3 and 4 that the foundation's records use. */
export const GENDERS = ['male', 'female'] as const;
export const RELATIONS = ['single', 'married', 'partner'] as const;
export const WORKING_STATUSES = ['part_time', 'full_time', 'retiree', 'search'] as const;
export const PETS = ['cat', 'none', 'other', 'dog'] as const;
export const PERSONS_AT_HOME = ['1', '2', '3', '4', 'more'] as const;
export const CLIENT_TYPES = ['B2C', 'B2B'] as const;
export const CLIENT_ACCESS = ['all', 'b2c', 'b2b', 'none'] as const;

export const CLIENT_STATUSES = [
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
] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** "Make a demo" is a mapped status: one colour, several real statuses. */
export const MAKE_A_DEMO = {
  colour: '#00bcd4',
  statuses: ['potential', 'unqualified', 'call_agents', 'user_rec', 'older'] as const satisfies readonly ClientStatus[],
};

export const LEAD_SOURCES = ['ocr', 'perspective', 'leads', 'referral', 'website', 'event', 'mall', 'partner'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Whether a string from outside (an address, a saved layout) is one of a list's values. */
export function isOneOf<T extends string>(list: readonly T[], value: string | null | undefined): value is T {
  return value !== null && value !== undefined && (list as readonly string[]).includes(value);
}
