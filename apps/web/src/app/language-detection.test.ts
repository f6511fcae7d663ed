import { describe, expect, it } from 'vitest';
import { detectLanguage, readLanguageSources, type LanguageSources } from './language-detection.ts';

const none: LanguageSources = { browser: [] };

describe('detectLanguage (spec 9)', () => {
  it.each<[string, LanguageSources, string]>([
    ['nothing known: German', none, 'de'],
    ["the user's locale first", { ...none, userLocale: 'it', nextCookie: 'en', query: 'ru', cookie: 'ru', localStorage: 'ru' }, 'it'],
    ['then the cookie next-i18next', { ...none, nextCookie: 'en', query: 'ru', cookie: 'ru', localStorage: 'ru' }, 'en'],
    ['then the query parameter lng', { ...none, query: 'it', cookie: 'ru', localStorage: 'en' }, 'it'],
    ['then the cookie i18next', { ...none, cookie: 'ru', localStorage: 'en', browser: ['it'] }, 'ru'],
    ['then the local-storage key i18nextLng', { ...none, localStorage: 'en', browser: ['it'] }, 'en'],
    ["then the browser's languages", { browser: ['fr-CH', 'it-CH', 'en'] }, 'it'],
    ['a regional form counts as its language', { ...none, query: 'en-GB' }, 'en'],
    ['an unknown language is passed over', { ...none, userLocale: 'fr', nextCookie: 'xx', query: 'es', cookie: 'ru' }, 'ru'],
    ['an empty value is passed over', { ...none, userLocale: '', nextCookie: '', query: '', localStorage: 'it' }, 'it'],
  ])('%s', (_name, sources, expected) => {
    expect(detectLanguage(sources)).toBe(expected);
  });
});

describe('readLanguageSources', () => {
  it('reads lng from the address, both cookies and the local-storage key', () => {
    const sources = readLanguageSources({
      search: '?tab=1&lng=it',
      cookie: 'sid=abc; i18next=ru; next-i18next=en',
      localStorage: { getItem: (key) => (key === 'i18nextLng' ? 'de' : null) },
      browser: ['de-CH'],
    });
    expect(sources).toEqual({ query: 'it', cookie: 'ru', nextCookie: 'en', localStorage: 'de', browser: ['de-CH'] });
  });

  it('copes with a missing or unusable local storage and odd cookies', () => {
    const sources = readLanguageSources({
      search: '',
      cookie: 'i18next=; other; next-i18next=%E0%A4%A',
      localStorage: {
        getItem: () => {
          throw new Error('denied');
        },
      },
      browser: [],
    });
    expect(sources).toEqual({ query: undefined, cookie: '', nextCookie: undefined, localStorage: undefined, browser: [] });
    expect(detectLanguage(sources)).toBe('de');
  });
});
