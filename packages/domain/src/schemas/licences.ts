import { z } from 'zod';
import { ACTIVATION_STATES, LICENCE_FLOWS, LICENCE_STATUSES, PROVIDER_STATUSES } from '../licences.ts';
import { listOf } from './common.ts';

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value');
const zId = z.coerce.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value');

/** An independent agent's licence as the licence page and the admin's list show it. */
export const licenceDto = z.object({
  id: z.number(),
  agent: z.object({ id: z.number(), name: z.string(), surname: z.string() }),
  flow: z.enum(LICENCE_FLOWS),
  status: z.enum(LICENCE_STATUSES),
  provider_status: z.enum(PROVIDER_STATUSES).nullable(),
  /** The agent's access is restricted: a payment is owed past the grace period. */
  restricted: z.boolean(),
  grace_ends_at: z.string().nullable(),
  paid_until: z.string().nullable(),
  activation: z.enum(ACTIVATION_STATES).nullable(),
  valid_until: z.string().nullable(),
  activated_at: z.string().nullable(),
  created_at: z.string(),
  /** What the viewer may do with it. */
  can_checkout: z.boolean(),
  can_activate: z.boolean(),
});
export type LicenceDto = z.infer<typeof licenceDto>;

/** GET /api/license/get-agent-license/{id?}: the agent's current licence, none before the first. */
export const agentLicenceAnswer = z.object({ data: licenceDto.nullable() });
export const agentLicenceParams = z.object({ id: zId.optional() });

/** POST /api/license/create-checkout: the address of the card-payment page (spec 7). */
export const checkoutAnswer = z.object({ url: z.string() });

/**
 * POST /api/activate-license-request: an admin requests a licence for an independent agent outside
 * the card checkout (single: paid once, for a term; obligation: owed under the agent's contract).
 * `valid_until` (YYYY-MM-DD, Zurich) is required for a single licence.
 */
export const activateLicenceRequestBody = z
  .object({
    agent_id: z.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value'),
    flow: z.enum(['single', 'obligation'], { error: 'invalid_value' }),
    valid_until: zDay.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.flow === 'single' && !b.valid_until) {
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'field_is_required' });
    }
  });
export type ActivateLicenceRequestBody = z.infer<typeof activateLicenceRequestBody>;

export const licenceAnswer = z.object({ data: licenceDto });

/** GET /api/licences: the admin's list of licences, each agent's current one, newest first. */
export const licencesQuery = z.object({
  status: z.enum(LICENCE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type LicencesQuery = z.infer<typeof licencesQuery>;
export const licencesPage = listOf(licenceDto);

/** The local payment provider's checkout page (no card provider configured). */
export const localCheckoutDto = z.object({
  session_id: z.string(),
  agent: z.object({ name: z.string(), surname: z.string() }),
  /** Rappen per month. */
  amount: z.number(),
  currency: z.string(),
  open: z.boolean(),
});
export const localCheckoutOutcomeBody = z.object({ outcome: z.enum(['pay', 'fail', 'cancel'], { error: 'invalid_value' }) });
export const localCheckoutOutcomeAnswer = z.object({ redirect_url: z.string() });
export const localCheckoutParams = z.object({ session: z.string().regex(/^cs_local_[A-Za-z0-9]{8,64}$/, 'invalid_value') });

/** The local payment provider's simulator for the admin: what the provider would do at the next renewal. */
export const simulateRenewalBody = z.object({
  outcome: z.enum(['renewal_paid', 'renewal_failed', 'unpaid', 'canceled'], { error: 'invalid_value' }),
});

/**
 * GET /api/reports/earnings-sources (UWG art. 3 para. 1 lit. r): per agent, what they earned from their
 * own sales and from their downline's sales (L1–L3), in Rappen, and the downline's share.
 */
export const earningsSourcesQuery = z.object({
  from: zDay.optional(),
  to: zDay.optional(),
});
export type EarningsSourcesQuery = z.infer<typeof earningsSourcesQuery>;
export const earningsSourceRow = z.object({
  agent: z.object({ id: z.number(), name: z.string(), surname: z.string(), role: z.string() }),
  own_sales: z.number(),
  l1: z.number(),
  l2: z.number(),
  l3: z.number(),
  downline: z.number(),
  total: z.number(),
  /** Downline's part of the total, 0–1; null when nothing was earned. */
  downline_share: z.number().nullable(),
  /** More than half from the downline: the plan leans on recruiting. */
  mainly_downline: z.boolean(),
});
export type EarningsSourceRow = z.infer<typeof earningsSourceRow>;
export const earningsSourcesAnswer = z.object({
  data: z.array(earningsSourceRow),
  totals: z.object({ own_sales: z.number(), downline: z.number(), downline_share: z.number().nullable() }),
});
