/**
 * The visit planner's rules (spec 3 "Planner", 4 planner rules, 5, 9): an agent's day as a route, the
 * spare time between visits, the route coefficient, the distance bands, the planner screen's state
 * rules and the search for the best place of a new visit in the agents' days.
 *
 * Times are epoch seconds; the server turns Zurich wall-clock times into them (the domain never guesses
 * a time zone). Distances are metres, durations seconds; a leg that cannot be routed is `null`.
 */

/** Spec 9: the planner's constants. */
export const PLANNER = {
  /** The default period: today to 28 days ahead. */
  defaultDays: 28,
  /** A period may reach at most a year ahead. */
  maxDaysAhead: 366,
  startTime: '08:00',
  endTime: '16:00',
  /** ISO weekdays 1 = Monday … 7 = Sunday; Monday to Saturday by default. Sunday is never a working day. */
  enabledWeekdays: [1, 2, 3, 4, 5, 6] as readonly number[],
  /** The default presentation length, also the visit length spare time assumes. */
  presentationSeconds: 7200,
  /** Preview filters: within 50 km and 50 to 100 km. */
  lessThan50: 50_000,
  from50to100: 100_000,
  /** Candidate start times lie on this grid from the period's start time (our choice; the spec gives none). */
  slotSeconds: 1800,
  /** The server answers within this with what it found so far (`partial: true`). */
  deadlineMs: 300,
  /** Suggestions a preview returns unless asked for fewer. */
  defaultLimit: 5,
  maxLimit: 50,
} as const;

export const PLANNER_DESTINATIONS = ['demo', 'home', 'private', 'service'] as const;
export type PlannerDestinationType = (typeof PLANNER_DESTINATIONS)[number];

export const PLANNER_FILTERS = ['lessThan50', 'from50to100', 'availableForAgent'] as const;
export type PlannerFilter = (typeof PLANNER_FILTERS)[number];

/** The log line of spec 8 for a leg the routing could not find. It carries no personal data. */
export const UNABLE_TO_FOUND_ROUTE = 'UNABLE TO FOUND ROUTE';

export interface Leg {
  /** Metres; null: no route found (status NOT_FOUND). */
  distance: number | null;
  /** Seconds; null: no route found. */
  duration: number | null;
}

export type LegStatus = 'OK' | 'NOT_FOUND';
export const legStatus = (leg: Leg): LegStatus => (leg.distance === null || leg.duration === null ? 'NOT_FOUND' : 'OK');

/** A stop of an agent's day: a booked visit or private appointment (busy from `start` to `end`) or home. */
export interface RouteStop {
  type: PlannerDestinationType;
  /** Arrival (the event's start); for home at the start of the day, when the day begins. */
  start: number;
  end: number;
}

/** Spec 9: the arrival gap minus 7200 s minus the drive duration; null when the leg has no duration. */
export function spareTime(from: { start: number }, to: { start: number }, driveSeconds: number | null): number | null {
  if (driveSeconds === null) {
    return null;
  }
  return to.start - from.start - PLANNER.presentationSeconds - driveSeconds;
}

export interface DaySpare {
  /** Index of the stop the gap ends at. */
  toIndex: number;
  seconds: number | null;
}

/**
 * Spare time between every two consecutive stops that are not home (spec 9: home stops excluded).
 * `legs[i]` is the leg from `stops[i]` to `stops[i + 1]`.
 */
export function daySpareTimes(stops: readonly RouteStop[], legs: readonly Leg[]): DaySpare[] {
  const out: DaySpare[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const a = stops[i]!;
    const b = stops[i + 1]!;
    if (a.type === 'home' || b.type === 'home') {
      continue;
    }
    out.push({ toIndex: i + 1, seconds: spareTime(a, b, legs[i]?.duration ?? null) });
  }
  return out;
}

/** Spec 5: negative spare time flags a day. */
export const hasNegativeSpare = (spares: readonly DaySpare[]): boolean => spares.some((s) => s.seconds !== null && s.seconds < 0);

