import { UNABLE_TO_FOUND_ROUTE, type Leg } from '@bo/domain';
import { offlineTrip, regionOf, type LatLon, type Region, type TravelTable, type TravelTimes } from '../../integrations/routing/index.ts';

/**
 * The legs the planner needs from the travel times: from one point (the new visit) to many and back,
 * and the consecutive legs of the agents' days.
 */

const legOf = (t: { durations: (number | null)[][]; distances: (number | null)[][] }, i: number, j: number): Leg => ({
  distance: t.distances[i]?.[j] ?? null,
  duration: t.durations[i]?.[j] ?? null,
});

/**
 * The offline model's region of each point, kept across requests (homes and clients' places repeat):
 * finding the nearest place is the model's only costly step.
 */
const regionCache = new Map<number, Region | null>();
const REGIONS_MAX = 200_000;
function regionAt(p: LatLon): Region | null {
  const k = Math.round(p.lat * 1e5) * 1e8 + Math.round(p.lon * 1e5);
  let r = regionCache.get(k);
  if (r === undefined) {
    r = regionOf(p);
    if (regionCache.size >= REGIONS_MAX) {
      regionCache.clear();
    }
    regionCache.set(k, r);
  }
  return r;
}
const NOT_FOUND: Leg = Object.freeze({ distance: null, duration: null });
const offlineLeg = (a: LatLon, b: LatLon, ra: Region | null, rb: Region | null): Leg => offlineTrip(a, b, { a: ra, b: rb }) ?? NOT_FOUND;

/**
 * How long a routing provider is waited for: until `until` (performance.now() ms). What it has not
 * answered by then is the offline model's estimate, used for this answer only (not kept as the
 * provider's), and `estimated` is set. Without a bound the provider is waited for.
 */
export interface RoutingBound {
  until: number;
  estimated: boolean;
}

/** The provider's table, or null when `bound` runs out first (its late answer or failure then dropped). */
async function tableWithin(
  travel: TravelTimes,
  origins: readonly LatLon[],
  destinations: readonly LatLon[],
  bound: RoutingBound | undefined,
): Promise<TravelTable | null> {
  if (!bound) {
    return travel.table(origins, destinations);
  }
  const left = bound.until - performance.now();
  if (left <= 0) {
    return null;
  }
  const asked = travel.table(origins, destinations);
  asked.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), left);
  });
  return Promise.race([asked, late]).finally(() => clearTimeout(timer));
}

/** A round trip's consecutive legs by the offline model (a few microseconds a leg, regions kept). */
function offlineRound(points: readonly LatLon[], rs: readonly (Region | null)[], seq: readonly number[]): Leg[] {
  const legs = new Array<Leg>(seq.length);
  for (let i = 0; i < seq.length; i++) {
    const a = seq[i]!;
    const b = seq[(i + 1) % seq.length]!;
    legs[i] = offlineLeg(points[a]!, points[b]!, rs[a]!, rs[b]!);
  }
  return legs;
}

/**
 * From `p` to every point and from every point to `p`: two table requests (the offline model is
 * computed here pair by pair with its regions kept: the same figures its table gives).
 */
export async function legsAround(
  travel: TravelTimes,
  p: LatLon,
  points: readonly LatLon[],
  bound?: RoutingBound,
): Promise<{ to: Leg[]; from: Leg[] }> {
  if (points.length === 0) {
    return { to: [], from: [] };
  }
  const offline = () => {
    const rp = regionAt(p);
    const rs = points.map(regionAt);
    return { to: points.map((q, i) => offlineLeg(q, p, rs[i]!, rp)), from: points.map((q, i) => offlineLeg(p, q, rp, rs[i]!)) };
  };
  if (travel.provider === 'offline') {
    return offline();
  }
  const [out, back] = await Promise.all([tableWithin(travel, [p], points, bound), tableWithin(travel, points, [p], bound)]);
  if (!out || !back) {
    bound!.estimated = true;
    return offline();
  }
  return { from: points.map((_, j) => legOf(out, 0, j)), to: points.map((_, i) => legOf(back, i, 0)) };
}

/** The days' routes rarely change between two requests: their legs are kept (per sequence of points). */
const dayCache = new Map<string, Leg[]>();
const DAY_CACHE_MAX = 50_000;
const keyOf = (seq: readonly LatLon[]) => seq.map((p) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`).join(';');

/**
 * The consecutive legs of each round trip of point indices (a day's home → visits, and back to the
 * first point). The offline
 * model is computed pair by pair (a few microseconds each, each point's region looked up once); any
 * other provider gets one table request per day not already known, a few at a time.
 */
export async function consecutiveLegs(
  travel: TravelTimes,
  points: readonly LatLon[],
  sequences: readonly (readonly number[])[],
  bound?: RoutingBound,
): Promise<Leg[][]> {
  if (travel.provider === 'offline') {
    const rs = points.map(regionAt);
    return sequences.map((seq) => offlineRound(points, rs, seq));
  }
  const out: Leg[][] = new Array<Leg[]>(sequences.length);
  const pending: number[] = [];
  const seqs = sequences.map((s) => [...s, s[0]!].map((i) => points[i]!));
  seqs.forEach((seq, i) => {
    const hit = dayCache.get(keyOf(seq));
    if (hit) {
      out[i] = hit;
    } else {
      pending.push(i);
    }
  });
  let rs: (Region | null)[] | null = null;
  const worker = async () => {
    for (let i = pending.shift(); i !== undefined; i = pending.shift()) {
      const seq = seqs[i]!;
      const t = await tableWithin(travel, seq.slice(0, -1), seq.slice(1), bound);
      if (!t) {
        // Past the bound: this day and every one still pending, by the offline model, not kept.
        bound!.estimated = true;
        rs ??= points.map(regionAt);
        out[i] = offlineRound(points, rs, sequences[i]!);
        continue;
      }
      const legs = seq.slice(1).map((_, j) => legOf(t, j, j));
      if (dayCache.size >= DAY_CACHE_MAX) {
        dayCache.clear();
      }
      dayCache.set(keyOf(seq), legs);
      out[i] = legs;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

/** Spec 5 and 8: an unfound leg is logged as an error, without the places or people it joins. */
export function logUnfound(log: { error: (obj: object, msg: string) => void }, where: string, count: number): void {
  if (count > 0) {
    log.error({ where, legs: count }, UNABLE_TO_FOUND_ROUTE);
  }
}
