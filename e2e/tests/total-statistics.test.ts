import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { formatMoney, formatNumber, type CallAgentStatsDto, type SalesAgentStatsDto } from '@bo/domain';
import type { Page } from 'playwright-core';
import {
  afterNextFrame,
  chooseLanguage,
  closeBrowser,
  DEMO_PASSWORD,
  eventually,
  expectSnackbar,
  openScreen,
  screenshot,
  signIn,
  textOf,
  withPage,
} from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

type Sales = SalesAgentStatsDto['data'];
type Calls = CallAgentStatsDto['data'];
/** As `textOf` reads it: white space (the no-break space after "CHF") as one plain space. */
const plain = (text: string) => text.replace(/\s+/g, ' ');
const money = (rappen: number) => plain(formatMoney(rappen));
const count = (n: number) => plain(formatNumber(n));

async function statsOf<T>(page: Page, path: string, query: string): Promise<T> {
  const res = await page.request.get(`${path}${query}`);
  assert.equal(res.status(), 200, await res.text());
  return ((await res.json()) as { data: T }).data;
}

/** The chart's lines as drawn now (their paths and how much of them is drawn), to see when their animation (also after a resize) ended. */
const linePaths = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="totalstats-chart"] .recharts-line-curve'))
      .map((p) => `${p.getAttribute('d')} ${p.getAttribute('stroke-dasharray')}`)
      .join('|'),
  );

/** A full-page screenshot once the chart's lines stood still for three frames. */
async function shot(page: Page, name: string): Promise<void> {
  let last = '';
  let still = 0;
  await eventually(async () => {
    await afterNextFrame(page);
    const now = await linePaths(page);
    still = now !== '' && now === last ? still + 1 : 0;
    last = now;
    assert.ok(still >= 3, 'the chart is still being drawn');
  }, 15_000);
  await screenshot(page, name);
}

/** The sales table as the page shows it equals the server's figures: name, sales, sold, commissions, and the total. */
async function expectSalesShown(page: Page, stats: Sales, totalLabel = tr('de', 'totalstats:total')): Promise<void> {
  await eventually(async () => {
    const rows = page.getByTestId('totalstats-row');
    assert.equal(await rows.count(), stats.table.rows.length);
    for (const [i, row] of stats.table.rows.entries()) {
      const cells = rows.nth(i).locator('td');
      assert.equal(await textOf(cells.nth(0)), `${row.agent.name} ${row.agent.surname}`);
      assert.equal(await textOf(cells.nth(4)), count(row.sales));
      assert.equal(await textOf(cells.nth(6)), money(row.sold));
      assert.equal(await textOf(cells.nth(11)), money(row.commissions));
    }
    const total = page.getByTestId('totalstats-total').locator('td');
    assert.equal(await textOf(total.nth(0)), totalLabel);
    assert.equal(await textOf(total.nth(4)), count(stats.table.total.sales));
    assert.equal(await textOf(total.nth(6)), money(stats.table.total.sold));
    assert.equal(await textOf(total.nth(7)), money(stats.table.total.paid));
  });
}

async function openTotalStatistics(page: Page, prefix: string): Promise<void> {
  await openScreen(page, 'totalStatistics', `/${prefix}-dashboard/total-statistics`);
  await page.getByTestId('totalstats-table').waitFor();
}

async function axe(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const blocking = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  assert.deepEqual(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
  );
}

