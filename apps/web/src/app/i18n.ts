import { LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type Language } from '@bo/domain';
import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.split('=')[1];
}

/** Remembers the choice for the next visit and tells the server which language to write mails in. */
export function rememberLanguage(lng: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

export function initialLanguage(userLocale?: string): Language {
  return pickLanguage(userLocale, readCookie(LANGUAGE_COOKIE), navigator.languages);
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
      preload: ['de'],
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
