import { describe, expect, it } from 'vitest';
import { OFFLINE_MODEL, offlineTable, offlineTravelTimes, regionOf } from './index.ts';

const ZURICH = { lat: 47.37293, lon: 8.54137 };
const BERN = { lat: 46.94809, lon: 7.44744 };
const CHUR = { lat: 46.85, lon: 9.53 };
const DAVOS = { lat: 46.8027, lon: 9.8372 };
const PARIS = { lat: 48.8566, lon: 2.3522 };

describe('offline travel times', () => {
  it('finds the region by the canton of the nearest place; a point far from every Swiss place has none', () => {
    expect(regionOf(ZURICH)).toBe('plateau');
    expect(regionOf(DAVOS)).toBe('alpine');
    expect(regionOf(PARIS)).toBeNull();
    expect(regionOf({ lat: Number.NaN, lon: 8 })).toBeNull();
  });

  it('answers a full matrix in input order: 0 to itself, symmetric, null for a point that cannot be routed', async () => {
    const table = await offlineTravelTimes().table([ZURICH, BERN, PARIS], [ZURICH, BERN]);
    expect(table.durations[0]![0]).toBe(0);
    expect(table.distances[0]![0]).toBe(0);
    expect(table.durations[0]![1]).toBe(table.durations[1]![0]);
    expect(table.durations[2]).toEqual([null, null]);
    expect(table.distances[2]).toEqual([null, null]);
  });

  it('drives farther than the crow flies, and slower in the Alps', () => {
    const t = offlineTable([ZURICH, CHUR], [BERN, DAVOS]);
    const straightZurichBern = 95_600; // metres, great circle
    expect(t.distances[0]![0]!).toBeGreaterThan(straightZurichBern * 1.2);
    const plateauSpeed = t.distances[0]![0]! / (t.durations[0]![0]! - OFFLINE_MODEL.overheadSeconds);
    const alpineSpeed = t.distances[1]![1]! / (t.durations[1]![1]! - OFFLINE_MODEL.overheadSeconds);
    expect(alpineSpeed).toBeLessThan(plateauSpeed);
  });

  it('is fast: a 200 × 200 matrix in well under 100 ms', () => {
    const points = Array.from({ length: 200 }, (_, i) => ({ lat: 46.2 + (i % 20) * 0.07, lon: 6.2 + Math.floor(i / 20) * 0.3 }));
    offlineTable(points.slice(0, 5), points.slice(0, 5));
    const started = performance.now();
    const t = offlineTable(points, points);
    expect(performance.now() - started).toBeLessThan(100);
    expect(t.durations).toHaveLength(200);
  });
});
