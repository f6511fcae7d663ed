import {
  isActivation,
  licenceState,
  LICENCE_GRACE_DEFAULT_DAYS,
  observationSupersedes,
  owesPayment,
  owingSinceAfter,
  zurichInstant,
  type ActivateLicenceRequestBody,
  type LicenceDto,
  type LicencesQuery,
  type LicenceState,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../core/actor.ts';
import { AppError, refused } from '../../core/errors.ts';
import {
  PaymentMalformedError,
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentProvider,
} from '../../integrations/payments/index.ts';
import { audit } from '../audit/index.ts';
import { globalSettings } from '../settings/index.ts';
import { toLicenceDto } from './dto.ts';
import { INDEPENDENT_AGENT_ROLE_ID, licenceAgentFor, licenceFlags } from './policy.ts';
import { observe } from './provider-events.ts';
import * as repo from './repo.ts';
import type { LicenceRow } from './repo.ts';

export interface LicenceDeps {
  db: Db;
  payments: PaymentProvider;
  /** PUBLIC_URL: where the provider sends the agent back. */
  publicUrl: string;
  /** Called after a webhook event was stored: the worker (or this process) applies it. */
  onEventStored: () => void;
}

/** The grace period the admin set in the global settings (licence_grace_days). */
export async function graceDays(tx: Tx): Promise<number> {
  const value = Number((await globalSettings(tx)).licence_grace_days);
  return Number.isFinite(value) && value >= 0 ? value : LICENCE_GRACE_DEFAULT_DAYS;
}

export function stateOf(row: LicenceRow, now: Date, grace: number): LicenceState {
  return licenceState(
    {
      flow: row.flow,
      providerStatus: row.providerStatus,
      owingSince: row.owingSince,
      activation: row.activation,
      validUntil: row.validUntil,
    },
    now,
    grace,
  );
}

async function dtoOf(tx: Tx, actor: Actor, row: LicenceRow, grace?: number): Promise<LicenceDto> {
  const state = stateOf(row, new Date(), grace ?? (await graceDays(tx)));
  const agent = (await repo.agentsOf(tx, [row.agentId])).get(row.agentId) ?? { id: row.agentId, name: '', surname: '' };
  return toLicenceDto(row, agent, state, licenceFlags(actor, row, state));
}

/** GET /api/license/get-agent-license/{id?}: the agent's current licence, or none yet. */
export async function agentLicence(db: Db, actor: Actor, agentId: number | undefined): Promise<LicenceDto | null> {
  const id = licenceAgentFor(actor, agentId);
  const row = await repo.currentLicence(db, id);
  return row ? dtoOf(db, actor, row) : null;
}

/** Whether an agent's access is restricted by their licence (a payment owed past the grace period). */
export async function licenceRestricts(db: Db, agentId: number): Promise<boolean> {
  const row = await repo.currentLicence(db, agentId);
  // Only a payment owed can restrict: the grace period (a settings read) is asked for only then, since
  // the session guard asks on each of the agent's calls.
  return row && owesPayment(row) ? stateOf(row, new Date(), await graceDays(db)).restricted : false;
}

/** The agents whose licence restricts them now (a payment owed past the grace period). */
export async function restrictedAgents(db: Db): Promise<number[]> {
  const grace = await graceDays(db);
  const now = new Date();
  return (await repo.owingCurrentLicences(db)).filter((row) => stateOf(row, now, grace).restricted).map((row) => row.agentId);
}

/**
 * Keeps the live connections of independent agents in step with their licence: every `everyMs`, the
 * agents newly restricted leave their client rooms (`rescope(id, 'none')`), and those no longer restricted
 * since the last sweep get their rooms back (`rescope(id, 'restore')`). The restriction begins with time
 * (the grace period ending) or with a payment event applied in any process, so it is looked for rather
 * than announced (a new connection is placed by its handshake). Answers the sweep itself and the way to stop it.
 */
export function sweepRestrictedSockets(
  db: Db,
  rescope: (agentId: number, to: 'none' | 'restore') => Promise<void>,
  opts: { everyMs: number; onError: (err: unknown) => void },
): { sweep: () => Promise<void>; stop: () => void } {
  let before = new Set<number>();
  const once = async () => {
    try {
      const now = new Set(await restrictedAgents(db));
      // Newly restricted only: a connection of an agent restricted before was moved then, or placed
      // without rooms by its handshake.
      for (const id of now) {
        if (!before.has(id)) {
          await rescope(id, 'none');
        }
      }
      for (const id of before) {
        if (!now.has(id)) {
          await rescope(id, 'restore');
        }
      }
      before = now;
    } catch (err) {
      opts.onError(err);
    }
  };
  // One sweep after the other: a sweep asked for while one runs follows it.
  let last: Promise<void> = Promise.resolve();
  const sweep = () => (last = last.catch(() => undefined).then(once));
  const timer = setInterval(() => void sweep(), opts.everyMs);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}

/**
 * POST /api/license/create-checkout: a recurrent licence and the provider's checkout page for it. An
 * agent whose licence is active has nothing to buy; a checkout left unpaid is reused rather than
 * piling up licences.
 */
export async function createCheckout(deps: LicenceDeps, actor: Actor): Promise<{ url: string }> {
  if (actor.role !== 'independent_agent') {
    throw refused('not_independent_agent', 'Only independent agents buy a licence.');
  }
  const agent = await repo.agentById(deps.db, actor.userId);
  if (!agent) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  const licence = await deps.db.transaction(async (tx) => {
    const current = await repo.currentLicence(tx, actor.userId, { lock: true });
    if (current && stateOf(current, new Date(), await graceDays(tx)).status === 'active') {
      throw refused('licence_already_active', 'The licence is active.');
    }
    const untouched = current && current.flow === 'recurrent' && current.subscriptionId === null && current.providerStatus === null;
    return untouched ? current : repo.insertLicence(tx, { agentId: actor.userId, flow: 'recurrent' });
  });
  const back = `${deps.publicUrl.replace(/\/+$/, '')}/ia-dashboard/license`;
  let session;
  try {
    session = await deps.payments.createCheckout({
      licenceId: licence.id,
      agentId: actor.userId,
      email: agent.email ?? '',
      successUrl: `${back}?checkout=success`,
      cancelUrl: `${back}?checkout=canceled`,
    });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: 'The payment provider did not answer.' });
    }
    throw err;
  }
  await repo.updateLicence(deps.db, licence.id, { checkoutSessionId: session.sessionId });
  return { url: session.url };
}

