import {
  ADDRESS_EMPTY,
  addDays,
  bestPlacementInDay,
  hardViolations,
  distanceBand,
  explainPlacement,
  isCountedVisit,
  localityFits,
  legStatus,
  passesPlannerFilters,
  PLANNER,
  scorePlacement,
  spareTime,
  zurichDate,
  zurichInstant,
  type Placement,
  type PlannerAbsencesDto,
  type PlannerAbsencesQuery,
  type PlannerBlockedDayBody,
  type PlannerBlockedDatesDto,
  type PlannerBlockedDatesQuery,
  type PlannerDetailsDto,
  type PlannerDetailsQuery,
  type PlannerPreviewDto,
  type PlannerPreviewQuery,
  type PlannerPrivateAppointmentBody,
  type PlannerSuggestionDto,
  type UserPrimaryAgentsDto,
  type ValidationKey,
} from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import { swissPostcodes } from '../../core/postcodes.ts';
import type { Db } from '../../db/client.ts';
import type { TravelTimes } from '../../integrations/routing/index.ts';
import { locateAddress, locateUsers, type UserLocation } from '../addresses/index.ts';
import { clientInScope, householdOf } from '../clients/index.ts';
import { agentsWhoServed, busyEventsOf } from '../events/index.ts';
import { fieldAgents, type FieldAgent } from '../staff/index.ts';
import { absenceAgentsOf, agentFilterOf, plannableAgentsOf } from './policy.ts';
import * as repo from './repo.ts';
import { buildDays, countUnfound, periodDays, searchPlanner, type BuiltDay, type ResolvedPeriod, type SearchStop } from './search.ts';
import { logUnfound } from './travel.ts';

export interface PlannerDeps {
  db: Db;
  travel: TravelTimes;
  log: { error: (obj: object, msg: string) => void };
  now?: () => Date;
}

const nowOf = (deps: PlannerDeps) => (deps.now ? deps.now() : new Date());
const todayOf = (now: Date) => zurichDate(now);
const invalid = (fields: Record<string, ValidationKey>, message?: string) =>
  new AppError('VALIDATION_ERROR', { fieldValidation: fields, message });
const iso = (s: number) => new Date(s * 1000).toISOString();

/** The period asked for, with spec 9's defaults; a period in the past, reversed or reaching beyond a year is refused. */
export function resolvePeriod(q: Partial<PlannerPreviewQuery>, today: string): ResolvedPeriod {
  const startDate = q.startDate ?? today;
  const endDate = q.endDate ?? addDays(startDate, PLANNER.defaultDays);
  const startTime = q.startTime ?? PLANNER.startTime;
  const endTime = q.endTime ?? PLANNER.endTime;
  const lastDay = addDays(today, PLANNER.maxDaysAhead);
  const bad: Record<string, ValidationKey> = {};
  if (startDate < today) {
    bad.startDate = 'invalid_value';
  }
  if (endDate < startDate || endDate > lastDay) {
    bad.endDate = 'invalid_value';
  }
  // New visits start within the calendar's working hours (08:00–16:00): a narrower window only.
  if (startTime < PLANNER.startTime || startTime > PLANNER.endTime) {
    bad.startTime = 'invalid_value';
  }
  if (endTime < startTime || endTime > PLANNER.endTime) {
    bad.endTime = 'invalid_value';
  }
  const separateDates = q.separateDates ?? [];
  if (separateDates.some((d) => d < startDate || d > endDate)) {
    bad.separateDates = 'invalid_value';
  }
  if (q.selectedDate !== undefined && (q.selectedDate < startDate || q.selectedDate > endDate)) {
    bad.selectedDate = 'invalid_value';
  }
  if (Object.keys(bad).length > 0) {
    throw invalid(bad);
  }
  const dates = q.selectedDate ? [q.selectedDate] : separateDates.length > 0 ? separateDates : null;
  return {
    startDate,
    endDate,
    startTime,
    endTime,
    enabledWeekdays:
      q.enabledWeekdays && q.enabledWeekdays.length > 0 ? [...new Set(q.enabledWeekdays)].sort() : [...PLANNER.enabledWeekdays],
    dates,
    pinnedWeekday: q.pinnedWeekday ?? null,
    selectedDate: q.selectedDate ?? null,
    separateDates,
  };
}

