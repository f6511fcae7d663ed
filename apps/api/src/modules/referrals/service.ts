import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  leadHashOf,
  normalisePhone,
  partnerStatusColour,
  partnerStatusOf,
  PARTNER_STATUSES,
  REFERRAL_LIMITS,
  REFERRAL_LINK_PREFIX,
  referralStatusOf,
  type IaReferralDto,
  type PartnerStatsAnswer,
  type PartnerStatus,
  type PartnerUserDto,
  type PartnerUsersQuery,
  type ReferralAgentBody,
  type ReferralClientBody,
  type ReferralFormDto,
  type ReferralLinkDto,
} from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { AppError, refused } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { ShortLinkAudience, ShortLinkProvider } from '../../integrations/shortlink/index.ts';
import { createReferredLeadIn, referredClientIn, referredClientsIn, type ReferredClientRow } from '../clients/index.ts';
import { plannedPresentationsOf } from '../events/index.ts';
import { downlineEarningsOf } from '../finances/index.ts';
import { createAgentApplicantIn, downlineIn, referralUserIn, referredUsersIn, type ReferralUser } from '../staff/index.ts';
import { LINK_ROLES, RECRUITING_ROLES, subjectOf } from './policy.ts';
import * as repo from './repo.ts';

export interface ReferralsDeps {
  db: Db;
  publicUrl: string;
  cookieSecure: boolean;
  /** Signs the form tokens and keys the hash of visitors' addresses. */
  formSecret: string;
  shortLinks: ShortLinkProvider;
  now?: () => Date;
  /** Told when the short-link provider fails (the app's own link is handed out meanwhile); no personal data. */
  onShortLinkError?: (err: unknown) => void;
}

const nowOf = (deps: ReferralsDeps) => (deps.now ? deps.now() : new Date());
const base = (deps: ReferralsDeps) => deps.publicUrl.replace(/\/+$/, '');
export const ownLinkOf = (deps: ReferralsDeps, code: string) => `${base(deps)}${REFERRAL_LINK_PREFIX}${code}`;

// ---- Links ----

function toLinkDto(deps: ReferralsDeps, link: repo.LinkRow): ReferralLinkDto {
  return {
    user_id: link.userId,
    code: link.code,
    url: link.shortUrl ?? ownLinkOf(deps, link.code),
    provider: link.shortUrl ? link.provider : 'local',
    clicks: link.clicks,
    signups: link.signups,
  };
}

/**
 * GET /api/setup-ref-link/{id}: the user's referral link, made on first request. With a short-link
 * provider the link is shortened once and kept; while the provider fails, the app's own link is handed
 * out and the next request tries again.
 */
export async function setupRefLink(deps: ReferralsDeps, actor: Actor, id: number): Promise<ReferralLinkDto> {
  if (actor.role !== 'admin' && actor.userId !== id) {
    throw new AppError('Not allowed.', { message: 'Only an admin sets up the referral link of another user.' });
  }
  const { link, audience } = await deps.db.transaction(async (tx) => {
    const user = await referralUserIn(tx, id);
    if (!user) {
      throw new AppError('UNKNOWN_USER_ID');
    }
    if (!LINK_ROLES.includes(user.role)) {
      throw new AppError('Not allowed.', { message: 'Only clients, partners and independent agents hand out referral links.' });
    }
    return { link: (await repo.linkOfUser(tx, id)) ?? (await newLink(tx, id)), audience: user.role as ShortLinkAudience };
  });
  if (deps.shortLinks.provider === 'local' || link.shortUrl) {
    return toLinkDto(deps, link);
  }
  try {
    const shortUrl = await deps.shortLinks.shorten({ longUrl: ownLinkOf(deps, link.code), audience, title: `Referral ${link.code}` });
    await deps.db.transaction((tx) => repo.setShortUrl(tx, link.id, 'bitly', shortUrl));
    return toLinkDto(deps, { ...link, provider: 'bitly', shortUrl });
  } catch (err) {
    deps.onShortLinkError?.(err);
    return toLinkDto(deps, link);
  }
}

