import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { chooseLanguage, closeBrowser, DEMO_PASSWORD, eventually, newContext, signIn, textOf, withPage } from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

// The promotion agent is the only demo user whose language any test changes.
const EMAIL = 'pa@demo.test';

async function menuText(page: Page, screen: string): Promise<string> {
  return textOf(page.getByTestId('side-nav').locator(`[data-screen="${screen}"]`));
}

/** Switches the language in the top bar and waits until the profile has saved it. */
async function switchTo(page: Page, lng: 'de' | 'en'): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/auth/edit-current') && r.request().method() === 'PUT');
  await chooseLanguage(page, lng);
  assert.equal((await saved).status(), 200);
}

void describe('language', { timeout: 90_000 }, () => {
  after(closeBrowser);

  void it(
    'switching to English in the top bar changes the menu and is kept in the profile',
    withPage(async (page) => {
      await signIn(page, EMAIL, DEMO_PASSWORD);
      assert.equal(await menuText(page, 'clients'), tr('de', 'screens.clients'));
      try {
        await switchTo(page, 'en');
        await eventually(async () => assert.equal(await menuText(page, 'clients'), tr('en', 'screens.clients')));
        assert.equal(await menuText(page, 'home'), tr('en', 'screens.home'));
        assert.equal(await page.locator('html').getAttribute('lang'), 'en');
        assert.equal(await textOf(page.getByTestId('language-switcher').getByRole('combobox')), 'EN');

        await page.reload();
        await page.getByTestId('dashboard-home').waitFor();
        await eventually(async () => assert.equal(await menuText(page, 'clients'), tr('en', 'screens.clients')));

        // Another browser without the language cookie: the saved profile language wins after sign-in.
        const other = await (await newContext()).newPage();
        await other.goto('/login');
        assert.equal(await textOf(other.getByTestId('sign-in')), tr('de', 'auth.signIn'));
        await signIn(other, EMAIL, DEMO_PASSWORD);
        await eventually(async () => assert.equal(await menuText(other, 'clients'), tr('en', 'screens.clients')));
        assert.equal(await textOf(other.getByRole('heading', { level: 1 })), tr('en', 'home.greeting').replace('{{name}}', 'Pierre'));
      } finally {
        // Back to German, so that a later run finds the demo user as seeded.
        await page.goto('/pa-dashboard');
        await page.getByTestId('side-nav').waitFor();
        if ((await textOf(page.getByTestId('language-switcher').getByRole('combobox'))) !== 'DE') {
          await switchTo(page, 'de');
        }
      }
      await eventually(async () => assert.equal(await menuText(page, 'clients'), tr('de', 'screens.clients')));
      await page.reload();
      await page.getByTestId('dashboard-home').waitFor();
      assert.equal(await menuText(page, 'clients'), tr('de', 'screens.clients'));
    }),
  );
});
