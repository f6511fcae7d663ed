import { describe, expect, it } from 'vitest';
import { pieSlices, sharesOf } from './pie.ts';

const G = { cx: 50, cy: 50, r: 40 };

describe('pieSlices', () => {
  it.each<[string, number[]]>([
    ['no values', []],
    ['only zeros', [0, 0]],
    ['negative and non-finite values', [-3, Number.NaN, Number.POSITIVE_INFINITY]],
  ])('draws nothing for %s', (_name, values) => {
    expect(pieSlices(values, G)).toEqual([]);
  });

  it('draws a single value as a whole circle of two half arcs', () => {
    const [slice, ...rest] = pieSlices([0, 7, 0], G);
    expect(rest).toEqual([]);
    expect(slice).toMatchObject({ index: 1, value: 7, percent: 100, startAngle: 0, endAngle: 2 * Math.PI });
    expect(slice?.path).toBe('M 50 10 A 40 40 0 1 1 50 90 A 40 40 0 1 1 50 10 Z');
  });

  it('starts at twelve o’clock and goes clockwise', () => {
    const slices = pieSlices([1, 1, 2], G);
    expect(slices.map((s) => s.path)).toEqual([
      // a quarter: top to the right
      'M 50 50 L 50 10 A 40 40 0 0 1 90 50 Z',
      // a quarter: right to the bottom
      'M 50 50 L 90 50 A 40 40 0 0 1 50 90 Z',
      // a half: bottom back to the top, through the left
      'M 50 50 L 50 90 A 40 40 0 0 1 50 10 Z',
    ]);
    expect(slices.map((s) => s.percent)).toEqual([25, 25, 50]);
  });

  it('uses the large-arc flag only for a slice of more than half', () => {
    const [big, small] = pieSlices([3, 1], G);
    expect(big?.path).toBe('M 50 50 L 50 10 A 40 40 0 1 1 10 50 Z');
    expect(small?.path).toBe('M 50 50 L 10 50 A 40 40 0 0 1 50 10 Z');
  });

  it('skips zero values but keeps the index of each slice', () => {
    const slices = pieSlices([2, 0, 2], G);
    expect(slices.map((s) => s.index)).toEqual([0, 2]);
    expect(slices[1]?.startAngle).toBeCloseTo(Math.PI);
  });

  it('closes the circle: the last slice ends where the first began', () => {
    const slices = pieSlices([13, 7, 29, 1, 50], G);
    expect(slices.at(-1)?.endAngle).toBeCloseTo(2 * Math.PI);
    expect(slices.reduce((a, s) => a + s.percent, 0)).toBeCloseTo(100);
    for (let i = 1; i < slices.length; i += 1) {
      expect(slices[i]!.startAngle).toBe(slices[i - 1]!.endAngle);
    }
  });
});

describe('sharesOf', () => {
  it.each<[number[], number[]]>([
    [
      [1, 3],
      [25, 75],
    ],
    [
      [0, 0],
      [0, 0],
    ],
    [
      [2, -1, Number.NaN, 2],
      [50, 0, 0, 50],
    ],
    [
      [1, 2],
      [100 / 3, 200 / 3],
    ],
  ])('%j gives %j', (values, expected) => {
    sharesOf(values).forEach((share, i) => expect(share).toBeCloseTo(expected[i]!));
  });
});