async function newLink(tx: Tx, userId: number): Promise<repo.LinkRow> {
  // 48 random bits as 8 URL-safe characters; a taken code (about never) draws again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = randomBytes(6).toString('base64url');
    if (!(await repo.linkByCode(tx, code))) {
      return repo.insertLink(tx, userId, code);
    }
  }
  throw new AppError('INTERNAL_ERROR');
}

/**
 * Codes the redirect looked up, known or not, for a minute: a link shared in a group chat is opened by
 * many at once, and the redirect then answers without the database. A link made meanwhile is found
 * after its first request (making it is answered by setupRefLink, not cached); a deleted one may set
 * its cookie for up to a minute, and the page then says the link is not valid.
 */
const CODE_CACHE_MS = 60_000;
const CODE_CACHE_SIZE = 50_000;
const codeCaches = new WeakMap<ReferralsDeps, Map<string, { known: boolean; until: number }>>();

/** The redirect `/r/{code}`: whether the code is a link (an index lookup, then cached; nothing is written). */
export async function isLinkCode(deps: ReferralsDeps, code: string): Promise<boolean> {
  const now = Date.now();
  let seenCodes = codeCaches.get(deps);
  if (!seenCodes) {
    seenCodes = new Map();
    codeCaches.set(deps, seenCodes);
  }
  const cached = seenCodes.get(code);
  if (cached && cached.until > now) {
    return cached.known;
  }
  const known = (await repo.ownerOfCode(deps.db, code)) !== undefined;
  if (seenCodes.size >= CODE_CACHE_SIZE) {
    seenCodes.clear();
  }
  seenCodes.set(code, { known, until: now + CODE_CACHE_MS });
  return known;
}

/** For a booking's `referral_link` (the link or its code): the owner of the link, or null. */
export async function referrerOfLinkIn(tx: Tx, link: string): Promise<number | null> {
  const code = /([A-Za-z0-9_-]{6,32})\/?$/.exec(link.trim())?.[1];
  return code ? ((await repo.ownerOfCode(tx, code)) ?? null) : null;
}

// ---- The public forms ----

function sign(deps: ReferralsDeps, text: string): string {
  return createHmac('sha256', deps.formSecret).update(text).digest('base64url');
}

export function formTokenOf(deps: ReferralsDeps, code: string, issuedAt: number): string {
  return `${issuedAt}.${sign(deps, `form:${code}:${issuedAt}`).slice(0, 32)}`;
}

/** A form token is the link's, signed by us, and between its minimum and maximum age. */
export function checkFormToken(deps: ReferralsDeps, code: string, token: string): void {
  const [issued, signature] = token.split('.');
  const issuedAt = Number(issued);
  const expected = Number.isSafeInteger(issuedAt) ? formTokenOf(deps, code, issuedAt) : '';
  const genuine = expected.length === token.length && timingSafeEqual(Buffer.from(expected), Buffer.from(token)) && signature !== undefined;
  const age = (nowOf(deps).getTime() - issuedAt) / 1000;
  if (!genuine || age < REFERRAL_LIMITS.minFormSeconds || age > REFERRAL_LIMITS.maxFormSeconds) {
    throw refused('referral_form_expired', 'The form has expired or was sent too fast: reload the page and send it again.', {
      fieldValidation: { form_token: 'invalid_value' },
    });
  }
}

/**
 * POST /api/referral-form/{code} (public): the referral page opens. Counts the visit (the page's
 * opening, not the redirect, so that link previews of messengers are not counted), and answers the
 * owner's first name and a form token.
 */
