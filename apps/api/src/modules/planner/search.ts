import {
  addDays,
  legStatus,
  PLANNER,
  searchPlacements,
  zurichClock,
  zurichInstant,
  type AgentDay,
  type Leg,
  type Placement,
  type PlannerDestinationType,
} from '@bo/domain';
import type { LatLon, TravelTimes } from '../../integrations/routing/index.ts';
import { consecutiveLegs, legsAround, type RoutingBound } from './travel.ts';

/**
 * The planner's search without the database: the agents' days built from their homes, visits, private
 * appointments and blocked days, the legs asked of the travel times, the best placements found. The
 * service loads the inputs; the bench (bench/planner.ts) calls this directly.
 */

export interface ResolvedPeriod {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  enabledWeekdays: number[];
  /** Only these dates (separateDates, selectedDate), or all of the period. */
  dates: string[] | null;
  pinnedWeekday: number | null;
  selectedDate: string | null;
  separateDates: string[];
}

export interface SearchAgent {
  id: number;
  home: LatLon;
  primary: boolean;
}

export interface SearchStop {
  agentId: number;
  type: Exclude<PlannerDestinationType, 'home'>;
  eventId: number | null;
  start: number;
  end: number;
  /** Where it happens; null: unknown (a private appointment), taken as the agent's home. */
  point: LatLon | null;
}

export interface SearchInput {
  client: LatLon;
  agents: readonly SearchAgent[];
  /** Sorted by agent, then start. */
  stops: readonly SearchStop[];
  blocked: ReadonlySet<string>;
  period: ResolvedPeriod;
  /** Epoch seconds: nothing before it. */
  now: number;
  limit: number;
  deadlineAt?: number;
}

export interface DayRef {
  date: string;
  weekday: number;
  dayStart: number;
  openFrom: number;
  openUntil: number;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const parseTime = (t: string) => t.split(':').map(Number) as [number, number];
const dateParts = (d: string) => d.split('-').map(Number) as [number, number, number];

/** The period's days with their Zurich start, weekday and open window (Sundays and disabled weekdays included, flagged by weekday). */
const periodCache = new Map<string, DayRef[]>();

export function periodDays(period: Pick<ResolvedPeriod, 'startDate' | 'endDate' | 'startTime' | 'endTime'>): DayRef[] {
  // Zurich's wall clock costs a few Intl calls per day: a period's days are kept (a few hundred periods at most).
  const key = `${period.startDate}|${period.endDate}|${period.startTime}|${period.endTime}`;
  const hit = periodCache.get(key);
  if (hit) {
    return hit;
  }
  const out = computePeriodDays(period);
  if (periodCache.size >= 500) {
    periodCache.clear();
  }
  periodCache.set(key, out);
  return out;
}

function computePeriodDays(period: Pick<ResolvedPeriod, 'startDate' | 'endDate' | 'startTime' | 'endTime'>): DayRef[] {
  const [fh, fm] = parseTime(period.startTime);
  const [th, tm] = parseTime(period.endTime);
  const out: DayRef[] = [];
  for (let d = period.startDate; d <= period.endDate; d = addDays(d, 1)) {
    const [y, m, day] = dateParts(d);
    out.push({
      date: d,
      weekday: zurichClock(zurichInstant(y, m, day, 12)).weekday,
      dayStart: seconds(zurichInstant(y, m, day)),
      openFrom: seconds(zurichInstant(y, m, day, fh, fm)),
      openUntil: seconds(zurichInstant(y, m, day, th, tm)),
    });
  }
  return out;
}

/** Which day (index) an instant falls on: the last day starting at or before it, or −1. */
function dayIndexOf(days: readonly DayRef[], t: number): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]!.dayStart <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

export interface BuiltDay {
  day: AgentDay;
  agent: SearchAgent;
  stops: SearchStop[];
}

/** A point's key as a number (1e-5° ≈ 1 m): cheaper to hash than text for tens of thousands of stops. */
const pointKey = (p: LatLon) => Math.round(p.lat * 1e5) * 1e8 + Math.round(p.lon * 1e5);

