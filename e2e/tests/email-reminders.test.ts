import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  expectSnackbar,
  newContext,
  outboxText,
  readOwnMail,
  screenshot,
  signIn,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { apiJson, createClient } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe-core on the page as it is: no critical or serious violation (as accessibility.test.ts scans the screens). */
async function assertAccessible(page: Page, where: string): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const blocking = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  assert.deepEqual(
    blocking.map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}) at ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
    [],
    `${where} has accessibility violations`,
  );
}

const stageName = (stage: string) => tr('de', `reminders:stages.${stage}`);

/** Chooses a stage in the filter and waits for the list of that stage. */
async function filterStage(page: Page, stage: string): Promise<void> {
  const listed = page.waitForResponse((res) => res.url().includes('/api/email-reminders-list') && res.url().includes(`stage=${stage}`));
  await page.getByTestId('reminder-stage-filter').click();
  await page.getByRole('option', { name: stageName(stage), exact: true }).click();
  assert.equal((await listed).status(), 200);
  await page.locator(`[data-testid="email-reminder-row"]:not([data-stage="${stage}"])`).first().waitFor({ state: 'detached' });
}

async function tableShown(page: Page): Promise<void> {
  await page.getByTestId('email-reminders-table').waitFor();
  await page.getByText(tr('de', 'tables:loading')).waitFor({ state: 'detached' });
}

/** Selects the lead's row, chooses the stage and moves it; answers the server's answer. */
async function moveTo(page: Page, userId: number, stage: string): Promise<Json<'post', '/api/update-email-reminders'>> {
  const row = page.locator(`[data-testid="email-reminder-row"][data-user-id="${userId}"]`);
  await row.getByTestId('reminder-select').locator('input').check();
  await page.getByTestId('reminder-target').click();
  await page.getByRole('option', { name: stageName(stage), exact: true }).click();
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/update-email-reminders') && res.request().method() === 'POST');
  await page.getByTestId('reminder-move').click();
  const res = await answered;
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()) as Json<'post', '/api/update-email-reminders'>;
}

