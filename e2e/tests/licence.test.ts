import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  DESKTOP,
  eventually,
  newContext,
  openScreen,
  screenshot,
  signIn,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { apiJson } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** axe-core on the page as it is: no critical or serious violation. */
async function assertAccessible(page: Page, where: string): Promise<void> {
  await page.addStyleTag({ content: NO_MOTION });
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const blocking = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  assert.deepEqual(
    blocking.map((v) => `${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    [],
    `${where} has accessibility violations`,
  );
}

/** Screenshots at 1440 and 768 px (no horizontal scrolling), then back to the desktop size. */
async function shotsAtWidths(page: Page, name: string): Promise<void> {
  for (const width of [1440, 768]) {
    await page.setViewportSize({ width, height: 1000 });
    await eventually(async () => {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `no horizontal scrolling at ${width} px (the page is ${scrollWidth} px wide)`);
    });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(DESKTOP);
}

void describe('licence', { timeout: 240_000 }, () => {
  after(closeBrowser);

  void it(
    'an independent agent pays the licence through the local checkout and comes back active; a failed renewal shows past_due',
    withPage(async (page) => {
      await signIn(page, 'ia@demo.test', DEMO_PASSWORD);
      await openScreen(page, 'license', '/ia-dashboard/license');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.license') }).waitFor();
      // The demo agent's single licence ran out; the obligation licence the admin requested is not active yet.
      assert.equal(await textOf(page.getByTestId('licence-status')), tr('de', 'licences:status.inactive'));
      await assertAccessible(page, 'the licence page');
      await shotsAtWidths(page, 'licence-requested');

      await page.getByTestId('licence-checkout').click();
      await page.waitForURL(/\/checkout\/local\/cs_local_\w+$/);
      await page.getByRole('heading', { level: 1, name: tr('de', 'licences:local.title') }).waitFor();
      assert.match(await textOf(page.getByTestId('local-checkout-amount')), /Isabelle Rochat/);
      await assertAccessible(page, 'the local checkout page');
      await shotsAtWidths(page, 'licence-local-checkout');
      await page.getByTestId('local-checkout-pay').click();

      await waitForPath(page, '/ia-dashboard/license?checkout=success');
      await page.getByTestId('checkout-returned').waitFor();
      await eventually(async () => {
        assert.equal(await textOf(page.getByTestId('licence-status')), tr('de', 'licences:status.active'));
      }, 15_000);
      assert.equal(await textOf(page.getByTestId('licence-flow')), tr('de', 'licences:flow.recurrent'));
      assert.equal(await textOf(page.getByTestId('licence-provider-status')), tr('de', 'licences:provider.active'));
      assert.equal(await page.getByTestId('licence-checkout').count(), 0);
      await shotsAtWidths(page, 'licence-active');
      const mine = await apiJson<Json<'get', '/api/license/get-agent-license'>>(page, 'GET', '/api/license/get-agent-license');
      assert.ok(mine.data);

      // The admin has the provider fail the next renewal, from the list of licences.
      const admin = await (await newContext()).newPage();
      await signIn(admin, 'admin@demo.test', DEMO_PASSWORD);
      await openScreen(admin, 'licences', '/admin-dashboard/licences');
      await admin.getByRole('heading', { level: 1, name: tr('de', 'screens.licences') }).waitFor();
      const row = admin.getByTestId('licence-row').filter({ hasText: 'Isabelle Rochat' });
      await row.waitFor();
      await assertAccessible(admin, 'the admin list of licences');
      await shotsAtWidths(admin, 'licences-admin');
      await row.getByRole('combobox').click();
      await admin.getByRole('option', { name: tr('de', 'licences:admin.outcomes.renewal_failed') }).click();
      await eventually(async () => {
        assert.match(await textOf(row), new RegExp(tr('de', 'licences:provider.past_due')));
      }, 15_000);

      // The earnings-sources report opens with its figures.
      await openScreen(admin, 'earningsSources', '/admin-dashboard/earnings-sources');
      await admin.getByTestId('earnings-totals').waitFor();
      await assertAccessible(admin, 'the earnings-sources report');
      await shotsAtWidths(admin, 'earnings-sources');

      await page.reload();
      await eventually(async () => {
        assert.equal(await textOf(page.getByTestId('licence-provider-status')), tr('de', 'licences:provider.past_due'));
      }, 15_000);
      // Within the grace period the licence stays active, with the date to pay by.
      assert.equal(await textOf(page.getByTestId('licence-status')), tr('de', 'licences:status.active'));
      await page.getByTestId('licence-owing').waitFor();
      await shotsAtWidths(page, 'licence-past-due');

      // The admin sets no grace period: the agent's access is restricted at once. Opening their home
      // (whose figures are refused now) leads to the licence page, which says why.
      const settings = await apiJson<Json<'get', '/api/global-settings'>>(admin, 'GET', '/api/global-settings');
      await apiJson(admin, 'POST', '/api/global-settings', { ...settings.data, licence_grace_days: '0' });
      try {
        await page.goto('/ia-dashboard');
        await waitForPath(page, '/ia-dashboard/license');
        await page.getByTestId('licence-restricted').waitFor();
        assert.equal(await textOf(page.getByTestId('licence-status')), tr('de', 'licences:status.expired'));
        await assertAccessible(page, 'the licence page of a restricted agent');
        await shotsAtWidths(page, 'licence-restricted');
      } finally {
        await apiJson(admin, 'POST', '/api/global-settings', settings.data);
      }
    }),
  );
});
