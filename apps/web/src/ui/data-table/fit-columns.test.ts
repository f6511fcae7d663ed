import { describe, expect, it } from 'vitest';
import { fitColumns, minWidthOf, type FitColumn } from './fit-columns.ts';

const col = (id: string, width: number, extra: Partial<FitColumn> = {}): FitColumn => ({ id, width, ...extra });
const total = (widths: Map<string, number>) => [...widths.values()].reduce((a, b) => a + b, 0);

describe('fitColumns', () => {
  const columns = [
    col('name', 200, { alwaysVisible: true }),
    col('status', 200, { priority: 9 }),
    col('phone', 150, { priority: 8 }),
    col('address', 200),
    col('updated', 150, { priority: 1 }),
    col('counters', 300, { priority: 1 }),
  ];

  it.each<{ box: number | null; hidden: string[]; scrolls: boolean; note: string }>([
    { box: null, hidden: [], scrolls: false, note: 'a box not measured yet keeps the layout' },
    { box: 1400, hidden: [], scrolls: false, note: 'everything fits as it is' },
    { box: 1000, hidden: [], scrolls: false, note: 'columns give up width before any goes' },
    { box: 700, hidden: ['counters'], scrolls: false, note: 'the rightmost of the least important goes first' },
    { box: 600, hidden: ['updated', 'counters'], scrolls: false, note: 'then the next of the least important' },
    { box: 440, hidden: ['address', 'updated', 'counters'], scrolls: false, note: 'then the others, lowest priority first' },
    { box: 200, hidden: ['status', 'phone', 'address', 'updated', 'counters'], scrolls: false, note: 'the row’s own column stays' },
    { box: 100, hidden: ['status', 'phone', 'address', 'updated', 'counters'], scrolls: true, note: 'scrolls as the last resort' },
  ])('$note (box $box)', ({ box, hidden, scrolls }) => {
    const fitted = fitColumns(columns, box);
    expect(fitted.hidden).toEqual(hidden);
    expect(fitted.scrolls).toBe(scrolls);
    const shown = columns.filter((c) => !hidden.includes(c.id));
    expect([...fitted.widths.keys()]).toEqual(shown.map((c) => c.id));
    for (const c of shown) {
      expect(fitted.widths.get(c.id)).toBeGreaterThanOrEqual(minWidthOf(c));
      expect(fitted.widths.get(c.id)).toBeLessThanOrEqual(c.width);
    }
    if (box !== null && !scrolls) {
      expect(total(fitted.widths)).toBeLessThanOrEqual(box);
    }
    if (box !== null && !scrolls && shown.reduce((s, c) => s + c.width, 0) > box) {
      // What the box has is given to the columns: at most a pixel per column is lost to rounding.
      expect(box - total(fitted.widths)).toBeLessThanOrEqual(shown.length);
    }
  });

  it('never leaves out a column the user asked for; the table scrolls instead', () => {
    const fitted = fitColumns([col('name', 200, { alwaysVisible: true }), col('notes', 400, { priority: 1, pinned: true })], 300);
    expect(fitted.hidden).toEqual([]);
    expect(fitted.scrolls).toBe(true);
    expect(fitted.widths).toEqual(
      new Map([
        ['name', 140],
        ['notes', 280],
      ]),
    );
  });

  it('keeps a column at its minimum while the others share the rest in proportion', () => {
    const fitted = fitColumns([col('a', 100, { minWidth: 90 }), col('b', 200), col('c', 200)], 400);
    expect(fitted.widths.get('a')).toBe(90);
    expect(fitted.widths.get('b')).toBe(155);
    expect(fitted.widths.get('c')).toBe(155);
  });

  it('a minimum is never wider than the column nor narrower than 60 px', () => {
    expect(minWidthOf(col('x', 80, { minWidth: 200 }))).toBe(80);
    expect(minWidthOf(col('x', 70))).toBe(60);
    expect(minWidthOf(col('x', 300))).toBe(210);
  });
});