/** The address as edited in the planner (spec 3 `userDrafts`); none when no part of it is given. */
interface DraftAddress {
  address?: string | undefined;
  zipcode?: string | undefined;
  city?: string | undefined;
}

const isDraft = (d: DraftAddress) => Boolean(d.address || d.zipcode || d.city);

/**
 * What is wrong with an edited address, per field (spec 3 `userErrors`): the postcode is needed and
 * must exist; a place given must fit it (the import's rule, localityFits).
 */
function draftErrors(d: DraftAddress): Record<string, ValidationKey> {
  const zipcode = d.zipcode?.trim() ?? '';
  if (zipcode === '') {
    return { zipcode: 'field_is_required' };
  }
  const localities = swissPostcodes().localitiesOf(zipcode);
  if (!/^\d{4}$/.test(zipcode) || localities.length === 0) {
    return { zipcode: 'postcode_unknown' };
  }
  if (d.city && !localityFits(d.city, localities)) {
    return { city: 'locality_mismatch' };
  }
  return {};
}

/**
 * The client (in the actor's scope, else UNKNOWN_USER_ID) and where the visit is: the edited address
 * when the planner sends one (checked, 400 with the fields' errors), else where the client lives; an
 * address that cannot be located is address_empty.
 */
async function clientPoint(deps: PlannerDeps, actor: Actor, clientId: number, draft: DraftAddress = {}): Promise<UserLocation> {
  await clientInScope(deps.db, actor, clientId);
  let found: UserLocation | null | undefined;
  if (isDraft(draft)) {
    const errors = draftErrors(draft);
    if (Object.keys(errors).length > 0) {
      throw invalid(errors);
    }
    found = await locateAddress(deps.db, { address: draft.address ?? null, zipcode: draft.zipcode ?? null, city: draft.city ?? null });
  } else {
    found = (await locateUsers(deps.db, [clientId])).get(clientId);
  }
  if (!found) {
    throw invalid({ address: 'field_is_required' }, ADDRESS_EMPTY);
  }
  return found;
}

async function primaryAgentIds(deps: PlannerDeps, clientId: number): Promise<Set<number>> {
  const household = await householdOf(deps.db, clientId);
  return new Set((await agentsWhoServed(deps.db, household)).map((a) => a.agentId));
}

interface Loaded {
  agents: FieldAgent[];
  homes: Map<number, UserLocation>;
  primary: Set<number>;
  stops: SearchStop[];
  blocked: Set<string>;
}

/** The agents' days of the period from the events, staff, addresses and the planner's own tables. */
async function loadDays(deps: PlannerDeps, agentIds: number[] | null, clientId: number, period: ResolvedPeriod): Promise<Loaded> {
  const agents = await fieldAgents(deps.db, agentIds);
  const ids = agents.map((a) => a.id);
  const [fy, fm, fd] = period.startDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = period.endDate.split('-').map(Number) as [number, number, number];
  const from = zurichInstant(fy, fm, fd);
  const to = zurichInstant(ty, tm, td + 1);
  const [homes, primary, events, privates, blockedRows] = await Promise.all([
    locateUsers(deps.db, ids),
    primaryAgentIds(deps, clientId),
    busyEventsOf(deps.db, ids, from, to),
    repo.privateAppointmentsBetween(deps.db, ids, from, to),
    repo.blockedDaysBetween(deps.db, ids, period.startDate, period.endDate),
  ]);
  const visitPoints = await locateUsers(deps.db, [...new Set(events.map((e) => e.clientId))]);
  const stops: SearchStop[] = [
    ...events.map((e): SearchStop => ({
      agentId: e.agentId,
      type: e.type === 'presentation' ? 'demo' : 'service',
      eventId: e.id,
      start: Math.floor(e.startsAt.getTime() / 1000),
      end: Math.floor(e.endsAt.getTime() / 1000),
      point: visitPoints.get(e.clientId) ?? null,
    })),
    ...privates.map((p): SearchStop => ({
      agentId: p.agentId,
      type: 'private',
      eventId: null,
      start: Math.floor(p.startsAt.getTime() / 1000),
      end: Math.floor(p.endsAt.getTime() / 1000),
      point: null,
    })),
  ].sort((a, b) => a.agentId - b.agentId || a.start - b.start);
  return { agents, homes, primary, stops, blocked: new Set(blockedRows.map((b) => `${b.agentId}|${b.day}`)) };
}

