import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, openScreen, signIn, textOf, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

interface Layout {
  columns?: { id: string; visible: boolean }[];
  pageSize?: number;
}
type SavedSnapshot = Json<'get', '/api/general/snapshot/{id}'>['data'][string];
/** The saved snapshots, each read as the layout the web app stores in it. */
interface Snapshots {
  data: Partial<Record<string, Omit<SavedSnapshot, 'snapshot'> & { snapshot: Layout }>>;
}

const STATUS = tr('de', 'outbox.status');
const ROWS_PER_PAGE = tr('de', 'common.rowsPerPage');

async function headers(page: Page): Promise<string[]> {
  const cells = page.getByTestId('outbox-table').locator('thead tr').first().locator('th');
  return (await cells.allTextContents()).map((t) => t.trim());
}

/** The outbox table with its rows loaded (the table itself only shows once the saved layout was read). */
async function outboxShown(page: Page): Promise<void> {
  await page.getByTestId('outbox-table').waitFor();
  await page.getByText(tr('de', 'tables:loading')).waitFor({ state: 'detached' });
}

function pageSizeChoice(page: Page) {
  return page.getByRole('combobox', { name: ROWS_PER_PAGE });
}

/** The PUT that stores the outbox layout for which `check` holds. */
function layoutSaved(page: Page, check: (layout: Layout) => boolean): Promise<Response> {
  return page.waitForResponse((res) => {
    const req = res.request();
    if (req.method() !== 'PUT' || !/\/api\/general\/snapshot\/\d+$/.test(new URL(res.url()).pathname)) {
      return false;
    }
    const body = req.postDataJSON() as { tableName: string; snapshot: Layout };
    return body.tableName === 'outbox' && check(body.snapshot);
  });
}

const statusHidden = (l: Layout) => l.columns?.find((c) => c.id === 'status')?.visible === false;

void describe('table layout', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'admin hides a column of the outbox and shows 25 rows a page; after a reload the layout is back; the default view restores it',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const me = ((await (await page.request.get('/auth/current')).json()) as Json<'get', '/auth/current'>).data.id;
      const snapshotUrl = `/api/general/snapshot/${me}`;
      const before = ((await (await page.request.get(snapshotUrl)).json()) as Snapshots).data.outbox;
      try {
        await openScreen(page, 'outbox', '/admin-dashboard/outbox');
        await outboxShown(page);
        assert.ok((await headers(page)).includes(STATUS));
        assert.equal(await textOf(pageSizeChoice(page)), '100');

        // Hide the status column in the columns menu.
        const saved = layoutSaved(page, (l) => statusHidden(l) && l.pageSize === 25);
        await page.getByTestId('table-columns-button').click();
        const menu = page.getByTestId('table-columns-menu');
        const statusBox = menu.locator('[data-column="status"]').getByRole('checkbox');
        assert.ok(await statusBox.isChecked());
        await statusBox.uncheck();
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
        assert.ok(!(await headers(page)).includes(STATUS));
        if ((await page.getByTestId('outbox-row').count()) > 0) {
          assert.equal(await page.getByTestId('outbox-row').first().locator('td').count(), (await headers(page)).length);
        }

        // 25 rows a page.
        await pageSizeChoice(page).click();
        await page.getByRole('option', { name: '25', exact: true }).click();
        assert.equal(await textOf(pageSizeChoice(page)), '25');
        assert.ok((await page.getByTestId('outbox-row').count()) <= 25);
        assert.equal((await saved).status(), 200);

        // A reload (a new page, the layout read from the server) shows the same layout.
        await page.reload();
        await outboxShown(page);
        assert.ok(!(await headers(page)).includes(STATUS));
        assert.equal(await textOf(pageSizeChoice(page)), '25');
        assert.ok((await page.getByTestId('outbox-row').count()) <= 25);

        // "Standardansicht wiederherstellen": the status column and 100 rows a page are back, also after a reload.
        const reset = layoutSaved(page, (l) => !statusHidden(l) && l.pageSize === 100);
        await page.getByTestId('table-columns-button').click();
        await page.getByRole('button', { name: tr('de', 'tables:resetLayout') }).click();
        await page.keyboard.press('Escape');
        assert.ok((await headers(page)).includes(STATUS));
        assert.equal(await textOf(pageSizeChoice(page)), '100');
        assert.equal((await reset).status(), 200);
        await page.reload();
        await outboxShown(page);
        assert.ok((await headers(page)).includes(STATUS));
        assert.equal(await textOf(pageSizeChoice(page)), '100');
      } finally {
        // Other files read the admin's outbox: if the test stopped half-way, put the layout back as it was.
        const now = ((await (await page.request.get(snapshotUrl)).json()) as Snapshots).data.outbox;
        const broken = now !== undefined && (statusHidden(now.snapshot) || now.snapshot.pageSize !== 100);
        if (broken) {
          await page.request.put(snapshotUrl, {
            data: { tableName: 'outbox', snapshot: before?.snapshot ?? {}, timestamp: new Date().toISOString() },
          });
        }
      }
    }),
  );
});
