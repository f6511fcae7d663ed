/**
 * The duplicate engine explains a match with keys like `same_phone`, `street_similar:0.92`,
 * `postcode_near:8050:8005` or `names_swapped`. This reads one into a translation key and the values
 * its text shows: a share 0–1 as a percentage, postcodes and other values as they are.
 */
export interface ReasonParts {
  key: string;
  values: Record<string, string>;
}

const SHARE = /^(0(\.\d+)?|1(\.0+)?)$/;

export function reasonParts(reason: string, formatPercent: (share: number) => string): ReasonParts {
  const [key = '', ...args] = reason.split(':');
  const values: Record<string, string> = {};
  args.forEach((arg, i) => {
    values[`v${i + 1}`] = arg;
  });
  // One value 0–1 is a similarity (`street_similar:0.92`); two are what differs (`postcode_near:8050:8005`).
  if (args.length === 1 && SHARE.test(args[0]!)) {
    values.percent = formatPercent(Number(args[0]));
  } else {
    if (args[0] !== undefined) {
      values.a = args[0];
    }
    if (args[1] !== undefined) {
      values.b = args[1];
    }
  }
  return { key: key.replace(/[^A-Za-z0-9_]/g, '_'), values };
}

/** A match score 0–1 as a whole percentage. */
export function percentOf(share: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}