function toSuggestion(p: Placement, rank: number, agent: FieldAgent, homeDistance: number, demos: number): PlannerSuggestionDto {
  return {
    rank,
    agent: { id: agent.id, name: agent.name, surname: agent.surname },
    date: p.date,
    start: iso(p.start),
    end: iso(p.end),
    coefficient: Math.round(p.coefficient * 1000) / 1000,
    primary: p.primary,
    band: distanceBand(homeDistance),
    negativeSpare: p.negativeSpare,
    extraDistance: p.extraDistance,
    extraDuration: p.extraDuration,
    approachDistance: p.approachDistance,
    dayDistance: p.dayDistance,
    dayDuration: p.dayDuration,
    spareBefore: p.spareBefore,
    spareAfter: p.spareAfter,
    dayNotFound: p.dayNotFound,
    reasons: explainPlacement(p, demos),
  };
}

const demosWith = (d: BuiltDay) => d.day.stops.filter((s) => isCountedVisit(s.type)).length + 1;

/** GET /api/planner-preview: the best agents and start times for a new visit at the client's home. */
export async function plannerPreview(deps: PlannerDeps, actor: Actor, q: PlannerPreviewQuery): Promise<PlannerPreviewDto> {
  const t0 = performance.now();
  const now = nowOf(deps);
  const period = resolvePeriod(q, todayOf(now));
  const client = await clientPoint(deps, actor, q.clientId, q);
  const loaded = await loadDays(deps, agentFilterOf(actor, q.availableForAgent), q.clientId, period);
  const byId = new Map(loaded.agents.map((a) => [a.id, a]));
  // The distance bands are measured from the agent's home; the filters choose the agents before the search.
  const located = loaded.agents.flatMap((a) => {
    const home = loaded.homes.get(a.id);
    return home ? [{ id: a.id, home, primary: loaded.primary.has(a.id) }] : [];
  });
  const result = await searchPlanner(deps.travel, {
    client,
    agents: located,
    stops: loaded.stops,
    blocked: loaded.blocked,
    period,
    now: Math.floor(now.getTime() / 1000),
    limit: PLANNER.maxLimit,
    deadlineAt: t0 + PLANNER.deadlineMs,
  });
  const homeDistance = new Map(result.days.map((d) => [d.agent.id, d.day.toNew[0]?.distance ?? Infinity]));
  const dayOf = new Map(result.days.map((d) => [`${d.agent.id}|${d.day.date}`, d]));
  logUnfound(deps.log, 'planner-preview', result.unfoundLegs);
  const suggestions = result.top
    .filter((p) =>
      passesPlannerFilters(
        { band: distanceBand(homeDistance.get(p.agentId) ?? Infinity), agentId: p.agentId },
        { lessThan50: q.lessThan50, from50to100: q.from50to100 },
      ),
    )
    .slice(0, q.limit)
    .map((p, i) =>
      toSuggestion(
        p,
        i + 1,
        byId.get(p.agentId)!,
        homeDistance.get(p.agentId) ?? Infinity,
        demosWith(dayOf.get(`${p.agentId}|${p.date}`)!),
      ),
    );
  const byTime = new Map<string, PlannerSuggestionDto[]>();
  for (const s of suggestions) {
    byTime.set(s.start, [...(byTime.get(s.start) ?? []), s]);
  }
  return {
    partial: result.partial,
    computedMs: Math.round(performance.now() - t0),
    period: {
      startDate: period.startDate,
      endDate: period.endDate,
      startTime: period.startTime,
      endTime: period.endTime,
      selectedDate: period.selectedDate,
      separateDates: period.separateDates,
      enabledWeekdays: period.enabledWeekdays,
      pinnedWeekday: period.pinnedWeekday,
    },
    client: { id: q.clientId, point: { lat: client.lat, lon: client.lon, precision: client.precision } },
    agentsConsidered: located.length,
    daysSearched: result.daysSearched,
    suggestions,
    timestamps: [...byTime.entries()].map(([timestamp, list]) => ({
      timestamp,
      agents: list.map((s) => s.agent.id),
      rows: list.length,
      bestRoute: {
        distance: list[0]!.dayDistance,
        duration: list[0]!.dayDuration,
        primaryAgentDistance: list.find((s) => s.primary)?.dayDistance ?? null,
      },
    })),
  };
}

