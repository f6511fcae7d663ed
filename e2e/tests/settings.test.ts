import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, expectSnackbar, openScreen, signIn, textOf, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

type Settings = Json<'get', '/api/global-settings'>['data'];

const field = (page: Page, key: string) => page.getByTestId(`setting-${key}`);

async function savedSettings(page: Page): Promise<Settings> {
  const res = await page.request.get('/api/global-settings');
  assert.equal(res.status(), 200);
  return ((await res.json()) as Json<'get', '/api/global-settings'>).data;
}

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('global-settings-form').waitFor();
}

async function save(page: Page): Promise<void> {
  await page.getByTestId('save-settings').click();
}

void describe('global settings', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'admin changes the company phone, sees it after a reload, is stopped by an invalid e-mail, and puts the old phone back',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const original = await savedSettings(page);
      const oldPhone = original.company_phone ?? '';
      const newPhone = `044 555 ${String(Date.now()).slice(-4, -2)} ${String(Date.now()).slice(-2)}`;
      assert.notEqual(newPhone, oldPhone);
      try {
        await openScreen(page, 'globalSettings', '/admin-dashboard/global-settings');
        await page.getByRole('heading', { level: 1, name: tr('de', 'screens.globalSettings'), exact: true }).waitFor();
        await openSettings(page);
        // Every text setting is on the page with its stored value (the logo is a file, not a text field).
        for (const [key, value] of Object.entries(original).filter(([k]) => k !== 'receipt_logo_path')) {
          assert.equal(await field(page, key).inputValue(), value, key);
        }
        assert.equal(await page.getByLabel(tr('de', 'settings:fields.company_phone')).first().inputValue(), oldPhone);

        await field(page, 'company_phone').fill(newPhone);
        await save(page);
        await expectSnackbar(page, tr('de', 'settings:saved'));

        await page.reload();
        await openSettings(page);
        assert.equal(await field(page, 'company_phone').inputValue(), newPhone);

        // An invalid e-mail: the error stands next to the field and nothing is saved.
        await field(page, 'company_email').fill('info(at)firma.ch');
        await save(page);
        await page.locator('#company_email[aria-invalid="true"]').waitFor();
        assert.equal(await textOf(page.locator('#company_email-helper-text')), tr('de', 'validation.invalid_email'));
        // An invalid phone, too.
        await field(page, 'company_phone').fill('12345');
        await save(page);
        await page.locator('#company_phone[aria-invalid="true"]').waitFor();
        assert.equal(await textOf(page.locator('#company_phone-helper-text')), tr('de', 'validation.invalid_phone'));
        assert.equal((await savedSettings(page)).company_email, original.company_email);

        // "Zurücksetzen" brings back what is saved; then the old phone goes back in.
        await page.getByRole('button', { name: tr('de', 'common.reset'), exact: true }).click();
        assert.equal(await field(page, 'company_email').inputValue(), original.company_email);
        assert.equal(await field(page, 'company_phone').inputValue(), newPhone);
        await field(page, 'company_phone').fill(oldPhone);
        await save(page);
        await expectSnackbar(page, tr('de', 'settings:saved'));

        await page.reload();
        await openSettings(page);
        assert.equal(await field(page, 'company_phone').inputValue(), oldPhone);
        assert.deepEqual(await savedSettings(page), original);
      } finally {
        // Whatever happened above, the demo settings are as they were.
        const now = await savedSettings(page);
        if (JSON.stringify(now) !== JSON.stringify(original)) {
          const body: Partial<Settings> = { ...original };
          delete body.receipt_logo_path;
          await page.request.post('/api/global-settings', { data: body });
        }
      }
    }),
  );
});
