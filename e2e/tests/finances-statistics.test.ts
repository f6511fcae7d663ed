import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { formatMoney, formatNumber, type FinanceStatsDto } from '@bo/domain';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, openScreen, screenshot, signIn, textOf, withPage } from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

type Stats = FinanceStatsDto['data'];
const FIGURES = ['orders', 'sold', 'paid', 'owed', 'commissions'] as const;
/** As `textOf` reads it: white space (the no-break space after "CHF") as one plain space. */
const plain = (text: string) => text.replace(/\s+/g, ' ');
const money = (rappen: number) => plain(formatMoney(rappen));
const shown = (key: (typeof FIGURES)[number], value: number) => (key === 'orders' ? plain(formatNumber(value)) : money(value));

async function statsOf(page: Page, query: string): Promise<Stats> {
  const res = await page.request.get(`/api/stats/finances/${query}`);
  assert.equal(res.status(), 200);
  return ((await res.json()) as FinanceStatsDto).data;
}

/** The totals and the per-agent table as the page shows them equal the server's figures. */
async function expectShown(page: Page, stats: Stats): Promise<void> {
  await eventually(async () => {
    for (const key of FIGURES) {
      const card = page.getByTestId(`finstats-total-${key}`);
      assert.equal(await textOf(card), `${tr('de', `finstats:figures.${key}`)}${shown(key, stats.totals[key])}`);
    }
    const rows = page.getByTestId('finstats-agent-row');
    assert.equal(await rows.count(), stats.table.length);
    for (const [i, row] of stats.table.entries()) {
      const cells = rows.nth(i).locator('td');
      assert.equal(await textOf(cells.nth(0)), `${row.agent.name} ${row.agent.surname}`);
      assert.equal(await textOf(cells.nth(2)), money(row.sold));
      assert.equal(await textOf(cells.nth(5)), money(row.commissions));
    }
  });
}

async function openStatistics(page: Page, prefix: string): Promise<void> {
  await openScreen(page, 'finances', `/${prefix}-dashboard/finances`);
  await page.getByTestId('finances-statistics').waitFor();
  await page.getByTestId('finstats-table').waitFor();
}

void describe('finances statistics', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'admin sees the year sold and paid per month and per agent, narrows to one agent and picks another year',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await openStatistics(page, 'admin');
      const year = new Date().getFullYear();
      const stats = await statsOf(page, '');
      assert.equal(stats.year, year, 'the current year by default');
      assert.ok(stats.totals.sold > 0 && stats.table.length > 1, 'the demo data has sales of several agents');
      await expectShown(page, stats);
      const yearPicker = page.getByRole('combobox', { name: tr('de', 'finstats:year') });
      assert.equal(await textOf(yearPicker), String(year));
      assert.equal(await textOf(page.getByRole('heading', { level: 2 }).first()), tr('de', 'finstats:chartTitle', { year }));

      // The chart: a bar for sold and one for paid in each month that had orders, and the legend in German.
      const chart = page.getByTestId('finstats-chart');
      const months = stats.charts.months.filter((m) => m.sold > 0).length;
      await eventually(async () => {
        assert.ok((await chart.locator('.recharts-bar-rectangle path').count()) >= months);
      });
      assert.match(await textOf(chart.locator('.recharts-legend-wrapper')), new RegExp(tr('de', 'finstats:figures.paid')));
      await screenshot(page, 'finances-statistics-admin');

      // A click on an agent shows only their figures; removing the filter shows everyone again.
      const agent = stats.table[0]!.agent;
      await page.getByTestId('finstats-agent-row').first().getByRole('button').click();
      await page.getByTestId('finstats-agent-filter').waitFor();
      assert.equal(
        await textOf(page.getByTestId('finstats-agent-filter')),
        tr('de', 'finstats:onlyAgent', { name: `${agent.name} ${agent.surname}` }),
      );
      await expectShown(page, await statsOf(page, `?agent_id=${agent.id}`));
      await page.getByTestId('finstats-agent-filter').locator('svg').click();
      await expectShown(page, stats);

      // Another year: its figures, or the empty notice when it had none.
      await yearPicker.click();
      await page.getByRole('option', { name: String(year - 1), exact: true }).click();
      const last = await statsOf(page, `?year=${year - 1}`);
      if (last.totals.orders === 0 && last.totals.commissions === 0) {
        await page.getByTestId('finstats-empty').waitFor();
        assert.equal(await textOf(page.getByTestId('finstats-empty')), tr('de', 'finstats:empty', { year: year - 1 }));
      } else {
        await expectShown(page, last);
      }
    }),
  );

  void it(
    'an independent agent sees only their own figures',
    withPage(async (page) => {
      await signIn(page, 'ia@demo.test', DEMO_PASSWORD);
      await openStatistics(page, 'ia');
      const stats = await statsOf(page, '');
      assert.equal(stats.table.length, 1);
      assert.equal(`${stats.table[0]!.agent.name} ${stats.table[0]!.agent.surname}`, 'Isabelle Rochat');
      await expectShown(page, stats);
      assert.equal(await page.getByText(tr('de', 'finstats:narrowHint')).count(), 0);
      assert.equal(await page.getByTestId('finstats-agent-row').getByRole('button').count(), 0);
      assert.equal((await page.request.get('/api/stats/finances/?agent_id=1')).status(), 403);
      await screenshot(page, 'finances-statistics-ia');
    }),
  );
});
