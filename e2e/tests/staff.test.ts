import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { dashboardPath } from '@bo/domain';
import {
  closeBrowser,
  DEMO_PASSWORD,
  expectSnackbar,
  newContext,
  openScreen,
  pathOf,
  readOwnMail,
  screenshot,
  signIn,
  signOut,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

void describe('staff', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'admin creates a sales agent and sends the signup mail; the agent opens the link from the outbox, chooses a password and lands on the sales dashboard',
    withPage(async (page) => {
      const suffix = String(Date.now()).slice(-7);
      const email = `verkauf-${suffix}@demo.test`;
      const password = 'Sommer-Regen-2031';
      const role = tr('de', 'roles.sales_agent');

      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await openScreen(page, 'createAgent', '/admin-dashboard/create-agent');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.createAgent'), exact: true }).waitFor();
      const form = page.getByTestId('create-agent-form');
      await form.waitFor();

      // An empty form is refused at its fields.
      await page.getByTestId('create-agent').click();
      await page.locator('#email[aria-invalid="true"]').waitFor();
      assert.equal(await textOf(page.locator('#email-helper-text')), tr('de', 'validation.field_is_required'));

      await page.locator('#name').fill('Nina');
      await page.locator('#surname').fill(`Keller${suffix}`);
      await page.locator('#email').fill(email);
      // The role: a sales agent is the default; choose it explicitly as an admin would.
      const roleChoice = page.getByRole('combobox', { name: tr('de', 'staff:fields.role') });
      await roleChoice.click();
      await page.getByRole('option', { name: role, exact: true }).click();
      assert.equal(await textOf(roleChoice), role);
      await page.getByTestId('create-agent').click();
      await expectSnackbar(page, tr('de', 'staff:create.saved'));

      const invite = page.getByTestId('invite-panel');
      await invite.waitFor();
      const name = `Nina Keller${suffix}`;
      assert.ok((await textOf(invite)).includes(tr('de', 'staff:create.created', { name, role })));
      // The invitation went out with the creation, the staff access mail for a sales agent, said in words.
      const sentNote = page.getByTestId('invite-sent');
      assert.equal(await sentNote.getAttribute('data-kind'), 'inner_invitation');
      assert.ok((await textOf(sentNote)).includes(tr('de', 'staff:invite.kinds.inner_invitation')), await textOf(sentNote));
      assert.ok((await textOf(sentNote)).includes(email));
      await screenshot(page, 'staff-created-invitation-1440');

      // The outbox, from the link in the confirmation: the newest mail to the agent, with its link.
      await page
        .getByTestId('invite-sent')
        .getByRole('link', { name: tr('de', 'staff:invite.openOutbox') })
        .click();
      await waitForPath(page, '/admin-dashboard/outbox');
      const row = page.getByTestId('outbox-row').filter({ hasText: email }).first();
      await row.waitFor();
      assert.ok((await textOf(row)).includes(tr('de', 'outbox.kinds.inner_invitation')));
      await row.click();
      // The admin sees the mail went out, with its link's secret hidden.
      const listed = await textOf(page.getByTestId('outbox-text'));
      assert.ok(listed.includes(`Guten Tag ${name}`), listed);
      assert.ok(/\/signup\?hash=••••••/.test(listed), `the outbox shows the invitation link: ${listed}`);

      // The account page offers the invitation again while no password is chosen; the new link replaces the old.
      await page.goto('/admin-dashboard/accounts-settings');
      await page.getByTestId('accounts-search').fill(email);
      await page.getByTestId('account-row').filter({ hasText: email }).getByRole('link').first().click();
      const resend = page.getByTestId('resend-invitation');
      await resend.waitFor();
      await screenshot(page, 'account-resend-invitation-1440');
      await resend.getByTestId('resend-invitation-button').click();
      await expectSnackbar(page, tr('de', 'staff:invite.sent', { email }));
      await resend.getByTestId('invite-sent').waitFor();

      // The agent reads the link in their own mail (the newest).
      const mail = await readOwnMail(email, 'inner_invitation');
      const link = /https?:\/\/\S+\/signup\?hash=\S+/.exec(mail)?.[0];
      assert.ok(link, `no invitation link in the mail: ${mail}`);
      assert.ok(!listed.includes(link), listed);

      // The agent, in a browser of their own, opens the link and chooses a password.
      const agent = await (await newContext()).newPage();
      await agent.goto(link);
      await agent.getByRole('heading', { name: tr('de', 'auth.completeInvitation') }).waitFor();
      await agent.locator('#password').fill(password);
      await agent.locator('#confirm').fill(password);
      await agent.getByRole('button', { name: tr('de', 'auth.createAccount') }).click();
      await waitForPath(agent, dashboardPath('sales_agent'));
      const home = agent.getByTestId('dashboard-home');
      await home.waitFor();
      assert.equal(await home.getAttribute('data-role'), 'sales_agent');

      // Signed out, the agent signs in again with the new password.
      await signOut(agent);
      await signIn(agent, email, password);
      assert.equal(pathOf(agent), dashboardPath('sales_agent'));
    }),
  );
});
