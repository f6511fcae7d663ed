export const LANGUAGES = ['de', 'en', 'it', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
/** Cookie the server and browser share for the chosen language (spec section 9). */
export const LANGUAGE_COOKIE = 'next-i18next';
/** One file per feature, loaded when a screen of that feature opens. */
export const NAMESPACES = [
  'common',
  'products',
  'locations',
  'staff',
  'settings',
  'academy',
  'tables',
  'clients',
  'recommendations',
  'client',
  'search',
  'leadflow',
  'calendar',
  'planner',
  'addresses',
  'events',
  'perform',
  'finances',
  'finstats',
  'payments',
  'omnicas',
  'warehouse',
  'import',
  'telephony',
  'reminders',
  'totalstats',
  'referrals',
  'licences',
  'dashboard',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `de-CH` → `de`; unknown languages give undefined. */
export function toLanguage(value: string | null | undefined): Language | undefined {
  const base = value?.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/** The user's locale first, then the `next-i18next` cookie, then the browser's languages, then German. */
export function pickLanguage(
  userLocale: string | null | undefined,
  cookie: string | null | undefined,
  browser: readonly string[],
): Language {
  for (const candidate of [userLocale, cookie, ...browser]) {
    const lng = toLanguage(candidate);
    if (lng) {
      return lng;
    }
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The languages the server writes its PDF documents in (invoice, statement, receipt): every interface
 * language, as the documents embed a font with Cyrillic letters. Any other locale gets German.
 */
export const DOCUMENT_LANGUAGES = ['de', 'en', 'it', 'ru'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export function documentLanguage(locale: string | null | undefined): DocumentLanguage {
  return toLanguage(locale) ?? 'de';
}
