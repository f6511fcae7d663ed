import { swissPostcodes, type SwissPostcode } from '../../core/postcodes.ts';
import { greatCircleMetres, type LatLon, type TravelTable, type TravelTimes } from './travel-times.ts';

/**
 * The offline travel model (docs/addresses.md "Travel times"): road distance = great-circle distance ×
 * the region's road factor; duration = a fixed start-and-park time + road distance ÷ the region's average
 * speed. A trip is "alpine" when either end lies in an alpine canton (the canton of the nearest Swiss
 * place), else it is "plateau". The figures are first estimates, not yet fitted on a table of real trips
 * (docs/addresses.md says what is missing).
 */
export type Region = 'plateau' | 'alpine';

export interface RegionModel {
  /** Road distance ÷ great-circle distance. */
  roadFactor: number;
  /** Average speed over the road distance, km/h. */
  speedKmh: number;
}

export interface OfflineModel {
  regions: Record<Region, RegionModel>;
  /** Seconds added to every trip between two different points (leaving, parking). */
  overheadSeconds: number;
  /** A point farther than this from every Swiss or Liechtenstein place cannot be routed (null). */
  maxKmFromPlace: number;
}

export const OFFLINE_MODEL: OfflineModel = {
  regions: {
    plateau: { roadFactor: 1.3, speedKmh: 70 },
    alpine: { roadFactor: 1.5, speedKmh: 55 },
  },
  overheadSeconds: 180,
  maxKmFromPlace: 30,
};

/** Cantons whose roads are mostly mountain roads (valleys, passes). */
export const ALPINE_CANTONS: ReadonlySet<string> = new Set(['GR', 'VS', 'UR', 'GL', 'OW', 'NW', 'AI', 'TI']);

/** Points closer than this are the same place: 0 s and 0 m. */
const SAME_POINT_METRES = 1;

const CELL = 0.1; // degrees; about 11 km north–south, 7.5 km east–west

interface PlaceGrid {
  nearest(p: LatLon): { place: SwissPostcode; km: number } | null;
}

function placeGrid(rows: readonly SwissPostcode[]): PlaceGrid {
  const cells = new Map<string, SwissPostcode[]>();
  const key = (lat: number, lon: number) => `${Math.floor(lat / CELL)}:${Math.floor(lon / CELL)}`;
  for (const r of rows) {
    const k = key(r.lat, r.lng);
    const list = cells.get(k);
    if (list) {
      list.push(r);
    } else {
      cells.set(k, [r]);
    }
  }
  return {
    nearest(p) {
      const ci = Math.floor(p.lat / CELL);
      const cj = Math.floor(p.lon / CELL);
      let best: SwissPostcode | null = null;
      let bestM = Infinity;
      // Rings of cells until a ring lies entirely farther than the best found (or 5 rings: ~40 km).
      for (let ring = 0; ring <= 5; ring++) {
        for (let i = ci - ring; i <= ci + ring; i++) {
          for (let j = cj - ring; j <= cj + ring; j++) {
            if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== ring) {
              continue;
            }
            for (const r of cells.get(`${i}:${j}`) ?? []) {
              const m = greatCircleMetres(p, { lat: r.lat, lon: r.lng });
              if (m < bestM) {
                bestM = m;
                best = r;
              }
            }
          }
        }
        // Every point of a cell beyond this ring is at least `ring` cells (≥ 7.5 km each) away.
        if (best && bestM <= ring * 7_000) {
          break;
        }
      }
      return best ? { place: best, km: bestM / 1000 } : null;
    },
  };
}

let grid: PlaceGrid | undefined;
const places = () => (grid ??= placeGrid(swissPostcodes().rows));

/** The region of a point, or null when it lies too far from every known place to be routed. */
export function regionOf(p: LatLon, model: OfflineModel = OFFLINE_MODEL): Region | null {
  if (!Number.isFinite(p.lat) || !Number.isFinite(p.lon)) {
    return null;
  }
  const found = places().nearest(p);
  if (!found || found.km > model.maxKmFromPlace) {
    return null;
  }
  return ALPINE_CANTONS.has(found.place.canton) ? 'alpine' : 'plateau';
}

/** One trip by the model: seconds and metres (rounded), or null when an end cannot be routed. */
export function offlineTrip(
  a: LatLon,
  b: LatLon,
  regions: { a: Region | null; b: Region | null },
  model: OfflineModel = OFFLINE_MODEL,
): { duration: number; distance: number } | null {
  if (regions.a === null || regions.b === null) {
    return null;
  }
  const straight = greatCircleMetres(a, b);
  if (straight < SAME_POINT_METRES) {
    return { duration: 0, distance: 0 };
  }
  const region: Region = regions.a === 'alpine' || regions.b === 'alpine' ? 'alpine' : 'plateau';
  const { roadFactor, speedKmh } = model.regions[region];
  const road = straight * roadFactor;
  return { distance: Math.round(road), duration: Math.round(model.overheadSeconds + road / (speedKmh / 3.6)) };
}

/** The offline default of `TravelTimes`: no network, a few microseconds per pair. */
export function offlineTravelTimes(model: OfflineModel = OFFLINE_MODEL): TravelTimes {
  return {
    provider: 'offline',
    table(origins, destinations) {
      return Promise.resolve(offlineTable(origins, destinations, model));
    },
  };
}

/** The matrix synchronously (the planner's bench and brute-force checks use it directly). */
export function offlineTable(
  origins: readonly LatLon[],
  destinations: readonly LatLon[],
  model: OfflineModel = OFFLINE_MODEL,
): TravelTable {
  const originRegions = origins.map((p) => regionOf(p, model));
  const destinationRegions = destinations.map((p) => regionOf(p, model));
  const durations: (number | null)[][] = [];
  const distances: (number | null)[][] = [];
  origins.forEach((o, i) => {
    const dRow: (number | null)[] = [];
    const mRow: (number | null)[] = [];
    destinations.forEach((d, j) => {
      const trip = offlineTrip(o, d, { a: originRegions[i]!, b: destinationRegions[j]! }, model);
      dRow.push(trip ? trip.duration : null);
      mRow.push(trip ? trip.distance : null);
    });
    durations.push(dRow);
    distances.push(mRow);
  });
  return { durations, distances };
}
