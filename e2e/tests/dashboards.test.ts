import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { formatMoney, formatNumber, type DashboardStatisticDto } from '@bo/domain';
import type { Page } from 'playwright-core';
import {
  chooseLanguage,
  closeBrowser,
  DEMO_PASSWORD,
  eventually,
  screenshot,
  signIn,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

type Dashboard = DashboardStatisticDto['data'];
type CardId = Dashboard['cards'][number]['id'];

/** As `textOf` reads it: white space (the no-break space after "CHF") as one plain space. */
const plain = (text: string) => text.replace(/\s+/g, ' ');
/** The first number in a text, de-CH apostrophes (’ or ') left out: "Treffer: 1’234" → 1234. */
const numberIn = (text: string) => Number(/\d[\d'’]*/.exec(text)?.[0].replace(/['’]/g, '') ?? NaN);

async function dashboardOf(page: Page): Promise<Dashboard> {
  const res = await page.request.get('/api/stats/dashboard-statistic');
  assert.equal(res.status(), 200, await res.text());
  return ((await res.json()) as { data: Dashboard }).data;
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

/** The home page shows the server's cards, in its order, each value as de-CH shows it, with the menu below. */
async function expectCardsShown(page: Page, d: Dashboard): Promise<void> {
  await eventually(async () => {
    const ids = await page
      .getByTestId('dashboard-cards')
      .locator('[data-testid^="dashboard-card-"]:not([data-testid="dashboard-card-value"])')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    assert.deepEqual(
      ids,
      d.cards.map((c) => `dashboard-card-${c.id}`),
    );
  });
  for (const card of d.cards) {
    const shown = await textOf(page.getByTestId(`dashboard-card-${card.id}`).getByTestId('dashboard-card-value'));
    assert.equal(plain(shown), plain(card.unit === 'rappen' ? formatMoney(card.value) : formatNumber(card.value)), card.id);
  }
  await page.getByTestId('dashboard-computed').waitFor();
  await page.getByTestId('side-nav').waitFor();
}

/** Opens the list behind a card by clicking it: the address is the card's link. */
async function openCard(page: Page, d: Dashboard, id: CardId): Promise<number> {
  const card = d.cards.find((c) => c.id === id);
  assert.ok(card?.link, `${id} has a link`);
  await page.getByTestId(`dashboard-card-${id}`).getByRole('link').click();
  await page.waitForURL((url) => url.pathname === card.link!.path);
  const url = new URL(page.url());
  for (const [key, value] of Object.entries(card.link.query)) {
    assert.equal(url.searchParams.get(key), value, key);
  }
  return card.value;
}

const ROLES = [
  { email: 'admin@demo.test', home: '/admin-dashboard' },
  { email: 'sa@demo.test', home: '/sa-dashboard' },
  { email: 'ca@demo.test', home: '/ca-dashboard' },
  { email: 'pa@demo.test', home: '/pa-dashboard' },
  { email: 'partner@demo.test', home: '/partner-dashboard' },
  { email: 'om@demo.test', home: '/om-dashboard' },
  { email: 'ia@demo.test', home: '/ia-dashboard' },
  { email: 'user@demo.test', home: '/user-dashboard' },
] as const;

void describe('dashboards', { timeout: 300_000 }, () => {
  after(closeBrowser);

  for (const role of ROLES) {
    void it(
      `${role.email} sees the role's numbers above the menu, in German and Italian, at 1440 and 768 px`,
      withPage(
        async (page) => {
          await signIn(page, role.email, DEMO_PASSWORD);
          await waitForPath(page, role.home);
          const d = await dashboardOf(page);
          assert.ok(d.cards.length > 0);
          await page.getByRole('heading', { level: 2, name: tr('de', 'dashboard:title') }).waitFor();
          await expectCardsShown(page, d);
          await axe(page);
          const name = role.email.split('@')[0]!;
          await screenshot(page, `dashboard-${name}-de-1440`);
          await page.setViewportSize({ width: 768, height: 1024 });
          await screenshot(page, `dashboard-${name}-de-768`);

          await chooseLanguage(page, 'it');
          try {
            await page.getByRole('heading', { level: 2, name: tr('it', 'dashboard:title') }).waitFor();
            await page
              .getByTestId(`dashboard-card-${d.cards[0]!.id}`)
              .getByText(tr('it', `dashboard:cards.${d.cards[0]!.id}`))
              .waitFor();
            await axe(page);
            await screenshot(page, `dashboard-${name}-it-768`);
            await page.setViewportSize({ width: 1440, height: 900 });
            await screenshot(page, `dashboard-${name}-it-1440`);
          } finally {
            await chooseLanguage(page, 'de');
          }
        },
        { viewport: { width: 1440, height: 900 } },
      ),
    );
  }

  void it(
    'an admin opens the orders waiting for a check and the total statistics of the month and counts what the cards say',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const d = await dashboardOf(page);
      await expectCardsShown(page, d);
      const orders = await openCard(page, d, 'orders_to_check');
      await eventually(async () => assert.equal(numberIn(await textOf(page.getByTestId('orders-total'))), orders));

      await page.goBack();
      await expectCardsShown(page, d);
      const sales = await openCard(page, d, 'sales_month');
      const total = page.getByTestId('totalstats-total');
      await total.waitFor();
      // The sales tab's table has a "Verkäufe" column; its total row is the card's number.
      const headers = await page.getByTestId('totalstats-table').locator('thead th').allTextContents();
      const column = headers.findIndex((h) => h.trim() === tr('de', 'totalstats:figures.sales'));
      assert.ok(column > 0, headers.join('|'));
      await eventually(async () => assert.equal(numberIn(await textOf(total.locator('th, td').nth(column))), sales));
    }),
  );

  for (const role of ['sa', 'ca', 'pa', 'ia'] as const) {
    void it(
      `${role}@demo.test opens the clients behind the clients card and finds as many`,
      withPage(async (page) => {
        await signIn(page, `${role}@demo.test`, DEMO_PASSWORD);
        const d = await dashboardOf(page);
        await expectCardsShown(page, d);
        const clients = await openCard(page, d, 'clients_in_list');
        await eventually(async () => assert.equal(numberIn(await textOf(page.getByTestId('clients-total'))), clients));
      }),
    );
  }

  void it(
    'a partner opens the people they referred and finds as many in their list',
    withPage(async (page) => {
      await signIn(page, 'partner@demo.test', DEMO_PASSWORD);
      const d = await dashboardOf(page);
      await expectCardsShown(page, d);
      const referred = await openCard(page, d, 'own_referrals');
      await eventually(async () =>
        assert.equal(numberIn(await textOf(page.getByTestId('partner-stats').getByRole('button').first())), referred),
      );
    }),
  );

  void it(
    'a call agent opens the recalls due and finds as many clients with the filter applied',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const d = await dashboardOf(page);
      await expectCardsShown(page, d);
      const recalls = await openCard(page, d, 'recalls_due');
      await eventually(async () => assert.equal(numberIn(await textOf(page.getByTestId('clients-total'))), recalls));
    }),
  );

  void it(
    'a promotion agent opens their leads of the year that bought and finds as many, with the filters shown',
    withPage(async (page) => {
      await signIn(page, 'pa@demo.test', DEMO_PASSWORD);
      const d = await dashboardOf(page);
      await expectCardsShown(page, d);
      const bought = await openCard(page, d, 'own_leads_bought_year');
      await page.getByTestId('created-by-me-chip').waitFor();
      await eventually(async () => assert.equal(numberIn(await textOf(page.getByTestId('clients-total'))), bought));
    }),
  );

  void it(
    "a call agent opens today's calls and finds their own row of today with as many",
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const d = await dashboardOf(page);
      await expectCardsShown(page, d);
      const calls = await openCard(page, d, 'calls_today');
      await page.getByTestId('totalstats-day').waitFor();
      const row = page.getByTestId('totalstats-row');
      await row.first().waitFor();
      const headers = await page.getByTestId('totalstats-table').locator('thead th').allTextContents();
      const column = headers.findIndex((h) => h.trim() === tr('de', 'totalstats:figures.calls'));
      assert.ok(column > 0, 'the calls column is shown');
      await eventually(async () => assert.equal(numberIn(await textOf(row.first().locator('th, td').nth(column))), calls));
    }),
  );

  void it(
    'a sales agent opens their sales of the month and finds their own row with as many',
    withPage(async (page) => {
      await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
      const d = await dashboardOf(page);
      await expectCardsShown(page, d);
      const sales = await openCard(page, d, 'own_sales_month');
      const row = page.getByTestId('totalstats-row');
      await row.first().waitFor();
      const headers = await page.getByTestId('totalstats-table').locator('thead th').allTextContents();
      const column = headers.findIndex((h) => h.trim() === tr('de', 'totalstats:figures.sales'));
      await eventually(async () => assert.equal(numberIn(await textOf(row.first().locator('th, td').nth(column))), sales));
    }),
  );

  void it(
    'a client opens their products and counts as many as the card',
    withPage(async (page) => {
      await signIn(page, 'user@demo.test', DEMO_PASSWORD);
      const d = await dashboardOf(page);
      await expectCardsShown(page, d);
      const products = await openCard(page, d, 'own_products');
      await eventually(async () => {
        const shown = await page.getByTestId('user-product').count();
        if (products === 0) {
          await page.getByTestId('user-products-empty').waitFor({ timeout: 100 });
        }
        assert.equal(shown, products);
      });
    }),
  );

  void it(
    "the OCR manager opens the import behind the rows to review; the import's review counts as many",
    withPage(async (page) => {
      await signIn(page, 'om@demo.test', DEMO_PASSWORD);
      const d = await dashboardOf(page);
      await expectCardsShown(page, d);
      const rows = await openCard(page, d, 'import_rows_to_review');
      let pending = 0;
      for (const importType of ['ocr', 'perspective', 'leads']) {
        const res = await page.request.get(`/api/import/prepare-import?importType=${importType}&limit=1`);
        assert.equal(res.status(), 200, await res.text());
        pending += ((await res.json()) as { counts: { not_reviewed: number } }).counts.not_reviewed;
      }
      assert.equal(rows, pending);
    }),
  );

  void it(
    'a failed load says so and offers to try again',
    withPage(async (page) => {
      await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
      await page.getByTestId('dashboard-computed').waitFor();
      await page.route('**/api/stats/dashboard-statistic*', (route) => route.fulfill({ status: 500, body: '{"error":"Server error"}' }));
      await page.reload();
      await page.getByTestId('dashboard-error').getByText(tr('de', 'dashboard:get_statistics_error')).waitFor();
      // The menu is still there.
      await page
        .getByTestId('dashboard-home')
        .getByRole('link', { name: tr('de', 'screens.clients') })
        .waitFor();
      await page.unroute('**/api/stats/dashboard-statistic*');
      await page.getByTestId('dashboard-error').getByRole('button').click();
      await page.getByTestId('dashboard-computed').waitFor();
    }),
  );
});