/** The agents' days of the period (bookable weekdays only) with their legs. */
export async function buildDays(
  travel: TravelTimes,
  input: Omit<SearchInput, 'limit' | 'deadlineAt'>,
  bound?: RoutingBound,
): Promise<BuiltDay[]> {
  const days = periodDays(input.period);
  const wantedAt = new Int32Array(days.length).fill(-1);
  const wanted: DayRef[] = [];
  days.forEach((d, i) => {
    if (
      d.weekday !== 7 &&
      input.period.enabledWeekdays.includes(d.weekday) &&
      (input.period.pinnedWeekday === null || d.weekday === input.period.pinnedWeekday) &&
      (input.period.dates === null || input.period.dates.includes(d.date)) &&
      d.openUntil >= input.now
    ) {
      wantedAt[i] = wanted.length;
      wanted.push(d);
    }
  });
  // Stops per agent and wanted day (the input is sorted by agent and start).
  const perDay = new Map<number, SearchStop[]>();
  for (const s of input.stops) {
    const i = dayIndexOf(days, s.start);
    const w = i >= 0 ? wantedAt[i]! : -1;
    if (w < 0) {
      continue;
    }
    const k = s.agentId * 1024 + w;
    const list = perDay.get(k);
    if (list) {
      list.push(s);
    } else {
      perDay.set(k, [s]);
    }
  }
  // Every point once, for the requests around the new visit.
  const pointIndex = new Map<number, number>();
  const points: LatLon[] = [];
  const indexOf = (p: LatLon) => {
    const k = pointKey(p);
    let i = pointIndex.get(k);
    if (i === undefined) {
      i = points.length;
      points.push(p);
      pointIndex.set(k, i);
    }
    return i;
  };
  const built: { agent: SearchAgent; ref: DayRef; stops: SearchStop[]; idx: number[] }[] = [];
  for (const agent of input.agents) {
    const homeIdx = indexOf(agent.home);
    wanted.forEach((ref, w) => {
      const stops = perDay.get(agent.id * 1024 + w) ?? [];
      stops.sort((a, b) => a.start - b.start);
      built.push({ agent, ref, stops, idx: [homeIdx, ...stops.map((s) => (s.point ? indexOf(s.point) : homeIdx))] });
    });
  }
  const [around, dayLegs] = await Promise.all([
    legsAround(travel, input.client, points, bound),
    consecutiveLegs(
      travel,
      points,
      built.map((b) => b.idx),
      bound,
    ),
  ]);
  return built.map((b, n) => ({
    agent: b.agent,
    stops: b.stops,
    day: {
      agentId: b.agent.id,
      date: b.ref.date,
      weekday: b.ref.weekday,
      blocked: input.blocked.has(`${b.agent.id}|${b.ref.date}`),
      primary: b.agent.primary,
      openFrom: b.ref.openFrom,
      openUntil: b.ref.openUntil,
      // A search stop is a route stop (type, start, end): no copy.
      stops: b.stops,
      legs: dayLegs[n]!,
      toNew: b.idx.map((i) => around.to[i]!),
      fromNew: b.idx.map((i) => around.from[i]!),
    },
  }));
}

export interface SearchResult {
  top: Placement[];
  partial: boolean;
  daysSearched: number;
  days: BuiltDay[];
  /** Legs of the searched days that could not be routed. */
  unfoundLegs: number;
}

export const countUnfound = (legs: readonly Leg[]) => legs.filter((l) => legStatus(l) === 'NOT_FOUND').length;

/**
 * The time kept for the search itself (the pass over the days, a few milliseconds for 200 agents and 28
 * days): the routing is waited for until the deadline less this, and the search gets at least this
 * much, also when reading the database took the time before it.
 */
export const SEARCH_RESERVE_MS = 80;

/**
 * Builds the days and finds the best placements, by `deadlineAt` (performance.now() ms):
 * - a routing provider that has not answered SEARCH_RESERVE_MS before it is replaced, for the legs
 *   still missing, by the offline model's estimate (not kept in the provider's cache of day legs);
 * - the search stops at the deadline (or SEARCH_RESERVE_MS after it began, whichever is later) with
 *   the best it found.
 * Either makes the answer `partial`.
 */
export async function searchPlanner(travel: TravelTimes, input: SearchInput): Promise<SearchResult> {
  const deadline = input.deadlineAt ?? Infinity;
  const bound: RoutingBound | undefined =
    input.deadlineAt === undefined ? undefined : { until: deadline - SEARCH_RESERVE_MS, estimated: false };
  const days = await buildDays(travel, input, bound);
  const searchUntil = Math.max(deadline, performance.now() + SEARCH_RESERVE_MS);
  const rules = {
    enabledWeekdays: input.period.enabledWeekdays,
    notBefore: input.now,
    slotSeconds: PLANNER.slotSeconds,
    dates: input.period.dates,
  };
  const searched = searchPlacements(
    days.map((d) => d.day),
    rules,
    input.limit,
    () => performance.now() > searchUntil,
  );
  const { top, daysSearched } = searched;
  const partial = searched.partial || bound?.estimated === true;
  return { top, partial, daysSearched, days, unfoundLegs: days.reduce((n, d) => n + countUnfound(d.day.legs), 0) };
}
