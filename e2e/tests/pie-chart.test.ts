import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MAKE_A_DEMO } from '@bo/domain';
import type { Locator } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, openScreen, signIn, textOf, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

/** A number as the page shows it (de-CH groups thousands with an apostrophe). */
const count = (text: string) => Number(text.replace(/\D/g, ''));

interface Legend {
  rows: { key: string; label: string; count: number }[];
  total: number;
  slices: number;
}

/** What one chart shows: its legend rows, its total and how many slices the pie has. */
async function legendOf(chart: Locator): Promise<Legend> {
  const rows = [];
  for (const row of await chart.getByTestId('pie-legend-row').all()) {
    const cells = row.locator('td');
    rows.push({
      key: (await row.getAttribute('data-key')) ?? '',
      label: await textOf(cells.nth(0)),
      count: count(await textOf(cells.nth(1))),
    });
  }
  return { rows, total: count(await textOf(chart.getByTestId('pie-total'))), slices: await chart.locator('svg path').count() };
}

const sum = (rows: Legend['rows']) => rows.reduce((a, r) => a + r.count, 0);

void describe('pie chart', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    "admin sees clients by status and by lead source, each chart's counts adding up to the total shown",
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await openScreen(page, 'pieChart', '/admin-dashboard/pie-chart');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.pieChart'), exact: true }).waitFor();

      const byStatus = page.getByTestId('pie-by-status');
      const byLeadSource = page.getByTestId('pie-by-lead-source');
      await byStatus.getByTestId('pie-legend-row').first().waitFor();
      await byLeadSource.getByTestId('pie-legend-row').first().waitFor();
      assert.equal(await textOf(byStatus.getByRole('heading', { level: 2 })), tr('de', 'tables:pie.byStatus'));
      assert.equal(await textOf(byLeadSource.getByRole('heading', { level: 2 })), tr('de', 'tables:pie.byLeadSource'));

      const status = await legendOf(byStatus);
      const source = await legendOf(byLeadSource);
      assert.ok(status.total > 0, 'the demo data has clients');
      assert.equal(sum(status.rows), status.total, 'status counts add up to the total');
      assert.equal(sum(source.rows), source.total, 'lead source counts add up to the total');
      assert.equal(status.total, source.total, 'both charts count the same clients');
      // Every group with clients is a slice of its pie.
      assert.equal(status.slices, status.rows.filter((r) => r.count > 0).length);
      assert.equal(source.slices, source.rows.filter((r) => r.count > 0).length);
      assert.ok(status.slices >= 2 && source.slices >= 2, 'the demo clients spread over several groups');

      // The intro names the same total.
      const intro = await textOf(page.getByText(tr('de', 'tables:pie.intro', { total: 'X' }).split('X')[0]!));
      assert.equal(count(intro), status.total);

      // The legend is labelled in German, and "Demo vereinbaren" sums its statuses.
      for (const row of status.rows) {
        assert.equal(row.label, row.key === '∅' ? tr('de', 'tables:pie.noStatus') : tr('de', `tables:clientStatuses.${row.key}`));
      }
      for (const row of source.rows) {
        assert.equal(row.label, row.key === '∅' ? tr('de', 'tables:pie.noLeadSource') : tr('de', `tables:leadSources.${row.key}`));
      }
      const demo = status.rows.filter((r) => (MAKE_A_DEMO.statuses as readonly string[]).includes(r.key));
      const group = byStatus.getByTestId('pie-legend-group');
      if (demo.length > 0) {
        assert.equal(await textOf(group.locator('td').nth(0)), tr('de', 'tables:pie.makeADemo'));
        assert.equal(count(await textOf(group.locator('td').nth(1))), sum(demo));
      } else {
        assert.equal(await group.count(), 0);
      }

      // What the page shows is what the server counts.
      const res = await page.request.get('/api/stats/clients-distribution');
      const data = ((await res.json()) as Json<'get', '/api/stats/clients-distribution'>).data;
      assert.equal(data.total, status.total);
    }),
  );
});