void describe('e-mail reminders', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'admin moves a lead through the reminder stages, finds the mails in the outbox, and the lead unsubscribes',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const suffix = Date.now().toString(36);
      const email = `erinnerung.${suffix}@example.ch`;
      const id = await createClient(page, { name: 'Lea', surname: `Erinnerung${suffix}`, email, city: 'Bern', zipcode: '3011' });
      // The sweep would put a lead not reached after three calls here; the admin's move does the same.
      const first = await apiJson<Json<'post', '/api/update-email-reminders'>>(page, 'POST', '/api/update-email-reminders', {
        ids: [id],
        stage: 'first',
      });
      assert.deepEqual(first, { updated: 1, mails_queued: 1 });

      await page.goto('/admin-dashboard/clients');
      await page.getByTestId('clients-tab-email_reminders').click();
      await waitForPath(page, '/admin-dashboard/clients?tab=email_reminders');
      await tableShown(page);
      const row = page.locator(`[data-testid="email-reminder-row"][data-user-id="${id}"]`);
      assert.equal(await textOf(row.getByTestId('reminder-stage')), stageName('first'));
      assert.ok((await textOf(row)).includes(stageName('first')), 'the first mail is listed as sent');
      // Nothing selected: the actions wait for a selection.
      assert.equal(await page.getByTestId('reminder-move').isDisabled(), true);

      for (const stage of ['second', 'third']) {
        assert.deepEqual(await moveTo(page, id, stage), { updated: 1, mails_queued: 1 });
        await expectSnackbar(page, tr('de', 'reminders:moved', { count: 1, stage: stageName(stage), mails: 1 }));
        await page.locator(`[data-testid="email-reminder-row"][data-user-id="${id}"][data-stage="${stage}"]`).waitFor();
        assert.equal(await textOf(row.getByTestId('reminder-stage')), stageName(stage));
      }
      assert.equal(await textOf(page.getByTestId('reminder-selected-count')), tr('de', 'reminders:selected', { count: 0 }));

      // The stage filter shows the leads of one stage.
      await filterStage(page, 'third');
      await row.waitFor();
      const stagesShown = await page
        .locator('[data-testid="email-reminder-row"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stage')));
      assert.ok(stagesShown.length > 0 && stagesShown.every((s) => s === 'third'), stagesShown.join(','));
      await assertAccessible(page, 'the e-mail reminders tab');
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, 'email-reminders-1440');
      await page.setViewportSize({ width: 768, height: 1024 });
      await screenshot(page, 'email-reminders-768');
      await page.setViewportSize({ width: 1280, height: 800 });

      // Expired: the end of the sequence, without a mail.
      assert.deepEqual(await moveTo(page, id, 'expired'), { updated: 1, mails_queued: 0 });
      await expectSnackbar(page, tr('de', 'reminders:moved', { count: 1, stage: stageName('expired'), mails: 0 }));
      await row.waitFor({ state: 'detached' });

      // The mails are in the outbox, in the lead's language, the unsubscribe link without its token.
      const shown = await outboxText(page, email, 'Letzte Erinnerung');
      assert.ok(shown.includes('/unsubscribe/••••••'), shown);

      // The lead opens the link: the page changes nothing until the button is pressed.
      const mail = await readOwnMail(email, 'email_reminder');
      const link = /https?:\/\/[^\s]+\/unsubscribe\/[\w-]+/.exec(mail)?.[0];
      assert.ok(link, mail);
      const visitor = await newContext();
      const lead = await visitor.newPage();
      await lead.goto(new URL(link).pathname);
      await lead.getByRole('heading', { level: 1, name: tr('de', 'reminders:unsubscribe.title') }).waitFor();
      await assertAccessible(lead, 'the unsubscribe page');
      const unsubscribed = lead.waitForResponse((res) => res.url().endsWith('/api/email-reminders/unsubscribe'));
      await lead.getByTestId('unsubscribe-confirm').click();
      assert.equal((await unsubscribed).status(), 200);
      assert.equal(await textOf(lead.getByTestId('unsubscribe-done')), tr('de', 'reminders:unsubscribe.done'));
      await screenshot(lead, 'email-reminders-unsubscribed');

      // The admin sees the lead stopped and unsubscribed; a move by hand writes no mail any more.
      await page.goto('/admin-dashboard/clients?tab=email_reminders');
      await tableShown(page);
      await filterStage(page, 'stopped');
      await row.waitFor();
      assert.equal(await row.getAttribute('data-stage'), 'stopped');
      await row.getByTestId('reminder-unsubscribed').waitFor();
      const { data } = await apiJson<Json<'get', '/api/email-reminders-list'>>(
        page,
        'GET',
        '/api/email-reminders-list?stage=stopped&limit=500',
      );
      assert.deepEqual(data.find((r) => r.id === id)?.mailed_stages, ['first', 'second', 'third']);
    }),
  );

  void it(
    'admin changes the reminder cadence in the global settings; a value out of bounds is refused next to its field',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const before = (await apiJson<Json<'get', '/api/global-settings'>>(page, 'GET', '/api/global-settings')).data;
      try {
        await page.goto('/admin-dashboard/global-settings');
        await page.getByTestId('global-settings-form').waitFor();
        const first = page.getByTestId('setting-email_reminder_first_after_calls');
        assert.equal(await first.inputValue(), before.email_reminder_first_after_calls);
        await page.getByRole('heading', { level: 2, name: tr('de', 'settings:sections.reminders.title') }).waitFor();

        await first.fill('0');
        await page.getByTestId('save-settings').click();
        await page.locator('#email_reminder_first_after_calls[aria-invalid="true"]').waitFor();
        assert.equal(await textOf(page.locator('#email_reminder_first_after_calls-helper-text')), tr('de', 'validation.invalid_value'));
        await assertAccessible(page, 'the global settings with the reminder cadence');
        await page.getByRole('heading', { level: 2, name: tr('de', 'settings:sections.reminders.title') }).scrollIntoViewIfNeeded();
        await screenshot(page, 'global-settings-reminders');

        await first.fill('2');
        await page.getByTestId('setting-email_reminder_expired_after_days').fill('21');
        await page.getByTestId('save-settings').click();
        await expectSnackbar(page, tr('de', 'settings:saved'));
        const saved = (await apiJson<Json<'get', '/api/global-settings'>>(page, 'GET', '/api/global-settings')).data;
        assert.equal(saved.email_reminder_first_after_calls, '2');
        assert.equal(saved.email_reminder_expired_after_days, '21');
      } finally {
        // The logo path is left out: the logo upload sets it.
        await apiJson(page, 'POST', '/api/global-settings', { ...before, receipt_logo_path: undefined });
      }
    }),
  );

  void it(
    'a call agent finds the reminders tab with the demo leads and stops the reminders of one',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      await page.goto('/ca-dashboard/clients?tab=email_reminders');
      await tableShown(page);
      const rows = page.locator('[data-testid="email-reminder-row"]');
      await rows.first().waitFor();
      const demoStages = new Set(await rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-stage'))));
      assert.ok(demoStages.size >= 2, [...demoStages].join(','));
      const target = rows.filter({ hasNot: page.getByTestId('reminder-unsubscribed') }).first();
      const userId = Number(await target.getAttribute('data-user-id'));
      await target.getByTestId('reminder-select').locator('input').check();
      assert.equal(await textOf(page.getByTestId('reminder-selected-count')), tr('de', 'reminders:selected', { count: 1 }));
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/update-email-reminders'));
      await page.getByTestId('reminder-stop').click();
      assert.equal((await answered).status(), 200);
      await expectSnackbar(page, tr('de', 'reminders:moved', { count: 1, stage: stageName('stopped'), mails: 0 }));
      await page.locator(`[data-testid="email-reminder-row"][data-user-id="${userId}"][data-stage="stopped"]`).waitFor();
    }),
  );
});
