import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { formatDateTime, workingTimeRefusal, zurichClock, zurichInstant } from '@bo/domain';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  eventually,
  openScreen,
  screenshot,
  signIn,
  signOut,
  textOf,
  typeDate,
  withPage,
} from '../support/browser.ts';
import type { Item, Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

type CalendarEvent = Item<'get', '/api/calendar-events'>;

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  assert.equal(res.status(), 200, `${path}: ${await res.text()}`);
  return (await res.json()) as T;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The demo sales agent (sa@demo.test), as the agents list names him. */
const DEMO_AGENT = 'Marco Bernasconi';

async function demoAgentId(api: APIRequestContext): Promise<number> {
  const { data } = await json<Json<'get', '/api/sales-agents'>>(api, '/api/sales-agents?limit=500');
  const agent = data.find((a) => a.name === DEMO_AGENT);
  assert.ok(agent, 'the demo sales agent is listed');
  return agent.id;
}

async function agentEvents(api: APIRequestContext, agentId: number, from: Date, days: number): Promise<CalendarEvent[]> {
  const to = new Date(from.getTime() + days * 86_400_000);
  const params = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), agentId: String(agentId) });
  return (await json<Json<'get', '/api/calendar-events'>>(api, `/api/calendar-events?${params.toString()}`)).data;
}

/**
 * A working day some weeks ahead on which the agent has nothing booked, at 09:00 Zurich time: the demo
 * bookings of the seed and of other test files stay out of the way. `skip` picks a later one.
 */
async function freeMorning(api: APIRequestContext, agentId: number, skip = 0): Promise<Date> {
  const today = zurichClock(new Date());
  let found = 0;
  for (let d = 21; d < 120; d += 1) {
    const start = zurichInstant(today.year, today.month, today.day + d, 9);
    if (workingTimeRefusal(start) !== null) {
      continue;
    }
    const dayStart = zurichInstant(today.year, today.month, today.day + d);
    if ((await agentEvents(api, agentId, dayStart, 1)).length === 0) {
      if (found === skip) {
        return start;
      }
      found += 1;
    }
  }
  throw new Error('the demo sales agent has no free day ahead');
}

/** In the calendar dialog: the demo agent, the time, a comment; the agent's week shows beside it. */
async function fillBooking(page: Page, dialog: Locator, start: Date, comment: string): Promise<void> {
  await dialog.getByRole('combobox', { name: tr('de', 'calendar:dialog.agent') }).click();
  await page.getByRole('option', { name: DEMO_AGENT, exact: true }).click();
  await typeDate(dialog.getByTestId('event-when'), formatDateTime(start));
  await dialog.getByTestId('event-comment').fill(comment);
  assert.equal(
    await textOf(dialog.getByTestId('agent-week').getByText(tr('de', 'calendar:dialog.agentWeek', { agent: DEMO_AGENT }))),
    tr('de', 'calendar:dialog.agentWeek', { agent: DEMO_AGENT }),
  );
  // The new booking shows in the agent's week where it would go.
  await dialog.getByTestId('agent-week').getByText(tr('de', 'calendar:dialog.newEvent')).waitFor();
}

/** Books and answers the new event and the summary, as the server sent them. */
async function book(page: Page, dialog: Locator): Promise<{ event: CalendarEvent; summary: string }> {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/calendar-event');
  await dialog.getByTestId('event-save').click();
  const res = await answer;
  assert.equal(res.status(), 201, await res.text());
  const body = (await res.json()) as Json<'post', '/api/calendar-event'>;
  assert.equal(body.data.presentation_id, body.data.event.id);
  await dialog.waitFor({ state: 'detached' });
  await eventually(async () =>
    assert.equal(
      await textOf(page.getByTestId('snackbar')),
      tr('de', 'calendar:calendar_event_created_success', { summary: body.data.summary }),
    ),
  );
  return { event: body.data.event, summary: body.data.summary };
}

/** As sa@demo.test: the demo is in the own calendar, on its day, with the client's name. */
async function salesAgentSees(page: Page, event: CalendarEvent, name: string): Promise<void> {
  await signOut(page);
  await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
  const c = zurichClock(new Date(event.date));
  await page.goto(`/sa-dashboard/calendar?view=week&date=${c.year}-${pad(c.month)}-${pad(c.day)}`);
  const shown = page.getByTestId('calendar').locator(`[data-testid="calendar-event"][data-event-id="${event.id}"]`);
  await shown.waitFor();
  assert.match(await textOf(shown), new RegExp(`${name} · ${tr('de', 'calendar:types.presentation')}`));
  assert.equal(await shown.getAttribute('data-status'), 'planned');
  assert.equal(await shown.getAttribute('data-busy'), 'false');
}

