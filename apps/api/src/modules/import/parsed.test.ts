import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParsedLeadFile } from './parse/index.ts';
import { keepParsed, takeParsed } from './parsed.ts';

/** A file of `rows` rows and `columns` columns. */
function file(rows: number, columns = 25): ParsedLeadFile {
  const headers = Array.from({ length: columns }, (_, i) => `c${i}`);
  return { kind: 'csv', contentType: 'text/csv', encoding: 'utf-8', headers, rows: Array.from({ length: rows }, () => headers) };
}

afterEach(() => {
  for (const id of ['a', 'b', 'c', 'big']) {
    takeParsed(id);
  }
  vi.useRealTimers();
});

describe('the cells an upload keeps for its check', () => {
  it('are handed over once, to the first check', () => {
    const f = file(3);
    keepParsed('a', f);
    expect(takeParsed('a')).toBe(f);
    expect(takeParsed('a')).toBeUndefined();
    expect(takeParsed('never kept')).toBeUndefined();
  });

  it.each<{ case: string; files: Record<string, number>; kept: string[] }>([
    { case: 'two files within the bound', files: { a: 50_000, b: 50_000 }, kept: ['a', 'b'] },
    { case: 'the oldest goes for a newer one', files: { a: 60_000, b: 60_000 }, kept: ['b'] },
    { case: 'the two oldest go for a large one', files: { a: 30_000, b: 30_000, c: 90_000 }, kept: ['c'] },
    { case: 'a file above the bound alone is not kept', files: { a: 10_000, big: 100_001 }, kept: ['a'] },
  ])('are bounded in all (rows of 25 cells): $case', ({ files, kept }) => {
    for (const [id, rows] of Object.entries(files)) {
      keepParsed(id, file(rows));
    }
    expect(Object.keys(files).filter((id) => takeParsed(id) !== undefined)).toEqual(kept);
  });

  it('are dropped after ten minutes', () => {
    vi.useFakeTimers();
    keepParsed('a', file(2));
    keepParsed('b', file(2));
    vi.advanceTimersByTime(9 * 60_000);
    expect(takeParsed('a')).toBeDefined();
    vi.advanceTimersByTime(60_001);
    expect(takeParsed('b')).toBeUndefined();
  });
});