export type WebhookReceipt = { received: true; duplicate: boolean; ignored: boolean };

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body, the event stored once by its
 * id, and the answer given at once; a worker applies it (applyPendingEvents). A repeated delivery is
 * answered 200 too, so the provider stops sending it.
 */
export async function receiveWebhook(deps: LicenceDeps, rawBody: string, signature: string | undefined): Promise<WebhookReceipt> {
  let event;
  try {
    event = deps.payments.verifyWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof PaymentSignatureError) {
      throw new AppError('Not allowed.', { message: 'Invalid or missing Stripe-Signature' });
    }
    if (err instanceof PaymentMalformedError) {
      throw new AppError('VALIDATION_ERROR', { message: 'Not an event', fieldValidation: { _: 'invalid_value' } });
    }
    throw err;
  }
  if (observe(event.type, event.object) === null) {
    return { received: true, duplicate: false, ignored: true };
  }
  const fresh = await repo.storeEvent(deps.db, {
    id: event.id,
    type: event.type,
    providerCreated: event.created,
    payload: { object: event.object },
  });
  if (fresh) {
    deps.onEventStored();
  }
  return { received: true, duplicate: !fresh, ignored: false };
}

export type ApplyOutcome = 'applied' | 'stale' | 'unmatched' | 'ignored';

