import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import {
  afterNextFrame,
  closeBrowser,
  DEMO_PASSWORD,
  eventually,
  expectSnackbar,
  newContext,
  openScreen,
  screenshot,
  signIn,
  textOf,
  typeDate,
  watchSocketConnections,
  withPage,
} from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

const MAKE_A_DEMO_STATUSES = ['potential', 'unqualified', 'call_agents', 'user_rec', 'older'];
const TABLET = { width: 768, height: 1024 } as const;
/** Wide enough that the list shows its agent column (narrower screens leave it out for room). */
const WIDE = { width: 1920, height: 1080 } as const;

/** Every GET /api/clients list request of the page (not the nested tabs or actions), as query parameters. */
function recordListRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname === '/api/clients') {
      seen.push(url.searchParams);
    }
  });
  return seen;
}

/** The next answered list request whose parameters pass `match`. */
function listAnswer(page: Page, match: (params: URLSearchParams) => boolean): Promise<Response> {
  return page.waitForResponse((res) => {
    const url = new URL(res.url());
    return res.request().method() === 'GET' && url.pathname === '/api/clients' && match(url.searchParams);
  });
}

/** A text of common.json, or `fallback` when there is none (as the app shows an unknown error identifier). */
function translated(key: string, fallback: string): string {
  try {
    return tr('de', key);
  } catch {
    return fallback;
  }
}

const rows = (page: Page) => page.getByTestId('client-row');

async function statusesShown(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''));
}

