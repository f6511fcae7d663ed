import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@bo/domain';
import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, readLanguageSources } from './language-detection.ts';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Remembers the choice for the next visit and tells the server which language to write mails in. */
export function rememberLanguage(lng: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

/** The language to show before and after sign-in, in the order of spec 9 (see `detectLanguage`). */
export function initialLanguage(userLocale?: string): Language {
  const sources = readLanguageSources({
    search: window.location.search,
    cookie: document.cookie,
    localStorage: browserStorage(),
    browser: navigator.languages,
  });
  return detectLanguage({ ...sources, userLocale });
}

export async function initI18n(): Promise<typeof i18n> {
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      fallbackLng: 'de',
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      // Spec 9: 'it' and 'en' are preloaded; German comes as the fallback language.
      preload: ['it', 'en'],
      interpolation: { escapeValue: false },
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json', addPath: '/locales/add/{{lng}}/{{ns}}' },
      // Only admins may add keys; switched on for them after sign-in.
      saveMissing: false,
    });
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n;
}

export { i18n };
