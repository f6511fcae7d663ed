import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import {
  dashboardPath,
  OCR_POLL_INTERVAL_MS,
  screenPath,
  SCREENS,
  type ImportBatchDto,
  type ImportRowDto,
  type LaunchImportAnswer,
  type OcrOperationDto,
  type PrepareImportDto,
} from '@bo/domain';
import type { Locator, Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  DESKTOP,
  eventually,
  expectSnackbar,
  newContext,
  openScreen,
  readOwnMail,
  screenshot,
  signIn,
  textOf,
  withPage,
} from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { apiJson, createStaff, inviteStaff } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';
import { poorlyScannedForm, scannedForm, type LeadFormValues } from '../support/scans.ts';

/*
 * The OCR manager's day (spec 4 "Import", OCR): three filled lead forms come back from the scanner, one of them
 * a poor scan whose writer put a place that does not belong to the postcode. The manager uploads them, starts the
 * recognition and follows it (the page asks every 20 s: the test moves the page's clock on instead of waiting),
 * corrects the uncertain fields beside the scan's cut-out of each, launches the import, and the admin finds the
 * three new clients in the clients list.
 */

const SUFFIX = String(Date.now()).slice(-7);
const PASSWORD = 'Scanner-Herbst-2031';

interface Form {
  file: string;
  mimeType: string;
  /** What the writer put on the paper. */
  written: LeadFormValues;
  /** What the client's record should say (the written values, put right where the writer erred). */
  truth: LeadFormValues;
  /** The fields the recognition must send to review (the others may be, when the engine misreads). */
  uncertain: string[];
}

const LEA: LeadFormValues = {
  salutation: 'Frau',
  name: 'Lea',
  surname: 'Zurbriggen',
  address: 'Seestrasse 41',
  zipcode: '8002',
  city: 'Zürich',
  mobile_phone: '0794123371',
  email: 'lea.zurbriggen@example.ch',
  language: 'de',
};
const ETTORE: LeadFormValues = {
  salutation: 'Herr',
  name: 'Ettore',
  surname: 'Pedrazzini',
  address: 'Via Cattedrale 7',
  zipcode: '6900',
  city: 'Lugano',
  phone: '091 923 18 40',
  language: 'it',
};
/** She lives in Zürich (8001) but wrote "Bern" as the place: postcode and place do not fit each other. */
const SABINE: LeadFormValues = {
  salutation: 'Frau',
  name: 'Sabine',
  surname: 'Aebersold',
  address: 'Kramgasse 22',
  zipcode: '8001',
  city: 'Zürich',
  email: 'sabine.aebersold@example.ch',
  language: 'de',
};

const FORMS: Form[] = [
  { file: `formular-${SUFFIX}-1.png`, mimeType: 'image/png', written: LEA, truth: LEA, uncertain: [] },
  { file: `formular-${SUFFIX}-2.png`, mimeType: 'image/png', written: ETTORE, truth: ETTORE, uncertain: [] },
  {
    file: `formular-${SUFFIX}-3.jpg`,
    mimeType: 'image/jpeg',
    written: { ...SABINE, city: 'Bern' },
    truth: SABINE,
    uncertain: ['zipcode', 'city'],
  },
];

async function scanOf(form: Form): Promise<Buffer> {
  return form.mimeType === 'image/jpeg'
    ? poorlyScannedForm(form.written, { rotate: 1.2, blur: 0.6, noise: 8, jpeg: 80, seed: 7 })
    : scannedForm(form.written);
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** axe-core on the page as it is: no critical or serious violation (as accessibility.test.ts scans the screens). */
async function assertAccessible(page: Page, where: string): Promise<void> {
  await page.addStyleTag({ content: NO_MOTION });
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const blocking = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  assert.deepEqual(
    blocking.map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}) at ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
    [],
    `${where} has accessibility violations`,
  );
}

