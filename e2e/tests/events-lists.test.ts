import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { formatMoney, formatNumber } from '@bo/domain';
import type { Page, Response } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  eventually,
  openScreen,
  screenshot,
  signIn,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

/** CHF as the page shows it, with the white space textOf reads (de-CH puts a no-break space after CHF). */
const chf = (rappen: number) => formatMoney(rappen).replace(/\s+/g, ' ');

/** Every GET request of the page to `path`, as query parameters. */
function recordRequests(page: Page, path: string): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname === path) {
      seen.push(url.searchParams);
    }
  });
  return seen;
}

/** The next answer of GET `path` whose parameters pass `match`. */
function answer(page: Page, path: string, match: (p: URLSearchParams) => boolean = () => true): Promise<Response> {
  return page.waitForResponse((res) => {
    const url = new URL(res.url());
    return res.request().method() === 'GET' && url.pathname === path && match(url.searchParams);
  });
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()) as T;
}

const rows = (page: Page) => page.getByTestId('event-row');
const attrOfRows = (page: Page, name: string) => rows(page).evaluateAll((els, n) => els.map((e) => e.getAttribute(n) ?? ''), name);

/** Opens a select of the filter bar and picks the option named `label`. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** The page shows the rows of the last answer (or its empty text). */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('events-table').waitFor();
  await eventually(async () => {
    const total = await textOf(page.getByTestId('events-total'));
    assert.ok(total !== '', 'the total shows');
    assert.equal(await page.getByTestId('events-table').locator('.MuiCircularProgress-root').count(), 0);
  });
}

