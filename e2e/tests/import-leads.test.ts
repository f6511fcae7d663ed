import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, expectSnackbar, openScreen, screenshot, signIn, withPage } from '../support/browser.ts';
import type { LaunchImportAnswer, PrepareImportDto } from '@bo/domain';
import { apiJson, createClient } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';

/**
 * The import screen end to end, as an admin: a lead file of 1,000 rows written in Windows-1252 with
 * semicolons (as Excel saves a CSV in Switzerland), some rows wrong and some the same person twice or
 * a client the database already has. Map the columns, fix a row, launch, see what was imported and what
 * not; the same file again creates nothing.
 */

const ROWS = 1000;
const RUN = String(Date.now()).slice(-3);
const FILE = `leads-messe-${RUN}.csv`;

const GIVEN = [
  'Anna',
  'Beat',
  'Corinne',
  'Dario',
  'Erika',
  'Fabio',
  'Gabriela',
  'Hans',
  'Irène',
  'Jürg',
  'Karin',
  'Lorenz',
  'Monika',
  'Nicola',
  'Oskar',
  'Petra',
  'Reto',
  'Sabine',
  'Thomas',
  'Ursula',
  'Vreni',
  'Walter',
  'Yvonne',
  'Zoé',
  'Andrea',
];
const FAMILY = [
  'Ammann',
  'Bachmann',
  'Brunner',
  'Bühler',
  'Egli',
  'Frei',
  'Gasser',
  'Gerber',
  'Graf',
  'Hofer',
  'Huber',
  'Kälin',
  'Keller',
  'Koch',
  'Kuster',
  'Lüthi',
  'Marti',
  'Meier',
  'Moser',
  'Müller',
  'Naef',
  'Roth',
  'Schmid',
  'Schär',
  'Steiner',
  'Suter',
  'Vogel',
  'Weber',
  'Wyss',
  'Zürcher',
  'Baumann',
  'Fischer',
  'Widmer',
  'Zimmermann',
  'Lehmann',
  'Schneider',
  'Bösch',
  'Häfliger',
  'Iten',
  'Jost',
];
const PLACES = [
  ['8005', 'Zürich', 'Limmatstrasse'],
  ['3011', 'Bern', 'Kramgasse'],
  ['4051', 'Basel', 'Steinenvorstadt'],
  ['6003', 'Luzern', 'Pilatusstrasse'],
  ['8400', 'Winterthur', 'Marktgasse'],
  ['9000', 'St. Gallen', 'Multergasse'],
  ['1201', 'Genève', 'Rue du Mont-Blanc'],
  ['6900', 'Lugano', 'Via Nassa'],
] as const;

const HEADERS = ['Anrede', 'Vorname', 'Nachname', 'Strasse', 'PLZ', 'Ort', 'Telefon', 'E-Mail', 'Notiz vom Stand'];
const NOTE_COLUMN = HEADERS.indexOf('Notiz vom Stand');

/** Rows (1-based, after the header) that are wrong on purpose, and the field the server names. */
const BAD_PHONE = [1, 2, 3];
const UNKNOWN_POSTCODE = [4, 5];
const WRONG_LOCALITY = [6];
/** A row that repeats row 10 (the same person typed a second time) and one that is the existing client. */
const REPEATS = { row: 500, of: 10 };
const KNOWN = 700;

function phoneOf(i: number): string {
  const n = String(i).padStart(4, '0');
  return `079 ${RUN} ${n.slice(0, 2)} ${n.slice(2)}`;
}

function leadRow(i: number): string[] {
  // Every given name with every surname once: nobody else in the file has the same name.
  const given = GIVEN[i % GIVEN.length]!;
  const family = FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length]!;
  const [zip, city, street] = PLACES[i % PLACES.length]!;
  const salutation = i % 2 === 0 ? 'Frau' : 'Herr';
  const mail = `${given}.${family}.${RUN}.${i}@example.ch`
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');
  return [salutation, given, family, `${street} ${(i % 90) + 1}`, zip, city, phoneOf(i), mail, `Stand ${RUN}`];
}

const KNOWN_CLIENT = leadRow(KNOWN);

