import { CLIENT_STATUSES, MAKE_A_DEMO, type ClientStatus } from './enums.ts';

/** Spec 4 "Partner statuses": how a partner sees the leads they brought, each with a colour. */
export const PARTNER_STATUSES = [
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
] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/**
 * The spec names no colours: ours follow the presentation colours of spec 4 (success green, canceled
 * pink, planned blue) and read from "good" to "lost"; none repeats the make-a-demo colour.
 */
export const PARTNER_STATUS_COLOURS: Record<PartnerStatus, string> = {
  buyers: '#2e7d32',
  wait_presentation: '#1976d2',
  registered: '#7e57c2',
  wait_for_call: '#f9a825',
  not_interested: '#9e9e9e',
  canceled_presentation: '#e91e63',
  not_answered: '#ef6c00',
  dont_buy: '#795548',
  wrong_data: '#546e7a',
  declined_by_admin: '#c62828',
};

export const MAKE_A_DEMO_CODE = 'make_a_demo';

/** The answer of GET /api/statuses: one source for the server and the browser. */
export interface StatusCatalogue {
  client_statuses: ClientStatus[];
  partner_statuses: { code: PartnerStatus; colour: string }[];
  make_a_demo: { code: typeof MAKE_A_DEMO_CODE; colour: string; statuses: ClientStatus[] };
}

export function statusCatalogue(): StatusCatalogue {
  return {
    client_statuses: [...CLIENT_STATUSES],
    partner_statuses: PARTNER_STATUSES.map((code) => ({ code, colour: PARTNER_STATUS_COLOURS[code] })),
    make_a_demo: { code: MAKE_A_DEMO_CODE, colour: MAKE_A_DEMO.colour, statuses: [...MAKE_A_DEMO.statuses] },
  };
}

/** Spec 6: a filter naming "make a demo" means its five real statuses; duplicates and unknown codes drop out. */
export function expandStatuses(codes: readonly string[]): ClientStatus[] {
  const out = new Set<ClientStatus>();
  for (const code of codes) {
    if (code === MAKE_A_DEMO_CODE) {
      MAKE_A_DEMO.statuses.forEach((s) => out.add(s));
    } else if ((CLIENT_STATUSES as readonly string[]).includes(code)) {
      out.add(code as ClientStatus);
    }
  }
  return [...out];
}
