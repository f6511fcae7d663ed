import { z } from 'zod';
import type { ClientStatus } from './enums.ts';
import { LANGUAGES } from './languages.ts';
import { PARTNER_STATUS_COLOURS, PARTNER_STATUSES, type PartnerStatus } from './statuses.ts';
import { PATTERNS, zEmail, zPhone, zRequiredText, zText } from './validation.ts';

/**
 * Referral programmes (spec 1, 2, 4; docs/referrals.md): partners, clients and independent agents
 * hand out a link; who signs up through it is referred by the link's owner (`users.referred_by_id`,
 * the same column the commission engine walks for L1–L3).
 */

/** How long a click on a referral link is remembered in the visitor's browser (first-party cookie). */
export const REFERRAL_COOKIE_DAYS = 30;
export const REFERRAL_COOKIE = 'bo_ref';
/** Path of the app's own short links: `/r/{code}`. */
export const REFERRAL_LINK_PREFIX = '/r/';
/** The public page a link leads to. */
export const REFERRAL_PAGE_PREFIX = '/referral/';
/** A link code: URL-safe, short enough to type. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{6,32}$/;

/** The spam guards of the public forms (docs/referrals.md). */
export const REFERRAL_LIMITS = {
  /** A form token is accepted from this many seconds after it was issued (people take longer to type)… */
  minFormSeconds: 3,
  /** … and until this many seconds. */
  maxFormSeconds: 2 * 3600,
  /** Sign-ups per address (IP) within the window. */
  perAddress: 5,
  /** Sign-ups per link within the window. */
  perLink: 30,
  windowMinutes: 60,
} as const;

/** Spec 9: the partner list's page size. */
export const PARTNER_USERS_PAGE = 50;

/** What a client's record says about the lead, for the partner status. */
export interface PartnerStatusFacts {
  status: string | null;
  /** A presentation is planned for the client. */
  hasPlannedPresentation: boolean;
}

/**
 * The one rule from a client's state to the partner status (spec 4). The first row whose condition
 * holds wins; the table is in docs/referrals.md.
 *
 * 1. declined_by_admin: the company set the lead aside (trash, duplicated, archived, younger, single_man).
 * 2. buyers: the client bought (buy_product, buy_other_products, and the service outcomes that only buyers get).
 * 3. wait_presentation: a demo is planned (a planned presentation, or sale_agents: booked with an agent).
 * 4. canceled_presentation: the demo was declined or canceled (decline_presentation).
 * 5. dont_buy: the demo took place without a sale, or the purchase was returned.
 * 6. not_interested, not_answered, wrong_data: the call agent's outcome of that name (know_hula counts
 *    as not interested, without_number as wrong data).
 * 7. wait_for_call: in the call agents' queue (potential, call_agents, unqualified, older, poll_active).
 * 8. registered: everything else: the person is in the system and nobody has worked on them yet
 *    (user_rec, unconfirmed, temporary, imported_from_ocr, cohabitant, no status).
 */
export function partnerStatusOf(facts: PartnerStatusFacts): PartnerStatus {
  const s = facts.status as ClientStatus | null;
  for (const [status, members] of STATUS_ROWS) {
    if (status === 'wait_presentation' && facts.hasPlannedPresentation) {
      return status;
    }
    if (members.has(s)) {
      return status;
    }
  }
  return 'registered';
}

const DECLINED = new Set<ClientStatus | null>(['trash', 'duplicated', 'archived', 'younger', 'single_man']);
const BOUGHT = new Set<ClientStatus | null>(['buy_product', 'buy_other_products', 'accept_service', 'reject_service']);

const STATUS_ROWS: [PartnerStatus, Set<ClientStatus | null>][] = [
  ['declined_by_admin', DECLINED],
  ['buyers', BOUGHT],
  ['wait_presentation', new Set(['sale_agents'])],
  ['canceled_presentation', new Set(['decline_presentation'])],
  ['dont_buy', new Set(['not_buy', 'buy_and_return'])],
  ['not_interested', new Set(['not_interested', 'know_hula'])],
  ['not_answered', new Set(['not_answered'])],
  ['wrong_data', new Set(['wrong_data', 'without_number'])],
  ['wait_for_call', new Set(['potential', 'call_agents', 'unqualified', 'older', 'poll_active'])],
];

export function partnerStatusColour(status: PartnerStatus): string {
  return PARTNER_STATUS_COLOURS[status];
}

