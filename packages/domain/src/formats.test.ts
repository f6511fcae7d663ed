import { describe, expect, it } from 'vitest';
import {
  DISPLAY_TIME_ZONE,
  dayPhase,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatPercent,
  formatStorageDateTime,
  pxToRem,
  type DayPhase,
} from './formats.ts';

// What de-CH really gives on this Node (ICU 78, CLDR 48): thousands grouped with an ASCII apostrophe
// (U+0027, not the typographic U+2019) and a no-break space (U+00A0) between "CHF" and the amount.
const NBSP = '\u00a0';

const INVALID_DATES = [[''], [null], [undefined], ['not a date'], ['2026-13-45'], [new Date(Number.NaN)]] as const;
const INVALID_NUMBERS = [[Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]] as const;

it('displays dates in Zurich time', () => {
  expect(DISPLAY_TIME_ZONE).toBe('Europe/Zurich');
});

describe('formatDate (DD.MM.YYYY, Zurich)', () => {
  it.each([
    ['2026-03-29T00:30:00Z', '29.03.2026'],
    ['2026-12-31T22:59:59Z', '31.12.2026'],
    ['2026-12-31T23:30:00Z', '01.01.2027'],
    ['2026-06-30T21:59:59Z', '30.06.2026'],
    ['2026-06-30T22:00:00Z', '01.07.2026'],
    ['2026-02-28', '28.02.2026'],
    [new Date(Date.UTC(2026, 0, 5, 12)), '05.01.2026'],
  ])('shows %j as %j', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it.each(INVALID_DATES)('shows nothing for %j', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

describe('formatDateTime (DD.MM.YYYY HH:mm, Zurich)', () => {
  it.each([
    ['winter time is UTC+1', '2026-01-15T09:05:00Z', '15.01.2026 10:05'],
    ['summer time is UTC+2', '2026-07-15T09:05:00Z', '15.07.2026 11:05'],
    ['the last minute before summer time', '2026-03-29T00:59:59Z', '29.03.2026 01:59'],
    ['the first minute of summer time', '2026-03-29T01:00:00Z', '29.03.2026 03:00'],
    ['the night of the spring change', '2026-03-29T00:30:00Z', '29.03.2026 01:30'],
    ['the last minute of summer time', '2026-10-25T00:59:00Z', '25.10.2026 02:59'],
    ['the repeated hour after summer time', '2026-10-25T01:00:00Z', '25.10.2026 02:00'],
    ['midnight is 00, not 24', '2026-01-14T23:00:00Z', '15.01.2026 00:00'],
    ['seconds are cut, not rounded', '2026-07-01T10:05:59Z', '01.07.2026 12:05'],
    ['a new year in Zurich before UTC', '2026-12-31T23:30:00Z', '01.01.2027 00:30'],
  ])('%s: %j is %j', (_name, value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });

  it.each(INVALID_DATES)('shows nothing for %j', (value) => {
    expect(formatDateTime(value)).toBe('');
  });
});

describe('formatStorageDateTime (YYYY-MM-DD H:mm:ss, Zurich)', () => {
  it.each([
    ['2026-01-14T23:05:09Z', '2026-01-15 0:05:09'],
    ['2026-07-01T07:05:09Z', '2026-07-01 9:05:09'],
    ['2026-07-01T10:05:09Z', '2026-07-01 12:05:09'],
    ['2026-12-31T23:30:00Z', '2027-01-01 0:30:00'],
    [new Date(Date.UTC(2026, 2, 29, 1, 0, 0)), '2026-03-29 3:00:00'],
  ])('stores %j as %j', (value, expected) => {
    expect(formatStorageDateTime(value)).toBe(expected);
  });

  it.each([[''], ['not a date'], [new Date(Number.NaN)]])('gives nothing for %j', (value) => {
    expect(formatStorageDateTime(value)).toBe('');
  });
});

describe('formatMoney (integer Rappen as de-CH CHF)', () => {
  it.each([
    [123456, `CHF${NBSP}1'234.56`],
    [0, `CHF${NBSP}0.00`],
    [5, `CHF${NBSP}0.05`],
    [100, `CHF${NBSP}1.00`],
    [99999, `CHF${NBSP}999.99`],
    [100000000, `CHF${NBSP}1'000'000.00`],
    // Intl writes "CHF-1'234.56"; the Swiss way keeps the space and puts the sign before the number.
    [-123456, `CHF${NBSP}-1'234.56`],
    [-1, `CHF${NBSP}-0.01`],
    [-0, `CHF${NBSP}0.00`],
  ])('shows %i Rappen as %j', (rappen, expected) => {
    expect(formatMoney(rappen)).toBe(expected);
  });

  it('writes 1234.56 francs with exactly these characters', () => {
    expect([...formatMoney(123456)].map((c) => c.codePointAt(0))).toEqual([
      0x43, 0x48, 0x46, 0xa0, 0x31, 0x27, 0x32, 0x33, 0x34, 0x2e, 0x35, 0x36,
    ]);
  });

  it.each(INVALID_NUMBERS)('shows nothing for %s', (rappen) => {
    expect(formatMoney(rappen)).toBe('');
  });
});

describe('formatNumber (de-CH)', () => {
  it.each([
    [0, '0'],
    [0.5, '0.5'],
    [1234, "1'234"],
    [1234567.891, "1'234'567.891"],
    [-1234, "-1'234"],
    [-0.0001, '0'],
  ])('shows %s as %j', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it.each(INVALID_NUMBERS)('shows nothing for %s', (value) => {
    expect(formatNumber(value)).toBe('');
  });
});

describe('formatPercent (de-CH, up to 1 decimal)', () => {
  it.each([
    [12.34, '12.3 %'],
    [12.35, '12.4 %'],
    [33.3333, '33.3 %'],
    [0.05, '0.1 %'],
    [12, '12 %'],
    [12.0, '12 %'],
    [0, '0 %'],
    [100, '100 %'],
    [1234.56, "1'234.6 %"],
    [-5.55, '-5.6 %'],
    [-0.04, '0 %'],
  ])('shows %s as %j', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it.each(INVALID_NUMBERS)('shows nothing for %s', (value) => {
    expect(formatPercent(value)).toBe('');
  });
});

describe('dayPhase (Zurich local time)', () => {
  // Spec 9: morning 08:00:00 to 12:59:59, day 13:00:00 to 17:59:59, night otherwise.
  const PHASES: [string, DayPhase][] = [
    ['00:00:00', 'night'],
    ['07:59:59', 'night'],
    ['08:00:00', 'morning'],
    ['10:30:00', 'morning'],
    ['12:59:59', 'morning'],
    ['13:00:00', 'day'],
    ['15:00:00', 'day'],
    ['17:59:59', 'day'],
    ['18:00:00', 'night'],
    ['23:59:59', 'night'],
  ];

  describe.each([
    ['in winter', '2026-01-15', '+01:00'],
    ['in summer', '2026-07-15', '+02:00'],
  ])('%s', (_season, date, offset) => {
    it.each(PHASES)('%s is %s', (time, expected) => {
      expect(dayPhase(`${date}T${time}${offset}`)).toBe(expected);
      expect(dayPhase(new Date(`${date}T${time}${offset}`))).toBe(expected);
    });
  });

  it.each<[string, DayPhase]>([
    ['2026-07-15T06:30:00Z', 'morning'],
    ['2026-01-15T12:30:00Z', 'day'],
    ['2026-07-15T16:30:00Z', 'night'],
  ])('reads %j in Zurich, not in UTC: %s', (value, expected) => {
    expect(dayPhase(value)).toBe(expected);
  });
});

describe('formatFileSize (bytes up to YB)', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10239, '10 KB'],
    [10240, '10 KB'],
    [1048575, '1.0 MB'],
    [1048576, '1.0 MB'],
    [5 * 1024 ** 2, '5.0 MB'],
    [123456789, '118 MB'],
    [1024 ** 3, '1.0 GB'],
    [1024 ** 4, '1.0 TB'],
    [1024 ** 5, '1.0 PB'],
    [1024 ** 6, '1.0 EB'],
    [1024 ** 7, '1.0 ZB'],
    [1024 ** 8, '1.0 YB'],
    [1024 ** 9, '1024 YB'],
  ])('shows %i bytes as %j', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it.each([...INVALID_NUMBERS, [-1] as const])('shows nothing for %s', (bytes) => {
    expect(formatFileSize(bytes)).toBe('');
  });
});

describe('pxToRem (px / 16)', () => {
  it.each([
    [16, '1rem'],
    [8, '0.5rem'],
    [24, '1.5rem'],
    [20, '1.25rem'],
    [0, '0rem'],
    [-16, '-1rem'],
  ])('turns %i px into %j', (px, expected) => {
    expect(pxToRem(px)).toBe(expected);
  });

  it.each(INVALID_NUMBERS)('gives nothing for %s', (px) => {
    expect(pxToRem(px)).toBe('');
  });
});
