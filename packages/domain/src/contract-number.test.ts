import { describe, expect, it } from 'vitest';
import { formatContractNumber, isContractNumber } from './contract-number.ts';

describe('formatContractNumber: one form of contract number on every screen and document', () => {
  it.each([
    [2026, 182, 'V-2026-00182'],
    [2025, 1, 'V-2025-00001'],
    [2026, 99_999, 'V-2026-99999'],
    [2026, 123_456, 'V-2026-123456'],
  ])('%i, %i → %s', (year, sequence, expected) => {
    expect(formatContractNumber(year, sequence)).toBe(expected);
    expect(isContractNumber(expected)).toBe(true);
  });

  it.each(['V-00182', 'V-2026-182', '2026-00182', 'V-26-00182', ''])('%s is not of that form', (text) => {
    expect(isContractNumber(text)).toBe(false);
  });
});
