import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  eventually,
  expectSnackbar,
  openScreen,
  screenshot,
  signIn,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { bookEvent, weekdaySlots } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()) as T;
}

/**
 * Books a presentation for a new client through the calendar API, as the calendar dialog does: a weekday
 * morning weeks ahead (so all three SMS are planned), the next day when the agent is busy then.
 */
async function bookPresentation(page: Page, agentId: number, surname: string, mobile = '079 555 12 34'): Promise<number> {
  const { id } = await bookEvent(page, {
    agentId,
    userData: { name: 'Erika', surname, mobile_phone: mobile, city: 'Winterthur', zipcode: '8400' },
    comment: 'E2E: SMS-Postausgang',
    slots: weekdaySlots(40, 200),
    attempts: 20,
  });
  return id;
}

/** The rows of the SMS table that belong to one event. */
const rowsOf = (page: Page, eventId: number) => page.locator(`[data-testid="sms-outbox-row"][data-event-id="${eventId}"]`);

async function smsTableShown(page: Page): Promise<void> {
  await page.getByTestId('sms-outbox-table').waitFor();
  await page.getByText(tr('de', 'tables:loading')).waitFor({ state: 'detached' });
}

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

void describe('SMS outbox', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'admin finds a refused confirmation under Fehlgeschlagen with its error, sends it again and sees it refused again',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const agents = await getJson<Json<'get', '/api/sales-agents'>>(page, '/api/sales-agents');
      const agent = agents.data.find((a) => a.name === 'Marco Bernasconi');
      assert.ok(agent, 'the demo sales agent');
      // Twilio's magic number of an unsubscribed recipient: the local sender refuses it as Twilio would.
      const eventId = await bookPresentation(page, agent.id, `Tot${Date.now().toString(36)}`, '+1 500 555 0004');
      // The job tries the confirmation at once; a refusal is final: it is a dead letter.
      let deadAt = '';
      await eventually(async () => {
        const { data } = await getJson<Json<'get', '/api/sms-outbox'>>(page, `/api/sms-outbox?event_id=${eventId}&dead_letter=true`);
        assert.equal(data.length, 1);
        assert.equal(data[0]!.type, 'appointment');
        deadAt = data[0]!.dead_at ?? '';
      }, 100_000);
      assert.ok(deadAt);

      await openScreen(page, 'outbox', '/admin-dashboard/outbox');
      await page.getByTestId('outbox-tab-failed').click();
      await waitForPath(page, '/admin-dashboard/outbox?tab=failed');
      await page.getByTestId('sms-dead-letters-table').waitFor();
      await page.getByText(tr('de', 'tables:loading')).waitFor({ state: 'detached' });
      const row = page.locator(`[data-testid="sms-dead-letter-row"][data-event-id="${eventId}"]`);
      await row.waitFor();
      assert.ok((await textOf(row)).includes(tr('de', 'outbox.sms.statuses.failed')));
      // Only dead letters here: every row has its retry button, the planned reminders of the same event are not listed.
      assert.equal(await page.locator(`[data-testid="sms-dead-letter-row"][data-event-id="${eventId}"]`).count(), 1);
      await row.click();
      assert.ok((await textOf(page.getByTestId('sms-last-error'))).includes('21610'));
      await assertAccessible(page, 'the failed SMS tab');
      await screenshot(page, 'sms-dead-letters-1280');

      const retried = page.waitForResponse((res) => res.url().endsWith(`/retry`) && res.request().method() === 'POST');
      await row.getByTestId('sms-retry').click();
      const answer = await retried;
      assert.equal(answer.status(), 200, await answer.text());
      const body = (await answer.json()) as { id: number; status: string; dead_at: string | null; attempts: number };
      assert.deepEqual([body.status, body.dead_at, body.attempts], ['planned', null, 0]);
      await expectSnackbar(page, tr('de', 'outbox.sms.retried'));
      // Sent again at once, and refused again: back in the list with a newer time.
      await eventually(async () => {
        const { data } = await getJson<Json<'get', '/api/sms-outbox'>>(page, `/api/sms-outbox?event_id=${eventId}&dead_letter=true`);
        assert.equal(data.length, 1);
        assert.ok(data[0]!.dead_at && data[0]!.dead_at > deadAt, `${data[0]?.dead_at} after ${deadAt}`);
      }, 100_000);
    }),
  );

  void it(
    'admin books a presentation, finds its confirmation and both reminders in the SMS tab, filters by status and sees the confirmation delivered',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const agents = await getJson<Json<'get', '/api/sales-agents'>>(page, '/api/sales-agents');
      const agent = agents.data.find((a) => a.name === 'Marco Bernasconi');
      assert.ok(agent, 'the demo sales agent');
      const surname = `Sms${Date.now().toString(36)}`;
      const eventId = await bookPresentation(page, agent.id, surname);

      await openScreen(page, 'outbox', '/admin-dashboard/outbox');
      await page.getByTestId('outbox-table').waitFor();
      await page.getByTestId('outbox-tab-sms').click();
      await waitForPath(page, '/admin-dashboard/outbox?tab=sms');
      await smsTableShown(page);
      const headers = (await page.getByTestId('sms-outbox-table').locator('thead tr').first().locator('th').allTextContents()).map((h) =>
        h.trim(),
      );
      for (const key of ['created', 'sendAt', 'to', 'type', 'status', 'text', 'event']) {
        assert.ok(headers.includes(tr('de', `outbox.sms.${key}`)), `column ${key} in ${headers.join(', ')}`);
      }

      // The newest rows: the three messages of the booking, to the client's mobile, saying who comes.
      const rows = rowsOf(page, eventId);
      await eventually(async () => assert.equal(await rows.count(), 3));
      const types = await Promise.all([0, 1, 2].map(async (i) => textOf(rows.nth(i).locator('td').nth(3))));
      assert.deepEqual(
        [...types].sort(),
        ['appointment', 'first_reminder', 'second_reminder'].map((type) => tr('de', `outbox.sms.types.${type}`)).sort(),
      );
      const confirmation = rows.filter({ hasText: tr('de', 'outbox.sms.types.appointment') });
      assert.ok((await textOf(confirmation)).includes(`Erika ${surname}`));
      assert.ok((await textOf(confirmation)).replace(/\s/g, '').includes('5551234'));
      const reminders = rows.filter({ hasNotText: tr('de', 'outbox.sms.types.appointment') });
      for (let i = 0; i < 2; i += 1) {
        assert.ok((await textOf(reminders.nth(i))).includes(tr('de', 'outbox.sms.statuses.planned')));
      }
      await screenshot(page, 'sms-outbox-1280');

      // A click shows the whole text.
      await confirmation.click();
      assert.ok((await textOf(page.getByTestId('sms-text'))).includes(`Erika ${surname}`));

      // Only planned messages: the two reminders stay, nothing else shows.
      const filtered = page.waitForResponse((res) => /\/api\/sms-outbox\?.*status=planned/.test(res.url()));
      await page.getByRole('combobox', { name: tr('de', 'outbox.sms.status') }).click();
      await page.getByRole('option', { name: tr('de', 'outbox.sms.statuses.planned'), exact: true }).click();
      await filtered;
      await eventually(async () => {
        const statuses = await page.getByTestId('sms-outbox-row').locator('td:nth-child(5)').allTextContents();
        assert.ok(statuses.length > 0 && statuses.every((s) => s.trim() === tr('de', 'outbox.sms.statuses.planned')), statuses.join(', '));
      });
      assert.ok((await rowsOf(page, eventId).count()) >= 2);
      await screenshot(page, 'sms-outbox-planned-1280');
      // Back to every status (the filter is kept in the admin's table layout).
      const cleared = page.waitForResponse((res) => /\/api\/sms-outbox\?/.test(res.url()) && !res.url().includes('status='));
      await page.getByRole('button', { name: tr('de', 'tables:clearFilters') }).click();
      await cleared;

      // A status callback that is not signed by the provider (or the local sender) is refused and changes nothing.
      const forged = await page.request.post('/api/webhooks/twilio/sms-status', {
        form: { MessageSid: 'SM00000000000000000000000000000000', MessageStatus: 'delivered' },
        headers: { 'x-twilio-signature': 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' },
      });
      assert.equal(forged.status(), 403, await forged.text());

      // The job sends what is due within its minute: the local sender takes it as queued, then reports
      // sent and delivered through the signed status webhook, as Twilio's status callbacks do.
      await eventually(async () => {
        const { data } = await getJson<Json<'get', '/api/sms-outbox'>>(page, `/api/sms-outbox?event_id=${eventId}&type=appointment`);
        assert.equal(data[0]?.status, 'delivered');
      }, 100_000);
      await page.reload();
      await smsTableShown(page);
      await eventually(async () =>
        assert.ok(
          (await textOf(rowsOf(page, eventId).filter({ hasText: tr('de', 'outbox.sms.types.appointment') }))).includes(
            tr('de', 'outbox.sms.statuses.delivered'),
          ),
        ),
      );

      await screenshot(page, 'sms-outbox-delivered-1280');

      // The event column opens the presentation.
      await rowsOf(page, eventId).first().getByTestId('sms-event-link').click();
      await waitForPath(page, `/admin-dashboard/events-history/view-presentation/${eventId}`);
    }),
  );
});