/** GET /api/planner-details: the agent's whole day with the new visit at `start`. */
export async function plannerDetails(deps: PlannerDeps, actor: Actor, q: PlannerDetailsQuery): Promise<PlannerDetailsDto> {
  const now = nowOf(deps);
  const today = todayOf(now);
  const start = Math.floor(new Date(q.start).getTime() / 1000);
  const date = zurichDate(new Date(start * 1000));
  const period = resolvePeriod({ startDate: date, endDate: date }, today);
  const client = await clientPoint(deps, actor, q.clientId, q);
  const allowed = agentFilterOf(actor, q.agentId);
  if (allowed !== null && allowed.length === 0) {
    throw invalid({ agentId: 'invalid_value' });
  }
  const loaded = await loadDays(deps, [q.agentId], q.clientId, period);
  const agent = loaded.agents[0];
  const home = agent ? loaded.homes.get(agent.id) : undefined;
  if (!agent || !home) {
    throw invalid({ agentId: 'invalid_value' });
  }
  const result = await searchPlanner(deps.travel, {
    client,
    agents: [{ id: agent.id, home, primary: loaded.primary.has(agent.id) }],
    stops: loaded.stops,
    blocked: loaded.blocked,
    period: { ...period, enabledWeekdays: [1, 2, 3, 4, 5, 6] },
    now: Math.floor(now.getTime() / 1000),
    limit: 1,
  });
  const built = result.days[0];
  if (!built) {
    throw invalid({ start: 'invalid_value' }, 'The day is not a working day or is over.');
  }
  const violations = hardViolations(built.day, start, { enabledWeekdays: [1, 2, 3, 4, 5, 6], notBefore: Math.floor(now.getTime() / 1000) });
  const position = built.day.stops.filter((s) => s.start < start).length;
  const placement = violations.length === 0 ? scorePlacement(built.day, position, start) : null;
  if (!placement) {
    throw invalid({ start: 'invalid_value' }, violations.length > 0 ? `Not bookable: ${violations.join(', ')}` : 'No route to the client.');
  }
  const unfound = countUnfound(built.day.legs);
  logUnfound(deps.log, 'planner-details', unfound);
  const homeDistance = built.day.toNew[0]?.distance ?? Infinity;
  const suggestion = toSuggestion(placement, 1, agent, homeDistance, demosWith(built));
  // The day's route with the new visit: home, the stops before, the new visit, the stops after, home.
  const seq: {
    type: PlannerDestinationTypeOut;
    eventId: number | null;
    isNew: boolean;
    start: number;
    end: number;
    point: { lat: number; lon: number } | null;
  }[] = [];
  const dayStart = periodDays(period)[0]!;
  seq.push({ type: 'home', eventId: null, isNew: false, start: dayStart.dayStart, end: dayStart.dayStart, point: home });
  built.stops.forEach((s, i) => {
    if (i === position) {
      seq.push({ type: q.destination, eventId: null, isNew: true, start, end: placement.end, point: client });
    }
    seq.push({ type: s.type, eventId: s.eventId, isNew: false, start: s.start, end: s.end, point: s.point ?? home });
  });
  if (position === built.stops.length) {
    seq.push({ type: q.destination, eventId: null, isNew: true, start, end: placement.end, point: client });
  }
  seq.push({ type: 'home', eventId: null, isNew: false, start: seq[seq.length - 1]!.end, end: seq[seq.length - 1]!.end, point: home });
  // Legs: the existing ones, with the replaced one swapped for the two around the new visit.
  const legs = [...built.day.legs];
  legs.splice(position, 1, built.day.toNew[position]!, built.day.fromNew[position === built.stops.length ? 0 : position + 1]!);
  const destinations = seq.map((s, i) => {
    const leg = i === 0 ? { distance: 0, duration: 0 } : legs[i - 1]!;
    const prev = i > 0 ? seq[i - 1]! : null;
    const spare = prev && prev.type !== 'home' && s.type !== 'home' ? spareTime(prev, s, leg.duration) : null;
    return {
      type: s.type,
      eventId: s.eventId,
      isNew: s.isNew,
      label: s.isNew ? 'new' : s.type,
      lat: s.point?.lat ?? null,
      lon: s.point?.lon ?? null,
      arrival_time: iso(s.start),
      end_time: iso(s.end),
      route: { status: legStatus(leg), distance: leg.distance, duration: leg.duration },
      spare,
    };
  });
  return {
    agent: suggestion.agent,
    date,
    coefficient: suggestion.coefficient,
    negativeSpare: placement.negativeSpare,
    distance: placement.dayDistance,
    duration: placement.dayDuration,
    placement: suggestion,
    destinations,
  };
}

