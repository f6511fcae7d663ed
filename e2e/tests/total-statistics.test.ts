import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { exportCellText, formatMoney, formatNumber, type CallAgentStatsDto, type LeadStatsDto, type SalesAgentStatsDto } from '@bo/domain';
import ExcelJS from 'exceljs';
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
    // Figures the window has no room for are one click away.
    const showAll = page.getByTestId('totalstats-table-show-all');
    if ((await showAll.count()) > 0 && (await showAll.getAttribute('aria-pressed')) === 'false') {
      await showAll.click();
    }
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

/** The API's own PDF text reader (the server's PDFs embed their font: text is glyph ids plus a ToUnicode map). */
async function pdfText(bytes: Buffer): Promise<string> {
  const reader = new URL('../../apps/api/test/pdf-text.ts', import.meta.url).href;
  return ((await import(reader)) as { pdfText: (pdf: Buffer) => string }).pdfText(bytes);
}

/** Downloads what a button links to; answers the file's name and bytes. */
async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** A number as the table shows it ("CHF 1’234.50", "12", "–") or an export writes it ("1'234.50"), as a number. */
const numberIn = (text: string) => (text.trim() === '–' || text.trim() === '' ? null : Number(text.replace(/[^\d.-]/g, '')));

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
      assert.equal(await page.getByTestId('totalstats-tab-leads').count(), 0, 'no leads tab');
      assert.equal((await page.request.get('/api/stats/leads')).status(), 403);
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

  void it(
    'an admin filters by year, month and agent and downloads the CSV, XLSX and PDF, which hold the numbers of the table',
    withPage(
      async (page) => {
        await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
        await openTotalStatistics(page, 'admin');
        const year = new Date().getFullYear();
        const everybody = await statsOf<Sales>(page, '/api/stats/sales-agent', `?year=${year}`);
        const agent = everybody.table.rows.find((r) => r.sales > 0)!.agent;
        const byMonth = await statsOf<Sales>(page, '/api/stats/sales-agent', `?year=${year}&agent_id=${agent.id}`);
        // The agent's busiest month: the PDF is the statistics of a month.
        const month = byMonth.charts.months.reduce((best, m) => (m.sold > best.sold ? m : best)).month;
        const m = Number(month.slice(5));

        const yearPicker = page.getByRole('combobox', { name: tr('de', 'totalstats:year') });
        await yearPicker.click();
        await page.getByRole('option', { name: String(year - 1), exact: true }).click();
        await yearPicker.click();
        await page.getByRole('option', { name: String(year), exact: true }).click();
        await page.getByRole('combobox', { name: tr('de', 'totalstats:agent') }).click();
        await page.getByRole('option', { name: `${agent.name} ${agent.surname}`, exact: true }).click();
        const monthName = new Intl.DateTimeFormat('de', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m - 1, 15)));
        await page.getByRole('combobox', { name: tr('de', 'totalstats:toMonth') }).click();
        await page.getByRole('option', { name: monthName, exact: true }).click();
        await page.getByRole('combobox', { name: tr('de', 'totalstats:fromMonth') }).click();
        await page.getByRole('option', { name: monthName, exact: true }).click();

        const stats = await statsOf<Sales>(page, '/api/stats/sales-agent', `?year=${year}&from=${m}&to=${m}&agent_id=${agent.id}`);
        assert.ok(stats.table.total.sold > 0, 'the agent sold in the month');
        await expectSalesShown(page, stats);
        // The figures as the page shows them: the agent's row and the total.
        const shown = async (testId: string) =>
          (await page.getByTestId(testId).first().locator('td').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
        const shownRow = await shown('totalstats-row');
        const shownTotal = await shown('totalstats-total');

        // CSV: semicolons, de-CH numbers, the agent's row and the total as the table shows them.
        const csv = await download(page, 'totalstats-export-csv');
        assert.equal(csv.name, `total-statistics-sales-${year}-${String(m).padStart(2, '0')}.csv`);
        const lines = csv.bytes
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .split('\r\n');
        assert.equal(lines[1], `${monthName} ${year}`);
        const csvRow = lines.find((l) => l.startsWith(`${agent.name} ${agent.surname};`))!.split(';');
        const csvTotal = lines.find((l) => l.startsWith(`${tr('de', 'totalstats:total')};`))!.split(';');
        assert.equal(csvRow.length, shownRow.length);
        for (let k = 1; k < shownRow.length; k += 1) {
          assert.equal(numberIn(csvRow[k]!), numberIn(shownRow[k]!), `row, column ${k}`);
          assert.equal(numberIn(csvTotal[k]!), numberIn(shownTotal[k]!), `total, column ${k}`);
        }
        assert.equal(csvTotal[6], exportCellText('money', stats.table.total.sold));

        // XLSX: numbers as numbers (francs), formatted with groups and two decimals.
        const xlsx = await download(page, 'totalstats-export-xlsx');
        assert.match(xlsx.name, /\.xlsx$/);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
        const sheet = book.worksheets[0]!;
        let totalRow: ExcelJS.Row | undefined;
        sheet.eachRow((row) => {
          if (row.getCell(1).value === tr('de', 'totalstats:total')) {
            totalRow = row;
          }
        });
        assert.ok(totalRow, 'the XLSX has the total row');
        for (let k = 1; k < shownTotal.length; k += 1) {
          const value: ExcelJS.CellValue = totalRow.getCell(k + 1).value;
          assert.equal(value === null ? null : Number(value), numberIn(shownTotal[k]!), `XLSX total, column ${k}`);
        }
        assert.equal(totalRow.getCell(7).numFmt, '#,##0.00');

        // PDF: the month, the agent and the figures of the table.
        const pdf = await download(page, 'totalstats-export-pdf');
        assert.match(pdf.name, /\.pdf$/);
        assert.equal(pdf.bytes.subarray(0, 5).toString(), '%PDF-');
        const text = await pdfText(pdf.bytes);
        assert.match(text, new RegExp(`${monthName} ${year}`));
        assert.match(text, new RegExp(`${agent.name} ${agent.surname}`));
        for (const key of ['sold', 'paid', 'commissions'] as const) {
          assert.ok(text.includes(exportCellText('money', stats.table.total[key])), `the PDF shows ${key}`);
        }
        await screenshot(page, 'total-statistics-export-de-1440');
      },
      { viewport: { width: 1440, height: 900 } },
    ),
  );

  void it(
    'an admin sees the leads per month by source, location and status, as the server counts them, in German and Italian',
    withPage(
      async (page) => {
        await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
        await openTotalStatistics(page, 'admin');
        await page.getByTestId('totalstats-tab-leads').click();
        const leads = await statsOf<LeadStatsDto['data']>(page, '/api/stats/leads', '');
        await eventually(async () => {
          const total = page.getByTestId('leadstats-source-total').locator('td');
          assert.equal(await textOf(total.last()), count(leads.table.total.total));
          assert.equal(await page.getByTestId('leadstats-source-row').count(), leads.table.by_source.length);
          assert.equal(await page.getByTestId('leadstats-status-row').count(), leads.table.by_status.length);
          const first = page.getByTestId('leadstats-location-row').first().locator('td');
          assert.equal(await textOf(first.last()), count(leads.table.by_location[0]!.total));
        });
        assert.match(
          await textOf(page.getByTestId('leadstats-computed')),
          new RegExp(tr('de', 'totalstats:computedAt', { at: '' }).trim()),
        );
        assert.equal(await page.getByRole('combobox', { name: tr('de', 'totalstats:agent') }).count(), 0, 'no agent filter for leads');
        // The chart draws the leads per month as a line, with a point per month of the period.
        await eventually(async () => {
          const d = (await page.getByTestId('leadstats-chart').locator('.recharts-line-curve').getAttribute('d')) ?? '';
          assert.ok(d.length > 20, 'the line is drawn');
        });
        await axe(page);
        await screenshot(page, 'total-statistics-leads-de-1440');
        await page.setViewportSize({ width: 768, height: 1024 });
        await screenshot(page, 'total-statistics-leads-de-768');
        await chooseLanguage(page, 'it');
        await eventually(async () => {
          assert.equal(await textOf(page.getByTestId('totalstats-tab-leads')), tr('it', 'totalstats:tabs.leads'));
          assert.match(await textOf(page.getByTestId('leadstats-chart-title')), new RegExp(tr('it', 'totalstats:leads.chartTitle')));
        });
        await screenshot(page, 'total-statistics-leads-it-768');
        await chooseLanguage(page, 'de');
      },
      { viewport: { width: 1440, height: 900 } },
    ),
  );
});