function csv(): Buffer {
  const lines = [HEADERS];
  for (let i = 1; i <= ROWS; i += 1) {
    const row = i === REPEATS.row ? [...leadRow(REPEATS.of)] : leadRow(i);
    if (i === REPEATS.row) {
      // The same person, typed again with a different spelling of the phone.
      row[6] = `+41 ${phoneOf(REPEATS.of).slice(1)}`;
    }
    if (BAD_PHONE.includes(i)) {
      row[6] = '12 34';
    }
    if (UNKNOWN_POSTCODE.includes(i)) {
      row[4] = '9999';
    }
    if (WRONG_LOCALITY.includes(i)) {
      row[5] = 'Bern';
      row[4] = '8005';
    }
    lines.push(row);
  }
  // Windows-1252 is Latin-1 for every letter used here (ä, ö, ü, é, è).
  return Buffer.from(`${lines.map((l) => l.join(';')).join('\r\n')}\r\n`, 'latin1');
}

const stepOf = (page: Page) => page.getByTestId('import-stepper');

async function waitForStep(page: Page, step: string, timeoutMs = 60_000): Promise<void> {
  await page.locator(`[data-testid="import-stepper"][data-active="${step}"]`).waitFor({ timeout: timeoutMs });
}

/** A row of the test's upload (the demo data has rows of its own waiting). */
function rowNo(page: Page, batchId: string, n: number): Locator {
  return page.locator(`[data-testid="import-row"][data-batch-id="${batchId}"][data-row-no="${n}"]`);
}

async function chooseOption(page: Page, trigger: Locator, value: string): Promise<void> {
  await trigger.click();
  await page.locator(`[role="listbox"] [data-value="${value}"]`).click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
}

/** Uploads the file on the upload step and waits for the columns. */
async function upload(page: Page, file: Buffer): Promise<void> {
  await page.getByTestId('import-file-input').setInputFiles({ name: FILE, mimeType: 'text/csv', buffer: file });
  await expectSnackbar(page, tr('de', 'import:messages.parsed', { count: 1, rows: ROWS }), 60_000);
  await waitForStep(page, 'columns');
}