/** Applies one stored event to its licence, under the licence's row lock. */
async function applyEvent(tx: Tx, e: { type: string; providerCreated: number; payload: Record<string, unknown> }) {
  const object = (e.payload.object ?? {}) as Record<string, unknown>;
  const o = observe(e.type, object);
  if (!o) {
    return { outcome: 'ignored' as const, licenceId: null };
  }
  const byId = o.licenceId !== null ? await repo.licenceById(tx, o.licenceId, { lock: true }) : undefined;
  const row =
    byId ??
    (o.subscriptionId ? await repo.licenceBy(tx, { subscriptionId: o.subscriptionId }, { lock: true }) : undefined) ??
    (o.checkoutSessionId ? await repo.licenceBy(tx, { checkoutSessionId: o.checkoutSessionId }, { lock: true }) : undefined);
  // Another subscription than the licence's own (an older checkout of the agent's) changes nothing.
  if (!row || row.flow !== 'recurrent' || (row.subscriptionId && o.subscriptionId && row.subscriptionId !== o.subscriptionId)) {
    return { outcome: 'unmatched' as const, licenceId: row?.id ?? null };
  }
  const changes: repo.LicenceChanges = {};
  if (!row.subscriptionId && o.subscriptionId) {
    changes.subscriptionId = o.subscriptionId;
  }
  if (!row.customerId && o.customerId) {
    changes.customerId = o.customerId;
  }
  if (o.paidThrough !== null && (row.paidUntil === null || row.paidUntil.getTime() < o.paidThrough * 1000)) {
    changes.paidUntil = new Date(o.paidThrough * 1000);
  }
  if (o.status !== null) {
    const current =
      row.providerStatus !== null && row.providerStatusAt !== null ? { status: row.providerStatus, at: row.providerStatusAt } : null;
    const next = { status: o.status, at: e.providerCreated };
    if (observationSupersedes(current, next)) {
      changes.providerStatus = next.status;
      changes.providerStatusAt = next.at;
      changes.owingSince = owingSinceAfter(row.providerStatus, row.owingSince, next);
    }
  }
  // Activated once, by the first sign of payment to arrive (a stale one counts too: it was paid).
  if (isActivation(row.activations > 0, { status: o.status, paidInvoice: o.paidThrough !== null })) {
    changes.activations = 1;
    changes.activatedAt = row.activatedAt ?? new Date();
  }
  if (Object.keys(changes).length === 0) {
    return { outcome: 'stale' as const, licenceId: row.id };
  }
  await repo.updateLicence(tx, row.id, changes);
  return { outcome: 'applied' as const, licenceId: row.id };
}

/** Events applied per transaction: fewer commits while a burst of webhooks arrives. */
const APPLY_BATCH = 25;

/**
 * Applies the stored events until none is left, a batch per transaction; several workers may run at
 * once (each takes events nobody holds, and the licence's row lock orders two events of one
 * licence). The order they are applied in does not matter: each event's time decides (applyEvent).
 */
export async function applyPendingEvents(db: Db): Promise<number> {
  let applied = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const batch = await repo.takePendingEvents(tx, APPLY_BATCH);
      for (const e of batch) {
        const { outcome, licenceId } = await applyEvent(tx, e);
        await repo.markEventProcessed(tx, e.id, outcome, licenceId);
      }
      return batch.length;
    });
    applied += taken;
    if (taken < APPLY_BATCH) {
      return applied;
    }
  }
}

/** Without a pg-boss worker (tests, a single process): the stored events are applied here, one run at a time. */
export function inProcessApplier(db: Db, onError: (err: unknown) => void): () => void {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    running = true;
    try {
      do {
        again = false;
        await applyPendingEvents(db);
      } while (again);
    } catch (err) {
      onError(err);
    } finally {
      running = false;
    }
  };
  return () => {
    if (running) {
      again = true;
      return;
    }
    setImmediate(() => void run());
  };
}

