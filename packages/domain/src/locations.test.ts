import { describe, expect, it } from 'vitest';
import { isSpecialLocation, SPECIAL_LOCATION_ID } from './locations.ts';

describe('the special location', () => {
  it.each([
    [SPECIAL_LOCATION_ID, true],
    [1, true],
    [2, false],
    [0, false],
  ])('id %i is special: %s', (id, expected) => {
    expect(isSpecialLocation(id)).toBe(expected);
  });
});
