import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
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
import type { Item, Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

type Row = Item<'get', '/api/clients'>;

async function clients(page: Page, query: Record<string, string>): Promise<Row[]> {
  const res = await page.request.get(`/api/clients?${new URLSearchParams(query).toString()}`);
  assert.equal(res.status(), 200, await res.text());
  return ((await res.json()) as Json<'get', '/api/clients'>).data;
}

/** The ids of the results in the order the screen shows them. */
async function shownIds(page: Page): Promise<number[]> {
  return page.getByTestId('search-result').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-client-id'))));
}

async function search(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('search-input');
  await input.fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text.trim());
  await page.getByTestId('search-results').or(page.getByTestId('search-none')).first().waitFor();
}

void describe('search', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'call agent finds a client by a phone number written differently from how it is stored, and opens it',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const rows = await clients(page, { statuses: '', presets: '', limit: '50' });
      const stored = rows.find((r) => /^07\d \d{3} \d{2} \d{2}$/.test(r.user.mobile_phone ?? ''));
      assert.ok(stored, 'a demo client with a mobile phone written like 079 123 45 67');
      const written = stored.user.mobile_phone!;
      const international = `+41${written.replace(/\D/g, '').slice(1)}`;

      await openScreen(page, 'search', '/ca-dashboard/search');
      await page.getByTestId('search-empty').waitFor();
      await search(page, international);
      const result = page.locator(`[data-testid="search-result"][data-client-id="${stored.id}"]`);
      await result.waitFor();
      // The number matched as the client wrote it, marked.
      assert.equal(await textOf(result.locator('mark').first()), written);
      await screenshot(page, 'search-phone-1280');

      await result.click();
      await waitForPath(page, `/ca-dashboard/show-user/${stored.id}`);

      // The same number with 0041 and spaces, from the top bar's search box: Enter on the first result opens it.
      const spaced = `0041 ${written.slice(1)}`;
      const topBar = page.getByRole('banner').getByRole('textbox', { name: tr('de', 'shell.search') });
      await topBar.fill(spaced);
      await topBar.press('Enter');
      await page.waitForURL((url) => url.pathname === '/ca-dashboard/search' && url.searchParams.get('q') === spaced);
      await result.waitFor();
      await eventually(async () => assert.equal(await page.getByTestId('search-input').inputValue(), spaced));
    }),
  );

  void it(
    'call agent searches a name fragment in lower case and sees the best matches first, marked, and walks them with the keyboard',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const rows = await clients(page, { statuses: '', presets: '', limit: '50' });
      const surname = rows.map((r) => r.user.surname).find((s) => s.length >= 5);
      assert.ok(surname);
      const fragment = surname.slice(0, 4).toLowerCase();

      await page.goto('/ca-dashboard/search');
      await search(page, fragment);
      const expected = (await clients(page, { search: fragment, statuses: '', presets: '', orderBy: 'relevance', limit: '25' })).map(
        (r) => r.id,
      );
      assert.ok(expected.length > 0);
      assert.deepEqual(await shownIds(page), expected);
      // Best match first: the first result's name holds the fragment, and it is marked.
      const first = page.getByTestId('search-result').first();
      assert.match((await textOf(first.getByTestId('search-result-name'))).toLowerCase(), new RegExp(fragment));
      assert.equal((await textOf(first.locator('mark').first())).toLowerCase(), fragment);
      await screenshot(page, 'search-name-1280');

      // ↓ moves to the second result, ↑ back, Enter opens the chosen one.
      const input = page.getByTestId('search-input');
      if (expected.length > 1) {
        await input.press('ArrowDown');
        assert.equal(await page.getByTestId('search-result').nth(1).getAttribute('aria-selected'), 'true');
        await input.press('ArrowDown');
        await input.press('ArrowUp');
      }
      const chosen = expected.length > 1 ? expected[1] : expected[0];
      await input.press('Enter');
      await waitForPath(page, `/ca-dashboard/show-user/${chosen}`);
    }),
  );

  void it(
    'a search without results says what to do next, and works on a tablet',
    withPage(
      async (page) => {
        await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
        const rows = await clients(page, { statuses: '', presets: '', limit: '5' });
        const surname = rows[0]?.user.surname ?? '';
        assert.ok(surname.length >= 3);
        await page.goto('/ca-dashboard/search?q=zzqxw');
        await page.getByTestId('search-none').waitFor();
        assert.match(await textOf(page.getByTestId('search-none')), /zzqxw/);
        await page.getByTestId('search-input').fill(surname.toLowerCase());
        await page.getByTestId('search-result').first().waitFor();
        await screenshot(page, 'search-name-768');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 768, `no horizontal scrolling at 768 px (page is ${width} px wide)`);
      },
      { viewport: { width: 768, height: 1024 }, touch: true },
    ),
  );
});
