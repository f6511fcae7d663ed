import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  eventually,
  screenshot,
  signIn,
  textOf,
  typeDate,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import type { Item, Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

type Row = Item<'get', '/api/clients'>;

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()) as T;
}

const recordOf = async (page: Page, id: number) => (await getJson<Json<'get', '/api/user/{id}'>>(page, `/api/user/${id}`)).data;

/** A lead of the call agent's own list (B2C, make a demo), with a phone to call. */
async function aLead(page: Page, skip: number): Promise<Row> {
  const { data } = await getJson<Json<'get', '/api/clients'>>(page, '/api/clients?tableName=b2c&limit=20');
  const leads = data.filter((r) => r.user.mobile_phone ?? r.user.phone);
  const lead = leads[skip];
  assert.ok(lead, 'the call agent has leads with a phone number');
  return lead;
}

void describe('lead flow', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'call agent works through a lead, records "nicht erreicht", and the status and contact history show it',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const lead = await aLead(page, 0);
      const comment = `E2E Mailbox ${Date.now()}`;

      await page.goto(`/ca-dashboard/lead-flow/${lead.id}`);
      await page.getByTestId('lead-flow-lead').waitFor();
      assert.equal(await textOf(page.getByTestId('lead-flow-name')), `${lead.user.name} ${lead.user.surname}`);
      await page.getByTestId('lead-flow-contacts').waitFor();

      // Calling: the telephony adapter starts the call, or the agent is told in German why it cannot.
      await page.getByTestId('lead-flow-call').click();
      const started = page.getByTestId('lead-flow-call-started');
      const refused = page.getByTestId('lead-flow-call-error');
      await started.or(refused).first().waitFor();
      if (await refused.isVisible()) {
        assert.equal(await textOf(refused), tr('de', 'errors.TELEPHONY_NOT_CONFIGURED'));
      }
      await screenshot(page, 'lead-flow-lead-1280');

      await page.getByTestId('lead-flow-to-outcome').click();
      await page.getByTestId('lead-flow-outcome').waitFor();
      await page.getByRole('radio', { name: tr('de', 'leadflow:outcomes.not_reached') }).check();
      await page.getByTestId('outcome-comment').fill(comment);
      await page.getByTestId('outcome-save').click();

      const summary = page.getByTestId('lead-flow-summary');
      await summary.waitFor();
      assert.equal(await textOf(page.getByTestId('summary-outcome')), tr('de', 'leadflow:outcomes.not_reached'));
      assert.equal(await page.getByTestId('summary-status').locator('[data-status]').getAttribute('data-status'), 'not_answered');
      await screenshot(page, 'lead-flow-done-1280');

      const record = await recordOf(page, lead.id);
      assert.equal(record.status, 'not_answered');
      const entry = record.contact_history.find((c) => c.comment === comment);
      assert.ok(entry, 'the call is in the contact history');
      assert.deepEqual(
        { type: entry.type, status: entry.status, flow: entry.flow },
        { type: 'call', status: 'not_answered', flow: 'lead_flow' },
      );

      // On to the next lead of the list: another one, back at step 1.
      await page.getByTestId('lead-flow-next').click();
      await page.waitForURL((url) => /\/ca-dashboard\/lead-flow\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${lead.id}`));
      await page.getByTestId('lead-flow-lead').waitFor();
      await eventually(async () => assert.equal(await page.getByTestId('lead-flow').getAttribute('data-step'), 'lead'));

      await page.getByTestId('lead-flow-to-outcome').click();
      await page.getByTestId('lead-flow-outcome').waitFor();
      await page.getByTestId('outcome-save').click();
      await page.getByText(tr('de', 'leadflow:outcome.choose')).waitFor();
      await page.getByRole('button', { name: tr('de', 'leadflow:back'), exact: true }).click();
      await page.getByRole('link', { name: tr('de', 'leadflow:backToList') }).click();
      await waitForPath(page, '/ca-dashboard/clients');
    }),
  );

  void it(
    'a recall needs a time ahead and keeps the lead with the call agents, on a tablet',
    withPage(
      async (page) => {
        await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
        const lead = await aLead(page, 1);
        await page.goto(`/ca-dashboard/lead-flow/${lead.id}`);
        await page.getByTestId('lead-flow-lead').waitFor();
        await screenshot(page, 'lead-flow-lead-768');
        await page.getByTestId('lead-flow-to-outcome').click();
        await page.getByRole('radio', { name: tr('de', 'leadflow:outcomes.recall') }).check();
        const at = page.getByTestId('outcome-recall-at');
        await typeDate(at, '01.01.2020 10:00');
        await page.getByTestId('outcome-save').click();
        await page.getByText(tr('de', 'leadflow:outcome.recallInPast')).waitFor();
        await screenshot(page, 'lead-flow-outcome-768');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 768, `no horizontal scrolling at 768 px (page is ${width} px wide)`);

        const next = new Date(Date.now() + 2 * 86_400_000);
        const pad = (n: number) => String(n).padStart(2, '0');
        await typeDate(at, `${pad(next.getDate())}.${pad(next.getMonth() + 1)}.${next.getFullYear()} 14:30`);
        await page.getByTestId('outcome-save').click();
        await page.getByTestId('lead-flow-summary').waitFor();

        const record = await recordOf(page, lead.id);
        assert.equal(record.status, 'call_agents');
        assert.equal(record.contact_history.filter((c) => c.type === 'recall' && c.status === 'call_agents').length >= 1, true);
      },
      { viewport: { width: 768, height: 1024 }, touch: true },
    ),
  );

  void it(
    'a partner sees the status of a lead they referred, read only',
    withPage(async (page) => {
      await signIn(page, 'partner@demo.test', DEMO_PASSWORD);
      const { data } = await getJson<Json<'get', '/api/clients'>>(page, '/api/clients?statuses=&presets=&limit=5');
      const lead = data[0];
      assert.ok(lead, 'the demo partner referred leads');
      await page.goto(`/partner-dashboard/partner-flow/${lead.id}`);
      await page.getByTestId('lead-flow-lead').waitFor();
      assert.equal(await page.getByTestId('lead-flow').getAttribute('data-step'), 'read-only');
      assert.equal(await page.getByTestId('lead-flow-to-outcome').count(), 0);
      assert.equal(await page.getByTestId('lead-flow-call').count(), 0);
      await screenshot(page, 'lead-flow-partner-1280');

      // A lead that is not theirs (or no lead at all) is not shown.
      await page.goto('/partner-dashboard/partner-flow/not-a-lead');
      await page.getByTestId('lead-flow-problem').waitFor();
    }),
  );
});
