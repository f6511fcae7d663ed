import { describe, expect, it } from 'vitest';
import { CHART_MAX_POINTS, downsample } from './downsample.ts';

const series = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => ({ i, v: f(i) }));
const v = (p: { v: number }) => p.v;

describe('downsample', () => {
  it.each([
    ['empty', 0, 10, 0],
    ['under the limit', 5, 10, 5],
    ['at the limit', 10, 10, 10],
    ['one over', 11, 10, 10],
    ['ten times', 100, 10, 10],
    ['1,001 points to the default', 1001, CHART_MAX_POINTS, 1000],
    ['5,000 points to the default', 5000, CHART_MAX_POINTS, 1000],
    ['a limit under 3 leaves the series', 50, 2, 50],
  ])('%s: %i points, at most %i → %i', (_name, n, max, expected) => {
    const out = downsample(
      series(n, (i) => Math.sin(i / 7)),
      v,
      max,
    );
    expect(out).toHaveLength(expected);
  });

  it('keeps the first and the last point and the order', () => {
    const out = downsample(
      series(2500, (i) => i % 17),
      v,
    );
    expect(out[0]!.i).toBe(0);
    expect(out.at(-1)!.i).toBe(2499);
    expect(out.every((p, k) => k === 0 || p.i > out[k - 1]!.i)).toBe(true);
  });

  it.each([
    ['a single spike', 1234, 1_000_000],
    ['a single dip', 77, -1_000_000],
  ])('keeps %s', (_name, at, value) => {
    const out = downsample(
      series(3000, (i) => (i === at ? value : 0)),
      v,
    );
    expect(out.some((p) => p.i === at)).toBe(true);
  });
});
