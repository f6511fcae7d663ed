/** A point in WGS84 decimal degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}

/**
 * Drive durations (seconds) and distances (metres) from every origin (rows) to every destination
 * (columns), in the order given. null: no road route is known between the two points.
 */
export interface TravelTable {
  durations: (number | null)[][];
  distances: (number | null)[][];
}

/** Road travel between points: the offline model by default, or an OSRM server (`ROUTING_PROVIDER`). */
export interface TravelTimes {
  readonly provider: 'offline' | 'osrm';
  /** One matrix per call (the OSRM adapter makes exactly one `table` request). */
  table(origins: readonly LatLon[], destinations: readonly LatLon[]): Promise<TravelTable>;
}

/** The routing service could not be asked or gave no usable answer (network, 5xx, malformed body). */
export class RoutingError extends Error {
  override readonly name = 'RoutingError';
  readonly status: number | undefined;

  constructor(message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.status = opts.status;
  }
}

/** Great-circle distance in metres (haversine, mean Earth radius 6,371 km). */
export function greatCircleMetres(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const emptyTable = (rows: number, cols: number): TravelTable => ({
  durations: Array.from({ length: rows }, () => Array<number | null>(cols).fill(null)),
  distances: Array.from({ length: rows }, () => Array<number | null>(cols).fill(null)),
});