/** Visits that count as demos for the average distance: booked demos and services (not private appointments, not home). */
export const isCountedVisit = (type: PlannerDestinationType): boolean => type === 'demo' || type === 'service';

/**
 * Spec 9: +1 if primary agent, −1 if negative spare time, plus 2^−(average km per demo ÷ 100).
 * With no demo in the day the distance part is 2^0 = 1.
 */
export function routeCoefficient(input: { primary: boolean; negativeSpare: boolean; distanceMetres: number; demos: number }): number {
  const avgKm = input.demos > 0 ? input.distanceMetres / 1000 / input.demos : 0;
  return (input.primary ? 1 : 0) - (input.negativeSpare ? 1 : 0) + 2 ** -(avgKm / 100);
}

export type DistanceBand = 'lessThan50' | 'from50to100' | 'farther';

/** Spec 9: within 50 km (50,000 m), 50 to 100 km (100,000 m), or farther. */
export function distanceBand(metres: number): DistanceBand {
  if (metres <= PLANNER.lessThan50) {
    return 'lessThan50';
  }
  if (metres <= PLANNER.from50to100) {
    return 'from50to100';
  }
  return 'farther';
}

/** Does a suggestion pass the preview's filters (spec 4)? No filter: everything passes. */
export function passesPlannerFilters(
  s: { band: DistanceBand; agentId: number },
  filters: { lessThan50?: boolean; from50to100?: boolean; availableForAgent?: number | null },
): boolean {
  const bands: DistanceBand[] = [];
  if (filters.lessThan50) {
    bands.push('lessThan50');
  }
  if (filters.from50to100) {
    bands.push('from50to100');
  }
  if (bands.length > 0 && !bands.includes(s.band)) {
    return false;
  }
  if (filters.availableForAgent !== undefined && filters.availableForAgent !== null && s.agentId !== filters.availableForAgent) {
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------
// The planner screen's state (spec 3 "Planner", spec 4)

export interface PlannerPeriod {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  selectedDate: string | null;
  separateDates: string[];
  enabledWeekdays: number[];
  pinnedWeekday: number | null;
  activeCalendar: 'start' | 'end' | null;
}

export interface PlannerState {
  step: 'preview' | 'details';
  period: PlannerPeriod;
  editMode: boolean;
  userDrafts: Record<string, string>;
  userErrors: Record<string, string>;
  filters: { lessThan50: boolean; from50to100: boolean; availableForAgent: number | null };
  /** The preview was computed for another period: it must be recalculated. */
  previewStale: boolean;
  agentId: number | null;
  userId: number | null;
  presentation_id: number | null;
  service_id: number | null;
  error: string | null;
  loading: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (d: Date): string => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Adds days to a YYYY-MM-DD date (calendar arithmetic, no time zone). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return isoDate(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Spec 9: today to 28 days ahead, 08:00 to 16:00, Monday to Saturday. `today` is the Zurich date. */
export function defaultPlannerPeriod(today: string): PlannerPeriod {
  return {
    startDate: today,
    endDate: addDays(today, PLANNER.defaultDays),
    startTime: PLANNER.startTime,
    endTime: PLANNER.endTime,
    selectedDate: null,
    separateDates: [],
    enabledWeekdays: [...PLANNER.enabledWeekdays],
    pinnedWeekday: null,
    activeCalendar: null,
  };
}

export function initialPlannerState(today: string): PlannerState {
  return {
    step: 'preview',
    period: defaultPlannerPeriod(today),
    editMode: false,
    userDrafts: {},
    userErrors: {},
    filters: { lessThan50: false, from50to100: false, availableForAgent: null },
    previewStale: false,
    agentId: null,
    userId: null,
    presentation_id: null,
    service_id: null,
    error: null,
    loading: false,
  };
}

export type PlannerAction =
  | { type: 'open'; userId: number; presentation_id?: number | null; service_id?: number | null }
  | { type: 'close' }
  | { type: 'setPeriod'; period: Partial<PlannerPeriod> }
  | { type: 'previewLoaded' }
  | { type: 'setEditMode'; editMode: boolean }
  | { type: 'draft'; field: string; value: string }
  | { type: 'fieldError'; field: string; message: string }
  | { type: 'setFilter'; filter: PlannerFilter; value: boolean | number | null }
  | { type: 'showDetails'; agentId: number; selectedDate: string }
  | { type: 'backToPreview' }
  | { type: 'loading' }
  | { type: 'failed'; error: string };

/**
 * Spec 4: close resets everything; leaving edit mode clears drafts and errors; changing the period
 * marks the preview as needing recalculation. Spec 5 (drafts): an error entry is cleared once its field
 * is edited. Spec 8: an async error is stored and loading stops.
 */
export function plannerReducer(state: PlannerState, action: PlannerAction, today: string): PlannerState {
  switch (action.type) {
    case 'open':
      return {
        ...initialPlannerState(today),
        userId: action.userId,
        presentation_id: action.presentation_id ?? null,
        service_id: action.service_id ?? null,
      };
    case 'close':
      return initialPlannerState(today);
    case 'setPeriod':
      return { ...state, period: { ...state.period, ...action.period }, previewStale: true };
    case 'previewLoaded':
      return { ...state, previewStale: false, loading: false, error: null };
    case 'setEditMode':
      return action.editMode ? { ...state, editMode: true } : { ...state, editMode: false, userDrafts: {}, userErrors: {} };
    case 'draft': {
      const userErrors = { ...state.userErrors };
      delete userErrors[action.field];
      return { ...state, userDrafts: { ...state.userDrafts, [action.field]: action.value }, userErrors };
    }
    case 'fieldError':
      return { ...state, userErrors: { ...state.userErrors, [action.field]: action.message } };
    case 'setFilter':
      return { ...state, filters: { ...state.filters, [action.filter]: action.value } };
    case 'showDetails':
      return { ...state, step: 'details', agentId: action.agentId, period: { ...state.period, selectedDate: action.selectedDate } };
    case 'backToPreview':
      return { ...state, step: 'preview' };
    case 'loading':
      return { ...state, loading: true, error: null };
    case 'failed':
      return { ...state, loading: false, error: action.error };
    default: {
      const never: never = action;
      return never;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Placing a new visit into the agents' days

/** One agent's working day as the search sees it. Stops are the busy ones (demo, service, private), by start. */
export interface AgentDay {
  agentId: number;
  /** YYYY-MM-DD (Zurich). */
  date: string;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  blocked: boolean;
  primary: boolean;
  /** Epoch seconds of the period's start and end time on this day: a new visit starts within. */
  openFrom: number;
  openUntil: number;
  stops: RouteStop[];
  /**
   * The day's existing legs: home → stops[0], stops[i] → stops[i + 1], last stop → home
   * (`stops.length + 1` legs; with no stop a single home → home leg of 0 m).
   */
  legs: Leg[];
  /** From each point to the new visit: index 0 = home, i + 1 = stops[i]. */
  toNew: Leg[];
  /** From the new visit to each point: index 0 = home, i + 1 = stops[i]. */
  fromNew: Leg[];
}

export interface PlacementRules {
  enabledWeekdays: readonly number[];
  /** No start before this (epoch seconds): now, so nothing is suggested in the past. */
  notBefore: number;
  visitSeconds?: number;
  slotSeconds?: number;
  /** Only these dates, when given (spec 3 separateDates / selectedDate). */
  dates?: readonly string[] | null;
}

export interface Placement {
  agentId: number;
  date: string;
  start: number;
  end: number;
  /** Index in the day's stops before which the new visit goes. */
  position: number;
  primary: boolean;
  coefficient: number;
  negativeSpare: boolean;
  /** The day's whole route with the new visit (metres, seconds). */
  dayDistance: number;
  dayDuration: number;
  /** What the new visit adds to the day's route. */
  extraDistance: number;
  extraDuration: number;
  /** From the previous point to the new visit: the distance the band is measured on. */
  approachDistance: number;
  spareBefore: number | null;
  spareAfter: number | null;
  /** Some leg of the day (not the new visit's) could not be routed. */
  dayNotFound: boolean;
}

/** Ranking: the higher coefficient first, then the smaller detour, the earlier start, the lower agent id. */
export function comparePlacements(a: Placement, b: Placement): number {
  if (a.coefficient !== b.coefficient) {
    return b.coefficient - a.coefficient;
  }
  if (a.extraDistance !== b.extraDistance) {
    return a.extraDistance - b.extraDistance;
  }
  if (a.start !== b.start) {
    return a.start - b.start;
  }
  return a.agentId - b.agentId;
}

/** Is the day one a new visit may go to at all (spec 9 weekdays, blocked days, Sundays never)? */
export function dayIsBookable(day: Pick<AgentDay, 'weekday' | 'blocked' | 'date'>, rules: PlacementRules): boolean {
  if (day.weekday === 7 || day.weekday === 0 || day.blocked || !rules.enabledWeekdays.includes(day.weekday)) {
    return false;
  }
  return !rules.dates || rules.dates.length === 0 || rules.dates.includes(day.date);
}

/** The hard rules for one start: bookable day, within the hours, not in the past, overlapping no busy stop. */
export function hardViolations(day: AgentDay, start: number, rules: PlacementRules): string[] {
  const visit: number = rules.visitSeconds ?? PLANNER.presentationSeconds;
  const out: string[] = [];
  if (day.weekday === 7 || day.weekday === 0) {
    out.push('sunday');
  }
  if (day.blocked) {
    out.push('blocked_day');
  }
  if (!dayIsBookable(day, rules) && out.length === 0) {
    out.push('weekday');
  }
  if (start < day.openFrom || start > day.openUntil) {
    out.push('outside_hours');
  }
  if (start < rules.notBefore) {
    out.push('past');
  }
  if (day.stops.some((s) => start < s.end && s.start < start + visit)) {
    out.push('overlap');
  }
  return out;
}

const sumLegs = (legs: readonly Leg[], key: 'distance' | 'duration'): number => legs.reduce((n, l) => n + (l[key] ?? 0), 0);

interface DayFacts {
  distance: number;
  duration: number;
  demos: number;
  notFound: boolean[];
  /** Per pair of consecutive stops (i, i + 1): is its spare time negative? */
  negativePair: boolean[];
  negatives: number;
}

function dayFacts(day: AgentDay): DayFacts {
  const negativePair: boolean[] = [];
  let negatives = 0;
  for (let i = 0; i + 1 < day.stops.length; i++) {
    const s = spareTime(day.stops[i]!, day.stops[i + 1]!, day.legs[i + 1]?.duration ?? null);
    const neg = s !== null && s < 0;
    negativePair.push(neg);
    negatives += neg ? 1 : 0;
  }
  return {
    distance: sumLegs(day.legs, 'distance'),
    duration: sumLegs(day.legs, 'duration'),
    demos: day.stops.filter((s) => isCountedVisit(s.type)).length,
    notFound: day.legs.map((l) => legStatus(l) === 'NOT_FOUND'),
    negativePair,
    negatives,
  };
}

/**
 * The new visit placed before stops[position] starting at `start`, scored. null when one of the new
 * visit's own legs cannot be routed (it is then no suggestion). Hard rules are not checked here.
 */
export function scorePlacement(
  day: AgentDay,
  position: number,
  start: number,
  facts: DayFacts = dayFacts(day),
  visitSeconds: number = PLANNER.presentationSeconds,
): Placement | null {
  const into = day.toNew[position]!; // from home (index 0) or from stops[position − 1] (index position)
  const outOf = day.fromNew[position === day.stops.length ? 0 : position + 1]!;
  if (legStatus(into) === 'NOT_FOUND' || legStatus(outOf) === 'NOT_FOUND') {
    return null;
  }
  const replaced = day.legs[position]!;
  const extraDistance = into.distance! + outOf.distance! - (replaced.distance ?? 0);
  const extraDuration = into.duration! + outOf.duration! - (replaced.duration ?? 0);
  const prev = position > 0 ? day.stops[position - 1]! : null;
  const next = position < day.stops.length ? day.stops[position]! : null;
  const spareBefore = prev ? spareTime(prev, { start }, into.duration) : null;
  const spareAfter = next ? spareTime({ start }, next, outOf.duration) : null;
  const replacedNegative = prev && next ? facts.negativePair[position - 1]! : false;
  const negativeSpare = facts.negatives - (replacedNegative ? 1 : 0) > 0 || (spareBefore ?? 0) < 0 || (spareAfter ?? 0) < 0;
  const dayDistance = facts.distance + extraDistance;
  const coefficient = routeCoefficient({ primary: day.primary, negativeSpare, distanceMetres: dayDistance, demos: facts.demos + 1 });
  return {
    agentId: day.agentId,
    date: day.date,
    start,
    end: start + visitSeconds,
    position,
    primary: day.primary,
    coefficient,
    negativeSpare,
    dayDistance,
    dayDuration: facts.duration + extraDuration,
    extraDistance,
    extraDuration,
    approachDistance: into.distance!,
    spareBefore,
    spareAfter,
    dayNotFound: facts.notFound.some((nf, i) => nf && i !== position),
  };
}

/** The slots of a day on the grid from openFrom to openUntil (inclusive). */
function slotsOf(day: AgentDay, step: number): number[] {
  const out: number[] = [];
  for (let s = day.openFrom; s <= day.openUntil; s += step) {
    out.push(s);
  }
  return out;
}

/**
 * The best place of a new visit in one agent's day (spec: insertion search). For each gap between busy
 * stops the detour is the same, so only the earliest start whose spare times are not negative (or,
 * failing that, the earliest start) can be the gap's best; the day's best is the best of its gaps.
 */
export function bestPlacementInDay(day: AgentDay, rules: PlacementRules): Placement | null {
  if (!dayIsBookable(day, rules)) {
    return null;
  }
  const visit: number = rules.visitSeconds ?? PLANNER.presentationSeconds;
  const step = rules.slotSeconds ?? PLANNER.slotSeconds;
  const facts = dayFacts(day);
  let best: Placement | null = null;
  for (let position = 0; position <= day.stops.length; position++) {
    const prev = position > 0 ? day.stops[position - 1]! : null;
    const next = position < day.stops.length ? day.stops[position]! : null;
    const lo = Math.max(day.openFrom, rules.notBefore, prev ? prev.end : -Infinity);
    const hi = Math.min(day.openUntil, next ? next.start - visit : Infinity);
    if (lo > hi) {
      continue;
    }
    // The first grid slot at or after lo.
    const first = day.openFrom + Math.max(0, Math.ceil((lo - day.openFrom) / step)) * step;
    if (first > hi) {
      continue;
    }
    // Spare time not negative: start ≥ prev.start + visit + drive in, start ≤ next.start − visit − drive out.
    const into = day.toNew[position]!;
    const outOf = day.fromNew[position === day.stops.length ? 0 : position + 1]!;
    const okLo = prev && into.duration !== null ? Math.max(first, prev.start + PLANNER.presentationSeconds + into.duration) : first;
    const okHi = next && outOf.duration !== null ? Math.min(hi, next.start - PLANNER.presentationSeconds - outOf.duration) : hi;
    const okFirst = day.openFrom + Math.max(0, Math.ceil((okLo - day.openFrom) / step)) * step;
    // With a negative spare time elsewhere in the day every start scores alike: the earliest wins.
    const negativeElsewhere = facts.negatives - (prev && next && facts.negativePair[position - 1] ? 1 : 0) > 0;
    const start = !negativeElsewhere && okFirst <= okHi ? okFirst : first;
    const p = scorePlacement(day, position, start, facts, visit);
    if (p && (!best || comparePlacements(p, best) < 0)) {
      best = p;
    }
  }
  return best;
}

/** Keeps the k best in order while scanning (k is small). */
export class TopK {
  readonly items: Placement[] = [];
  constructor(readonly k: number) {}
  offer(p: Placement): void {
    const items = this.items;
    if (items.length === this.k && comparePlacements(p, items[items.length - 1]!) >= 0) {
      return;
    }
    let i = items.length;
    while (i > 0 && comparePlacements(p, items[i - 1]!) < 0) {
      i--;
    }
    items.splice(i, 0, p);
    if (items.length > this.k) {
      items.pop();
    }
  }
}

/**
 * The k best placements, one per agent and day, over every agent's day. `shouldStop(found)` is asked
 * before each day (with how many placements are found so far): the server stops at its deadline with
 * the best found (`partial`).
 */
export function searchPlacements(
  days: Iterable<AgentDay>,
  rules: PlacementRules,
  k: number,
  shouldStop: (found: number) => boolean = () => false,
): { top: Placement[]; partial: boolean; daysSearched: number } {
  const top = new TopK(k);
  let daysSearched = 0;
  for (const day of days) {
    if (shouldStop(top.items.length)) {
      return { top: top.items, partial: true, daysSearched };
    }
    const p = bestPlacementInDay(day, rules);
    daysSearched++;
    if (p) {
      top.offer(p);
    }
  }
  return { top: top.items, partial: false, daysSearched };
}

/**
 * Brute force (tests only, but kept beside the search so both read the same rules): every agent, day,
 * gap and grid slot that breaks no hard rule, scored; the best per agent and day.
 */
export function bruteForcePlacements(days: readonly AgentDay[], rules: PlacementRules): Placement[] {
  const step = rules.slotSeconds ?? PLANNER.slotSeconds;
  const visit: number = rules.visitSeconds ?? PLANNER.presentationSeconds;
  const out: Placement[] = [];
  for (const day of days) {
    let best: Placement | null = null;
    for (const start of slotsOf(day, step)) {
      if (hardViolations(day, start, rules).length > 0) {
        continue;
      }
      const position = day.stops.filter((s) => s.start < start).length;
      const p = scorePlacement(day, position, start, dayFacts(day), visit);
      if (p && (!best || comparePlacements(p, best) < 0)) {
        best = p;
      }
    }
    if (best) {
      out.push(best);
    }
  }
  return out.sort(comparePlacements);
}

export interface ReasonPart {
  /** i18n key under the planner namespace (`reasons.<key>`). */
  key: 'primaryAgent' | 'negativeSpare' | 'detour' | 'spareBefore' | 'spareAfter' | 'emptyDay' | 'distancePart' | 'dayNotFound';
  /** The part's share of the coefficient, when it has one. */
  points?: number;
  values?: Record<string, number>;
}

/** A placement's score in words: each part of the coefficient and the facts behind it. */
export function explainPlacement(p: Placement, demosInDay: number): ReasonPart[] {
  const out: ReasonPart[] = [];
  if (p.primary) {
    out.push({ key: 'primaryAgent', points: 1 });
  }
  if (p.negativeSpare) {
    out.push({ key: 'negativeSpare', points: -1 });
  }
  const avgKm = demosInDay > 0 ? p.dayDistance / 1000 / demosInDay : 0;
  out.push({ key: 'distancePart', points: Math.round(2 ** -(avgKm / 100) * 100) / 100, values: { km: Math.round(avgKm) } });
  out.push({ key: 'detour', values: { km: Math.round(p.extraDistance / 100) / 10, minutes: Math.round(p.extraDuration / 60) } });
  if (p.spareBefore !== null) {
    out.push({ key: 'spareBefore', values: { minutes: Math.round(p.spareBefore / 60) } });
  }
  if (p.spareAfter !== null) {
    out.push({ key: 'spareAfter', values: { minutes: Math.round(p.spareAfter / 60) } });
  }
  if (p.spareBefore === null && p.spareAfter === null) {
    out.push({ key: 'emptyDay' });
  }
  if (p.dayNotFound) {
    out.push({ key: 'dayNotFound' });
  }
  return out;
}