export async function openForm(deps: ReferralsDeps, code: string): Promise<ReferralFormDto> {
  const owner = await deps.db.transaction(async (tx) => {
    const link = await repo.linkByCode(tx, code);
    const user = link ? await referralUserIn(tx, link.userId) : undefined;
    if (!link || !user?.isActive) {
      throw new AppError('NOT_FOUND', { fieldValidation: { code: 'invalid_value' } });
    }
    await repo.countVisit(tx, code);
    return user;
  });
  return {
    code,
    owner_name: owner.name,
    offers_agent_application: RECRUITING_ROLES.includes(owner.role),
    form_token: formTokenOf(deps, code, nowOf(deps).getTime()),
    not_before_ms: REFERRAL_LIMITS.minFormSeconds * 1000,
  };
}

type Kind = 'client' | 'independent_agent';

/**
 * The checks both public forms make, in order: the token (of the page's link); the honeypot (a filled one is answered as a
 * success and nothing is kept); the link and its active owner; that the owner does not refer
 * themselves; the limits per address and per link (counted one after another under a lock).
 */
async function signup(
  deps: ReferralsDeps,
  kind: Kind,
  body: ReferralClientBody | ReferralAgentBody,
  ip: string,
  lastClicked: string | undefined,
  create: (tx: Tx, owner: ReferralUser, link: repo.LinkRow) => Promise<{ id: number | null; created: boolean }>,
): Promise<{ received: true }> {
  checkFormToken(deps, body.code, body.form_token);
  if (body.website && body.website.trim() !== '') {
    return { received: true };
  }
  const addressHash = sign(deps, `address:${ip}`).slice(0, 32);
  const since = new Date(nowOf(deps).getTime() - REFERRAL_LIMITS.windowMinutes * 60_000);
  await deps.db.transaction(async (tx) => {
    // The last click wins: the link in the referral cookie, when it names one, else the page's.
    const clicked = lastClicked && lastClicked !== body.code ? await repo.linkByCode(tx, lastClicked) : undefined;
    const link = clicked ?? (await repo.linkByCode(tx, body.code));
    const owner = link ? await referralUserIn(tx, link.userId) : undefined;
    if (!link || !owner?.isActive) {
      throw new AppError('NOT_FOUND', { fieldValidation: { code: 'invalid_value' } });
    }
    if (kind === 'independent_agent' && !RECRUITING_ROLES.includes(owner.role)) {
      throw refused('referral_agent_not_offered', 'This link does not invite independent agents.');
    }
    refuseSelfReferral(owner, body);
    await repo.lockKey(tx, `address:${addressHash}`);
    if ((await repo.signupsSince(tx, since, { addressHash })) >= REFERRAL_LIMITS.perAddress) {
      throw new AppError('IP blocked', { message: 'Too many sign-ups from this address: try again in an hour.' });
    }
    await repo.lockKey(tx, `link:${link.id}`);
    if ((await repo.signupsSince(tx, since, { linkId: link.id })) >= REFERRAL_LIMITS.perLink) {
      throw new AppError('IP blocked', { message: 'Too many sign-ups through this link: try again in an hour.' });
    }
    const made = await create(tx, owner, link);
    await repo.insertSignup(tx, { linkId: link.id, kind, outcome: made.created ? 'created' : 'known', userId: made.id, addressHash });
  });
  return { received: true };
}

function refuseSelfReferral(owner: ReferralUser, body: { phone: string; email: string }): void {
  const phone = normalisePhone(body.phone);
  const ownPhone = phone !== undefined && (phone === owner.phoneE164 || phone === owner.mobilePhoneE164);
  const ownEmail = body.email !== '' && owner.email !== null && body.email.toLowerCase() === owner.email.toLowerCase();
  if (ownPhone || ownEmail) {
    throw refused('self_referral', 'The link is your own: share it with others, they sign up through it.', {
      fieldValidation: ownPhone ? { phone: 'invalid_value' } : { email: 'invalid_value' },
    });
  }
}

