import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { menuFor } from '@bo/domain';
import type { Page } from 'playwright-core';
import {
  closeBrowser,
  eventually,
  DEMO_PASSWORD,
  navScreens,
  pathOf,
  screenshot,
  signIn,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

const TABLET = { width: 768, height: 1024 };

/** The live connection is up, so the screenshot shows the settled top bar. */
async function waitForLive(page: Page): Promise<void> {
  await eventually(async () => assert.equal(await textOf(page.getByTestId('live-status')), tr('de', 'shell.live.connected')));
}

void describe('layout on desktop and tablet', { timeout: 90_000 }, () => {
  after(closeBrowser);

  void it(
    'desktop (1280 px): the side navigation is always there',
    withPage(async (page) => {
      await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
      await page.getByTestId('dashboard-home').waitFor();
      await waitForLive(page);
      assert.deepEqual(
        await navScreens(page),
        menuFor('sales_agent').map((s) => s.id),
      );
      assert.equal(await page.getByRole('button', { name: tr('de', 'shell.openMenu') }).isVisible(), false);
      await screenshot(page, 'dashboard-1280');
    }),
  );

  void it(
    'tablet (768 px): the menu button opens the drawer and a tap on an entry navigates',
    withPage(
      async (page) => {
        await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
        await page.getByTestId('dashboard-home').waitFor();
        assert.equal(await page.getByTestId('side-nav').isVisible(), false);
        const drawer = page.getByTestId('side-nav-drawer');
        assert.equal(await drawer.isVisible(), false);
        await waitForLive(page);
        await screenshot(page, 'dashboard-768');

        await page.getByRole('button', { name: tr('de', 'shell.openMenu') }).tap();
        await drawer.waitFor();
        // Slid in completely: the drawer starts at the left edge.
        await eventually(async () => assert.equal((await drawer.boundingBox())?.x, 0));
        assert.deepEqual(
          await drawer.locator('[data-screen]').evaluateAll((els) => els.map((e) => e.getAttribute('data-screen'))),
          menuFor('sales_agent').map((s) => s.id),
        );
        await screenshot(page, 'dashboard-768-menu');

        await drawer.locator('[data-screen="clients"]').tap();
        await waitForPath(page, '/sa-dashboard/clients');
        await drawer.waitFor({ state: 'hidden' });
        // The clients screen (built or still "not available yet") is headed with its name.
        await eventually(async () => assert.equal(await textOf(page.getByRole('heading', { level: 1 })), tr('de', 'screens.clients')));

        // And back home through the drawer.
        await page.getByRole('button', { name: tr('de', 'shell.openMenu') }).tap();
        await drawer.locator('[data-screen="home"]').tap();
        await waitForPath(page, '/sa-dashboard');
        await page.getByTestId('dashboard-home').waitFor();
        assert.equal(pathOf(page), '/sa-dashboard');
      },
      { viewport: TABLET, touch: true },
    ),
  );
});
