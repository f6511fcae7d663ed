import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOsrmRequest {
  profile: string;
  coordinates: { lon: number; lat: number }[];
  sources: number[] | 'all';
  destinations: number[] | 'all';
  annotations: string[];
}

export interface FakeOsrmOptions {
  /** Seconds and metres between two coordinates; null: no route (OSRM then answers null in both matrices). */
  route?: (a: { lon: number; lat: number }, b: { lon: number; lat: number }) => { duration: number; distance: number } | null;
}

const indices = (v: string | null, n: number): number[] | 'all' =>
  v === null || v === 'all'
    ? 'all'
    : v
        .split(';')
        .map((s) => Number(s))
        .filter((i) => Number.isInteger(i) && i >= 0 && i < n);

/**
 * A local server speaking OSRM's table service (v5, http://project-osrm.org/docs/v5.24.0/api/#table-service):
 * `GET /table/v1/{profile}/{lon,lat;lon,lat…}?sources=…&destinations=…&annotations=duration,distance`,
 * answering `{ code: 'Ok', durations, distances, sources, destinations }` with null for pairs without a
 * route, and `{ code: 'InvalidUrl' | 'InvalidQuery' | 'InvalidOptions', message }` with 400 otherwise.
 * `failNext` makes the next request answer 500 or hang up.
 */
export async function startFakeOsrm(opts: FakeOsrmOptions = {}) {
  const requests: FakeOsrmRequest[] = [];
  const state = { failNext: null as null | 'error' | 'garbage' };
  const route =
    opts.route ?? ((a, b) => ({ duration: Math.abs(a.lon - b.lon) * 1000 + Math.abs(a.lat - b.lat) * 1000, distance: 12_345.6 }));
  const server = http.createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (state.failNext) {
      const kind = state.failNext;
      state.failNext = null;
      if (kind === 'error') {
        json(500, { code: 'InternalError', message: 'boom' });
      } else {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>proxy error</html>');
      }
      return;
    }
    const url = new URL(req.url ?? '/', 'http://osrm.local');
    const m = /^\/table\/v1\/([^/]+)\/([^/?]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || !m) {
      json(400, { code: 'InvalidUrl', message: 'URL string malformed close to position 1: "/"' });
      return;
    }
    const coordinates = decodeURIComponent(m[2]!)
      .split(';')
      .map((pair) => {
        const [lon, lat] = pair.split(',').map(Number);
        return { lon: lon!, lat: lat! };
      });
    if (coordinates.some((c) => !Number.isFinite(c.lon) || !Number.isFinite(c.lat) || Math.abs(c.lat) > 90 || Math.abs(c.lon) > 180)) {
      json(400, { code: 'InvalidQuery', message: 'Query string malformed close to position 0' });
      return;
    }
    const request: FakeOsrmRequest = {
      profile: m[1]!,
      coordinates,
      sources: indices(url.searchParams.get('sources'), coordinates.length),
      destinations: indices(url.searchParams.get('destinations'), coordinates.length),
      annotations: (url.searchParams.get('annotations') ?? 'duration').split(','),
    };
    requests.push(request);
    const src = request.sources === 'all' ? coordinates.map((_, i) => i) : request.sources;
    const dst = request.destinations === 'all' ? coordinates.map((_, i) => i) : request.destinations;
    const cell = (i: number, j: number) => route(coordinates[i]!, coordinates[j]!);
    const waypoint = (i: number) => ({ hint: 'x', distance: 0.1, name: '', location: [coordinates[i]!.lon, coordinates[i]!.lat] });
    json(200, {
      code: 'Ok',
      ...(request.annotations.includes('duration') ? { durations: src.map((i) => dst.map((j) => cell(i, j)?.duration ?? null)) } : {}),
      ...(request.annotations.includes('distance') ? { distances: src.map((i) => dst.map((j) => cell(i, j)?.distance ?? null)) } : {}),
      sources: src.map(waypoint),
      destinations: dst.map(waypoint),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