void describe('total statistics', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'an admin filters by year and agent and sees the numbers of the server, on both tabs, in German and Italian',
    withPage(
      async (page) => {
        await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
        await openTotalStatistics(page, 'admin');
        const year = new Date().getFullYear();
        const stats = await statsOf<Sales>(page, '/api/stats/sales-agent', '');
        assert.equal(stats.year, year, 'the current year by default');
        assert.ok(stats.table.rows.length > 1 && stats.table.total.sales > 0, 'the demo data has sales of several agents this year');
        const yearPicker = page.getByRole('combobox', { name: tr('de', 'totalstats:year') });
        assert.equal(await textOf(yearPicker), String(year));
        await expectSalesShown(page, stats);
        const chart = page.getByTestId('totalstats-chart');
        await eventually(async () => {
          assert.equal(await chart.locator('.recharts-line').count(), 3);
        });
        assert.match(await textOf(chart.locator('.recharts-legend-wrapper')), new RegExp(tr('de', 'totalstats:figures.demos_held')));
        await axe(page);
        await shot(page, 'total-statistics-admin-de-1440');
        await page.setViewportSize({ width: 768, height: 1024 });
        await expectSalesShown(page, stats);
        await shot(page, 'total-statistics-admin-de-768');
        await page.setViewportSize({ width: 1440, height: 900 });

        // One agent: only their row, the total is theirs.
        const agent = stats.table.rows[0]!.agent;
        await page.getByRole('combobox', { name: tr('de', 'totalstats:agent') }).click();
        await page.getByRole('option', { name: `${agent.name} ${agent.surname}`, exact: true }).click();
        const one = await statsOf<Sales>(page, '/api/stats/sales-agent', `?agent_id=${agent.id}`);
        assert.equal(one.table.rows.length, 1);
        await expectSalesShown(page, one);

        // Another year, everybody again.
        await page.getByRole('combobox', { name: tr('de', 'totalstats:agent') }).click();
        await page.getByRole('option', { name: tr('de', 'totalstats:allAgents'), exact: true }).click();
        await yearPicker.click();
        await page.getByRole('option', { name: String(year - 1), exact: true }).click();
        await expectSalesShown(page, await statsOf<Sales>(page, '/api/stats/sales-agent', `?year=${year - 1}`));
        await yearPicker.click();
        await page.getByRole('option', { name: String(year), exact: true }).click();
        await expectSalesShown(page, stats);

        // The call agents' tab: calls and reached per agent and in total.
        await page.getByTestId('totalstats-tab-call').click();
        const calls = await statsOf<Calls>(page, '/api/stats/call-agent', '');
        await eventually(async () => {
          const rows = page.getByTestId('totalstats-row');
          assert.equal(await rows.count(), calls.table.rows.length);
          const total = page.getByTestId('totalstats-total').locator('td');
          assert.equal(await textOf(total.nth(1)), count(calls.table.total.calls));
          assert.equal(await textOf(total.nth(2)), count(calls.table.total.reached));
        });
        await axe(page);
        await shot(page, 'total-statistics-admin-call-de-1440');

        // Italian: the business words of the page, the same numbers.
        await page.getByTestId('totalstats-tab-sales').click();
        await chooseLanguage(page, 'it');
        await eventually(async () => {
          assert.equal(await textOf(page.getByRole('heading', { level: 1 })), tr('it', 'common:screens.totalStatistics'));
        });
        await expectSalesShown(page, stats, tr('it', 'totalstats:total'));
        await shot(page, 'total-statistics-admin-it-1440');
        await page.setViewportSize({ width: 768, height: 1024 });
        await expectSalesShown(page, stats, tr('it', 'totalstats:total'));
        await shot(page, 'total-statistics-admin-it-768');
        await chooseLanguage(page, 'de');
      },
      { viewport: { width: 1440, height: 900 } },
    ),
  );

  void it(
    'a sales agent sees only their own row beside the team total, and no other name',
    withPage(async (page) => {
      await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
      await openTotalStatistics(page, 'sa');
      const own = await statsOf<Sales>(page, '/api/stats/sales-agent', '');
      assert.equal(own.scope, 'own');
      assert.equal(own.table.rows.length, 1);
      assert.equal(own.table.rows[0]!.agent.id, own.agent_id);
      await expectSalesShown(page, own, tr('de', 'totalstats:teamTotal'));
      assert.equal(await page.getByTestId('totalstats-tab-call').count(), 0, 'no call agents tab');
      assert.equal(await page.getByRole('combobox', { name: tr('de', 'totalstats:agent') }).count(), 0, 'no agent filter');
      assert.equal((await page.request.get('/api/stats/call-agent')).status(), 403);
      assert.equal((await page.request.get(`/api/stats/sales-agent?agent_id=${own.agent_id! + 1}`)).status(), 403);
      await shot(page, 'total-statistics-sa-de-1440');
    }),
  );

  void it(
    'says so when the statistics cannot be loaded',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await page.route('**/api/stats/sales-agent**', (route) => route.fulfill({ status: 500, json: { error: 'INTERNAL_ERROR' } }));
      await openScreen(page, 'totalStatistics', '/admin-dashboard/total-statistics');
      await expectSnackbar(page, tr('de', 'totalstats:get_statistics_error'), 20_000);
    }),
  );
});
