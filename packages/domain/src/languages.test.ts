import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_COOKIE, documentLanguage, isLanguage, pickLanguage, toLanguage } from './languages.ts';

describe('languages', () => {
  it('are German, English, Italian and Russian, German by default (spec 1 and 9)', () => {
    expect([...LANGUAGES].sort()).toEqual(['de', 'en', 'it', 'ru']);
    expect(DEFAULT_LANGUAGE).toBe('de');
  });

  it("remember the choice in the cookie 'next-i18next'", () => {
    expect(LANGUAGE_COOKIE).toBe('next-i18next');
  });
});

describe('toLanguage', () => {
  it.each([
    ['de', 'de'],
    ['en', 'en'],
    ['it', 'it'],
    ['ru', 'ru'],
    ['de-CH', 'de'],
    ['de_CH', 'de'],
    ['en-GB', 'en'],
    ['it-CH', 'it'],
    ['ru-RU', 'ru'],
    ['DE', 'de'],
    ['De-ch', 'de'],
  ])('turns %j into %j', (input, expected) => {
    expect(toLanguage(input)).toBe(expected);
  });

  it.each([['fr'], ['fr-CH'], ['rm'], ['deu'], ['english'], [''], ['-de'], [null], [undefined]])('knows no language in %j', (input) => {
    expect(toLanguage(input)).toBeUndefined();
  });
});

describe('isLanguage', () => {
  it.each([
    ['de', true],
    ['ru', true],
    ['de-CH', false],
    ['DE', false],
    ['fr', false],
    [undefined, false],
    [1, false],
  ])('%j is a language: %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('pickLanguage', () => {
  // Spec 9: the user's locale, then the cookie 'next-i18next'; then the browser; then 'de'.
  it.each([
    ['the user locale wins over everything', 'ru', 'it', ['en'], 'ru'],
    ['the user locale is cut to its language', 'it-CH', 'en', ['ru'], 'it'],
    ['the cookie comes when there is no user locale', undefined, 'it', ['en'], 'it'],
    ['the cookie comes when the user locale is null', null, 'en', ['ru'], 'en'],
    ['the cookie comes when the user locale is unknown', 'fr', 'en', ['ru'], 'en'],
    ['the browser comes without locale and cookie', undefined, undefined, ['en-GB', 'de'], 'en'],
    ['the browser comes when the cookie is unknown', null, 'xx', ['ru'], 'ru'],
    ['the first known browser language wins', undefined, undefined, ['fr-CH', 'es', 'it-IT', 'en'], 'it'],
    ['German when nothing is known', undefined, undefined, ['fr', 'es'], 'de'],
    ['German when nothing is given', undefined, undefined, [], 'de'],
    ['German when everything is empty', '', '', [''], 'de'],
  ] as const)('%s', (_name, userLocale, cookie, browser, expected) => {
    expect(pickLanguage(userLocale, cookie, browser)).toBe(expected);
  });
});

describe('documentLanguage', () => {
  it.each([
    ['de', 'de'],
    ['it-CH', 'it'],
    ['en', 'en'],
    // The documents embed a font with Cyrillic: Russian is written in Russian; French, nothing and nonsense give German.
    ['ru', 'ru'],
    ['ru-RU', 'ru'],
    ['fr', 'de'],
    [null, 'de'],
    ['', 'de'],
  ] as const)('%s → %s', (locale, expected) => {
    expect(documentLanguage(locale)).toBe(expected);
  });
});
