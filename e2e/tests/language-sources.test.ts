import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { BASE_URL, closeBrowser, DEMO_PASSWORD, signIn, textOf, withPage } from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

/** The text of the sign-in button, once the sign-in page is shown. */
async function signInText(page: Page): Promise<string> {
  await page.getByTestId('sign-in').waitFor();
  return textOf(page.getByTestId('sign-in'));
}

function translationFile(lng: string, ns: string) {
  return (r: Response) => new URL(r.url()).pathname === `/locales/${lng}/${ns}.json` && r.request().method() === 'GET';
}

void describe('language sources (spec 9)', { timeout: 90_000 }, () => {
  after(closeBrowser);

  void it(
    'the query parameter lng chooses the language, and Italian and English are loaded in advance',
    withPage(async (page) => {
      const preloaded = ['it', 'en'].map((lng) => page.waitForResponse(translationFile(lng, 'common')));
      await page.goto('/login?lng=it');
      assert.equal(await signInText(page), tr('it', 'auth.signIn'));
      assert.equal(await page.locator('html').getAttribute('lang'), 'it');
      for (const response of await Promise.all(preloaded)) {
        assert.equal(response.status(), 200);
      }
    }),
  );

  void it(
    'the cookie i18next chooses the language',
    withPage(async (page, context) => {
      await context.addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
      await page.goto('/login');
      assert.equal(await signInText(page), tr('en', 'auth.signIn'));
    }),
  );

  void it(
    'the local-storage key i18nextLng chooses the language',
    withPage(async (page) => {
      await page.goto('/login');
      assert.equal(await signInText(page), tr('de', 'auth.signIn'));
      await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ru'));
      await page.reload();
      assert.equal(await signInText(page), tr('ru', 'auth.signIn'));
    }),
  );

  void it(
    'the cookie next-i18next, written when a language is picked, comes before the lookups',
    withPage(async (page, context) => {
      await context.addCookies([
        { name: 'next-i18next', value: 'en', url: BASE_URL },
        { name: 'i18next', value: 'ru', url: BASE_URL },
      ]);
      await page.goto('/login?lng=it');
      assert.equal(await signInText(page), tr('en', 'auth.signIn'));
    }),
  );

  void it(
    'a key an admin adds is loaded by the app after a reload, in a feature namespace too',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const key = `e2e${Date.now()}`;
      // The call i18next makes for an admin when a screen asks for a key the files lack.
      const add = (ns: string) =>
        page.evaluate(
          async ([ns, key]) => {
            const res = await fetch(`/locales/add/de/${ns}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ [`added.${key}`]: `Hinzugefügt ${ns}` }),
            });
            return res.status;
          },
          [ns, key] as const,
        );

      assert.equal(await add('common'), 200);
      const common = page.waitForResponse(translationFile('de', 'common'));
      await page.reload();
      const served = (await (await common).json()) as { added?: Record<string, string> };
      assert.equal(served.added?.[key], 'Hinzugefügt common');
      await page.getByTestId('side-nav').waitFor();

      // A feature's namespace takes additions too; it is loaded when its screen opens.
      assert.equal(await add('calendar'), 200);
      const calendar = page.waitForResponse(translationFile('de', 'calendar'));
      await page.goto('/admin-dashboard/calendar');
      const servedCalendar = (await (await calendar).json()) as { added?: Record<string, string> };
      assert.equal(servedCalendar.added?.[key], 'Hinzugefügt calendar');
    }),
  );
});
