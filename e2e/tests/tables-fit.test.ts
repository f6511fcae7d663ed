import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { menuFor, roleByCode, screenPath, type RoleCode } from '@bo/domain';
import { closeBrowser, DEMO_PASSWORD, DEMO_SIGN_INS, eventually, screenshot, signIn, withPage } from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

/**
 * Every list fits its screen (issue: tables that fit): at the office width (1440 px) and on a tablet
 * (768 px), no table reaches past its box and no page scrolls sideways, on every screen of every role's
 * menu and in each of a screen's tabs. A column may clip or wrap its text; it may not push others out.
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
] as const;

const ROLE_SIGN_INS: Record<RoleCode, string> = DEMO_SIGN_INS;

interface Overflow {
  what: string;
  by: number;
}

/** Tables measured so far in this file: a screen that drew none was not checked. */
let tablesMeasured = 0;

/** What reaches past its box on the page as it is drawn now. */
function overflows(page: Page): Promise<Overflow[]> {
  // (The app bar is checked on its own, in a page opened at the tablet's width: see titleCut.)
  return page.evaluate(() => {
    const found: { what: string; by: number }[] = [];
    const viewport = document.documentElement.clientWidth;
    const pageWidth = document.scrollingElement?.scrollWidth ?? viewport;
    if (pageWidth > viewport + 1) {
      found.push({ what: 'the page scrolls sideways', by: pageWidth - viewport });
    }
    const main = document.querySelector('main');
    for (const table of main ? Array.from(main.querySelectorAll('table')) : []) {
      if (table.getClientRects().length === 0 || getComputedStyle(table).visibility === 'hidden') {
        continue; // not shown (a closed tab, a collapsed row or section)
      }
      const name = table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? 'a table';
      const right = table.getBoundingClientRect().right;
      if (right > viewport + 1) {
        found.push({ what: `"${name}" reaches past the window`, by: Math.round(right - viewport) });
      }
      let box = table.parentElement;
      while (box && box !== main && getComputedStyle(box).overflowX === 'visible') {
        box = box.parentElement;
      }
      if (box && box !== main && box.scrollWidth > box.clientWidth + 1) {
        found.push({ what: `"${name}" scrolls sideways in its box`, by: box.scrollWidth - box.clientWidth });
      }
    }
    return found;
  });
}

/**
 * How much of the app bar's title is cut off. Checked in a page opened at its width: Chromium does not
 * always apply the media queries again after a window resize while an audio player is on the page.
 */
function titleCut(page: Page): Promise<number> {
  return page.evaluate(() => {
    const title = document.querySelector('.MuiAppBar-root h6');
    return title instanceof HTMLElement && title.offsetParent !== null ? title.scrollWidth - title.clientWidth : 0;
  });
}

/** The screen has drawn its rows: nothing says loading any more. */
async function settled(page: Page): Promise<void> {
  const main = page.locator('main');
  await main.waitFor();
  await main.getByText(tr('de', 'tables:loading')).first().waitFor({ state: 'detached' });
  await main.locator('.MuiCircularProgress-root').first().waitFor({ state: 'detached' });
}

/**
 * Checks the page at both widths; the page is drawn again at each width, not reloaded. A table fits
 * itself to a new width in the frames after the window changed, so what overflows is asked again until
 * nothing does or the time is up; what still overflows then is reported.
 */
async function checkWidths(page: Page, where: string, problems: string[]): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settled(page);
    let found: Overflow[] = [];
    try {
      tablesMeasured += await page.locator('main table').count();
      await eventually(async () => {
        found = await overflows(page);
        assert.deepEqual(found, []);
      }, 3_000);
    } catch {
      problems.push(...found.map((o) => `${where} at ${size.width} px: ${o.what} by ${o.by} px`));
      await screenshot(page, `tables-fit-${where}-${size.width}`);
    }
  }
  await page.setViewportSize(WIDTHS[0]);
}

/** Each tab of the screen's first row of tabs (found again by its name: a tab may redraw the row), at both widths. */
async function checkScreen(page: Page, where: string, problems: string[]): Promise<void> {
  await settled(page);
  const tabList = page.locator('main [role="tablist"]').first();
  const names = (await tabList.count()) === 0 ? [] : (await tabList.getByRole('tab').allTextContents()).map((n) => n.trim());
  if (names.length === 0) {
    await checkWidths(page, where, problems);
    return;
  }
  for (const name of names) {
    const tab = page.locator('main [role="tablist"]').first().getByRole('tab', { name, exact: true });
    if ((await tab.count()) === 0 || (await tab.isDisabled())) {
      continue;
    }
    await tab.click();
    await checkWidths(page, `${where} tab ${name}`, problems);
  }
}

void describe('tables that fit', { timeout: 600_000 }, () => {
  after(closeBrowser);

  for (const code of (process.env.FIT_ROLES?.split(',') ?? Object.keys(ROLE_SIGN_INS)) as RoleCode[]) {
    void it(
      `${code}: every screen of the menu fits at 1440 and 768 px`,
      withPage(async (page) => {
        await page.setViewportSize(WIDTHS[1]);
        await signIn(page, ROLE_SIGN_INS[code], DEMO_PASSWORD);
        await settled(page);
        assert.ok((await titleCut(page)) <= 1, 'the app bar shows its whole title on a tablet');
        const problems: string[] = [];
        const before = tablesMeasured;
        for (const screen of menuFor(code)) {
          if (screen.id === 'createClient' || screen.id === 'userCreateRecommendation' || screen.id === 'createAgent') {
            continue; // forms, no lists
          }
          await page.goto(screenPath(code, screen));
          await checkScreen(page, `${roleByCode(code).abbr} ${screen.id}`, problems);
        }
        assert.deepEqual(problems, []);
        // The OCR manager's screens show a table only once a file was read.
        assert.ok(code === 'ocr_manager' || tablesMeasured > before, "the role's lists were drawn and measured");
      }),
    );
  }

  void it(
    'admin: a buyer opened in the clients list, a sold demo and its receipt fit at 1440 and 768 px',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const problems: string[] = [];
      const before = tablesMeasured;

      // A buyer's row opened in the list: its events and orders in tabs.
      await page.goto('/admin-dashboard/clients');
      await settled(page);
      await page.getByTestId('expand-row').first().click();
      await checkScreen(page, 'admin clients, a buyer opened', problems);

      // A sold demo (the history links its receipt): what was sold, and the receipt.
      await page.goto('/admin-dashboard/events-history');
      await settled(page);
      const receipt = await page.locator('main table a[href*="/receipt/"]').first().getAttribute('href');
      const id = /\/receipt\/(\d+)/.exec(receipt ?? '')?.[1];
      assert.ok(id, 'the history links the receipt of a sold demo');
      for (const [name, path] of [
        ['sold demo', `/admin-dashboard/events-history/view-presentation/${id}`],
        ['receipt', `/admin-dashboard/receipt/${id}`],
      ] as const) {
        await page.goto(path);
        await page.locator('main table').first().waitFor();
        await checkScreen(page, `admin ${name}`, problems);
      }
      assert.deepEqual(problems, []);
      assert.ok(tablesMeasured > before, 'the tables were drawn and measured');
    }),
  );
});
