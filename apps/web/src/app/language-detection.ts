import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, toLanguage, type Language } from '@bo/domain';

/** The translation layer's lookups (spec 9): query parameter, cookie and local-storage key. */
export const LOOKUP_QUERY = 'lng';
export const LOOKUP_COOKIE = 'i18next';
export const LOOKUP_LOCAL_STORAGE = 'i18nextLng';

/** Everything that may say which language to show. */
export interface LanguageSources {
  /** The signed-in user's saved locale. */
  userLocale?: string | null;
  /** The cookie `next-i18next`, written when the user picks a language. */
  nextCookie?: string;
  /** `?lng=` of the address. */
  query?: string | null;
  /** The cookie `i18next`. */
  cookie?: string;
  /** Local storage `i18nextLng`. */
  localStorage?: string | null;
  /** The browser's languages (`navigator.languages`). */
  browser: readonly string[];
}

/**
 * Spec 9: the language comes from the user's locale, then the cookie `next-i18next`; then the
 * translation layer's lookups: query parameter `lng`, cookie `i18next`, local storage `i18nextLng`.
 * Then the browser's languages, then German. Unknown languages are passed over.
 */
export function detectLanguage(sources: LanguageSources): Language {
  const candidates = [sources.userLocale, sources.nextCookie, sources.query, sources.cookie, sources.localStorage, ...sources.browser];
  for (const candidate of candidates) {
    const lng = toLanguage(candidate);
    if (lng) {
      return lng;
    }
  }
  return DEFAULT_LANGUAGE;
}

function cookieValue(cookies: string, name: string): string | undefined {
  const found = cookies
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`));
  if (found === undefined) {
    return undefined;
  }
  try {
    return decodeURIComponent(found.slice(name.length + 1));
  } catch {
    return undefined;
  }
}

/** Reads the sources from what the browser has; a blocked local storage counts as empty. */
export function readLanguageSources(from: {
  search: string;
  cookie: string;
  localStorage: Pick<Storage, 'getItem'> | undefined;
  browser: readonly string[];
}): LanguageSources {
  let stored: string | null | undefined;
  try {
    stored = from.localStorage?.getItem(LOOKUP_LOCAL_STORAGE) ?? undefined;
  } catch {
    stored = undefined;
  }
  return {
    query: new URLSearchParams(from.search).get(LOOKUP_QUERY) ?? undefined,
    cookie: cookieValue(from.cookie, LOOKUP_COOKIE),
    nextCookie: cookieValue(from.cookie, LANGUAGE_COOKIE),
    localStorage: stored,
    browser: from.browser,
  };
}
