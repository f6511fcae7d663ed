import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { closeBrowser, DEMO_PASSWORD, screenshot, signIn, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';

void describe("a client's appointments on their page", { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    "the sales agent sees the client's appointments and opens the last presentation from there",
    withPage(async (page) => {
      await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
      const history = (await (await page.request.get('/api/events-history?eventType=presentation&limit=50')).json()) as Json<
        'get',
        '/api/events-history'
      >;
      const held = history.data.find((e) => e.status !== 'planned' && e.client);
      assert.ok(held, 'the demo sales agent has a past presentation');
      const clientId = held.client!.id;
      await page.goto(`/sa-dashboard/show-user/${clientId}`);
      const panel = page.getByTestId('client-events');
      await panel.waitFor();
      // The panel shows before its rows are read: wait for the first row, then count.
      await panel.getByTestId('client-event').first().waitFor();
      assert.ok((await panel.getByTestId('client-event').count()) >= 1);
      await screenshot(page, 'client-events-1280');
      await panel.getByTestId('last-presentation-link').click();
      await page.waitForURL(new RegExp(`/sa-dashboard/show-user/${clientId}/last-presentation/\\d+$`));
      await page
        .getByText(/Präsentation/)
        .first()
        .waitFor();
    }),
  );

  void it(
    'a promotion agent, who has no calendar, sees no appointments panel',
    withPage(async (page) => {
      await signIn(page, 'pa@demo.test', DEMO_PASSWORD);
      const list = (await (await page.request.get('/api/clients?limit=1')).json()) as Json<'get', '/api/clients'>;
      const first = list.data[0];
      assert.ok(first, 'the promotion agent has a lead');
      await page.goto(`/pa-dashboard/show-user/${first.id}`);
      await page.getByTestId('tab-profile').waitFor();
      assert.equal(await page.getByTestId('client-events').count(), 0);
    }),
  );
});
