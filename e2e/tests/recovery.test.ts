import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  closeBrowser,
  DEMO_PASSWORD,
  newContext,
  pathOf,
  outboxText,
  readOwnMail,
  signIn,
  signOut,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

// The sales agent's password is changed here and put back at the end (other files sign in with it).
const EMAIL = 'sa@demo.test';
const NEW_PASSWORD = 'Sommer-Regen-2024';
let restored = true;

/** Puts the demo password back through the API if the test stopped before doing it in the browser. */
async function restorePassword(): Promise<void> {
  if (restored) {
    return;
  }
  const context = await newContext();
  try {
    const login = await context.request.post('/auth/login', { data: { email: EMAIL, password: NEW_PASSWORD } });
    if (login.ok()) {
      await context.request.put('/auth/edit-current', { data: { current_password: NEW_PASSWORD, new_password: DEMO_PASSWORD } });
    }
  } finally {
    await context.close();
  }
}

void describe('password recovery', { timeout: 120_000 }, () => {
  after(async () => {
    await restorePassword();
    await closeBrowser();
  });

  void it(
    'a mailed link sets a new password once',
    withPage(async (page) => {
      await page.goto('/login');
      await page.getByRole('link', { name: tr('de', 'auth.forgotPassword') }).click();
      await waitForPath(page, '/recovery');
      // The address changes before the lazily loaded page replaces the sign-in form: wait for the page itself.
      const send = page.getByRole('button', { name: tr('de', 'auth.sendLink') });
      await send.waitFor();
      await page.locator('#email').fill(EMAIL);
      await send.click();
      const sent = page.getByTestId('recovery-sent');
      await sent.waitFor();
      assert.equal(await textOf(sent), tr('de', 'auth.recoverySent'));

      // The user reads the link in their mail; an admin sees in the outbox that it went out, not the link.
      const mail = await readOwnMail(EMAIL, 'recovery');
      const link = /\/reset-password\?hash=[^\s]+/.exec(mail)?.[0];
      assert.ok(link, `no reset link in the mail: ${mail}`);
      await page.goto('/login');
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const listed = await outboxText(page, EMAIL, tr('de', 'outbox.kinds.recovery'));
      assert.ok(listed.includes('/reset-password?hash=••••••') && !listed.includes(link), `the outbox shows the link: ${listed}`);
      await signOut(page);

      await page.goto(link);
      assert.equal(await textOf(page.getByRole('heading', { level: 1 })), tr('de', 'auth.resetTitle'));
      await page.locator('#password').fill(NEW_PASSWORD);
      await page.locator('#confirm').fill(`${NEW_PASSWORD}x`);
      await page.getByTestId('reset-submit').click();
      const mismatch = page.locator('#confirm-helper-text');
      await mismatch.waitFor();
      assert.equal(await textOf(mismatch), 'Die Passwörter stimmen nicht überein');

      restored = false;
      await page.locator('#confirm').fill(NEW_PASSWORD);
      await page.getByTestId('reset-submit').click();
      const done = page.getByTestId('reset-done');
      await done.waitFor();
      assert.equal(await textOf(done), tr('de', 'auth.resetDone'));

      // The old password no longer works, the new one does.
      await page.goto('/login');
      await page.locator('#email').fill(EMAIL);
      await page.locator('#password').fill(DEMO_PASSWORD);
      await page.getByTestId('sign-in').click();
      await page.getByTestId('snackbar').waitFor();
      assert.equal(await textOf(page.getByTestId('snackbar')), tr('de', 'errors.wrong_password'));
      await signIn(page, EMAIL, NEW_PASSWORD);
      assert.equal(pathOf(page), '/sa-dashboard');
      await signOut(page);

      // The link works only once.
      await page.goto(link);
      await page.locator('#password').fill('Noch-ein-Passwort-1');
      await page.locator('#confirm').fill('Noch-ein-Passwort-1');
      await page.getByTestId('reset-submit').click();
      const snackbar = page.getByTestId('snackbar');
      await snackbar.waitFor();
      assert.equal(await textOf(snackbar), tr('de', 'errors.wrong_recovery_hash'));
      assert.equal(await page.getByTestId('reset-done').count(), 0);

      // Back to the demo password through the profile, as the user would.
      await signIn(page, EMAIL, NEW_PASSWORD);
      await page.goto('/sa-dashboard/edit-profile');
      await page.getByTestId('edit-profile-form').waitFor();
      await page.locator('#current_password').fill(NEW_PASSWORD);
      await page.locator('#new_password').fill(DEMO_PASSWORD);
      await page.getByTestId('save-profile').click();
      await page.getByTestId('snackbar').waitFor();
      assert.equal(await textOf(page.getByTestId('snackbar')), tr('de', 'profile.saved'));
      restored = true;
      await signOut(page);
      await signIn(page, EMAIL, DEMO_PASSWORD);
      assert.equal(pathOf(page), '/sa-dashboard');
    }),
  );
});