/** Screenshots at 1440 and 768 px (no horizontal scrolling at 768), then back to the desktop size. */
async function shotsAtWidths(page: Page, name: string): Promise<void> {
  for (const width of [1440, 768]) {
    await page.setViewportSize({ width, height: 1000 });
    await eventually(async () => {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `no horizontal scrolling at ${width} px (the page is ${scrollWidth} px wide)`);
    });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** The caller's last OCR operation as the server has it now. */
async function lastOperation(page: Page): Promise<OcrOperationDto | null> {
  return (await apiJson<{ operation: OcrOperationDto | null }>(page, 'GET', '/api/import/pool-ocr-result')).operation;
}

/** What the page shows of the running operation: "pages done of total", or that it ended (the review opened). */
async function shownProgress(page: Page): Promise<string> {
  const panel = page.getByTestId('ocr-last');
  if ((await panel.count()) === 0) {
    return 'gone';
  }
  try {
    const done = (await panel.getAttribute('data-done', { timeout: 2_000 })) === 'true';
    return `${done ? 'done' : 'running'} ${await panel.getByText(/Seiten erkannt/).innerText({ timeout: 2_000 })}`;
  } catch (err) {
    // The run ended between the two reads and the review took the panel's place.
    if ((await panel.count()) === 0) {
      return 'gone';
    }
    throw err;
  }
}

/**
 * Follows the recognition as the manager would watch it, without waiting the 20 s between the page's questions:
 * whenever the server has moved on (another page read, or the end), the page's clock is moved on by one polling
 * interval, so its next question goes out at once, and the test waits for the page to show the answer. Answers the
 * progress texts the page showed, in order.
 */
async function followRecognition(page: Page): Promise<string[]> {
  const shown: string[] = [await shownProgress(page)];
  for (;;) {
    let server: OcrOperationDto | null = null;
    // The server reads a page in some seconds; asked here (not through the page) until it has moved on.
    await eventually(async () => {
      server = await lastOperation(page);
      assert.ok(server, 'the operation exists');
      const expected = tr('de', 'import:ocr.pages', { done: server.pages_done, total: server.pages_total });
      assert.ok(server.done || !shown.at(-1)?.endsWith(expected), `the server is still at ${expected}`);
    }, 180_000);
    const now = server as OcrOperationDto | null;
    assert.ok(now);
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/import/pool-ocr-result' && r.ok());
    await page.clock.fastForward(OCR_POLL_INTERVAL_MS);
    await asked;
    if (now.done) {
      return shown;
    }
    // The page shows the pages read (as many as the server had read when asked here, or more: the
    // server may read on before the page asks), or, when the run ended before the page asked, the end
    // (the review opens).
    const readSince = Array.from({ length: now.pages_total - now.pages_done + 1 }, (_, k) =>
      tr('de', 'import:ocr.pages', { done: now.pages_done + k, total: now.pages_total }),
    );
    const ended = (p: string) => p === 'gone' || p.startsWith('done');
    await eventually(async () => {
      const p = await shownProgress(page);
      assert.ok(ended(p) || readSince.some((e) => p.endsWith(e)), `the page shows ${readSince[0]} or more, not ${p}`);
    });
    const latest = await shownProgress(page);
    if (ended(latest)) {
      return shown;
    }
    shown.push(latest);
  }
}

/** The row of the review table that was read from `file`. */
function rowOf(page: Page, form: Form): Locator {
  return page.getByTestId('import-row').filter({ hasText: form.file });
}

async function rowErrors(row: Locator): Promise<string[]> {
  return ((await row.getAttribute('data-errors')) ?? '').split(',').filter(Boolean);
}

/** The cut-out of the scan is there and was served to the manager (a decoded picture, not a broken one). */
async function assertImageShown(image: Locator): Promise<void> {
  await image.waitFor();
  await image.scrollIntoViewIfNeeded();
  await eventually(async () => {
    const size = await image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
    assert.ok(size > 0, 'the field image has loaded');
  }, 15_000);
}

/**
 * Opens the row's editor and puts right every field the recognition was unsure of (or that fails its check),
 * beside the scan's cut-out of the field; saves it as reviewed. Answers the fields corrected.
 */
async function correctRow(page: Page, form: Form): Promise<string[]> {
  const row = rowOf(page, form);
  const wrong = await rowErrors(row);
  if (wrong.length === 0) {
    return [];
  }
  await row.getByTestId('import-edit').click();
  const dialog = page.getByTestId('import-edit-dialog');
  await dialog.getByRole('heading').waitFor();
  for (const field of wrong) {
    const input = dialog.getByTestId(`import-edit-${field}`);
    assert.equal(await input.getAttribute('aria-invalid'), 'true', `${form.file}: ${field} is marked in the editor`);
    const label = tr('de', `import:fields.${field}`);
    const image = dialog.getByRole('img', { name: tr('de', 'import:review.imageOf', { field: label }), exact: true });
    if (form.uncertain.includes(field)) {
      // Beside the field: what the paper says.
      await assertImageShown(image);
    }
    const value = form.truth[field as keyof LeadFormValues] ?? '';
    await input.fill(value);
    assert.equal(await input.inputValue(), value);
  }
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/import/update-record' && r.request().method() === 'POST');
  await dialog.getByTestId('import-edit-save-reviewed').click();
  const answer = await saved;
  assert.equal(answer.status(), 200, await answer.text());
  const checked = (await answer.json()) as ImportRowDto;
  assert.deepEqual(
    checked.errors,
    {},
    `${form.file}: the server still finds fault after the correction of ${wrong.join(', ')} (sent ${answer.request().postData() ?? ''})`,
  );
  assert.equal(checked.review_status, 'reviewed');
  const rowNo = Number(await row.getAttribute('data-row-no'));
  await expectSnackbar(page, tr('de', 'import:messages.rowSaved', { row: rowNo }));
  await dialog.waitFor({ state: 'detached' });
  await eventually(async () => {
    assert.deepEqual(await rowErrors(row), [], `${form.file}: nothing left to put right`);
    assert.equal(await row.getAttribute('data-review'), 'reviewed');
  });
  return wrong;
}

void describe('OCR import', { timeout: 420_000 }, () => {
  after(closeBrowser);

  void it(
    'the OCR manager uploads three scanned forms, follows the recognition, corrects the uncertain place beside its scan, launches, and the admin finds the new clients',
    withPage(async (admin) => {
      const scans = await Promise.all(FORMS.map(scanOf));

      // An OCR manager of this test's own (so no rows of another test wait in the review), invited by the admin.
      await signIn(admin, 'admin@demo.test', DEMO_PASSWORD);
      const email = `ocr-${SUFFIX}@demo.test`;
      const userId = await createStaff(admin, { name: 'Olga', surname: `Scanner${SUFFIX}`, email, role: 'ocr_manager' });
      await inviteStaff(admin, userId);
      const hash = /\/signup\?hash=(\S+)/.exec(await readOwnMail(email, 'invitation'))?.[1];
      assert.ok(hash, `no invitation mail to ${email}`);

      const page = await (await newContext()).newPage();
      // The page's timers are the test's to move on (the 20 s between the OCR result's questions).
      await page.clock.install();
      await page.goto(`/signup?hash=${hash}`);
      await page.locator('#password').fill(PASSWORD);
      await page.locator('#confirm').fill(PASSWORD);
      await page.getByRole('button', { name: tr('de', 'auth.createAccount') }).click();
      await page.waitForURL((url) => url.pathname === dashboardPath('ocr_manager'));

      // The import screen: scanned lead forms.
      const importScreen = SCREENS.find((s) => s.id === 'import');
      assert.ok(importScreen);
      await openScreen(page, 'import', screenPath('ocr_manager', importScreen));
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.import'), exact: true }).waitFor();
      await page.getByTestId('import-type-ocr').click();
      await page.getByTestId('import-next').click();
      await page.getByRole('heading', { level: 2, name: tr('de', 'import:ocr.title'), exact: true }).waitFor();

      // Three scans at once, as the scanner left them.
      const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/import/upload-file');
      await page
        .getByTestId('import-file-input')
        .setInputFiles(FORMS.map((f, k) => ({ name: f.file, mimeType: f.mimeType, buffer: scans[k]! })));
      const upload = await uploaded;
      assert.equal(upload.status(), 200, await upload.text());
      const uploadedBatches = ((await upload.json()) as { data: ImportBatchDto[] }).data;
      const scansText = tr('de', 'import:ocr.scans', { count: 3, files: FORMS.map((f) => f.file).join(', ') });
      await page.getByText(scansText, { exact: true }).waitFor();
      await expectSnackbar(page, tr('de', 'import:messages.scansUploaded', { count: 3 }));
      assert.deepEqual(
        uploadedBatches.map((b) => b.file_name),
        FORMS.map((f) => f.file),
      );
      await shotsAtWidths(page, 'ocr-three-files');

      // Start: one run over the three files; the last operation shows them, its stages and a progress bar.
      const started = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/import/ocr-imports' && r.request().method() === 'POST',
      );
      await page.getByTestId('ocr-start').click();
      const start = await started;
      assert.equal(start.status(), 201, await start.text());
      assert.deepEqual(JSON.parse(start.request().postData() ?? '{}'), {
        batch_ids: uploadedBatches.map((b) => b.id),
        location_id: null,
      });
      const panel = page.getByTestId('ocr-last');
      await panel.waitFor();
      assert.equal(
        await textOf(panel.getByTestId('ocr-last-files')),
        tr('de', 'import:ocr.readsFiles', { count: 3, files: FORMS.map((f) => f.file).join(', ') }),
      );
      // The files are the run's now: nothing is left to start.
      assert.equal(await page.getByTestId('ocr-start').count(), 0);
      await panel.getByRole('progressbar', { name: tr('de', 'import:ocr.progress') }).waitFor();
      assert.equal(
        await textOf(panel.getByText(tr('de', 'import:ocr.states.running'), { exact: true })),
        tr('de', 'import:ocr.states.running'),
      );
      await assertAccessible(page, 'the OCR step with a running recognition');
      await shotsAtWidths(page, 'ocr-three-files-running');

      // Follow it to the end: the pages read go up to all three, then the review opens with a message.
      const progress = await followRecognition(page);
      const counts = progress.map((p) => Number(/(\d+) von/.exec(p)?.[1] ?? 0));
      assert.deepEqual(
        counts,
        [...counts].sort((a, b) => a - b),
        `the pages read only go up: ${progress.join(' → ')}`,
      );
      const finished = await lastOperation(page);
      assert.ok(finished?.done);
      assert.equal(finished.error, null);
      // One operation reads every scan of the upload, a row each.
      assert.equal(
        finished.pages_done,
        3,
        `the recognition read all three scans (${finished.pages_done} of ${finished.pages_total} pages)`,
      );
      assert.equal(finished.rows_created, 3);
      await expectSnackbar(page, tr('de', 'import:messages.ocrDone', { count: 3 }));
      // The server lists the rows for review once their upload is checked.
      const listed = await apiJson<PrepareImportDto>(page, 'GET', '/api/import/prepare-import?importType=ocr');
      assert.equal(
        listed.total,
        3,
        `the review lists the rows read: ${JSON.stringify(uploadedBatches.map((b) => [b.file_name, b.stage]))}`,
      );
      await eventually(async () => assert.equal(await page.getByTestId('import-stepper').getAttribute('data-active'), 'review'));

      // The review: a row per form; the poor scan's postcode and place are sent to review.
      const table = page.getByTestId('import-table');
      await table.waitFor();
      await eventually(async () => assert.equal(await page.getByTestId('import-row').count(), 3));
      for (const form of FORMS) {
        const row = rowOf(page, form);
        await row.waitFor();
        const wrong = await rowErrors(row);
        for (const field of form.uncertain) {
          assert.ok(wrong.includes(field), `${form.file}: ${field} goes to review (errors: ${wrong.join(', ')})`);
          assert.equal(await row.locator(`[data-testid="import-field-error"][data-field="${field}"]`).count(), 1);
        }
      }
      const poor = FORMS[2]!;
      const poorRow = rowOf(page, poor);
      // What the paper says, marked: the place as written.
      assert.match(await textOf(poorRow.locator('[data-testid="import-field-error"][data-field="city"]')), /^Bern\b/);

      // Its details show the cut-outs of the scan for the uncertain fields.
      await poorRow.getByTestId('import-expand').click();
      await page.getByRole('heading', { level: 3, name: tr('de', 'import:review.scanTitle'), exact: true }).waitFor();
      await assertImageShown(
        page.getByRole('img', { name: tr('de', 'import:review.imageOf', { field: tr('de', 'import:fields.city') }), exact: true }).first(),
      );

      // Put right what the recognition was unsure of, beside each field's cut-out, and mark the rows reviewed.
      const corrected: Record<string, string[]> = {};
      for (const form of FORMS) {
        corrected[form.file] = await correctRow(page, form);
      }
      assert.ok(corrected[poor.file]!.includes('city'), 'the place of the poor scan was corrected');

      // Launch every waiting row.
      await page.getByTestId('import-select-all').click();
      await eventually(async () => assert.equal(await page.getByTestId('import-selected').getAttribute('data-count'), '3'));
      await page.getByTestId('import-launch').click();
      const dialog = page.getByTestId('import-launch-dialog');
      await dialog.waitFor();
      assert.equal(await textOf(dialog.getByTestId('import-launch-count')), tr('de', 'import:launch.all', { count: 3 }));
      const launched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/import/launch-import');
      await dialog.getByTestId('import-launch-confirm').click();
      const launch = await launched;
      assert.equal(launch.status(), 200, await launch.text());
      const answer = (await launch.json()) as LaunchImportAnswer;
      assert.deepEqual(
        { updatedN: answer.updatedN, created: answer.created, merged: answer.merged, skipped: answer.skipped, errors: answer.errors },
        { updatedN: 3, created: 3, merged: 0, skipped: 0, errors: [] },
      );
      await expectSnackbar(page, tr('de', 'import:messages.imported', { count: 3 }));
      const result = page.getByTestId('import-launch-result');
      await result.waitFor();
      assert.equal(await result.getAttribute('data-updated'), '3');
      await eventually(async () => assert.equal(await page.getByTestId('import-row').count(), 0));

      // The admin (the OCR manager has no clients list) finds the three new clients by name, with what the paper
      // said as corrected in the review.
      await openScreen(
        admin,
        'clients',
        screenPath(
          'admin',
          SCREENS.find((s) => s.id === 'clients')!,
        ),
      );
      // New leads are on the B2C tab (the list opens on the buyers).
      await admin.getByTestId('clients-tab-b2c').click();
      await eventually(async () => assert.equal(await admin.getByTestId('clients-tab-b2c').getAttribute('aria-selected'), 'true'));
      const search = admin.getByTestId('clients-search');
      for (const person of [LEA, ETTORE, SABINE]) {
        const fullName = `${person.name} ${person.surname}`;
        // The list writes the surname first.
        const listed = `${person.surname}, ${person.name}`;
        const asked = admin.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/clients' && new URL(r.url()).searchParams.get('search') === person.surname,
        );
        await search.fill(person.surname!);
        await asked;
        const row = admin.getByTestId('client-row').filter({ has: admin.getByTestId('client-name').getByText(listed, { exact: true }) });
        await eventually(async () => assert.equal(await row.count(), 1, `${fullName} is in the clients list once`));
        const { data } = await apiJson<Json<'get', '/api/clients'>>(
          admin,
          'GET',
          `/api/clients?statuses=&search=${encodeURIComponent(person.surname!)}`,
        );
        const client = data.find((c) => c.user.name === person.name && c.user.surname === person.surname)?.user;
        assert.ok(client, `${fullName} is a client`);
        assert.deepEqual(
          { zipcode: client.zipcode, city: client.city, email: client.email },
          { zipcode: person.zipcode, city: person.city, email: person.email ?? null },
        );
      }
    }),
  );
});