/** The page is no wider than the window: only the table scrolls sideways. */
async function assertNoPageOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the window`);
}

void describe('clients list', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'call agent sees only make-a-demo leads in b2c, sorts, searches, is stopped by a date filter without dates, and opens a row',
    withPage(async (page) => {
      const requests = recordListRequests(page);
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const first = listAnswer(page, (p) => p.get('tableName') === 'b2c');
      await openScreen(page, 'clients', '/ca-dashboard/clients');
      assert.equal((await first).status(), 200);
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.clients'), exact: true }).waitFor();
      assert.equal(await page.getByTestId('clients-tab-b2c').getAttribute('aria-selected'), 'true');
      const tabs = await page.locator('[data-testid^="clients-tab-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      assert.deepEqual(
        tabs,
        ['b2c', 'b2b', 'buyers', 'email_reminders', 'listing'].map((t) => `clients-tab-${t}`),
      );

      // Spec 6: the call agent's defaults, sent with the first request.
      const sent = requests[0]!;
      assert.equal(sent.get('roles'), 'user');
      assert.equal(sent.get('statuses'), 'make_a_demo');
      assert.equal(sent.get('includeStatuses'), 'true');
      assert.equal(sent.get('presets'), 'exclude_sm_leads,recall');
      assert.equal(sent.get('limit'), '100');
      assert.equal(sent.get('orderBy'), 'updated_at');
      assert.equal(sent.get('orderMethod'), 'desc');

      await rows(page).first().waitFor();
      const statuses = await statusesShown(page);
      assert.ok(statuses.length > 0);
      assert.deepEqual(
        statuses.filter((s) => !MAKE_A_DEMO_STATUSES.includes(s)),
        [],
        'only make-a-demo statuses',
      );
      const chip = rows(page).first().locator('[data-status]').last();
      assert.equal(await chip.evaluate((e) => getComputedStyle(e).backgroundColor), 'rgb(0, 188, 212)');
      assert.match(await textOf(page.getByTestId('status-summary')), new RegExp(tr('de', 'clients:statuses.make_a_demo')));
      await screenshot(page, 'clients-list-call-agent-1280');

      // Sort by name: the server sorts.
      const sorted = listAnswer(page, (p) => p.get('orderBy') === 'name' && p.get('orderMethod') === 'asc');
      await page
        .getByRole('columnheader', { name: tr('de', 'clients:columns.name') })
        .getByRole('button')
        .click();
      await sorted;
      assert.equal(await page.getByRole('columnheader', { name: tr('de', 'clients:columns.name') }).getAttribute('aria-sort'), 'ascending');

      // Search by the surname of the first row (debounced: one request for the whole word).
      await rows(page).first().waitFor();
      const name = await textOf(rows(page).first().getByTestId('client-name'));
      const surname = name.split(',')[0]!.trim();
      const before = requests.length;
      await page.getByTestId('clients-search').pressSequentially(surname, { delay: 20 });
      await eventually(() => assert.ok(requests.slice(before).some((p) => p.get('search') === surname)));
      assert.equal(requests.slice(before).filter((p) => p.get('search') !== surname).length, 0, 'no request per keystroke');
      await eventually(async () => {
        const names = await rows(page).getByTestId('client-name').allTextContents();
        assert.ok(names.includes(name), `${name} is found: ${names.join('; ')}`);
        assert.ok(names.length < 100, 'the search narrows the list');
      }, 20_000);

      // A date filter without dates: the error shows next to the field and nothing is sent.
      await page.getByTestId('clients-search').fill('');
      await listAnswer(page, (p) => !p.has('search'));
      await page.getByTestId('toggle-filters').click();
      const panel = page.getByTestId('clients-filter-panel');
      await panel.waitFor();
      await page.getByTestId('add-custom-filter').click();
      const filter = panel.getByTestId('custom-filter').first();
      await filter.getByRole('combobox', { name: tr('de', 'clients:filters.field') }).click();
      await page.getByRole('option', { name: tr('de', 'clients:fields.created_at'), exact: true }).click();
      const sentBefore = requests.length;
      await page.getByTestId('run-search').click();
      const error = filter.locator('.MuiFormHelperText-root').first();
      await error.waitFor();
      assert.equal(await textOf(error), tr('de', 'validation.one_of_the_dates_is_required'));
      assert.equal(await filter.getByRole('group', { name: tr('de', 'clients:filters.dateFrom') }).getAttribute('aria-invalid'), 'true');
      // A frame after the render that showed the error: a request it caused would have gone out by then.
      await afterNextFrame(page);
      assert.equal(requests.length, sentBefore, 'no request with an invalid filter');
      await screenshot(page, 'clients-list-call-agent-filter-error');

      // Fixed: the request carries the range and rows come back.
      await typeDate(filter.getByTestId('custom-filter-from'), '01.01.2000');
      assert.equal(await filter.locator('.MuiFormHelperText-root').count(), 0, 'editing clears the error');
      const filtered = listAnswer(page, (p) => p.get('created_at_from') === '2000-01-01');
      await page.getByTestId('run-search').click();
      assert.equal((await filtered).status(), 200);
      await rows(page).first().waitFor();

      // A row opens into its nested tabs.
      const row = rows(page).first();
      const id = await row.getAttribute('data-client-id');
      await row.getByTestId('expand-row').click();
      const nested = page.locator(`[data-testid="nested-tabs"][data-client-id="${id}"]`);
      await nested.waitFor();
      for (const tab of ['recommendations', 'duplicates', 'cohabitants', 'block_neighbors']) {
        assert.match(await textOf(nested.getByTestId(`nested-tab-${tab}`)), new RegExp(tr('de', `clients:nested.tabs.${tab}`)));
      }
      await nested.getByTestId('nested-tab-duplicates').click();
      assert.equal(await nested.getByTestId('nested-tab-duplicates').getAttribute('aria-selected'), 'true');
      await screenshot(page, 'clients-list-call-agent-expanded');
    }),
  );

  void it(
    'call agent on a tablet: the list fits the window; a column left out for room is shown on request, and with every column the table scrolls with its first column in view',
    withPage(
      async (page) => {
        await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
        await page.goto('/ca-dashboard/clients');
        await rows(page).first().waitFor();
        await assertNoPageOverflow(page);
        await page.getByTestId('toggle-filters').click();
        await page.getByTestId('add-custom-filter').click();
        await assertNoPageOverflow(page);
        await screenshot(page, 'clients-list-call-agent-768');
        await page.getByTestId('toggle-filters').click();
        const table = page.getByTestId('clients-table');
        const scroller = table.locator('xpath=..');
        const fits = () => scroller.evaluate((e) => e.scrollWidth <= e.clientWidth + 1);
        const headers = async () => (await table.locator('thead tr').first().locator('th').allTextContents()).map((h) => h.trim());
        const address = tr('de', 'clients:columns.address');
        assert.ok(await fits(), 'the table fits without scrolling sideways');
        assert.ok(!(await headers()).includes(address), 'the address is left out for room');

        // The columns menu says the address was left out for room; ticking it shows it, and a column of less
        // weight gives way. Every column ticked so, the table scrolls sideways as the last resort, the first
        // column kept in view.
        await page.getByTestId('table-columns-button').click();
        const menu = page.getByTestId('table-columns-menu');
        const entry = menu.locator('[data-column="address"]');
        const noRoom = menu.locator('li').filter({ hasText: tr('de', 'tables:hiddenForSpace') });
        await entry.getByText(tr('de', 'tables:hiddenForSpace')).waitFor();
        assert.ok(!(await entry.getByRole('checkbox').isChecked()));
        try {
          const leftOut = await noRoom.count();
          await entry.getByRole('checkbox').check();
          await eventually(async () => assert.ok((await headers()).includes(address)));
          assert.ok(await fits(), 'the address shown, the table still fits');
          assert.ok((await noRoom.count()) >= leftOut, 'another column gave way');
          while ((await noRoom.count()) > 0) {
            await noRoom.first().getByRole('checkbox').check();
          }
          await page.keyboard.press('Escape');
          await menu.waitFor({ state: 'detached' });
          assert.ok(!(await fits()), 'every column shown, the table scrolls');
          const firstCell = table.locator('thead th').first();
          const before = (await firstCell.boundingBox())!.x;
          const scrolled = await scroller.evaluate((e) => {
            e.scrollLeft = e.scrollWidth;
            return e.scrollLeft;
          });
          assert.ok(scrolled > 0, 'the table scrolls sideways');
          assert.equal((await firstCell.boundingBox())!.x, before, 'the first column stays in view');
          await screenshot(page, 'clients-list-call-agent-768-scrolled');
        } finally {
          // Back to the default layout: other tests read the call agent's list as it starts.
          const saved = page.waitForResponse(
            (res) => res.request().method() === 'PUT' && new URL(res.url()).pathname.startsWith('/api/general/snapshot/'),
          );
          await page.getByTestId('table-columns-button').click();
          await page.getByRole('button', { name: tr('de', 'tables:resetLayout') }).click();
          await page.keyboard.press('Escape');
          await saved;
        }
      },
      { viewport: TABLET, touch: true },
    ),
  );

  void it(
    'the incoming-call link opens the list filtered by the phone number, shown as a removable chip',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      await page.goto('/ca-dashboard/clients');
      await rows(page).first().waitFor();
      const phones = await rows(page).locator('td:nth-child(4)').allTextContents();
      const phone = phones.map((p) => p.split('/')[0]!.trim()).find((p) => /\d{3} \d{3} \d{2} \d{2}/.test(p))!;
      assert.ok(phone, 'a client with a phone number');

      const filtered = listAnswer(page, (p) => p.get('number') === phone);
      await page.goto(`/ca-dashboard/ca-clients?number=${encodeURIComponent(phone)}`);
      await page.waitForURL((url) => url.pathname === '/ca-dashboard/clients' && url.searchParams.get('number') === phone);
      assert.equal((await filtered).status(), 200);
      const chip = page.getByTestId('number-chip');
      assert.equal(await textOf(chip), tr('de', 'clients:numberFilter', { number: phone }));
      // Every row has the number, in whatever writing it was stored ("076/098 55 43" is "076 098 55 43").
      const digits = (text: string) => text.replace(/\D/g, '');
      await eventually(async () => {
        const shown = await rows(page).locator('td:nth-child(4)').allTextContents();
        assert.ok(shown.length > 0 && shown.every((p) => digits(p).includes(digits(phone).slice(-9))), shown.join('; '));
      });

      const all = listAnswer(page, (p) => !p.has('number'));
      await chip.locator('.MuiChip-deleteIcon').click();
      await all;
      assert.equal(new URL(page.url()).searchParams.has('number'), false);
      assert.equal(await chip.count(), 0);
    }),
  );

  void it(
    'admin links a cohabitant and unlinks it after confirming, starts a call and exports two clients',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await page.goto('/admin-dashboard/clients?tab=b2c');
      await rows(page).first().waitFor();
      const withPhone = rows(page).filter({ has: page.locator('td:nth-child(4)', { hasText: /\d{3} \d{3} \d{2} \d{2}/ }) });
      const a = withPhone.nth(0);
      const b = withPhone.nth(1);
      const aId = (await a.getAttribute('data-client-id'))!;
      const aName = await textOf(a.getByTestId('client-name'));
      const bName = await textOf(b.getByTestId('client-name'));
      const bPhone = (await textOf(b.locator('td:nth-child(4)'))).split('/')[0]!.trim();
      const rowA = page.locator(`[data-testid="client-row"][data-client-id="${aId}"]`);

      // Link: from the row's menu, find the other client by phone.
      await rowA.getByTestId('row-actions').click();
      await page.getByRole('menuitem', { name: tr('de', 'clients:actions.link_cohabitant') }).click();
      const dialog = page.getByTestId('link-dialog');
      await dialog.getByTestId('link-search').fill(bPhone);
      await dialog.getByTestId('link-candidate').filter({ hasText: bName }).first().click();
      await dialog.getByTestId('link-confirm').click();
      await expectSnackbar(page, tr('de', 'clients:linked'));

      // The cohabitants tab of the row shows the other client; unlinking asks first and names both.
      await rowA.getByTestId('expand-row').click();
      const nested = page.locator(`[data-testid="nested-tabs"][data-client-id="${aId}"]`);
      await nested.getByTestId('nested-tab-cohabitants').click();
      const linked = nested.getByTestId('nested-cohabitant-row').filter({ hasText: bName });
      await linked.waitFor();
      await linked.getByRole('button', { name: tr('de', 'clients:actions.unlink') }).click();
      const confirm = page.getByTestId('confirm-dialog');
      assert.equal(
        await textOf(confirm.locator('.MuiDialogContentText-root')),
        tr('de', 'clients:confirm.unlinkText_cohabitant', { name: aName, other: bName }),
      );
      await confirm.getByTestId('confirm-action').click();
      await expectSnackbar(page, tr('de', 'clients:unlinked'));
      await eventually(async () => assert.equal(await nested.getByTestId('nested-cohabitant-row').filter({ hasText: bName }).count(), 0));

      // A call through the telephony adapter.
      await rowA.getByTestId('row-actions').click();
      const called = page.waitForResponse((r) => r.url().includes(`/api/clients/initiate-call/${aId}`));
      await page.getByTestId('action-call').click();
      const answer = await called;
      // The demo admin has no telephony line: then the error of spec 8 says why.
      const body = (await answer.json()) as Partial<Json<'get', '/api/clients/initiate-call/{id}'>> & { error?: string };
      const expected = answer.ok()
        ? tr('de', 'clients:callStarted', { name: aName, number: body.data!.number })
        : tr('de', 'clients:initiate_call_error', { reason: translated(`errors.${body.error}`, body.error!) });
      await expectSnackbar(page, expected);

      // Export of two selected clients; the file is offered for download.
      await rows(page).nth(0).getByTestId('select-row').click();
      await rows(page).nth(1).getByTestId('select-row').click();
      const exportButton = page.getByTestId('export-clients');
      assert.equal(await textOf(exportButton), tr('de', 'clients:export', { count: 2 }));
      await exportButton.click();
      await expectSnackbar(page, tr('de', 'clients:exported', { count: 2 }));
      const download = page.getByRole('link', { name: tr('de', 'clients:download') });
      if ((await download.count()) > 0) {
        assert.match((await download.getAttribute('href')) ?? '', /^\/api\/files\/[\w-]+$/);
      }
      await screenshot(page, 'clients-list-admin-actions');
    }),
  );

  void it(
    'a client changed by someone else is replaced in the open list (live event client_updated)',
    withPage(
      async (page) => {
        const requests = recordListRequests(page);
        const sockets = watchSocketConnections(page);
        await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
        // The landing screen's socket is admitted before the list is opened in a page of its own.
        await sockets.connected(1);
        await page.goto('/ca-dashboard/clients');
        await rows(page).first().waitFor();
        const row = rows(page).first();
        const id = (await row.getAttribute('data-client-id'))!;
        const shownRow = page.locator(`[data-testid="client-row"][data-client-id="${id}"]`);
        // Until the tab's socket is connected, an event would pass unheard. The list listens on it (spec 9: one socket per tab).
        await sockets.connected(2);

        // An admin in another browser links a sales agent to the client.
        const admin = await newContext();
        const adminPage = await admin.newPage();
        await signIn(adminPage, 'admin@demo.test', DEMO_PASSWORD);
        const agents = (await (await adminPage.request.get('/api/sales-agents?is_active=true')).json()) as Json<'get', '/api/sales-agents'>;
        const agent = agents.data[0]!;
        const listed = requests.length;
        const changed = await adminPage.request.post(`/api/clients/update-linked-agents/${id}`, { data: { agent_id: agent.id } });
        assert.equal(changed.status(), 200, await changed.text());

        await eventually(async () => {
          const text = await textOf(shownRow);
          for (const part of agent.name.split(' ')) {
            assert.ok(text.includes(part), `the row shows ${agent.name}: ${text}`);
          }
        });
        assert.equal(requests.length, listed, 'the row came over the socket, not from a new list request');
        // The event came on the one socket: the list opened no second one (it would have been admitted by now).
        assert.equal(sockets.admitted(), 2, 'one socket connection per page: the landing screen and the list');
        assert.ok(sockets.websockets() <= 2, `at most one WebSocket per page, not ${sockets.websockets()}`);
      },
      { viewport: WIDE },
    ),
  );

  void it(
    'admin opens the list on the buyers tab and toggles a preset',
    withPage(async (page) => {
      const requests = recordListRequests(page);
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await openScreen(page, 'clients', '/admin-dashboard/clients');
      assert.equal(await page.getByTestId('clients-tab-buyers').getAttribute('aria-selected'), 'true');
      await rows(page).first().waitFor();
      const first = requests[0]!;
      assert.equal(first.get('tableName'), 'buyers');
      assert.equal(first.get('presets'), '');
      await screenshot(page, 'clients-list-admin-1280');

      const preset = page.getByTestId('preset-finished');
      assert.equal(await preset.getAttribute('aria-pressed'), 'false');
      const toggled = listAnswer(page, (p) => p.get('tableName') === 'buyers' && p.get('presets') === 'finished');
      await preset.click();
      assert.equal((await toggled).status(), 200);
      assert.equal(await preset.getAttribute('aria-pressed'), 'true');

      // The admin's b2c tab carries the admin's defaults: these statuses left out.
      const b2c = listAnswer(page, (p) => p.get('tableName') === 'b2c');
      await page.getByTestId('clients-tab-b2c').click();
      const params = new URL((await b2c).url()).searchParams;
      assert.equal(params.get('statuses'), 'archived,without_number,single_man,wrong_data');
      assert.equal(params.get('includeStatuses'), 'false');
      assert.equal(params.get('presets'), 'exclude_sm_leads,exclude_linked_agent');
    }),
  );

  void it(
    'admin on a tablet: the list fits the window',
    withPage(
      async (page) => {
        await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
        await page.goto('/admin-dashboard/clients?tab=b2c');
        await rows(page).first().waitFor();
        await assertNoPageOverflow(page);
        await screenshot(page, 'clients-list-admin-768');
      },
      { viewport: TABLET, touch: true },
    ),
  );
});