type PlannerDestinationTypeOut = 'demo' | 'home' | 'private' | 'service';

/**
 * GET /api/planner-blocked-dates: the days of the month no new visit to the destination (a client) can
 * go to: Sundays, disabled weekdays, days already over, and days blocked or full for every agent
 * considered (only `calculateForId` when given).
 */
export async function plannerBlockedDates(deps: PlannerDeps, actor: Actor, q: PlannerBlockedDatesQuery): Promise<PlannerBlockedDatesDto> {
  const now = nowOf(deps);
  const today = todayOf(now);
  const [y, m] = q.month.split('-').map(Number) as [number, number];
  const first = `${q.month}-01`;
  const last = addDays(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`, -1);
  if (last < today || first > addDays(today, PLANNER.maxDaysAhead)) {
    throw invalid({ month: 'invalid_value' });
  }
  const client = await clientPoint(deps, actor, q.destination);
  const allowed = agentFilterOf(actor, q.calculateForId);
  if (allowed !== null && allowed.length === 0) {
    throw invalid({ calculateForId: 'invalid_value' });
  }
  const startDate = first < today ? today : first;
  const period = resolvePeriod({ startDate, endDate: last }, today);
  const loaded = await loadDays(deps, allowed, q.destination, period);
  const located = loaded.agents.flatMap((a) => {
    const home = loaded.homes.get(a.id);
    return home ? [{ id: a.id, home, primary: false }] : [];
  });
  const built = await buildDays(deps.travel, {
    client,
    agents: located,
    stops: loaded.stops,
    blocked: loaded.blocked,
    period,
    now: Math.floor(now.getTime() / 1000),
  });
  const open = new Set<string>();
  const blockedForAll = new Map<string, boolean>();
  for (const d of built) {
    const p = bestPlacementInDay(d.day, { enabledWeekdays: period.enabledWeekdays, notBefore: Math.floor(now.getTime() / 1000) });
    if (p) {
      open.add(d.day.date);
    }
    blockedForAll.set(d.day.date, (blockedForAll.get(d.day.date) ?? true) && d.day.blocked);
  }
  const days: PlannerBlockedDatesDto['days'] = [];
  for (const d of periodDays({ startDate: first, endDate: last, startTime: PLANNER.startTime, endTime: PLANNER.endTime })) {
    if (d.weekday === 7) {
      days.push({ date: d.date, reason: 'sunday' });
    } else if (!period.enabledWeekdays.includes(d.weekday)) {
      days.push({ date: d.date, reason: 'weekday' });
    } else if (d.date < startDate || d.openUntil < Math.floor(now.getTime() / 1000)) {
      days.push({ date: d.date, reason: 'past' });
    } else if (!open.has(d.date)) {
      days.push({ date: d.date, reason: (blockedForAll.get(d.date) ?? true) ? 'blocked' : 'full' });
    }
  }
  return { month: q.month, days };
}

/** GET /api/user-primary-agents/{id}: the agents who already served the client or their household. */
export async function userPrimaryAgents(deps: PlannerDeps, actor: Actor, clientId: number): Promise<UserPrimaryAgentsDto> {
  await clientInScope(deps.db, actor, clientId);
  const served = await agentsWhoServed(deps.db, await householdOf(deps.db, clientId));
  const own = plannableAgentsOf(actor);
  const agents = new Map(
    (
      await fieldAgents(
        deps.db,
        served.map((s) => s.agentId),
      )
    ).map((a) => [a.id, a]),
  );
  return {
    data: served.flatMap((s) => {
      const a = agents.get(s.agentId);
      return a && (own === null || own.includes(a.id))
        ? [{ id: a.id, name: a.name, surname: a.surname, events: s.events, lastAt: s.lastAt.toISOString() }]
        : [];
    }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Absences: the blocked days and private appointments that keep a field agent from new visits.

/**
 * The field agent whose absences the actor asks for: an active sales or independent agent the actor may
 * enter absences for (an admin any, an agent themself). Another agent's id is refused as not allowed;
 * an id that is no active field agent as an invalid `agentId`.
 */
async function absenceAgent(deps: PlannerDeps, actor: Actor, agentId: number): Promise<FieldAgent> {
  const allowed = absenceAgentsOf(actor);
  if (allowed !== null && !allowed.includes(agentId)) {
    throw new AppError('Not allowed.', { message: "Only the agent's own absences." });
  }
  const [agent] = await fieldAgents(deps.db, [agentId]);
  if (!agent) {
    throw invalid({ agentId: 'invalid_value' });
  }
  return agent;
}

/** GET /api/planner-absences: one field agent's blocked days and private appointments of a month. */
export async function plannerAbsences(deps: PlannerDeps, actor: Actor, q: PlannerAbsencesQuery): Promise<PlannerAbsencesDto> {
  const agent = await absenceAgent(deps, actor, q.agentId);
  const [y, m] = q.month.split('-').map(Number) as [number, number];
  const first = `${q.month}-01`;
  const last = addDays(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`, -1);
  const [blocked, privates] = await Promise.all([
    repo.blockedDaysBetween(deps.db, [agent.id], first, last),
    repo.privateAppointmentsBetween(deps.db, [agent.id], zurichInstant(y, m, 1), zurichInstant(y, m + 1, 1)),
  ]);
  return {
    agent: { id: agent.id, name: agent.name, surname: agent.surname },
    month: q.month,
    blockedDays: blocked.map((b) => ({ id: b.id, date: b.day, note: b.note })),
    privateAppointments: privates.map((p) => ({
      id: p.id,
      startsAt: p.startsAt.toISOString(),
      endsAt: p.endsAt.toISOString(),
      note: p.note,
    })),
  };
}

