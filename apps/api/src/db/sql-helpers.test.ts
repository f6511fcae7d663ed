import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, prefixPattern } from './sql-helpers.ts';

describe('LIKE patterns', () => {
  it.each([
    ['Müller', 'Müller'],
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['c:\\x', 'c:\\\\x'],
    ['%_\\', '\\%\\_\\\\'],
  ])('escapes %s as %s', (text, escaped) => {
    expect(escapeLike(text)).toBe(escaped);
  });

  it('wraps for contains and anchors for prefix', () => {
    expect(containsPattern('8_0')).toBe('%8\\_0%');
    expect(prefixPattern('80')).toBe('80%');
  });
});
