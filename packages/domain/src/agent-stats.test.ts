import { describe, expect, it } from 'vitest';
import { averageRappen, periodMonths, ratePercent, round1 } from './agent-stats.ts';

describe('round1', () => {
  it.each([
    [0, 0],
    [12.34, 12.3],
    [12.35, 12.4],
    [12.25, 12.3],
    [66.666, 66.7],
    [99.95, 100],
    [-0.05, -0.1],
    [-1.24, -1.2],
  ])('%d → %d', (value, expected) => {
    expect(round1(value)).toBe(expected);
  });
});

describe('ratePercent', () => {
  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [3, 3, 100],
    [0, 5, 0],
    [1, 8, 12.5],
    [1, 7, 14.3],
    [5, 4, 125],
    [1, 0, null],
    [0, 0, null],
    [1, -2, null],
    [Number.NaN, 2, null],
  ])('%d of %d → %s', (part, whole, expected) => {
    expect(ratePercent(part, whole)).toBe(expected);
  });
});

describe('averageRappen', () => {
  it.each([
    [100, 3, 33],
    [200, 3, 67],
    [150, 2, 75],
    [5, 2, 3],
    [1_234_567, 1, 1_234_567],
    [0, 4, 0],
    [-300, 2, -150],
    [100, 0, null],
    [100.5, 2, null],
  ])('%d Rappen over %d → %s', (sum, count, expected) => {
    expect(averageRappen(sum, count)).toBe(expected);
  });
});

describe('periodMonths', () => {
  it.each([
    [2026, 1, 12, 12, '2026-01', '2026-12'],
    [2025, 3, 5, 3, '2025-03', '2025-05'],
    [2024, 7, 7, 1, '2024-07', '2024-07'],
  ])('%d %d–%d', (year, from, to, n, first, last) => {
    const months = periodMonths(year, from, to);
    expect(months).toHaveLength(n);
    expect(months[0]).toBe(first);
    expect(months.at(-1)).toBe(last);
  });
  it('is empty when the period runs backwards', () => {
    expect(periodMonths(2026, 5, 4)).toEqual([]);
  });
});
