import { RoutingError, type LatLon, type TravelTable, type TravelTimes } from './travel-times.ts';

export interface OsrmOptions {
  /** The OSRM server, e.g. `http://osrm.internal:5000` (`OSRM_URL`). */
  baseUrl: string;
  /** The routing profile in the path (`driving` unless the server was built otherwise). */
  profile?: string;
  /** Milliseconds before the request is abandoned (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface OsrmTableAnswer {
  code?: string;
  message?: string;
  durations?: (number | null)[][];
  distances?: (number | null)[][];
}

const coordinate = (p: LatLon) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`;

function matrix(value: unknown, rows: number, cols: number, name: string): (number | null)[][] {
  if (!Array.isArray(value) || value.length !== rows) {
    throw new RoutingError(`OSRM answered a ${name} matrix of the wrong shape`);
  }
  return value.map((row: unknown) => {
    if (!Array.isArray(row) || row.length !== cols) {
      throw new RoutingError(`OSRM answered a ${name} matrix of the wrong shape`);
    }
    return row.map((v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null));
  });
}

/**
 * OSRM's table service (http://project-osrm.org/docs/v5.24.0/api/#table-service): one
 * `GET /table/v1/{profile}/{origins;destinations}?sources=…&destinations=…&annotations=duration,distance`
 * per call. OSRM answers null where no route exists; that null is kept. The server's
 * `--max-table-size` (100 by default) bounds origins + destinations.
 */
export function osrmTravelTimes(opts: OsrmOptions): TravelTimes {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const profile = opts.profile ?? 'driving';
  const doFetch = opts.fetch ?? fetch;
  return {
    provider: 'osrm',
    async table(origins, destinations): Promise<TravelTable> {
      if (origins.length === 0 || destinations.length === 0) {
        return { durations: origins.map(() => []), distances: origins.map(() => []) };
      }
      const points = [...origins, ...destinations];
      if (points.some((p) => !Number.isFinite(p.lat) || !Number.isFinite(p.lon))) {
        throw new RoutingError('a point has no coordinates');
      }
      const sources = origins.map((_, i) => i).join(';');
      const targets = destinations.map((_, j) => origins.length + j).join(';');
      const url =
        `${base}/table/v1/${encodeURIComponent(profile)}/${points.map(coordinate).join(';')}` +
        `?sources=${sources}&destinations=${targets}&annotations=duration,distance`;
      let res: Response;
      try {
        res = await doFetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
      } catch (err) {
        throw new RoutingError('OSRM could not be reached', { cause: err });
      }
      let body: OsrmTableAnswer;
      try {
        body = (await res.json()) as OsrmTableAnswer;
      } catch (err) {
        throw new RoutingError(`OSRM answered ${res.status} without JSON`, { status: res.status, cause: err });
      }
      if (!res.ok || body.code !== 'Ok') {
        throw new RoutingError(`OSRM answered ${res.status} ${body.code ?? ''}`.trim(), { status: res.status });
      }
      return {
        durations: matrix(body.durations, origins.length, destinations.length, 'duration'),
        distances: matrix(body.distances, origins.length, destinations.length, 'distance'),
      };
    },
  };
}
