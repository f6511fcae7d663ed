import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOsrm } from '../../../test/fake-osrm.ts';
import { loadConfig } from '../../config.ts';
import { createTravelTimes, osrmTravelTimes, RoutingError } from './index.ts';

const ZURICH = { lat: 47.37293, lon: 8.54137 };
const BERN = { lat: 46.94809, lon: 7.44744 };
const BASEL = { lat: 47.55814, lon: 7.58769 };
const LUGANO = { lat: 46.00501, lon: 8.95112 };

let osrm: Awaited<ReturnType<typeof startFakeOsrm>>;

beforeAll(async () => {
  // Lugano cannot be reached from anywhere in this fake (as OSRM answers for a point on an island).
  osrm = await startFakeOsrm({
    route: (a, b) =>
      a.lat === LUGANO.lat || b.lat === LUGANO.lat
        ? null
        : { duration: Math.round(Math.abs(a.lat - b.lat) * 10_000 + Math.abs(a.lon - b.lon) * 1000) + 0.4, distance: 1000.6 },
  });
});
afterAll(() => osrm.close());
beforeEach(() => {
  osrm.requests.length = 0;
});

describe('OSRM travel times', () => {
  it('asks one table request per call, origins as sources and destinations after them', async () => {
    const times = osrmTravelTimes({ baseUrl: `${osrm.url}/` });
    const table = await times.table([ZURICH, BERN], [BASEL, ZURICH, BERN]);
    expect(osrm.requests).toHaveLength(1);
    const [req] = osrm.requests;
    expect(req!.profile).toBe('driving');
    expect(req!.coordinates).toHaveLength(5);
    expect(req!.coordinates[0]).toEqual({ lon: 8.54137, lat: 47.37293 });
    expect(req!.sources).toEqual([0, 1]);
    expect(req!.destinations).toEqual([2, 3, 4]);
    expect(req!.annotations).toEqual(['duration', 'distance']);
    expect(table.durations).toHaveLength(2);
    expect(table.durations[0]).toHaveLength(3);
    expect(table.durations[0]![1]).toBe(0);
    expect(table.durations[0]![0]).toBe(Math.round(Math.abs(ZURICH.lat - BASEL.lat) * 10_000 + Math.abs(ZURICH.lon - BASEL.lon) * 1000));
    expect(table.distances[1]![0]).toBe(1001);
  });

  it('keeps null where OSRM finds no route', async () => {
    const table = await osrmTravelTimes({ baseUrl: osrm.url }).table([ZURICH, LUGANO], [BERN, LUGANO]);
    expect(table.durations[0]![0]).not.toBeNull();
    expect(table.durations[0]![1]).toBeNull();
    expect(table.distances[1]).toEqual([null, null]);
  });

  it('asks nothing for an empty side', async () => {
    const table = await osrmTravelTimes({ baseUrl: osrm.url }).table([ZURICH], []);
    expect(table).toEqual({ durations: [[]], distances: [[]] });
    expect(osrm.requests).toHaveLength(0);
  });

  it('throws a RoutingError on a server error, a body that is not OSRM JSON, a point without coordinates or no server', async () => {
    const times = osrmTravelTimes({ baseUrl: osrm.url });
    osrm.state.failNext = 'error';
    await expect(times.table([ZURICH], [BERN])).rejects.toMatchObject({ name: 'RoutingError', status: 500 });
    osrm.state.failNext = 'garbage';
    await expect(times.table([ZURICH], [BERN])).rejects.toBeInstanceOf(RoutingError);
    await expect(times.table([{ lat: Number.NaN, lon: 8 }], [BERN])).rejects.toBeInstanceOf(RoutingError);
    await expect(osrmTravelTimes({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }).table([ZURICH], [BERN])).rejects.toBeInstanceOf(
      RoutingError,
    );
  });

  it('is chosen by ROUTING_PROVIDER=osrm with OSRM_URL and a profile; offline by default', async () => {
    const env = { NODE_ENV: 'test', PUBLIC_URL: 'http://bo.test' };
    expect(createTravelTimes(loadConfig(env)).provider).toBe('offline');
    expect(() => loadConfig({ ...env, ROUTING_PROVIDER: 'osrm' })).toThrow(/OSRM_URL/);
    const times = createTravelTimes(loadConfig({ ...env, ROUTING_PROVIDER: 'osrm', OSRM_URL: osrm.url, OSRM_PROFILE: 'car' }));
    expect(times.provider).toBe('osrm');
    await times.table([ZURICH], [BERN]);
    expect(osrm.requests[0]!.profile).toBe('car');
  });
});