/** POST /api/planner-blocked-days: a whole day off for the agent, from today on; a day blocked already is refused. */
export async function addBlockedDay(deps: PlannerDeps, actor: Actor, body: PlannerBlockedDayBody): Promise<{ id: number }> {
  const agent = await absenceAgent(deps, actor, body.agentId);
  if (body.date < todayOf(nowOf(deps))) {
    throw invalid({ date: 'invalid_value' });
  }
  return deps.db.transaction(async (tx) => {
    // One blocked day per agent and day: two requests for one agent take turns.
    await repo.lockAgentAbsences(tx, agent.id);
    if ((await repo.blockedDaysBetween(tx, [agent.id], body.date, body.date)).length > 0) {
      throw invalid({ date: 'already_taken' });
    }
    return { id: await repo.insertBlockedDay(tx, { agentId: agent.id, day: body.date, note: body.note }) };
  });
}

/** POST /api/planner-private-appointments: busy time of the agent's own (at most a day), not in the past. */
export async function addPrivateAppointment(deps: PlannerDeps, actor: Actor, body: PlannerPrivateAppointmentBody): Promise<{ id: number }> {
  const agent = await absenceAgent(deps, actor, body.agentId);
  const startsAt = new Date(body.startsAt);
  if (startsAt.getTime() < nowOf(deps).getTime() - 60_000) {
    throw invalid({ startsAt: 'invalid_value' });
  }
  return {
    id: await repo.insertPrivateAppointment(deps.db, { agentId: agent.id, startsAt, endsAt: new Date(body.endsAt), note: body.note }),
  };
}

/** DELETE /api/planner-blocked-days/{id}: an admin any, an agent their own; another's or an unknown id is NOT_FOUND. */
export async function removeBlockedDay(deps: PlannerDeps, actor: Actor, id: number): Promise<void> {
  if (!(await repo.deleteBlockedDay(deps.db, id, absenceAgentsOf(actor)))) {
    throw new AppError('NOT_FOUND', { message: 'No such blocked day.' });
  }
}

/** DELETE /api/planner-private-appointments/{id}: as removeBlockedDay. */
export async function removePrivateAppointment(deps: PlannerDeps, actor: Actor, id: number): Promise<void> {
  if (!(await repo.deletePrivateAppointment(deps.db, id, absenceAgentsOf(actor)))) {
    throw new AppError('NOT_FOUND', { message: 'No such private appointment.' });
  }
}