/** GET /api/licences: every agent's current licence for the admin, filtered by status. */
export async function listLicences(db: Db, actor: Actor, q: LicencesQuery) {
  const grace = await graceDays(db);
  const now = new Date();
  if (!q.status) {
    const page = await repo.listCurrentLicences(db, q);
    return {
      data: page.rows.map((r) => {
        const state = stateOf(r.licence, now, grace);
        return toLicenceDto(r.licence, r.agent, state, licenceFlags(actor, r.licence, state));
      }),
      total: page.total,
      limit: q.limit,
      offset: q.offset,
    };
  }
  // The status is computed (grace, end dates): filter the current licences here; an admin's list is small.
  const all = await repo.listCurrentLicences(db, { limit: 10_000, offset: 0 });
  const matching = all.rows.map((r) => ({ r, state: stateOf(r.licence, now, grace) })).filter((x) => x.state.status === q.status);
  return {
    data: matching
      .slice(q.offset, q.offset + q.limit)
      .map(({ r, state }) => toLicenceDto(r.licence, r.agent, state, licenceFlags(actor, r.licence, state))),
    total: matching.length,
    limit: q.limit,
    offset: q.offset,
  };
}

/** Midnight at the end of a Zurich day (YYYY-MM-DD): the licence holds through that day. */
function endOfZurichDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return zurichInstant(y, m, d + 1);
}

/**
 * POST /api/activate-license-request: an admin requests a single or obligation licence for an
 * independent agent; it is inactive until activated (activate-license-submit).
 */
export async function requestActivation(db: Db, actor: Actor, body: ActivateLicenceRequestBody): Promise<LicenceDto> {
  return db.transaction(async (tx) => {
    const agent = await repo.agentById(tx, body.agent_id);
    if (!agent) {
      throw new AppError('UNKNOWN_USER_ID');
    }
    if (agent.roleId !== INDEPENDENT_AGENT_ROLE_ID) {
      throw refused('not_independent_agent', 'Licences are for independent agents.', { fieldValidation: { agent_id: 'invalid_value' } });
    }
    const grace = await graceDays(tx);
    const current = await repo.currentLicence(tx, agent.id, { lock: true });
    if (current && stateOf(current, new Date(), grace).status === 'active') {
      throw refused('licence_already_active', 'The licence is active.');
    }
    const validUntil = body.valid_until ? endOfZurichDay(body.valid_until) : null;
    if (validUntil && validUntil.getTime() <= Date.now()) {
      throw new AppError('VALIDATION_ERROR', { message: 'The end date is past.', fieldValidation: { valid_until: 'invalid_value' } });
    }
    const row = await repo.insertLicence(tx, {
      agentId: agent.id,
      flow: body.flow,
      activation: 'requested',
      validUntil,
      requestedById: actor.userId,
    });
    await audit(tx, {
      actorId: actor.userId,
      action: 'licence.requested',
      targetUserId: agent.id,
      details: { licence: row.id, flow: body.flow },
    });
    return dtoOf(tx, actor, row, grace);
  });
}

/** GET /api/activate-license-submit/{id}: the admin activates a requested licence. */
export async function submitActivation(db: Db, actor: Actor, id: number): Promise<LicenceDto> {
  return db.transaction(async (tx) => {
    const row = await repo.licenceById(tx, id, { lock: true });
    if (!row) {
      throw new AppError('NOT_FOUND');
    }
    if (row.activation !== 'requested') {
      throw refused('licence_not_requested', 'Only a requested licence is activated.');
    }
    const updated = await repo.updateLicence(tx, id, {
      activation: 'activated',
      activatedById: actor.userId,
      activatedAt: new Date(),
      activations: row.activations + 1,
    });
    await audit(tx, { actorId: actor.userId, action: 'licence.activated', targetUserId: row.agentId, details: { licence: id } });
    return dtoOf(tx, actor, updated);
  });
}
