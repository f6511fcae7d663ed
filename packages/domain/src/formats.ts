/** Display formats of spec section 9: Europe/Zurich for display, de-CH numbers, CHF. */
export const DISPLAY_TIME_ZONE = 'Europe/Zurich';

interface DateParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  second: string;
}

function zurichParts(value: Date | string): DateParts | undefined {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) {
    return undefined;
  }
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: get('day'),
    month: get('month'),
    year: get('year'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Spec 9's display formats as date-library patterns (the date pickers show and read these). */
export const DATE_FORMAT_PATTERN = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT_PATTERN = 'DD.MM.YYYY HH:mm';
export const MONTH_FORMAT_PATTERN = 'MM.YYYY';

/** DD.MM.YYYY */
export function formatDate(value: Date | string | null | undefined): string {
  const p = value ? zurichParts(value) : undefined;
  return p ? `${p.day}.${p.month}.${p.year}` : '';
}

/** DD.MM.YYYY HH:mm */
export function formatDateTime(value: Date | string | null | undefined): string {
  const p = value ? zurichParts(value) : undefined;
  return p ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}` : '';
}

/** Storage form YYYY-MM-DD H:mm:ss (hour without leading zero), in Zurich time. */
export function formatStorageDateTime(value: Date | string): string {
  const p = zurichParts(value);
  return p ? `${p.year}-${p.month}-${p.day} ${Number(p.hour)}:${p.minute}:${p.second}` : '';
}

// signDisplay 'negative': a value that rounds to zero shows as 0, never as -0.
const numberFormat = new Intl.NumberFormat('de-CH', { signDisplay: 'negative' });
const moneyFormat = new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF', signDisplay: 'negative' });
const percentFormat = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 1, signDisplay: 'negative' });

export function formatNumber(value: number): string {
  return Number.isFinite(value) ? numberFormat.format(value) : '';
}

/** Money is kept in integer Rappen; this is the only place it becomes francs, for display. */
export function formatMoney(rappen: number): string {
  if (!Number.isFinite(rappen)) {
    return '';
  }
  const shown = moneyFormat.format(Math.abs(rappen) / 100);
  // Only a negative that does not round to zero gets its sign, after "CHF" and its space.
  return rappen < 0 && Math.round(Math.abs(rappen)) > 0 ? shown.replace(/^CHF\s?/, (m) => `${m.trimEnd()}\u00a0-`) : shown;
}

/** de-CH, up to one decimal: 12.34 → "12.3 %". */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? `${percentFormat.format(value)} %` : '';
}

export type DayPhase = 'morning' | 'day' | 'night';

/** Morning 08:00:00–12:59:59, day 13:00:00–17:59:59, night otherwise (Zurich time). */
export function dayPhase(value: Date | string): DayPhase {
  const p = zurichParts(value);
  const hour = p ? Number(p.hour) : 0;
  if (hour >= 8 && hour < 13) {
    return 'morning';
  }
  if (hour >= 13 && hour < 18) {
    return 'day';
  }
  return 'night';
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** One decimal below 10 of a unit, none above; bytes as they are. Rounding decides, so 9.96 KB is "10 KB". */
function shownSize(value: number, unit: number): string {
  if (unit === 0) {
    return String(value);
  }
  return Number(value.toFixed(1)) < 10 ? value.toFixed(1) : value.toFixed(0);
}

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    return '';
  }
  let value = bytes;
  let unit = 0;
  // Compare the rounded figure, so 1'048'575 B is "1.0 MB" and not "1024 KB".
  while (Number(shownSize(value, unit)) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${shownSize(value, unit)} ${SIZE_UNITS[unit]}`;
}

export function pxToRem(px: number): string {
  return Number.isFinite(px) ? `${px / 16}rem` : '';
}
