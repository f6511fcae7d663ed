import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { dashboardPath } from '@bo/domain';
import type { Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  expectSnackbar,
  newContext,
  openScreen,
  pathOf,
  readOwnMail,
  signIn,
  textOf,
  withPage,
} from '../support/browser.ts';
import { createStaff, inviteStaff } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';

/** Types the credentials and presses "Anmelden" without expecting to get in. */
async function trySignIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('sign-in').click();
}

void describe('accounts', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'admin blocks a call agent (the row turns blocked, the agent is signed out and refused), then unblocks and the agent gets in again',
    withPage(async (page) => {
      const suffix = String(Date.now()).slice(-7);
      const email = `sperrtest-${suffix}@demo.test`;
      const password = 'Winter-Nebel-2032';
      const surname = `Sperr${suffix}`;
      const name = `Jonas ${surname}`;

      // A call agent of this test's own, made with the admin's session through the API and invited.
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const userId = await createStaff(page, { name: 'Jonas', surname, email, role: 'call_agent', locale: 'de' });
      // As the admin's page sends it: a state-changing GET is refused to other sites.
      await inviteStaff(page, userId);
      const hash = /\/signup\?hash=(\S+)/.exec(await readOwnMail(email, 'invitation'))?.[1];
      assert.ok(hash, `no invitation mail to ${email}`);

      // The agent, in a browser of their own, accepts the invitation and is signed in.
      const agent = await (await newContext()).newPage();
      await agent.goto(`/signup?hash=${hash}`);
      await agent.locator('#password').fill(password);
      await agent.locator('#confirm').fill(password);
      await agent.getByRole('button', { name: tr('de', 'auth.createAccount') }).click();
      await agent.waitForURL((url) => url.pathname === dashboardPath('call_agent'));
      await agent.getByTestId('dashboard-home').waitFor();

      // The admin finds the account and blocks it, after confirming.
      await openScreen(page, 'accountsSettings', '/admin-dashboard/accounts-settings');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.accountsSettings'), exact: true }).waitFor();
      await page.getByTestId('accounts-search').fill(email);
      const row = page.locator(`[data-testid="account-row"][data-user-id="${userId}"]`);
      await row.waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="account-row"]').length === 1);
      assert.ok((await textOf(row)).includes(email));
      assert.ok((await textOf(row)).includes(tr('de', 'roles.call_agent')));
      assert.equal(await textOf(row.getByTestId('account-status')), tr('de', 'staff:status.active'));

      await row.getByTestId('block-account').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      assert.equal(await textOf(dialog.getByRole('heading')), tr('de', 'staff:block.title', { name }));
      assert.equal(await textOf(dialog.locator('p')), tr('de', 'staff:block.text', { name }));
      await dialog.getByTestId('confirm-block').click();
      await expectSnackbar(page, tr('de', 'staff:block.done', { name }));
      await dialog.waitFor({ state: 'detached' });
      // is_active changes in the row: the status reads blocked and the button now unblocks.
      await row.getByTestId('unblock-account').waitFor();
      assert.equal(await textOf(row.getByTestId('account-status')), tr('de', 'staff:status.blocked'));
      assert.equal(await row.getByTestId('block-account').count(), 0);
      // The server agrees: a fresh load shows the same.
      await page.reload();
      await page.getByTestId('accounts-search').fill(email);
      await page.locator(`[data-testid="account-row"][data-user-id="${userId}"] [data-testid="unblock-account"]`).waitFor();
      assert.equal(await textOf(row.getByTestId('account-status')), tr('de', 'staff:status.blocked'));

      // The agent's session has ended: the next page load asks for sign-in, which is refused.
      await agent.reload();
      await agent.waitForURL((url) => url.pathname === '/login');
      await agent.getByTestId('sign-in').waitFor();
      await trySignIn(agent, email, password);
      await expectSnackbar(agent, tr('de', 'errors.ACCOUNT_BLOCKED'));
      assert.equal(new URL(agent.url()).pathname, '/login');

      // Unblocked, the row turns active again and the agent signs in.
      await row.getByTestId('unblock-account').click();
      await expectSnackbar(page, tr('de', 'staff:unblock.done', { name }));
      await row.getByTestId('block-account').waitFor();
      assert.equal(await textOf(row.getByTestId('account-status')), tr('de', 'staff:status.active'));

      await signIn(agent, email, password);
      assert.equal(pathOf(agent), dashboardPath('call_agent'));
      assert.equal(await agent.getByTestId('dashboard-home').getAttribute('data-role'), 'call_agent');
    }),
  );
});