void describe('events lists', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'sales agent opens the upcoming events, switches tabs, filters by status and search, and opens a past presentation',
    withPage(async (page) => {
      const upcoming = recordRequests(page, '/api/events-upcoming');
      await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
      const first = answer(page, '/api/events-upcoming');
      await openScreen(page, 'eventsUpcoming', '/sa-dashboard/events-upcoming');
      assert.equal((await first).status(), 200);
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.eventsUpcoming'), exact: true }).waitFor();
      // Today is the default tab; the nearest first, 50 a page (spec 9); agents have no agent filter.
      assert.equal(await page.getByTestId('events-tab-today').getAttribute('aria-selected'), 'true');
      const firstParams = upcoming[0]!;
      assert.deepEqual(
        { period: firstParams.get('period'), sorted: firstParams.get('sorted'), limit: firstParams.get('limit') },
        { period: 'today', sorted: 'asc', limit: '50' },
      );
      assert.equal(await page.getByTestId('events-agent-filter').count(), 0);
      const tabs = await page.locator('[data-testid^="events-tab-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      assert.deepEqual(tabs, ['events-tab-today', 'events-tab-week', 'events-tab-month']);
      await settled(page);
      await screenshot(page, 'events-upcoming-today-1280');

      const week = answer(page, '/api/events-upcoming', (p) => p.get('period') === 'week');
      await page.getByTestId('events-tab-week').click();
      assert.equal((await week).status(), 200);
      await waitForPath(page, '/sa-dashboard/events-upcoming?tab=week');

      const month = answer(page, '/api/events-upcoming', (p) => p.get('period') === 'month');
      await page.getByTestId('events-tab-month').click();
      const monthBody = (await (await month).json()) as Json<'get', '/api/events-upcoming'>;
      assert.ok(monthBody.total > 0, 'the demo agent has events in the coming 30 days');
      await settled(page);

      // Status: only planned events are asked for and shown.
      const planned = answer(page, '/api/events-upcoming', (p) => p.get('status') === 'planned' && p.get('period') === 'month');
      await choose(page, 'events-status-filter', tr('de', 'events:statuses.planned'));
      assert.equal((await planned).status(), 200);
      await eventually(async () => {
        const statuses = await attrOfRows(page, 'data-status');
        assert.ok(statuses.length > 0);
        assert.deepEqual([...new Set(statuses)], ['planned']);
      });

      // Search: typing waits for a pause (500 ms) before it asks once.
      const target = monthBody.data.find((e) => e.status === 'planned' && e.client)!;
      const surname = target.client!.surname;
      const searched = answer(page, '/api/events-upcoming', (p) => p.get('search') === surname);
      await page.getByTestId('events-search').pressSequentially(surname, { delay: 40 });
      assert.equal((await searched).status(), 200);
      await eventually(async () => {
        const ids = (await attrOfRows(page, 'data-event-id')).map(Number);
        assert.ok(ids.includes(target.id), `event ${target.id} of ${surname} is shown`);
        for (const name of await page.getByTestId('event-client').allTextContents()) {
          assert.ok(name.includes(surname), `${name} matches the search`);
        }
      });
      const withSearch = upcoming.filter((p) => p.has('search'));
      assert.equal(
        withSearch.length,
        1,
        `one request for the search, not one per key (${withSearch.map((p) => p.get('search')).join(' | ')})`,
      );
      assert.equal(withSearch[0]!.get('status'), 'planned');
      await screenshot(page, 'events-upcoming-filtered-1280');

      // The history: the past, newest first; a held presentation opens read-only.
      const history = answer(page, '/api/events-history');
      await openScreen(page, 'eventsHistory', '/sa-dashboard/events-history');
      const historyAnswer = await history;
      assert.equal(new URL(historyAnswer.url()).searchParams.get('period'), 'past');
      assert.equal(new URL(historyAnswer.url()).searchParams.get('sorted'), 'desc');
      await settled(page);
      const held = page.locator('[data-testid="event-row"][data-type="presentation"][data-status="success"]').first();
      const id = Number(await held.getAttribute('data-event-id'));
      assert.ok(id > 0, 'a held presentation is in the history');
      await screenshot(page, 'events-history-1280');
      const detail = answer(page, `/api/event/${id}`, (p) => p.get('eventType') === 'presentation');
      await held.getByTestId('event-view').click();
      await waitForPath(page, `/sa-dashboard/events-history/view-presentation/${id}`);
      const event = (await (await detail).json()) as Json<'get', '/api/event/{id}'>;
      await page.getByTestId('view-event').waitFor();
      assert.equal(await page.getByTestId('view-status').locator('[data-status]').getAttribute('data-status'), 'success');
      assert.equal(await textOf(page.getByTestId('view-agent')), `${event.data.agent!.name} ${event.data.agent!.surname}`);
      assert.equal(await textOf(page.getByTestId('answer-was-at-home')), tr('de', 'events:yes'));
      assert.equal(await page.getByTestId('view-line').count(), event.data.presentation_products.length);
      if (event.data.presentation_products.length > 0) {
        const prices = await page.getByTestId('view-line-price').allTextContents();
        assert.deepEqual(
          prices.map((p) => p.replace(/\s+/g, ' ').trim()),
          event.data.presentation_products.map((l) => chf(l.price)),
        );
      }
      await screenshot(page, 'events-view-presentation-1280');
      await page.getByRole('link', { name: tr('de', 'events:view.backToHistory') }).click();
      await waitForPath(page, '/sa-dashboard/events-history');
    }),
  );

  void it(
    'admin sees the presentations pages with their counters, filters the upcoming events by agent and opens a receipt',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const counted = answer(page, '/api/presentations-counts/');
      const firstList = answer(page, '/api/presentations');
      await openScreen(page, 'presentations', '/admin-dashboard/presentations');
      const counts = ((await (await counted).json()) as Json<'get', '/api/presentations-counts/'>).data;
      assert.equal(new URL((await firstList).url()).searchParams.get('page'), 'expired');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.presentations'), exact: true }).waitFor();

      for (const tab of ['expired', 'future', 'successful', 'delivery'] as const) {
        const label = `${formatNumber(counts[tab])}${counts.capped[tab] ? '+' : ''}`;
        assert.equal(await textOf(page.getByTestId(`presentations-count-${tab}`)), label, `counter of ${tab}`);
        if (tab !== 'expired') {
          const list = answer(page, '/api/presentations', (p) => p.get('page') === tab);
          await page.getByTestId(`presentations-tab-${tab}`).click();
          const res = await list;
          assert.equal(new URL(res.url()).searchParams.get('limit'), '20');
          const body = (await res.json()) as Json<'get', '/api/presentations'>;
          assert.equal(body.total, counts[tab], `the ${tab} list holds what its counter counts`);
        }
        await eventually(async () => {
          const shown = await page.getByTestId('presentation-row').count();
          assert.equal(shown, Math.min(counts[tab], 20));
        });
      }
      assert.equal(await page.getByTestId('presentations-count-history').count(), 0);

      await page.getByTestId('presentations-tab-successful').click();
      await page.getByTestId('presentation-row').first().waitFor();
      await screenshot(page, 'presentations-successful-1280');
      const withReceipt = page
        .getByTestId('presentation-row')
        .filter({ has: page.getByTestId('event-receipt') })
        .first();
      const id = Number(await withReceipt.getAttribute('data-event-id'));
      const receiptAnswer = answer(page, `/api/receipt/${id}`);
      await withReceipt.getByTestId('event-receipt').click();
      await waitForPath(page, `/admin-dashboard/receipt/${id}`);
      const receipt = ((await (await receiptAnswer).json()) as Json<'get', '/api/receipt/{id}'>).data;
      await page.getByTestId('receipt-sheet').waitFor();
      assert.equal(await textOf(page.getByTestId('receipt-total-total')), chf(receipt.totals.total));
      assert.equal(await page.getByTestId('receipt-line').count(), receipt.lines.length);
      assert.equal(await page.getByTestId('receipt-pdf').getAttribute('href'), `/api/receipt/${id}/pdf`);
      const pdf = await page.request.get(`/api/receipt/${id}/pdf`);
      assert.equal(pdf.status(), 200);
      assert.match(pdf.headers()['content-type'] ?? '', /application\/pdf/);
      await screenshot(page, 'receipt-1280');
      // On paper: the receipt without the navigation and the buttons.
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.getByTestId('side-nav').isVisible(), false);
      assert.equal(await page.getByTestId('receipt-pdf').isVisible(), false);
      assert.equal(await page.getByTestId('receipt-sheet').isVisible(), true);
      await screenshot(page, 'receipt-print');
      await page.emulateMedia({ media: 'screen' });

      // The upcoming events of one agent: the admin's agent filter.
      const agents = (await getJson<Json<'get', '/api/sales-agents'>>(page, '/api/sales-agents?limit=500')).data;
      const marco = agents.find((a) => a.name === 'Marco Bernasconi')!;
      await openScreen(page, 'eventsUpcoming', '/admin-dashboard/events-upcoming');
      await page.getByTestId('events-tab-month').click();
      await settled(page);
      const filtered = answer(page, '/api/events-upcoming', (p) => p.get('agent_id') === String(marco.id));
      await choose(page, 'events-agent-filter', marco.name);
      const body = (await (await filtered).json()) as Json<'get', '/api/events-upcoming'>;
      assert.ok(body.total > 0);
      await eventually(async () => {
        assert.equal(await rows(page).count(), Math.min(body.total, 50));
        assert.deepEqual([...new Set(await attrOfRows(page, 'data-agent-id'))], [String(marco.id)]);
      });
    }),
  );
});