/** Selects every waiting row and launches with "skip" for duplicates; answers the launch's answer. */
async function launchAll(page: Page): Promise<LaunchImportAnswer> {
  await page.getByTestId('import-select-all').click();
  await page.getByTestId('import-launch').click();
  const dialog = page.getByTestId('import-launch-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('import-dups-skip').click();
  const answer = page.waitForResponse((r) => r.url().includes('/api/import/launch-import') && r.request().method() === 'POST', {
    timeout: 120_000,
  });
  await dialog.getByTestId('import-launch-confirm').click();
  const response = await answer;
  assert.equal(response.status(), 200, await response.text());
  return (await response.json()) as LaunchImportAnswer;
}

void describe('import of a lead file', { timeout: 600_000 }, () => {
  after(closeBrowser);

  void it(
    'admin imports 1,000 leads with errors and duplicates, fixes a row, launches, sees what was imported and not; the same file again creates nothing',
    withPage(
      async (page) => {
        await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
        // A client the file will hold again: the engine finds it.
        const known = await createClient(page, {
          name: KNOWN_CLIENT[1]!,
          surname: KNOWN_CLIENT[2]!,
          phone: KNOWN_CLIENT[6]!,
          zipcode: KNOWN_CLIENT[4]!,
          city: KNOWN_CLIENT[5]!,
          address: KNOWN_CLIENT[3]!,
        });
        const file = csv();

        await openScreen(page, 'import', '/admin-dashboard/import');
        await page.getByRole('heading', { level: 1, name: tr('de', 'screens.import'), exact: true }).waitFor();
        assert.equal(await stepOf(page).getAttribute('data-active'), 'type');
        await page.getByTestId('import-type-leads').click();
        await page.getByTestId('import-next').click();
        await waitForStep(page, 'upload');

        // Columns: the server proposes the fields from the headers; the unknown one is mapped by hand.
        await upload(page, file);
        const batch = page.getByTestId('import-batch');
        const batchId = (await batch.getAttribute('data-batch-id'))!;
        assert.match((await batch.textContent()) ?? '', new RegExp(tr('de', 'import:mapping.rows', { count: ROWS })));
        const fieldShown = async (column: number) => (await page.getByTestId(`import-map-${column}`).textContent())?.trim();
        assert.equal(await fieldShown(1), tr('de', 'import:fields.name'));
        assert.equal(await fieldShown(6), tr('de', 'import:fields.phone'));
        await chooseOption(page, page.getByTestId(`import-map-${NOTE_COLUMN}`), 'note');
        await page.getByTestId('import-check').click();
        await waitForStep(page, 'review', 180_000);
        await screenshot(page, 'import-review-1440');

        // Review: one page of 50, the planted errors and duplicates found.
        const rows = page.locator('[data-testid="import-row"]');
        await eventually(async () => assert.equal(await rows.count(), 50));
        const prepared = await apiJson<PrepareImportDto>(
          page,
          'GET',
          `/api/import/prepare-import?importType=leads&batch_id=${batchId}&limit=1`,
        );
        assert.equal(prepared.total, ROWS);
        assert.ok(
          prepared.counts.with_errors >= BAD_PHONE.length + UNKNOWN_POSTCODE.length + WRONG_LOCALITY.length,
          JSON.stringify(prepared.counts),
        );
        assert.ok(prepared.counts.duplicates >= 2, JSON.stringify(prepared.counts));

        // Sort by row, ascending: the wrong rows come first.
        await page
          .getByRole('columnheader', { name: tr('de', 'import:columns.row') })
          .getByRole('button')
          .click();
        await eventually(async () => assert.equal(await rows.first().getAttribute('data-row-no'), '1'));
        await rowNo(page, batchId, 1).waitFor();
        for (const n of BAD_PHONE) {
          assert.match((await rowNo(page, batchId, n).getAttribute('data-errors')) ?? '', /phone/);
        }
        assert.match((await rowNo(page, batchId, UNKNOWN_POSTCODE[0]!).getAttribute('data-errors')) ?? '', /zipcode/);
        assert.match((await rowNo(page, batchId, WRONG_LOCALITY[0]!).getAttribute('data-errors')) ?? '', /city|zipcode/);
        const phoneError = rowNo(page, batchId, 1).locator('[data-testid="import-field-error"][data-field="phone"]');
        assert.match((await phoneError.textContent()) ?? '', /12 34/);

        // The known client is named among the matches of its row, with the engine's reasons in words.
        const known700 = await apiJson<PrepareImportDto>(
          page,
          'GET',
          `/api/import/prepare-import?importType=leads&batch_id=${batchId}&orderBy=row_no&orderMethod=asc&offset=${KNOWN - 1}&limit=1`,
        );
        assert.equal(known700.data[0]?.row_no, KNOWN);
        assert.ok(
          known700.data[0]?.matches.some((m) => m.client.id === known),
          JSON.stringify(known700.data[0]?.matches),
        );
        const repeat = await apiJson<PrepareImportDto>(
          page,
          'GET',
          `/api/import/prepare-import?importType=leads&batch_id=${batchId}&orderBy=row_no&orderMethod=asc&offset=${REPEATS.row - 1}&limit=1`,
        );
        assert.equal(repeat.data[0]?.duplication_status, 'duplicates', JSON.stringify(repeat.data[0]));

        // Fix row 1: a valid phone; the server checks it again and the row loses its error.
        await rowNo(page, batchId, 1).getByTestId('import-edit').click();
        const dialog = page.getByTestId('import-edit-dialog');
        await dialog.waitFor();
        await dialog.getByTestId('import-edit-phone').fill(phoneOf(1));
        await dialog.getByTestId('import-edit-save').click();
        await expectSnackbar(page, tr('de', 'import:messages.rowSaved', { row: 1 }));
        await dialog.waitFor({ state: 'detached' });
        await eventually(async () => assert.doesNotMatch((await rowNo(page, batchId, 1).getAttribute('data-errors')) ?? '', /phone/));

        // Row 10's details list its matches or the row it repeats.
        await rowNo(page, batchId, 10).getByTestId('import-expand').click();
        await page.getByText(tr('de', 'import:review.matchesTitle')).first().waitFor();

        // Launch everything, duplicates skipped: the rows that are still wrong come back as errors.
        const first = await launchAll(page);
        const stillWrong = BAD_PHONE.length - 1 + UNKNOWN_POSTCODE.length + WRONG_LOCALITY.length;
        assert.ok(first.updatedN > 0, JSON.stringify(first));
        assert.ok(first.errors.length >= stillWrong, JSON.stringify(first.errors));
        await expectSnackbar(page, tr('de', 'import:messages.imported', { count: first.updatedN }));
        const result = page.getByTestId('import-launch-result');
        await result.waitFor();
        assert.equal(await result.getAttribute('data-updated'), String(first.updatedN));
        assert.match((await result.textContent()) ?? '', new RegExp(tr('de', 'import:launch.result', { count: first.updatedN })));
        const errorRows = await result
          .locator('[data-testid="import-launch-errors"] li[data-row-no]')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-row-no'))));
        for (const n of [...BAD_PHONE.slice(1), ...UNKNOWN_POSTCODE, ...WRONG_LOCALITY]) {
          assert.ok(errorRows.includes(n), `row ${n} is among the launch's errors (${errorRows.join(', ')})`);
        }
        // A successful launch clears files and selection and goes back to the upload.
        await waitForStep(page, 'upload');
        assert.equal(await page.getByTestId('import-launch-dialog').count(), 0);

        // The same file again: the columns are remembered, every row is now a client: nothing is created.
        await upload(page, file);
        await page.getByTestId('import-mapping-remembered').waitFor();
        assert.equal((await page.getByTestId(`import-map-${NOTE_COLUMN}`).textContent())?.trim(), tr('de', 'import:fields.note'));
        await page.getByTestId('import-check').click();
        await waitForStep(page, 'review', 180_000);
        const again = await launchAll(page);
        // Nothing is created or merged: updatedN is 0, the repeated rows are skipped.
        assert.deepEqual(
          { updatedN: again.updatedN, created: again.created, merged: again.merged },
          { updatedN: 0, created: 0, merged: 0 },
        );
        assert.ok(again.skipped > 0, JSON.stringify(again));
        // Spec 8: a launch with zero updated rows shows the returned errors in the dialog, and what it skipped.
        await expectSnackbar(page, tr('de', 'import:messages.nothingImported'));
        const refused = page.getByTestId('import-launch-refused');
        await refused.waitFor();
        assert.match(
          (await refused.textContent()) ?? '',
          new RegExp(tr('de', 'import:launch.resultParts', { created: 0, merged: 0, skipped: again.skipped })),
        );
        await page
          .getByTestId('import-launch-dialog')
          .getByRole('button', { name: tr('de', 'common.cancel') })
          .click();
        await screenshot(page, 'import-after-1440');

        // The rows that stay wrong are discarded with the last upload (the first one was partly imported: it stays).
        const left = await apiJson<PrepareImportDto>(page, 'GET', '/api/import/prepare-import?importType=leads&limit=500');
        await page.request.delete(`/api/import/batches/${Math.max(...left.data.map((r) => r.batch_id))}`);
      },
      { viewport: { width: 1440, height: 900 } },
    ),
  );

  void it(
    'the review of the import screen at 768 px: toolbar, table and the edit dialog fit',
    withPage(
      async (page) => {
        await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
        await page.goto('/admin-dashboard/import');
        await page.getByTestId('import-type-perspective').click();
        await page.getByTestId('import-next').click();
        await waitForStep(page, 'upload');
        const wrong = leadRow(903);
        wrong[6] = '12';
        const small = Buffer.from(`${[HEADERS, leadRow(901), leadRow(902), wrong].map((r) => r.join(';')).join('\r\n')}\r\n`, 'latin1');
        await page.getByTestId('import-file-input').setInputFiles({ name: `klein-${RUN}.csv`, mimeType: 'text/csv', buffer: small });
        await waitForStep(page, 'columns', 60_000);
        await screenshot(page, 'import-columns-768');
        await page.getByTestId('import-check').click();
        await waitForStep(page, 'review', 60_000);
        await page.locator('[data-testid="import-row"]').first().waitFor();
        await screenshot(page, 'import-review-768');
        await page.locator('[data-testid="import-row"]').first().getByTestId('import-edit').click();
        await page.getByTestId('import-edit-dialog').waitFor();
        await screenshot(page, 'import-edit-768');
        await page
          .getByTestId('import-edit-dialog')
          .getByRole('button', { name: tr('de', 'common.cancel') })
          .click();
        // What the test uploaded is discarded again.
        const { data } = await apiJson<PrepareImportDto>(page, 'GET', '/api/import/prepare-import?importType=perspective&limit=50');
        for (const id of new Set(data.map((r) => r.batch_id))) {
          await apiJson(page, 'DELETE', `/api/import/batches/${id}`);
        }
      },
      { viewport: { width: 768, height: 1024 } },
    ),
  );
});
