import { UNABLE_TO_FOUND_ROUTE, type Leg } from '@bo/domain';
import { offlineTrip, regionOf, type LatLon, type Region, type TravelTimes } from '../../integrations/routing/index.ts';

/**
 * The legs the planner needs from the travel times: from one point (the new visit) to many and back,
 * and the consecutive legs of the agents' days.
 */

const legOf = (t: { durations: (number | null)[][]; distances: (number | null)[][] }, i: number, j: number): Leg => ({
  distance: t.distances[i]?.[j] ?? null,
  duration: t.durations[i]?.[j] ?? null,
});

/** From `p` to every point and from every point to `p`: two table requests. */
export async function legsAround(travel: TravelTimes, p: LatLon, points: readonly LatLon[]): Promise<{ to: Leg[]; from: Leg[] }> {
  if (points.length === 0) {
    return { to: [], from: [] };
  }
  const [out, back] = await Promise.all([travel.table([p], points), travel.table(points, [p])]);
  return { from: points.map((_, j) => legOf(out, 0, j)), to: points.map((_, i) => legOf(back, i, 0)) };
}

/** The days' routes rarely change between two requests: their legs are kept (per sequence of points). */
const dayCache = new Map<string, Leg[]>();
const DAY_CACHE_MAX = 50_000;
const keyOf = (seq: readonly LatLon[]) => seq.map((p) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`).join(';');

/**
 * The consecutive legs of each sequence (a day's home → visits → home). The offline model is computed
 * pair by pair (a few microseconds each, the region of each point looked up once); any other provider
 * gets one table request per day not already known, a few at a time.
 */
export async function consecutiveLegs(travel: TravelTimes, sequences: readonly (readonly LatLon[])[]): Promise<Leg[][]> {
  if (travel.provider === 'offline') {
    const regions = new Map<string, Region | null>();
    const regionAt = (p: LatLon) => {
      const k = `${p.lat},${p.lon}`;
      let r = regions.get(k);
      if (r === undefined) {
        r = regionOf(p);
        regions.set(k, r);
      }
      return r;
    };
    return sequences.map((seq) =>
      seq.slice(1).map((b, i) => {
        const a = seq[i]!;
        const trip = offlineTrip(a, b, { a: regionAt(a), b: regionAt(b) });
        return trip ? { distance: trip.distance, duration: trip.duration } : { distance: null, duration: null };
      }),
    );
  }
  const out: Leg[][] = new Array<Leg[]>(sequences.length);
  const todo: number[] = [];
  sequences.forEach((seq, i) => {
    const hit = dayCache.get(keyOf(seq));
    if (hit) {
      out[i] = hit;
    } else {
      todo.push(i);
    }
  });
  const worker = async () => {
    for (let i = todo.shift(); i !== undefined; i = todo.shift()) {
      const seq = sequences[i]!;
      const t = await travel.table(seq.slice(0, -1), seq.slice(1));
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
