import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  DESKTOP,
  eventually,
  expectSnackbar,
  newContext,
  openScreen,
  screenshot,
  signIn,
  textOf,
  watchSocketConnections,
  withPage,
} from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { createClient } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** axe-core on the page as it is (or on one part of it): no critical or serious violation. */
async function assertAccessible(page: Page, where: string, include?: string): Promise<void> {
  await page.addStyleTag({ content: NO_MOTION });
  let builder = new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  if (include) {
    builder = builder.include(include);
  }
  const result = await builder.analyze();
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

/** A Swiss mobile number no demo client has: `079 4xx xx xx` with random digits. */
function freshMobile(): { stored: string; typed: string; e164: string } {
  const digits = String(4_000_000 + Math.floor(Math.random() * 999_999)).padStart(7, '0');
  const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5, 7)];
  return { stored: `+41 79 ${a} ${b} ${c}`, typed: `079 ${a} ${b} ${c}`, e164: `+4179${digits}` };
}

/**
 * Everything the page's socket receives from now on (WebSocket frames and long-polling answers), to
 * show that an event never reached it. Call before the page connects.
 */
function socketTraffic(page: Page): () => Promise<string> {
  const received: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/ws/socket.io') && res.request().method() === 'GET') {
      pending.push(
        res.text().then(
          (t) => void received.push(t),
          () => undefined,
        ),
      );
    }
  });
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => received.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8')));
  });
  return async () => {
    await Promise.all(pending);
    return received.join('\n');
  };
}

/** The simulator's step button, once the server answered the step. */
async function simulate(admin: Page, step: 'ring' | 'answer' | 'hangup' | 'end'): Promise<string> {
  const answered = admin.waitForResponse((r) => r.url().endsWith('/api/telephony/simulate') && r.request().method() === 'POST');
  await admin.getByTestId(`simulator-${step}`).click();
  const res = await answered;
  assert.equal(res.status(), 200, await res.text());
  const { callId } = (await res.json()) as { callId: string };
  await eventually(async () => assert.equal(await textOf(admin.getByTestId('simulator-call-id')), callId));
  return callId;
}

