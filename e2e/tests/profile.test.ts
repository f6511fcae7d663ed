import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { dashboardPath, type RoleCode } from '@bo/domain';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, expectSnackbar, signIn, textOf, waitForPath, withPage } from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

// Digits that differ from run to run, so a save is visible even against a database that is not fresh.
const STAMP = String(Date.now()).slice(-4);

const CASES: { email: string; role: RoleCode; way: 'menu' | 'address'; phone: string; cities: [string, string] }[] = [
  {
    email: 'om@demo.test',
    role: 'ocr_manager',
    way: 'menu',
    phone: `+41 44 555 ${STAMP.slice(0, 2)} ${STAMP.slice(2)}`,
    cities: ['Winterthur', 'Chur'],
  },
  {
    email: 'user@demo.test',
    role: 'user',
    way: 'address',
    phone: `031 555 ${STAMP.slice(0, 2)} ${STAMP.slice(2)}`,
    cities: ['Bern', 'Thun'],
  },
];

async function openProfile(page: Page, role: RoleCode, way: 'menu' | 'address'): Promise<void> {
  const target = `${dashboardPath(role)}/edit-profile`;
  if (way === 'menu') {
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: tr('de', 'shell.editProfile') }).click();
    await waitForPath(page, target);
  } else {
    await page.goto(target);
  }
  await page.getByTestId('edit-profile-form').waitFor();
  assert.equal(await textOf(page.getByRole('heading', { level: 1 })), tr('de', 'screens.editProfile'));
}

void describe('edit profile', { timeout: 120_000 }, () => {
  after(closeBrowser);

  for (const c of CASES) {
    void it(
      `${c.email} (${c.role}) changes phone and city; a wrong e-mail is refused at the field`,
      withPage(async (page) => {
        await signIn(page, c.email, DEMO_PASSWORD);
        await openProfile(page, c.role, c.way);
        assert.equal(await page.locator('#email').inputValue(), c.email);
        const city = (await page.locator('#city').inputValue()) === c.cities[0] ? c.cities[1] : c.cities[0];

        await page.locator('#phone').fill(c.phone);
        await page.locator('#city').fill(city);
        await page.getByTestId('save-profile').click();
        const snackbar = page.getByTestId('snackbar');
        await snackbar.waitFor();
        assert.equal(await textOf(snackbar), tr('de', 'profile.saved'));

        await page.reload();
        await page.getByTestId('edit-profile-form').waitFor();
        assert.equal(await page.locator('#phone').inputValue(), c.phone);
        assert.equal(await page.locator('#city').inputValue(), city);

        // An invalid e-mail: the message stands under the field and nothing is sent.
        let saves = 0;
        page.on('request', (r) => {
          if (r.url().endsWith('/auth/edit-current')) {
            saves += 1;
          }
        });
        await page.locator('#email').fill('keine-adresse');
        await page.locator('#city').fill('Nirgendwo');
        await page.getByTestId('save-profile').click();
        const helper = page.locator('#email-helper-text');
        await helper.waitFor();
        assert.equal(await textOf(helper), tr('de', 'validation.invalid_email'));
        assert.equal(await page.locator('#email').getAttribute('aria-invalid'), 'true');
        assert.ok((await page.locator('#email').getAttribute('aria-describedby'))?.includes('email-helper-text'));
        assert.equal(await page.getByTestId('snackbar').count(), 0);
        assert.equal(saves, 0);

        await page.reload();
        await page.getByTestId('edit-profile-form').waitFor();
        assert.equal(await page.locator('#email').inputValue(), c.email);
        assert.equal(await page.locator('#city').inputValue(), city);
      }),
    );
  }

  void it(
    'a new e-mail address takes the current password: refused at the field without it, saved with it',
    withPage(async (page) => {
      const own = 'partner@demo.test';
      const moved = `partner-${STAMP}@demo.test`;
      await signIn(page, own, DEMO_PASSWORD);
      await openProfile(page, 'partner', 'address');
      try {
        await page.locator('#email').fill(moved);
        await page.getByTestId('save-profile').click();
        const helper = page.locator('#current_password-helper-text');
        await page.locator('#current_password[aria-invalid="true"]').waitFor();
        assert.equal(await textOf(helper), tr('de', 'validation.field_is_required'));

        await page.locator('#current_password').fill(DEMO_PASSWORD);
        await page.getByTestId('save-profile').click();
        await expectSnackbar(page, tr('de', 'profile.saved'));
        await page.reload();
        await page.getByTestId('edit-profile-form').waitFor();
        assert.equal(await page.locator('#email').inputValue(), moved);
      } finally {
        // Back to the demo address, which other files sign in with.
        const back = await page.request.put('/auth/edit-current', {
          data: { email: own, current_password: DEMO_PASSWORD },
          headers: { origin: new URL(page.url()).origin, referer: page.url() },
        });
        assert.equal(back.status(), 200, await back.text());
      }
    }),
  );
});
