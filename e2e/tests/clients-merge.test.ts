import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, expectSnackbar, signIn, textOf, withPage } from '../support/browser.ts';
import { addContact, createClient } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';

const SUFFIX = String(Date.now()).slice(-6);
const SURNAME = `Doppelt${SUFFIX}`;

/** A client made through the API, with one contact in its history. */
async function clientWithContact(page: Page, name: string, comment: string): Promise<number> {
  const id = await createClient(page, { name, surname: SURNAME, zipcode: '8001', city: 'Zürich', address: `Seeweg ${SUFFIX.slice(-2)}` });
  await addContact(page, id, { type: 'call', comment });
  return id;
}

void describe('merge duplicates', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'admin merges two duplicates from the list; the kept client shows both histories',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      // The same household written twice: same postcode and street, the first name spelt differently.
      const keep = await clientWithContact(page, 'Jürg', 'Erster Anruf beim behaltenen Eintrag');
      const merged = await clientWithContact(page, 'Juerg', 'Anruf beim doppelten Eintrag');

      await page.goto(`/admin-dashboard/clients?tab=b2c`);
      await page.getByTestId('clients-search').fill(SURNAME);
      const row = page.locator(`tr[data-client-id="${keep}"]`);
      await row.waitFor();
      await row.getByTestId('expand-row').click();
      const tabs = page.locator(`[data-testid="nested-tabs"][data-client-id="${keep}"]`);
      await tabs.getByTestId('nested-tab-duplicates').click();
      const duplicate = tabs.getByTestId('nested-duplicate-row').filter({ hasText: 'Juerg' });
      await duplicate.waitFor();
      // Why the duplicate engine takes them for one person: its reasons, in words.
      const reasons = await duplicate.getByTestId('duplicate-reason').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')));
      assert.deepEqual([...reasons].sort(), ['same_address', 'same_given_name', 'same_postcode', 'same_surname']);
      const words = await textOf(duplicate.getByTestId('duplicate-reasons'));
      for (const key of ['same_address', 'same_given_name', 'same_surname', 'same_postcode']) {
        assert.ok(words.includes(tr('de', `import:reasons.${key}`)), `"${tr('de', `import:reasons.${key}`)}" in ${words}`);
      }
      assert.equal(await tabs.getByTestId('nested-tab-duplicates').textContent(), `${tr('de', 'clients:nested.tabs.duplicates')} (1)`);
      await duplicate.getByTestId('merge-duplicate').click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('confirm-action').click();
      await expectSnackbar(page, tr('de', 'clients:merged', { name: `${SURNAME}, Jürg` }));

      // The merged record is gone; the kept one holds both contacts.
      assert.equal((await page.request.get(`/api/user/${merged}`)).status(), 404);
      await page.goto(`/admin-dashboard/show-user/${keep}`);
      const entries = page.getByTestId('contact-entry');
      await eventually(async () => assert.equal(await entries.count(), 2));
      const comments = await page.getByTestId('contact-comment-text').allTextContents();
      assert.deepEqual(comments.map((c) => c.trim()).sort(), ['Anruf beim doppelten Eintrag', 'Erster Anruf beim behaltenen Eintrag']);
    }),
  );
});