void describe('Telephony', { timeout: 240_000 }, () => {
  after(closeBrowser);

  void it(
    'a simulated incoming call opens the agent’s dialog with the right client, the link lists the number’s clients in a new tab, the ended call is in the contact history, and click-to-call starts a call',
    withPage(async (agent, agentContext) => {
      // The call agent, signed in and connected live.
      const sockets = watchSocketConnections(agent);
      const logsFetched = agent.waitForResponse((r) => new URL(r.url()).pathname === '/api/account/aircall-logs');
      await signIn(agent, 'ca@demo.test', DEMO_PASSWORD);
      await sockets.connected(1);
      // Spec 7: on connect the app fetches the agent's call logs.
      assert.equal((await logsFetched).status(), 200);

      // A client of the agent with a mobile number stored in international writing.
      const phone = freshMobile();
      const surname = `Anruf${Date.now().toString(36)}`;
      const clientId = await createClient(agent, {
        name: 'Erika',
        surname,
        mobile_phone: phone.stored,
        zipcode: '8400',
        city: 'Winterthur',
        address: 'Technikumstrasse 9',
      });

      // The admin, in a second browser, opens the simulator and rings the agent from the number as a caller writes it.
      const adminContext = await newContext();
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin@demo.test', DEMO_PASSWORD);
      await openScreen(admin, 'telephony', '/admin-dashboard/telephony');
      await admin.getByTestId('simulator-form').waitFor();
      assert.equal(await textOf(admin.getByTestId('simulator-state')), tr('de', 'telephony:simulator.states.idle'));
      await admin.getByTestId('simulator-agent').getByRole('combobox').click();
      await admin.locator('[role="option"][data-email="ca@demo.test"]').click();
      await admin.getByTestId('simulator-number').fill(phone.typed);
      const callId = await simulate(admin, 'ring');
      assert.equal(await textOf(admin.getByTestId('simulator-state')), tr('de', 'telephony:simulator.states.ringing'));

      // The agent's dialog: the number in Swiss writing, one client, with status and last contact.
      const dialog = agent.getByRole('dialog', { name: tr('de', 'telephony:incomingCall') });
      await dialog.waitFor();
      const root = agent.getByTestId('incoming-call-dialog');
      assert.equal(await root.getAttribute('data-call-id'), callId);
      assert.equal(await root.getAttribute('data-phase'), 'ringing');
      assert.equal(await textOf(dialog.getByTestId('incoming-call-number')), phone.typed);
      assert.equal(await textOf(dialog.getByTestId('incoming-call-count')), tr('de', 'telephony:clientCount', { count: 1 }));
      const matched = dialog.getByTestId('incoming-call-client');
      assert.equal(await matched.count(), 1);
      assert.equal(await matched.getAttribute('data-client-id'), String(clientId));
      assert.ok((await textOf(matched)).includes(`Erika ${surname}`));
      assert.ok((await textOf(matched)).includes(tr('de', 'telephony:noContactYet')));
      assert.equal(await textOf(dialog.getByTestId('incoming-call-phase')), tr('de', 'telephony:phase.ringing'));
      await assertAccessible(agent, 'the incoming-call dialog', '[data-testid="incoming-call-dialog"]');
      await shotsAtWidths(agent, 'incoming-call-dialog');

      // The link opens the clients list filtered by the number in a new tab.
      const opened = agentContext.waitForEvent('page');
      await dialog.getByTestId('incoming-call-link').click();
      const list = await opened;
      await list.waitForURL((url) => url.pathname === '/ca-dashboard/clients' && url.searchParams.get('number') === phone.e164);
      await list.getByTestId('number-chip').waitFor();
      const rows = list.getByTestId('client-row');
      await eventually(async () => {
        const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-client-id')));
        assert.deepEqual(ids, [String(clientId)]);
      });
      await list.close();

      // Answered: the dialog says so.
      await simulate(admin, 'answer');
      await eventually(async () => assert.equal(await root.getAttribute('data-phase'), 'answered'));
      assert.equal(await textOf(dialog.getByTestId('incoming-call-phase')), tr('de', 'telephony:phase.answered'));
      assert.equal(await textOf(admin.getByTestId('simulator-state')), tr('de', 'telephony:simulator.states.answered'));

      // Hung up after 95 s: the dialog closes and a message tells the call's end; the provider's
      // call.ended (with the call's data) follows.
      await admin.getByTestId('simulator-duration').fill('95');
      await simulate(admin, 'hangup');
      await dialog.waitFor({ state: 'detached' });
      await expectSnackbar(agent, tr('de', 'telephony:callEnded', { who: `Erika ${surname}`, duration: '1:35' }));
      await simulate(admin, 'end');
      assert.equal(await textOf(admin.getByTestId('simulator-state')), tr('de', 'telephony:simulator.states.ended'));
      assert.deepEqual(
        await admin.getByTestId('simulator-history').locator('li .MuiListItemText-primary').allTextContents(),
        ['ring', 'answer', 'hangup', 'end'].map((s) => tr('de', `telephony:simulator.steps.${s}`)),
      );
      await assertAccessible(admin, 'the telephony simulator');
      await shotsAtWidths(admin, 'telephony-simulator');

      // The contact history of the client shows the incoming call, once.
      await agent.goto(`/ca-dashboard/show-user/${clientId}`);
      const history = agent.getByTestId('contact-history');
      await history.waitFor();
      const calls = history.locator('[data-testid="contact-entry"][data-type="inbound_call"]');
      await eventually(async () => assert.equal(await calls.count(), 1));
      assert.ok((await textOf(calls)).includes(tr('de', 'client:contactTypes.inbound_call')));

      // The agent's call log lists it, with the client.
      const logs = (await (await agent.request.get('/api/account/aircall-logs?limit=20&offset=0')).json()) as Json<
        'get',
        '/api/account/aircall-logs'
      >;
      const logged = logs.data.find((c) => c.callId === callId);
      assert.ok(logged, 'the call is in the agent’s call log');
      assert.equal(logged.clientId, clientId);
      await agent.getByTestId('call-logs-button').click();
      const panel = agent.getByTestId('call-logs');
      await panel.locator(`[data-testid="call-log"][data-call-id="${callId}"]`).waitFor();
      assert.ok((await textOf(panel.locator(`[data-testid="call-log"][data-call-id="${callId}"]`))).includes(`Erika ${surname}`));
      await agent.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      // Click-to-call from the client's row in the clients list: the call starts (the demo agent has a line).
      await agent.goto(`/ca-dashboard/clients?number=${encodeURIComponent(phone.typed)}`);
      const row = agent.locator(`[data-testid="client-row"][data-client-id="${clientId}"]`);
      await row.waitFor();
      await row.getByTestId('row-actions').click();
      const called = agent.waitForResponse((r) => r.url().includes(`/api/clients/initiate-call/${clientId}`));
      await agent.getByTestId('action-call').click();
      const answer = await called;
      assert.equal(answer.status(), 200, await answer.text());
      const started = (await answer.json()) as Json<'get', '/api/clients/initiate-call/{id}'>;
      assert.equal(started.data.number, phone.e164);
      await expectSnackbar(agent, tr('de', 'clients:callStarted', { name: `${surname}, Erika`, number: phone.e164 }));

      // The local provider answered the outgoing call; the admin's simulator lists it among the agent's
      // running calls and plays its end: it lands in the client's contact history as a call.
      const runningCall = admin.getByTestId('simulator-running-call').filter({ hasText: `Erika ${surname}` });
      await runningCall.waitFor({ timeout: 20_000 });
      await assertAccessible(admin, 'the simulator’s running calls', '[data-testid="simulator-form"]');
      await screenshot(admin, 'telephony-simulator-running-1280');
      await runningCall.getByTestId('simulator-carry-on').click();
      assert.equal(await textOf(admin.getByTestId('simulator-state')), tr('de', 'telephony:simulator.states.answered'));
      assert.equal(await admin.getByTestId('simulator-number').inputValue(), phone.e164);
      await admin.getByTestId('simulator-duration').fill('42');
      await simulate(admin, 'hangup');
      await simulate(admin, 'end');
      await runningCall.waitFor({ state: 'detached', timeout: 20_000 });
      await agent.goto(`/ca-dashboard/show-user/${clientId}`);
      const outgoing = agent.getByTestId('contact-history').locator('[data-testid="contact-entry"][data-type="call"]');
      await eventually(async () => assert.equal(await outgoing.count(), 1));
      assert.equal(await history.locator('[data-testid="contact-entry"][data-type="inbound_call"]').count(), 1);
    }),
  );

  void it(
    'an agent never sees a call simulated for another agent, and only admins may simulate',
    withPage(async (agent) => {
      const sockets = watchSocketConnections(agent);
      const traffic = socketTraffic(agent);
      await signIn(agent, 'ca@demo.test', DEMO_PASSWORD);
      await sockets.connected(1);
      // The call agent may not simulate calls.
      const refused = await agent.request.post('/api/telephony/simulate', {
        data: { agentId: 1, direction: 'inbound', number: '079 123 45 67', step: 'ring' },
      });
      assert.equal(refused.status(), 403, await refused.text());

      const adminContext = await newContext();
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin@demo.test', DEMO_PASSWORD);
      const accounts = (await (await admin.request.get('/api/accounts?search=sa%40demo.test&limit=5')).json()) as Json<
        'get',
        '/api/accounts'
      >;
      const other = accounts.data.find((a) => a.user.email === 'sa@demo.test');
      assert.ok(other, 'the demo sales agent');
      const rung = await admin.request.post('/api/telephony/simulate', {
        data: { agentId: other.user.id, direction: 'inbound', number: '079 123 45 67', step: 'ring' },
      });
      assert.equal(rung.status(), 200, await rung.text());
      const { callId } = (await rung.json()) as { callId: string };
      // A call of the same number for the call agent reaches the call agent: by then the other's would have too.
      const self = (await (await admin.request.get('/api/accounts?search=ca%40demo.test&limit=5')).json()) as Json<'get', '/api/accounts'>;
      const ca = self.data.find((a) => a.user.email === 'ca@demo.test');
      assert.ok(ca);
      const mine = await admin.request.post('/api/telephony/simulate', {
        data: { agentId: ca.user.id, direction: 'inbound', number: '079 123 45 67', step: 'ring' },
      });
      assert.equal(mine.status(), 200, await mine.text());
      const own = (await mine.json()) as { callId: string };
      const root = agent.getByTestId('incoming-call-dialog');
      await eventually(async () => assert.equal(await root.getAttribute('data-call-id'), own.callId));
      // The dialog takes the focus (it is modal) and is named by its title.
      const dialog = agent.getByRole('dialog', { name: tr('de', 'telephony:incomingCall') });
      await eventually(async () => assert.ok(await dialog.evaluate((el) => el.contains(document.activeElement))));
      assert.notEqual(own.callId, callId);
      // The other agent's call, rung first, never reached this agent's socket; the own one did.
      const heard = await traffic();
      assert.ok(heard.includes(own.callId), 'the own call came over the socket');
      assert.ok(!heard.includes(callId), 'the other agent’s call never reached this agent');
      // The close action closes the dialog while the call goes on.
      await dialog.getByTestId('incoming-call-close').click();
      await root.waitFor({ state: 'detached' });
      for (const [id, agentId] of [
        [callId, other.user.id],
        [own.callId, ca.user.id],
      ] as const) {
        const ended = await admin.request.post('/api/telephony/simulate', {
          data: { agentId, direction: 'inbound', number: '079 123 45 67', step: 'end', callId: id, duration: 0 },
          headers: { origin: new URL(admin.url()).origin },
        });
        assert.equal(ended.status(), 200, await ended.text());
      }
    }),
  );

  void it(
    'a call from an unknown number shows no client, lands in the call log without one, and the agent puts it in a client’s contact history',
    withPage(async (agent) => {
      const sockets = watchSocketConnections(agent);
      await signIn(agent, 'ca@demo.test', DEMO_PASSWORD);
      await sockets.connected(1);
      const surname = `Zuordnung${Date.now().toString(36)}`;
      const clientId = await createClient(agent, { name: 'Hans', surname, zipcode: '3011', city: 'Bern', address: 'Marktgasse 4' });

      const adminContext = await newContext();
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin@demo.test', DEMO_PASSWORD);
      await openScreen(admin, 'telephony', '/admin-dashboard/telephony');
      await admin.getByTestId('simulator-agent').getByRole('combobox').click();
      await admin.locator('[role="option"][data-email="ca@demo.test"]').click();
      const unknown = freshMobile();
      await admin.getByTestId('simulator-number').fill(unknown.stored);
      const callId = await simulate(admin, 'ring');

      const dialog = agent.getByRole('dialog', { name: tr('de', 'telephony:incomingCall') });
      await dialog.waitFor();
      assert.equal(await textOf(dialog.getByTestId('incoming-call-count')), tr('de', 'telephony:noClient'));
      assert.equal(await dialog.getByTestId('incoming-call-client').count(), 0);
      await admin.getByTestId('simulator-duration').fill('12');
      await simulate(admin, 'hangup');
      await dialog.waitFor({ state: 'detached' });
      await expectSnackbar(agent, tr('de', 'telephony:callEnded', { who: unknown.typed, duration: '0:12' }));
      await simulate(admin, 'end');

      // The call log (fetched again when it opens): the call without a client, with the action to put it
      // in a client's history.
      const logged = agent.waitForResponse((r) => new URL(r.url()).pathname === '/api/account/aircall-logs');
      await agent.getByTestId('call-logs-button').click();
      assert.equal((await logged).status(), 200);
      const entry = agent.getByTestId('call-logs').locator(`[data-testid="call-log"][data-call-id="${callId}"]`);
      await eventually(async () => assert.ok((await textOf(entry)).includes(unknown.typed)));
      assert.equal(await entry.getAttribute('data-client-id'), '');
      await assertAccessible(agent, 'the call log', '[data-testid="call-logs"]');
      await screenshot(agent, 'call-log-1280');
      await entry.getByTestId('call-log-attach').click();
      const attach = agent.getByRole('dialog', { name: tr('de', 'telephony:logs.attachTitle') });
      await attach.getByTestId('attach-call-search').fill(surname);
      const choice = attach.getByTestId('attach-call-choice').filter({ hasText: surname });
      await choice.waitFor();
      const attached = agent.waitForResponse((r) => r.url().includes('/attach') && r.request().method() === 'POST');
      await choice.click();
      assert.equal((await attached).status(), 200);
      await expectSnackbar(agent, tr('de', 'telephony:logs.attached', { name: `Hans ${surname}` }));
      await eventually(async () => assert.equal(await entry.getAttribute('data-client-id'), String(clientId)));

      // The call is now in the client's contact history.
      await agent.keyboard.press('Escape');
      await agent.goto(`/ca-dashboard/show-user/${clientId}`);
      const calls = agent.getByTestId('contact-history').locator('[data-testid="contact-entry"][data-type="inbound_call"]');
      await eventually(async () => assert.equal(await calls.count(), 1));
    }),
  );
});