/** Spec 4 "Referral status". */
export const REFERRAL_STATUSES = ['active', 'inactive', 'in_progress'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export type ReferredFacts = { kind: 'agent'; isActive: boolean; hasSignedUp: boolean } | { kind: 'client'; partnerStatus: PartnerStatus };

/**
 * An independent agent's referral (docs/referrals.md): an agent is active once they signed up and while
 * their account is open, in progress while their invitation waits, inactive when blocked; a client is
 * active as a buyer, in progress while the company still works on them, inactive when lost.
 */
export function referralStatusOf(f: ReferredFacts): ReferralStatus {
  if (f.kind === 'agent') {
    if (!f.isActive) {
      return 'inactive';
    }
    return f.hasSignedUp ? 'active' : 'in_progress';
  }
  if (f.partnerStatus === 'buyers') {
    return 'active';
  }
  return IN_PROGRESS.has(f.partnerStatus) ? 'in_progress' : 'inactive';
}

const IN_PROGRESS = new Set<PartnerStatus>(['registered', 'wait_for_call', 'wait_presentation', 'not_answered']);

// ---- Schemas of the routes ----

/** GET /api/setup-ref-link/{id}. */
export const referralLinkDto = z.object({
  user_id: z.number(),
  code: z.string(),
  /** The link to hand out: the short-link provider's, or the app's own `/r/{code}`. */
  url: z.string(),
  provider: z.enum(['local', 'bitly']),
  clicks: z.number(),
  signups: z.number(),
});
export type ReferralLinkDto = z.infer<typeof referralLinkDto>;
export const referralLinkAnswer = z.object({ data: referralLinkDto });

export const referralCodeParams = z.object({ code: z.string().regex(REFERRAL_CODE_PATTERN, 'invalid_value') });

/** GET /api/referral-form/{code}: what the public page shows and the token it sends back. */
export const referralFormDto = z.object({
  code: z.string(),
  /** The owner's first name only: the visitor sees who invites them, nothing more. */
  owner_name: z.string(),
  /** Whether the page offers the independent agent application (links of partners and independent agents). */
  offers_agent_application: z.boolean(),
  form_token: z.string(),
  /** Milliseconds until the server accepts the token: the page waits that long before sending. */
  not_before_ms: z.number(),
});
export type ReferralFormDto = z.infer<typeof referralFormDto>;
export const referralFormAnswer = z.object({ data: referralFormDto });

const referralContact = {
  code: z.string().regex(REFERRAL_CODE_PATTERN, 'invalid_value'),
  form_token: z.string().min(1, 'field_is_required').max(200, 'too_long'),
  /** The honeypot: hidden from people, filled by bots. */
  website: z.string().max(500, 'too_long').optional(),
  name: zRequiredText(100),
  surname: zRequiredText(100),
  phone: zPhone().refine((v) => v !== '', 'field_is_required'),
  email: z
    .string()
    .trim()
    .max(254, 'too_long')
    .refine((v) => v === '' || PATTERNS.email.test(v), 'invalid_email')
    .transform((v) => v.toLowerCase())
    .optional()
    .default(''),
  zipcode: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4}$/.test(v), 'invalid_value')
    .optional()
    .default(''),
  city: zText(100).optional().default(''),
  locale: z.enum(LANGUAGES).optional().default('de'),
};

/** POST /api/create-referral-client: a person leaves their contact details through a link. */
export const referralClientBody = z.object(referralContact);
export type ReferralClientBody = z.infer<typeof referralClientBody>;

/** POST /api/referral-independent-agent: a person applies to become an independent agent under the link's owner. */
export const referralAgentBody = z.object({
  ...referralContact,
  email: zEmail(),
  message: zText(1000).optional().default(''),
});
export type ReferralAgentBody = z.infer<typeof referralAgentBody>;

/** GET /api/referral-code: the link the visitor clicked last (the referral cookie), if any. */
export const referralCodeAnswer = z.object({ data: z.object({ code: z.string().nullable() }) });

/** The same answer whatever happened (new lead, known person, honeypot): the page thanks the visitor. */
export const referralSignupAnswer = z.object({ data: z.object({ received: z.literal(true) }) });

/** GET /api/partner-users: the people a partner referred. */
export const partnerUsersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(PARTNER_USERS_PAGE),
  offset: z.coerce.number().int().min(0).default(0),
  partner_status: z.enum(PARTNER_STATUSES).optional(),
  /** An admin names the partner; a partner reads their own. */
  partner_id: z.coerce.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value').optional(),
});
export type PartnerUsersQuery = z.infer<typeof partnerUsersQuery>;

export const partnerUserDto = z.object({
  id: z.number(),
  /** For the partner lead flow: `partner-flow/{lead_hash}`. */
  lead_hash: z.string(),
  name: z.string(),
  surname: z.string(),
  city: z.string().nullable(),
  created_at: z.string(),
  partner_status: z.enum(PARTNER_STATUSES),
  colour: z.string(),
  next_presentation_at: z.string().nullable(),
});
export type PartnerUserDto = z.infer<typeof partnerUserDto>;
export const partnerUserAnswer = z.object({ data: partnerUserDto });
export const partnerUsersAnswer = z.object({
  data: z.array(partnerUserDto),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});

/** GET /api/stats/partner: a partner's referrals by partner status (an admin names the partner). */
export const partnerStatsQuery = z.object({
  partner_id: z.coerce.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value').optional(),
});
export const partnerStatsAnswer = z.object({
  data: z.object({
    charts: z.object({
      by_status: z.array(z.object({ status: z.enum(PARTNER_STATUSES), colour: z.string(), count: z.number() })),
    }),
    table: z.array(z.object({ status: z.enum(PARTNER_STATUSES), colour: z.string(), count: z.number(), share: z.number() })),
    total: z.number(),
  }),
});
export type PartnerStatsAnswer = z.infer<typeof partnerStatsAnswer>;

/** GET /api/ia-referrals: whom an independent agent brought, and what each branch earned them. */
export const iaReferralDto = z.object({
  id: z.number(),
  kind: z.enum(['agent', 'client']),
  role: z.string(),
  name: z.string(),
  surname: z.string(),
  created_at: z.string(),
  referral_status: z.enum(REFERRAL_STATUSES),
  /** Commissions earned through this person's branch, in Rappen: their own sales (L1), their recruits' (L2), and theirs (L3). */
  l1: z.number(),
  l2: z.number(),
  l3: z.number(),
});
export type IaReferralDto = z.infer<typeof iaReferralDto>;
/** GET /api/ia-referrals: an admin names the agent; an independent agent reads their own. */
export const iaReferralsQuery = z.object({
  agent_id: z.coerce.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value').optional(),
});
export const iaReferralsAnswer = z.object({
  data: z.array(iaReferralDto),
  totals: z.object({ l1: z.number(), l2: z.number(), l3: z.number() }),
});