/** POST /api/create-referral-client: the person becomes a lead referred by the link's owner (after the duplicate check). */
export function createReferralClient(deps: ReferralsDeps, body: ReferralClientBody, ip: string, lastClicked?: string) {
  return signup(deps, 'client', body, ip, lastClicked, (tx, owner, link) =>
    createReferredLeadIn(tx, {
      name: body.name,
      surname: body.surname,
      phone: body.phone,
      email: body.email,
      zipcode: body.zipcode,
      city: body.city,
      locale: body.locale,
      referrerId: owner.id,
      leadSource: owner.role === 'partner' ? 'partner' : 'referral',
      referralLink: ownLinkOf(deps, link.code),
    }),
  );
}

/** POST /api/referral-independent-agent: an application; the admin admits the applicant by sending the signup mail. */
export function applyAsIndependentAgent(deps: ReferralsDeps, body: ReferralAgentBody, ip: string, lastClicked?: string) {
  return signup(deps, 'independent_agent', body, ip, lastClicked, (tx, owner) =>
    createAgentApplicantIn(tx, {
      name: body.name,
      surname: body.surname,
      email: body.email,
      phone: body.phone,
      locale: body.locale,
      referredById: owner.id,
    }),
  );
}

// ---- The partner's list and statistics ----

interface Referred {
  row: ReferredClientRow;
  status: PartnerStatus;
  next: Date | null;
}

/** The clients a user referred with their partner status (the domain's rule), newest first. */
async function referredWithStatus(tx: Tx, referrerId: number): Promise<Referred[]> {
  const rows = await referredClientsIn(tx, referrerId);
  const planned = await plannedPresentationsOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows
    .map((row) => ({
      row,
      status: partnerStatusOf({ status: row.status, hasPlannedPresentation: planned.has(row.id) }),
      next: planned.get(row.id) ?? null,
    }))
    .sort((a, b) => b.row.createdAt.getTime() - a.row.createdAt.getTime() || b.row.id - a.row.id);
}

/** What a partner sees of a person they referred: no contact details beyond the city, no notes. */
function toPartnerUserDto(r: Referred): PartnerUserDto {
  return {
    id: r.row.id,
    lead_hash: leadHashOf(r.row.id),
    name: r.row.name,
    surname: r.row.surname,
    city: r.row.city,
    created_at: r.row.createdAt.toISOString(),
    partner_status: r.status,
    colour: partnerStatusColour(r.status),
    next_presentation_at: r.next?.toISOString() ?? null,
  };
}

/** GET /api/partner-users: the partner's referred people, 50 a page, optionally of one partner status. */
export async function partnerUsers(deps: ReferralsDeps, actor: Actor, q: PartnerUsersQuery & { partner_id?: number | undefined }) {
  const partnerId = subjectOf(actor, q.partner_id, 'partner_id');
  const all = await deps.db.transaction((tx) => referredWithStatus(tx, partnerId));
  const chosen = q.partner_status ? all.filter((r) => r.status === q.partner_status) : all;
  return {
    data: chosen.slice(q.offset, q.offset + q.limit).map(toPartnerUserDto),
    total: chosen.length,
    limit: q.limit,
    offset: q.offset,
  };
}

/** GET /api/partner-users/{id}: one person the partner referred (the partner lead flow's progress); anyone else's is unknown. */
export async function partnerUser(deps: ReferralsDeps, actor: Actor, id: number): Promise<PartnerUserDto> {
  const partnerId = actor.role === 'admin' ? undefined : actor.userId;
  const found = await deps.db.transaction(async (tx) => {
    const client = await referredClientIn(tx, id);
    if (!client || (partnerId !== undefined && client.referredById !== partnerId)) {
      return undefined;
    }
    const planned = await plannedPresentationsOf(tx, [id]);
    return {
      row: client,
      status: partnerStatusOf({ status: client.status, hasPlannedPresentation: planned.has(id) }),
      next: planned.get(id) ?? null,
    };
  });
  if (!found) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  return toPartnerUserDto(found);
}

