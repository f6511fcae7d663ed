import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  closeBrowser,
  DEMO_PASSWORD,
  newContext,
  outboxText,
  pathOf,
  readOwnMail,
  signIn,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

void describe('sign-up', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'a new client creates an account with the mailed code and lands on the user dashboard',
    withPage(async (page) => {
      const email = `neukunde-${Date.now()}@demo.test`;
      const password = 'Herbst-Wind-2024';

      await page.goto('/login');
      await page.getByRole('link', { name: tr('de', 'auth.createAccount') }).click();
      await waitForPath(page, '/signup');
      // The address changes before the lazily loaded page replaces the sign-in form: wait for the page itself.
      await page.getByTestId('send-code').waitFor();
      await page.locator('#email').fill(email);
      await page.getByTestId('send-code').click();
      await page.locator('#code').waitFor();
      assert.ok((await textOf(page.getByRole('alert'))).includes(email));

      // The new client reads the code in their mail.
      const mail = await readOwnMail(email, 'signup_code');
      const code = /\b(\d{6})\b/.exec(mail)?.[1];
      assert.ok(code, `no code in the mail: ${mail}`);

      // An admin, in another browser, sees in the outbox that the code went out, but not the code.
      const admin = await (await newContext()).newPage();
      await signIn(admin, 'admin@demo.test', DEMO_PASSWORD);
      const listed = await outboxText(admin, email, tr('de', 'outbox.kinds.signup_code'));
      assert.ok(listed.includes('••••••') && !listed.includes(code), `the outbox shows the code: ${listed}`);

      await page.locator('#code').fill(code);
      await page.locator('#name').fill('Lea');
      await page.locator('#surname').fill('Zimmermann');
      await page.locator('#password').fill(password);
      await page.locator('#confirm').fill(password);
      await page.getByTestId('sign-up').click();
      await waitForPath(page, '/user-dashboard');
      const home = page.getByTestId('dashboard-home');
      await home.waitFor();
      assert.equal(await home.getAttribute('data-role'), 'user');
      assert.equal(await textOf(page.getByRole('heading', { level: 1 })), tr('de', 'home.greeting').replace('{{name}}', 'Lea'));

      // The new account signs in again with its password.
      const again = await (await newContext()).newPage();
      await signIn(again, email, password);
      assert.equal(pathOf(again), '/user-dashboard');
    }),
  );
});