void describe('booking a demo', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    "call agent books a demo for a lead from the clients list into the demo sales agent's calendar, who then sees it",
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const agentId = await demoAgentId(page.request);
      const start = await freeMorning(page.request, agentId);
      const me = (await json<Json<'get', '/auth/current'>>(page.request, '/auth/current')).data;

      await openScreen(page, 'clients', '/ca-dashboard/clients');
      const row = page.getByTestId('client-row').first();
      await row.waitFor();
      const clientId = Number(await row.getAttribute('data-client-id'));
      const name = await textOf(row.getByTestId('client-name'));
      await row.getByTestId('row-actions').click();
      await page.getByTestId('action-book').click();

      const dialog = page.getByTestId('event-dialog');
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('data-mode'), 'create');
      const record = (await json<Json<'get', '/api/user/{id}'>>(page.request, `/api/user/${clientId}`)).data;
      assert.equal(name, `${record.surname}, ${record.name}`);
      // The client's data is picked into the booking.
      await eventually(async () => assert.equal(await dialog.getByTestId('client-name').inputValue(), record.name));
      assert.equal(await dialog.getByTestId('client-surname').inputValue(), record.surname);
      assert.equal(await dialog.getByTestId('client-address').inputValue(), record.address ?? '');
      await fillBooking(page, dialog, start, 'E2E Buchung aus der Kundenliste');
      await screenshot(page, 'booking-dialog-1280');

      const { event } = await book(page, dialog);
      assert.equal(event.client?.id, clientId);
      assert.equal(event.agent?.id, agentId);
      assert.equal(event.created_by?.id, me.id);
      assert.equal(new Date(event.date).toISOString(), start.toISOString());
      assert.equal(event.status, 'planned');
      const booked = await agentEvents(page.request, agentId, start, 1);
      assert.ok(
        booked.some((e) => e.id === event.id),
        'the demo is in the agent calendar',
      );

      await salesAgentSees(page, event, `${record.name} ${record.surname}`);
      await screenshot(page, 'booking-seen-by-sales-agent-1280');
    }),
  );

  void it(
    'after "reached, interested" the lead flow books the demo and ends with the booking, on a tablet',
    withPage(
      async (page) => {
        await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
        const agentId = await demoAgentId(page.request);
        const start = await freeMorning(page.request, agentId, 1);
        const { data } = await json<Json<'get', '/api/clients'>>(page.request, '/api/clients?tableName=b2c&limit=20');
        const lead = data[3] ?? data[0];
        assert.ok(lead, 'the call agent has leads');

        await page.goto(`/ca-dashboard/lead-flow/${lead.id}`);
        await page.getByTestId('lead-flow-to-outcome').click();
        await page.getByRole('radio', { name: tr('de', 'leadflow:outcomes.reached_interested') }).check();
        await page.getByTestId('outcome-save').click();

        // The booking step opens the calendar dialog at once, with the lead's data.
        await eventually(async () => assert.equal(await page.getByTestId('lead-flow').getAttribute('data-step'), 'booking'));
        const dialog = page.getByTestId('event-dialog');
        await dialog.waitFor();
        await eventually(async () => assert.equal(await dialog.getByTestId('client-name').inputValue(), lead.user.name));
        await fillBooking(page, dialog, start, 'E2E Buchung im Lead-Flow');
        await screenshot(page, 'booking-lead-flow-dialog-768');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 768, `no horizontal scrolling at 768 px (page is ${width} px wide)`);

        const { event, summary } = await book(page, dialog);
        assert.equal(event.client?.id, lead.id);
        await eventually(async () => assert.equal(await page.getByTestId('lead-flow').getAttribute('data-step'), 'done'));
        const shownSummary = page.getByTestId('summary-booking');
        await shownSummary.waitFor();
        assert.equal(await textOf(shownSummary), summary);
        await screenshot(page, 'booking-lead-flow-done-768');

        await salesAgentSees(page, event, `${lead.user.name} ${lead.user.surname}`);
      },
      { viewport: { width: 768, height: 1024 }, touch: true },
    ),
  );
});
