import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, expectSnackbar, openScreen, signIn, textOf, withPage } from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

// Codes are ordered descending: a code starting with "ZZ" is on the first page, at the top.
const SUFFIX = String(Date.now()).slice(-6);
const CODE = `ZZ-E2E-${SUFFIX}`;
const NAME = `E2E Messe ${SUFFIX}`;
const RENAMED = `E2E Einkaufszentrum ${SUFFIX}`;

const label = (column: string) => tr('de', `locations:columns.${column}`);

function rowsOf(page: Page): Locator {
  return page.getByTestId('locations-table').locator('tbody tr[data-mode]');
}

/** The row of a saved location, found by its code. */
function rowWithCode(page: Page, code: string): Locator {
  return rowsOf(page).filter({ has: page.getByRole('cell', { name: code, exact: true }) });
}

async function cellTexts(row: Locator): Promise<string[]> {
  return (await row.locator('td').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}

async function editingCount(page: Page): Promise<number> {
  return rowsOf(page).and(page.locator('[data-mode="edit"]')).count();
}

async function fillRow(row: Locator, fields: { code: string; display_name: string; city: string; index: string }): Promise<void> {
  for (const [field, value] of Object.entries(fields)) {
    await row.getByLabel(label(field), { exact: true }).fill(value);
  }
}

void describe('locations', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'admin adds a location at the top, edits it (one row in edit at a time), is told a code is taken, and deletes it',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await openScreen(page, 'locations', '/admin-dashboard/locations');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.locations'), exact: true }).waitFor();
      await rowsOf(page).first().waitFor();
      assert.equal(await page.getByTestId('location-tab-mall').getAttribute('aria-selected'), 'true');

      // Add: a new row in edit mode at the very top, with 0 clients.
      await page.getByTestId('add-location').click();
      const added = page.getByTestId('location-row-new');
      await added.waitFor();
      assert.equal(await rowsOf(page).first().getAttribute('data-testid'), 'location-row-new');
      assert.equal(await added.getAttribute('data-mode'), 'edit');
      assert.equal((await cellTexts(added))[4], '0');
      assert.equal(await editingCount(page), 1);
      await fillRow(added, { code: CODE, display_name: NAME, city: 'Zürich', index: '8005' });
      await added.getByTestId('save-location').click();
      await expectSnackbar(page, tr('de', 'locations:added'));

      const mine = rowWithCode(page, CODE);
      await mine.waitFor();
      assert.equal(await mine.getAttribute('data-mode'), 'view');
      assert.deepEqual((await cellTexts(mine)).slice(0, 5), [CODE, NAME, 'Zürich', '8005', '0']);
      assert.equal(await page.getByTestId('location-row-new').count(), 0);
      // Ordered by code descending: "ZZ-…" comes first.
      assert.equal(await rowsOf(page).first().getAttribute('data-testid'), await mine.getAttribute('data-testid'));
      const myTestId = (await mine.getAttribute('data-testid'))!;
      const myRow = page.getByTestId(myTestId);

      // Start editing our row and type, then start editing another row: ours goes back to view, unchanged.
      await myRow.getByTestId('edit-location').click();
      assert.equal(await myRow.getAttribute('data-mode'), 'edit');
      await myRow.getByLabel(label('display_name'), { exact: true }).fill('Nicht gespeichert');
      const other = rowWithCode(page, 'GLATT');
      const otherTestId = (await other.getAttribute('data-testid'))!;
      await other.getByTestId('edit-location').click();
      const otherRow = page.getByTestId(otherTestId);
      await eventually(async () => assert.equal(await otherRow.getAttribute('data-mode'), 'edit'));
      assert.equal(await myRow.getAttribute('data-mode'), 'view');
      assert.equal((await cellTexts(myRow))[1], NAME, 'the discarded change is not shown');
      assert.equal(await editingCount(page), 1, 'only one row in edit mode');
      assert.equal(await otherRow.getByLabel(label('code'), { exact: true }).inputValue(), 'GLATT');
      await otherRow.getByTestId('cancel-location').click();
      await eventually(async () => assert.equal(await editingCount(page), 0));

      // Edit and save for real.
      await myRow.getByTestId('edit-location').click();
      await myRow.getByLabel(label('display_name'), { exact: true }).fill(RENAMED);
      await myRow.getByLabel(label('index'), { exact: true }).fill('8004');
      await myRow.getByTestId('save-location').click();
      await expectSnackbar(page, tr('de', 'locations:updated'));
      await eventually(async () => assert.equal(await myRow.getAttribute('data-mode'), 'view'));
      assert.deepEqual((await cellTexts(myRow)).slice(0, 5), [CODE, RENAMED, 'Zürich', '8004', '0']);

      // After a reload the change is still there.
      await page.reload();
      await page.getByTestId(myTestId).waitFor();
      assert.deepEqual((await cellTexts(page.getByTestId(myTestId))).slice(0, 5), [CODE, RENAMED, 'Zürich', '8004', '0']);

      // A taken code (in other letter case): the error shows next to the code field, not in the snackbar.
      await page.getByTestId('add-location').click();
      const duplicate = page.getByTestId('location-row-new');
      await fillRow(duplicate, { code: CODE.toLowerCase(), display_name: 'Doppelt', city: '', index: '' });
      await duplicate.getByTestId('save-location').click();
      const codeInput = duplicate.getByLabel(label('code'), { exact: true });
      await eventually(async () => assert.equal(await codeInput.getAttribute('aria-invalid'), 'true'));
      const codeCell = duplicate.locator('td').first();
      assert.equal(await textOf(codeCell.locator('.MuiFormHelperText-root')), tr('de', 'validation.already_taken'));
      assert.equal(await duplicate.getAttribute('data-mode'), 'edit', 'the row stays open to correct it');
      const bar = page.getByTestId('snackbar');
      if ((await bar.count()) > 0) {
        assert.notEqual(await textOf(bar), tr('de', 'errors.LOCATION_CODE_TAKEN'));
      }
      // Typing in the field clears its error; cancel removes the unsaved row.
      await codeInput.fill(`${CODE}-2`);
      assert.equal(await codeInput.getAttribute('aria-invalid'), 'false');
      assert.equal(await codeCell.locator('.MuiFormHelperText-root').count(), 0);
      await duplicate.getByTestId('cancel-location').click();
      await duplicate.waitFor({ state: 'detached' });

      // Delete with confirmation: the dialog names the location.
      await page.getByTestId(myTestId).getByTestId('delete-location').click();
      const dialog = page.getByTestId('delete-location-dialog').getByRole('dialog');
      await dialog.waitFor();
      assert.equal(await textOf(dialog.getByRole('heading')), tr('de', 'locations:deleteDialog.title'));
      assert.ok((await textOf(dialog)).includes(tr('de', 'locations:deleteDialog.text', { name: RENAMED, code: CODE })));
      await dialog.getByTestId('confirm-delete-location').click();
      await expectSnackbar(page, tr('de', 'locations:deleted'));
      await page.getByTestId(myTestId).waitFor({ state: 'detached' });

      // Gone for good: a search for its code finds nothing.
      await page.reload();
      await rowsOf(page).first().waitFor();
      await page.getByTestId('location-search').fill(CODE);
      await page.getByText(tr('de', 'locations:noMatch', { search: CODE })).waitFor();
      assert.equal(await rowsOf(page).count(), 0);

      // Another tab clears the search and lists that type.
      await page.getByTestId('location-tab-event').click();
      await eventually(async () => assert.equal(await page.getByTestId('location-search').inputValue(), ''));
      await rowWithCode(page, 'OLMA').waitFor();
      assert.equal(await rowWithCode(page, 'GLATT').count(), 0);
    }),
  );

  void it(
    'admin sorts the locations by name; the sort is kept after a reload until the default view is restored',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await openScreen(page, 'locations', '/admin-dashboard/locations');
      await rowsOf(page).first().waitFor();
      const nameHeader = page
        .getByTestId('locations-table')
        .locator('thead th')
        .filter({ hasText: label('display_name') });
      const names = async () => (await rowsOf(page).locator('td:nth-child(2)').allTextContents()).map((t) => t.trim());
      const sortedByName = async () => {
        const shown = await names();
        assert.ok(shown.length > 1, 'several locations are listed');
        assert.deepEqual(
          shown,
          [...shown].sort((a, b) => a.localeCompare(b, 'de', { sensitivity: 'base' })),
        );
      };

      const saved = page.waitForResponse(
        (res) =>
          res.request().method() === 'PUT' &&
          (res.request().postDataJSON() as { tableName: string; snapshot: { sort: { field: string } | null } }).tableName === 'locations',
      );
      await nameHeader.getByRole('button').click();
      await eventually(async () => assert.equal(await nameHeader.getAttribute('aria-sort'), 'ascending'));
      await eventually(sortedByName);
      assert.equal((await saved).status(), 200);

      await page.reload();
      await rowsOf(page).first().waitFor();
      assert.equal(await nameHeader.getAttribute('aria-sort'), 'ascending', 'the sort is the saved one');
      await eventually(sortedByName);

      await page.getByTestId('table-columns-button').click();
      await page.getByRole('button', { name: tr('de', 'tables:resetLayout') }).click();
      await page.keyboard.press('Escape');
      await eventually(async () => assert.equal(await nameHeader.getAttribute('aria-sort'), null));
      const codeHeader = page.getByTestId('locations-table').locator('thead th').first();
      assert.equal(await codeHeader.getAttribute('aria-sort'), 'descending', 'back to codes descending');
    }),
  );
});
