import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { dashboardPath, menuFor, type RoleCode } from '@bo/domain';
import { closeBrowser, DEMO_PASSWORD, navScreens, pathOf, signIn, signOut, textOf, waitForPath, withPage } from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

const DEMO_USERS: { email: string; role: RoleCode }[] = [
  { email: 'admin@demo.test', role: 'admin' },
  { email: 'user@demo.test', role: 'user' },
  { email: 'sa@demo.test', role: 'sales_agent' },
  { email: 'ca@demo.test', role: 'call_agent' },
  { email: 'pa@demo.test', role: 'prom_agent' },
  { email: 'partner@demo.test', role: 'partner' },
  { email: 'om@demo.test', role: 'ocr_manager' },
  { email: 'ia@demo.test', role: 'independent_agent' },
];

void describe('sign-in', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'shows the German sign-in page at /',
    withPage(async (page) => {
      await page.goto('/');
      await waitForPath(page, '/login');
      assert.equal(await page.title(), 'Persönliches Dashboard');
      assert.equal(await page.locator('html').getAttribute('lang'), 'de');
      assert.equal(await textOf(page.getByRole('heading', { level: 1 })), 'Anmelden');
      assert.equal(await textOf(page.getByTestId('sign-in')), 'Anmelden');
      assert.ok(await page.getByText('Persönliches Dashboard', { exact: true }).isVisible());
      assert.ok(await page.getByRole('link', { name: 'Passwort vergessen?' }).isVisible());
    }),
  );

  for (const { email, role } of DEMO_USERS) {
    void it(
      `${email} signs in to the ${role} dashboard, sees its menu and signs out`,
      withPage(async (page) => {
        await page.goto('/');
        await signIn(page, email, DEMO_PASSWORD);
        assert.equal(pathOf(page), dashboardPath(role));
        const home = page.getByTestId('dashboard-home');
        await home.waitFor();
        assert.equal(await home.getAttribute('data-role'), role);
        assert.deepEqual(
          await navScreens(page),
          menuFor(role).map((s) => s.id),
        );
        await signOut(page);
      }),
    );
  }

  void it(
    'a wrong password shows the German error and stays on the sign-in page',
    withPage(async (page) => {
      await page.goto('/login');
      await page.locator('#email').fill('admin@demo.test');
      await page.locator('#password').fill('Falsch-123');
      await page.getByTestId('sign-in').click();
      const snackbar = page.getByTestId('snackbar');
      await snackbar.waitFor();
      assert.equal(await textOf(snackbar), tr('de', 'errors.wrong_password'));
      assert.equal(pathOf(page), '/login');
    }),
  );

  void it(
    "another role's address sends a call agent to its own dashboard",
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      await page.goto('/admin-dashboard/global-settings');
      await waitForPath(page, '/ca-dashboard');
      assert.equal(await page.getByTestId('dashboard-home').getAttribute('data-role'), 'call_agent');
    }),
  );

  void it(
    'a dashboard address opened while signed out asks for sign-in and then continues there',
    withPage(async (page) => {
      await page.goto('/admin-dashboard/outbox');
      await waitForPath(page, `/login?next=${encodeURIComponent('/admin-dashboard/outbox')}`);
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await waitForPath(page, '/admin-dashboard/outbox');
      await page.getByTestId('outbox-table').waitFor();
      assert.equal(await textOf(page.getByRole('heading', { level: 1 })), tr('de', 'screens.outbox'));
    }),
  );
});
