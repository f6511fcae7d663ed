import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, newContext, screenshot, signIn, textOf, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { apiJson, salesAgents } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';

const PHONE = { width: 375, height: 740 };

/** The critical and serious axe findings of the page as it is now. */
async function axe(page: Page): Promise<string[]> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1440, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
}

void describe('referrals', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'a partner copies their link; a visitor on a phone leaves their details; the partner sees them registered; a booked demo makes them wait for it',
    withPage(async (partnerPage, partnerContext) => {
      await partnerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signIn(partnerPage, 'partner@demo.test', DEMO_PASSWORD);
      await partnerPage.goto('/partner-dashboard/partner-users');
      await partnerPage.getByTestId('partner-users-table').waitFor();
      const url = await partnerPage.getByTestId('referral-link-url').inputValue();
      assert.match(url, /\/r\/demo-partner$/);
      await partnerPage.getByTestId('referral-link-copy').click();
      await eventually(async () => assert.equal(await partnerPage.evaluate(() => navigator.clipboard.readText()), url));
      assert.deepEqual(await axe(partnerPage), []);
      await shots(partnerPage, 'referrals-partner-users');

      // An anonymous visitor on a phone opens the copied link.
      const visitor = await newContext({ viewport: PHONE, touch: true });
      const phone = await visitor.newPage();
      await phone.goto(new URL(url).pathname);
      await phone.waitForURL(/\/referral\/demo-partner$/);
      const cookies = await visitor.cookies();
      const ref = cookies.find((c) => c.name === 'bo_ref');
      assert.equal(ref?.value, 'demo-partner');
      assert.ok(ref.expires > Date.now() / 1000 + 29 * 86_400, 'the referral cookie lasts the documented 30 days');
      await phone.getByTestId('referral-form').waitFor();
      assert.equal(await textOf(phone.getByRole('heading', { level: 1 })), tr('de', 'referrals:public.title', { name: 'Peter' }));
      assert.deepEqual(await axe(phone), []);
      await screenshot(phone, 'referrals-public-phone');
      // Nothing on the phone is wider than the screen.
      assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

      const surname = `Empfohlen ${Date.now() % 100_000}`;
      await phone.getByLabel(tr('de', 'referrals:public.fields.name')).fill('Heidi');
      await phone.getByLabel(tr('de', 'referrals:public.fields.surname')).fill(surname);
      await phone.getByLabel(tr('de', 'referrals:public.fields.phone')).fill(`079 31${String(Date.now() % 100_000).padStart(5, '0')}`);
      await phone.getByLabel(tr('de', 'referrals:public.fields.zipcode')).fill('3011');
      await phone.getByLabel(tr('de', 'referrals:public.fields.city')).fill('Bern');
      await phone.getByTestId('referral-submit').tap();
      await phone.getByTestId('referral-done').waitFor({ timeout: 20_000 });
      assert.equal(await textOf(phone.getByTestId('referral-done')), tr('de', 'referrals:public.leadDone'));
      await screenshot(phone, 'referrals-public-phone-done');

      // The partner sees the new person as registered.
      await partnerPage.setViewportSize({ width: 1440, height: 900 });
      await partnerPage.reload();
      const row = partnerPage.getByTestId('partner-user-row').filter({ hasText: surname });
      await row.waitFor();
      assert.equal(await row.locator('[data-partner-status]').getAttribute('data-partner-status'), 'registered');
      const id = Number(await row.getAttribute('data-user-id'));

      // The admin books a demo for them; the partner's list then shows them waiting for it.
      const admin = await newContext();
      const adminPage = await admin.newPage();
      await signIn(adminPage, 'admin@demo.test', DEMO_PASSWORD);
      const agent = (await salesAgents(adminPage))[0]!;
      const record = (await apiJson<Json<'get', '/api/user/{id}'>>(adminPage, 'GET', `/api/user/${id}`)).data;
      assert.equal(record.surname, surname);
      await bookDemoFor(adminPage, id, agent.id);

      await partnerPage.reload();
      await eventually(async () => {
        const status = await partnerPage
          .getByTestId('partner-user-row')
          .filter({ hasText: surname })
          .locator('[data-partner-status]')
          .getAttribute('data-partner-status');
        assert.equal(status, 'wait_presentation');
      });
      await partnerPage.getByTestId('partner-stat-wait_presentation').click();
      await partnerPage.getByTestId('partner-user-row').filter({ hasText: surname }).waitFor();
      await shots(partnerPage, 'referrals-partner-users-waiting');

      // The partner follows the person's progress in the partner lead flow.
      await partnerPage.getByTestId('partner-user-row').filter({ hasText: surname }).getByRole('link').click();
      await partnerPage.waitForURL(new RegExp(`/partner-dashboard/partner-flow/${id}$`));
      await partnerPage.getByTestId('lead-flow-name').waitFor();
      const progress = partnerPage.getByTestId('partner-progress');
      await progress.waitFor();
      assert.equal(await progress.locator('[data-partner-status]').getAttribute('data-partner-status'), 'wait_presentation');
      await shots(partnerPage, 'referrals-partner-flow');
      assert.deepEqual(await axe(partnerPage), []);
    }),
  );

  void it(
    'an independent agent sees whom they brought with their referral status and commissions',
    withPage(async (page) => {
      await signIn(page, 'ia@demo.test', DEMO_PASSWORD);
      await page.goto('/ia-dashboard/referrals');
      await page.getByTestId('ia-referrals-table').waitFor();
      const rows = page.getByTestId('ia-referral-row');
      await eventually(async () => assert.ok((await rows.count()) >= 3));
      const text = await textOf(page.getByTestId('ia-referrals-table'));
      for (const status of ['active', 'in_progress', 'inactive']) {
        assert.ok(text.includes(tr('de', `referrals:referralStatus.${status}`)), status);
      }
      assert.deepEqual(await axe(page), []);
      await shots(page, 'referrals-ia');
    }),
  );

  void it(
    'the referral page refuses the owner’s own phone with a clear message',
    withPage(
      async (page) => {
        await page.goto('/r/demo-client');
        await page.getByTestId('referral-form').waitFor();
        // The demo client's own e-mail is refused as a self-referral.
        await page.getByLabel(tr('de', 'referrals:public.fields.name')).fill('Ich');
        await page.getByLabel(tr('de', 'referrals:public.fields.surname')).fill('Selbst');
        await page.getByLabel(tr('de', 'referrals:public.fields.phone')).fill('079 999 00 11');
        await page.getByLabel(tr('de', 'referrals:public.fields.email')).fill('user@demo.test');
        await page.getByTestId('referral-submit').click();
        const error = page.getByTestId('referral-error');
        await error.waitFor({ timeout: 20_000 });
        assert.ok((await textOf(error)).includes(tr('de', 'refusals.self_referral')));
        await screenshot(page, 'referrals-public-self-referral');
      },
      { viewport: PHONE, touch: true },
    ),
  );
});

/** A demo for an existing client, booked by the admin through the calendar's API (the next free slot). */
async function bookDemoFor(page: Page, clientId: number, agentId: number): Promise<void> {
  for (let day = 3; day < 60; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000);
    date.setUTCHours(9, 0, 0, 0);
    if (date.getUTCDay() === 0) {
      continue;
    }
    const res = await page.request.post('/api/calendar-event', {
      data: { userId: clientId, userData: {}, eventType: 'presentation', agentId, date: date.toISOString() },
    });
    if (res.status() === 409) {
      continue;
    }
    assert.ok(res.ok(), `${res.status()} ${await res.text()}`);
    return;
  }
  throw new Error('no free slot');
}