/** GET /api/stats/partner: the partner's referrals by partner status, in the spec's order and colours. */
export async function partnerStats(
  deps: ReferralsDeps,
  actor: Actor,
  q: { partner_id?: number | undefined },
): Promise<PartnerStatsAnswer['data']> {
  const partnerId = subjectOf(actor, q.partner_id, 'partner_id');
  const all = await deps.db.transaction((tx) => referredWithStatus(tx, partnerId));
  const counts = new Map<PartnerStatus, number>();
  all.forEach((r) => counts.set(r.status, (counts.get(r.status) ?? 0) + 1));
  const rows = PARTNER_STATUSES.map((status) => ({ status, colour: partnerStatusColour(status), count: counts.get(status) ?? 0 }));
  const total = all.length;
  return {
    charts: { by_status: rows },
    table: rows.map((r) => ({ ...r, share: total === 0 ? 0 : Math.round((r.count / total) * 1000) / 10 })),
    total,
  };
}

// ---- The independent agent's referrals ----

const AGENT_ROLES = new Set(['partner', 'independent_agent', 'sales_agent', 'call_agent', 'prom_agent']);

/**
 * GET /api/ia-referrals: whom the agent brought directly, each with its referral status and what the
 * agent earned through that person's branch: L1 from their own sales, L2 from their recruits' sales,
 * L3 one level further (the rows the commission engine wrote).
 */
export async function iaReferrals(deps: ReferralsDeps, actor: Actor, q: { agent_id?: number | undefined }) {
  const agentId = subjectOf(actor, q.agent_id, 'agent_id');
  return deps.db.transaction(async (tx) => {
    const people = await referredUsersIn(tx, agentId);
    const clientIds = people.filter((p) => p.role === 'user').map((p) => p.id);
    const planned = await plannedPresentationsOf(tx, clientIds);
    const parentOf = new Map((await downlineIn(tx, agentId, 3)).map((m) => [m.id, m.referredById]));
    const earned = new Map<number, { l1: number; l2: number; l3: number }>();
    for (const e of await downlineEarningsOf(tx, agentId)) {
      const branch = branchOf(parentOf, agentId, e.sellerId);
      if (branch === undefined) {
        continue;
      }
      const sums = earned.get(branch) ?? { l1: 0, l2: 0, l3: 0 };
      sums[e.reason] += e.amount;
      earned.set(branch, sums);
    }
    const data: IaReferralDto[] = people
      .map((p) => ({
        id: p.id,
        kind: AGENT_ROLES.has(p.role) ? ('agent' as const) : ('client' as const),
        role: p.role,
        name: p.name,
        surname: p.surname,
        created_at: p.createdAt.toISOString(),
        referral_status: AGENT_ROLES.has(p.role)
          ? referralStatusOf({ kind: 'agent', isActive: p.isActive, hasSignedUp: p.signedUp })
          : referralStatusOf({
              kind: 'client',
              partnerStatus: partnerStatusOf({ status: p.status, hasPlannedPresentation: planned.has(p.id) }),
            }),
        ...(earned.get(p.id) ?? { l1: 0, l2: 0, l3: 0 }),
      }))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    const totals = data.reduce((t, r) => ({ l1: t.l1 + r.l1, l2: t.l2 + r.l2, l3: t.l3 + r.l3 }), { l1: 0, l2: 0, l3: 0 });
    return { data, totals };
  });
}

/** The agent's direct recruit under whom the seller is (the seller themself at L1), within three levels. */
function branchOf(parentOf: Map<number, number>, rootId: number, sellerId: number): number | undefined {
  let at = sellerId;
  for (let level = 0; level < 3; level += 1) {
    const parent = parentOf.get(at);
    if (parent === undefined) {
      return undefined;
    }
    if (parent === rootId) {
      return at;
    }
    at = parent;
  }
  return undefined;
}
