import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { EVENT_COLOURS, formatDateTime, reminderSendTime, zurichClock, zurichInstant } from '@bo/domain';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, screenshot, signIn, textOf, typeDate, withPage } from '../support/browser.ts';
import type { Item, Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

type CalendarEvent = Item<'get', '/api/calendar-events'>;

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  assert.equal(res.status(), 200, `${path}: ${await res.text()}`);
  return (await res.json()) as T;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (at: Date) => {
  const c = zurichClock(at);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
};
/** A Zurich wall time `days` after `monday` (a Zurich midnight). */
const at = (monday: Date, days: number, hour: number) => {
  const c = zurichClock(monday);
  return zurichInstant(c.year, c.month, c.day + days, hour);
};

/** The id of a demo sales agent by surname (spec 3 agents list: "Name Surname"). */
async function agentId(api: APIRequestContext, surname: string): Promise<number> {
  const { data } = await json<Json<'get', '/api/sales-agents'>>(api, '/api/sales-agents?limit=500');
  const agent = data.find((a) => a.name.endsWith(` ${surname}`));
  assert.ok(agent, `the demo sales agent ${surname} is listed`);
  return agent.id;
}

/**
 * A week, some weeks ahead, in which the agent has nothing booked yet: demo bookings of the seed and of
 * other test files stay out of the way. Answers its Monday (Zurich midnight).
 */
async function freeWeek(api: APIRequestContext, agent: number, weeksAhead: number): Promise<Date> {
  const today = zurichClock(new Date());
  for (let w = weeksAhead; w < weeksAhead + 12; w += 1) {
    const monday = zurichInstant(today.year, today.month, today.day - (today.weekday - 1) + 7 * w);
    const sunday = at(monday, 7, 0);
    const params = new URLSearchParams({ from: monday.toISOString(), to: sunday.toISOString(), agentId: String(agent) });
    const { data } = await json<Json<'get', '/api/calendar-events'>>(api, `/api/calendar-events?${params.toString()}`);
    if (data.length === 0) {
      return monday;
    }
  }
  throw new Error('the agent has no free week ahead');
}

/** Books a demo for a new client through the API, as the signed-in page's user. */
let phones = 0;
/** A mobile number no demo client has, so each booking gets its own reminders. */
function freshMobile(): string {
  phones += 1;
  const digits = String((Date.now() + phones * 7919) % 10_000_000).padStart(7, '0');
  return `078 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
}

async function book(api: APIRequestContext, agent: number, start: Date, surname: string): Promise<CalendarEvent> {
  const res = await api.post('/api/calendar-event', {
    data: {
      eventType: 'presentation',
      agentId: agent,
      date: start.toISOString(),
      comment: 'E2E Kalender',
      userData: { name: 'Kalender', surname, city: 'Bern', zipcode: '3011', address: 'Kramgasse 1', mobile_phone: freshMobile() },
    },
  });
  assert.equal(res.status(), 201, await res.text());
  return ((await res.json()) as Json<'post', '/api/calendar-event'>).data.event;
}

const eventIn = (page: Page, id: number) => page.getByTestId('calendar').locator(`[data-testid="calendar-event"][data-event-id="${id}"]`);
const dayColumn = (page: Page, day: string) => page.getByTestId('calendar').locator(`[data-date="${day}"]`).last();
const slotRow = (page: Page, time: string) => page.getByTestId('calendar').locator(`[data-time="${time}"]`).first();

/** The colour an event is painted in: the first ancestor of its label with a background. */
function colourOf(event: Locator): Promise<string> {
  return event.evaluate((el) => {
    for (let n: Element | null = el; n; n = n.parentElement) {
      const bg = getComputedStyle(n).backgroundColor;
      if (bg && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
        return bg;
      }
    }
    return '';
  });
}

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Drags with the mouse as a person does: press on the event's first quarter hour, move in steps, let go at (x, y). */
async function drag(page: Page, event: Locator, to: { x: number; y?: number }): Promise<void> {
  const box = await event.boundingBox();
  assert.ok(box, 'the event is on screen');
  const x = box.x + box.width / 2;
  const y = box.y + 6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y, { steps: 4 });
  await page.mouse.move(to.x, to.y ?? y, { steps: 20 });
  await page.mouse.up();
}

async function centreX(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  assert.ok(box);
  return box.x + box.width / 2;
}

async function openWeek(page: Page, agent: number, monday: Date): Promise<void> {
  await page.goto(`/admin-dashboard/calendar?agent=${agent}&view=week&date=${dayOf(monday)}`);
  await page.getByTestId('calendar').and(page.locator('[data-loaded="true"]')).waitFor();
}

void describe('calendar', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'admin sees the week coloured by status, opens an event, drags it to another day and finds it there after a reload',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const agent = await agentId(page.request, 'Huber');
      const monday = await freeWeek(page.request, agent, 3);
      const planned = await book(page.request, agent, at(monday, 1, 9), `Geplant${Date.now()}`);
      const canceled = await book(page.request, agent, at(monday, 2, 13), `Abgesagt${Date.now()}`);
      const cancel = await page.request.put('/api/calendar-event', {
        data: { eventId: canceled.id, status: 'canceled', date: canceled.date, comment: 'Kunde hat abgesagt' },
      });
      assert.equal(cancel.status(), 200, await cancel.text());

      await openWeek(page, agent, monday);
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.calendar') }).waitFor();
      const legend = page.getByTestId('calendar-legend');
      assert.equal(await textOf(legend.locator('[data-legend="planned"]')), tr('de', 'calendar:legend.planned'));
      assert.equal(await textOf(legend.locator('[data-legend="canceled"]')), tr('de', 'calendar:legend.canceled'));
      // German labels, and the week starts on Monday.
      const firstDay = page.getByTestId('calendar').locator('[data-date]').first();
      assert.equal(await firstDay.getAttribute('data-date'), dayOf(monday));
      assert.match(await textOf(firstDay), /Mo\./);
      await page.getByTestId('calendar').getByText('Woche', { exact: true }).waitFor();

      const first = eventIn(page, planned.id);
      const second = eventIn(page, canceled.id);
      await first.waitFor();
      assert.match(
        await textOf(first),
        new RegExp(`Kalender ${planned.client?.surname ?? ''} · ${tr('de', 'calendar:types.presentation')}`),
      );
      assert.equal(await colourOf(first), rgb(EVENT_COLOURS.planned));
      assert.equal(await colourOf(second), rgb(EVENT_COLOURS.canceled));
      assert.equal(await second.getAttribute('data-status'), 'canceled');
      await screenshot(page, 'calendar-week-1280');

      // Opening an event shows it in update mode, with its client.
      await first.click();
      const dialog = page.getByTestId('event-dialog');
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('data-mode'), 'update');
      assert.equal(await textOf(dialog.getByTestId('event-client')), `Kalender ${planned.client?.surname ?? ''}`);
      assert.equal(await textOf(dialog.getByTestId('event-status-chip')), tr('de', 'calendar:statuses.planned'));
      assert.ok(await dialog.getByTestId('event-perform').isVisible(), 'an admin may perform a planned demo');
      await screenshot(page, 'calendar-event-dialog-1280');
      await dialog.getByTestId('event-cancel').click();
      await dialog.waitFor({ state: 'detached' });

      // Tuesday 09:00 → Thursday 09:00, confirmed in the move dialog.
      const thursday = dayOf(at(monday, 3, 0));
      await drag(page, first, { x: await centreX(dayColumn(page, thursday)) });
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('data-mode'), 'move');
      // The drop proposes the new day; the time stays what the agent sets in the dialog (a drop by mouse
      // may land a quarter hour off the pointer's row).
      const when = dialog.getByTestId('event-when');
      const [year, month, day] = thursday.split('-');
      assert.equal((await when.inputValue()).slice(0, 10), `${day}.${month}.${year}`);
      await typeDate(when, `${day}.${month}.${year} 09:00`);
      await screenshot(page, 'calendar-move-1280');
      await dialog.getByTestId('event-save').click();
      await dialog.waitFor({ state: 'detached' });
      const saved = tr('de', 'calendar:calendar_event_updated_success', { summary: '' }).trim();
      await eventually(async () => assert.ok((await textOf(page.getByTestId('snackbar'))).startsWith(saved)));

      const target = at(monday, 3, 9).toISOString();
      await page.reload();
      await page.getByTestId('calendar').and(page.locator('[data-loaded="true"]')).waitFor();
      const moved = eventIn(page, planned.id);
      await moved.waitFor();
      assert.equal(new Date((await moved.getAttribute('data-start')) ?? '').toISOString(), target);
      const column = await dayColumn(page, thursday).boundingBox();
      const box = await moved.boundingBox();
      assert.ok(column && box && box.x >= column.x && box.x + box.width <= column.x + column.width + 1, 'the event sits on Thursday');

      // The reminders still to be sent moved with it: the outbox shows them at the new times.
      await page.goto('/admin-dashboard/outbox?tab=sms');
      await page.getByTestId('sms-outbox-table').waitFor();
      const rows = page.locator(`[data-testid="sms-outbox-row"][data-event-id="${planned.id}"]`);
      await eventually(async () => assert.ok((await rows.count()) >= 3, 'the booking wrote its reminders'));
      const texts = await rows.allTextContents();
      // Each reminder goes out when the send window allows (a 07:00 reminder waits for 08:00).
      const sendAt = (hoursBefore: number): string => {
        const start = new Date(target);
        const due = new Date(start.getTime() - hoursBefore * 3_600_000);
        const when = reminderSendTime(due, start, new Date());
        assert.ok(when, `a reminder ${hoursBefore} h before the moved demo is sent`);
        return formatDateTime(when);
      };
      const dayBefore = sendAt(24);
      const twoHoursBefore = sendAt(2);
      assert.ok(
        texts.some((row) => row.includes(dayBefore) && row.includes(tr('de', 'outbox.sms.types.first_reminder'))),
        texts.join('\n'),
      );
      assert.ok(
        texts.some((row) => row.includes(twoHoursBefore) && row.includes(tr('de', 'outbox.sms.types.second_reminder'))),
        texts.join('\n'),
      );
      await screenshot(page, 'calendar-moved-reminders-1280');
    }),
  );

  void it(
    'when a range holds more events than one answer carries, the calendar says so and shows what it has',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      // The demo holds far fewer than CALENDAR_EVENTS_LIMIT events: the server's answer is marked capped on its way.
      await page.route('**/api/calendar-events?*', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as Json<'get', '/api/calendar-events'>;
        assert.equal(body.capped, false);
        await route.fulfill({ response: res, json: { ...body, capped: true } });
      });
      await page.goto('/admin-dashboard/calendar?view=week');
      const notice = page.getByTestId('calendar-capped');
      await notice.waitFor();
      assert.equal(await textOf(notice), tr('de', 'calendar:capped', { count: 2000 }));
      await page.getByTestId('calendar').and(page.locator('[data-loaded="true"]')).waitFor();
      assert.ok((await page.getByTestId('calendar').getByTestId('calendar-event').count()) > 0, 'the events it has are shown');
      await screenshot(page, 'calendar-capped-1280');
    }),
  );

  void it(
    'a move onto another booking of the agent is refused with the reason, and the event goes back',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const agent = await agentId(page.request, 'Huber');
      const monday = await freeWeek(page.request, agent, 3);
      await book(page.request, agent, at(monday, 1, 9), `Zuerst${Date.now()}`);
      const later = await book(page.request, agent, at(monday, 1, 13), `Danach${Date.now()}`);

      await openWeek(page, agent, monday);
      const event = eventIn(page, later.id);
      await event.waitFor();
      const before = await event.boundingBox();
      const ten = await slotRow(page, '10:00:00').boundingBox();
      assert.ok(before && ten);
      await drag(page, event, { x: before.x + before.width / 2, y: ten.y + 6 });

      const dialog = page.getByTestId('event-dialog');
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('data-mode'), 'move');
      await dialog.getByTestId('event-save').click();
      const reason = tr('de', 'calendar:calendar_event_error', { reason: tr('de', 'calendar:reasons.overlapping_event') });
      await eventually(async () => assert.equal(await textOf(dialog.getByTestId('event-error')), reason));
      assert.equal(await textOf(page.getByTestId('snackbar')), reason);
      await screenshot(page, 'calendar-overlap-refused-1280');
      // The dialog stays open for another time; the event is back at 13:00.
      assert.ok(await dialog.isVisible());
      await eventually(async () => {
        const now = await eventIn(page, later.id).boundingBox();
        assert.ok(now && Math.abs(now.y - before.y) < 2, 'the event is back where it was');
      });
      await dialog.getByTestId('event-cancel').click();
      await dialog.waitFor({ state: 'detached' });
      const stored = await json<Json<'get', '/api/event/{id}'>>(page.request, `/api/event/${later.id}?eventType=presentation`);
      assert.equal(new Date(stored.data.date).toISOString(), new Date(later.date).toISOString());
    }),
  );

  void it(
    'a busy hour of every agent stays readable: one demo with its whole text in the week, the others behind "+3" in a list',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const { data: agents } = await json<Json<'get', '/api/sales-agents'>>(page.request, '/api/sales-agents?limit=500');
      const four = agents.filter((a) => a.is_active).slice(0, 4);
      assert.equal(four.length, 4, 'the demo has four active sales agents');
      // A week far ahead that none of the four has booked yet; four demos on its Wednesday at 10:00.
      let monday: Date | null = null;
      for (let weeks = 30; weeks < 60 && !monday; weeks += 1) {
        const candidate = await freeWeek(page.request, four[0]!.id, weeks);
        const free = await Promise.all(
          four.map(async (a) => (await freeWeek(page.request, a.id, weeks)).getTime() === candidate.getTime()),
        );
        if (free.every(Boolean)) {
          monday = candidate;
        }
      }
      assert.ok(monday, 'a week free for the four agents');
      const booked = [];
      for (const [i, agent] of four.entries()) {
        booked.push(await book(page.request, agent.id, at(monday, 2, 10), `Parallel${i}${Date.now()}`));
      }

      await page.goto(`/admin-dashboard/calendar?agent=all&view=week&date=${dayOf(monday)}`);
      await page.getByTestId('calendar').and(page.locator('[data-loaded="true"]')).waitFor();
      const shown = [];
      for (const e of booked) {
        if ((await eventIn(page, e.id).count()) > 0) {
          shown.push(eventIn(page, e.id));
        }
      }
      assert.equal(shown.length, 1, 'one of the four stands in the day column');
      for (const event of shown) {
        // The whole text is there: on hover, and in the box, wrapped rather than cut.
        const title = (await event.getAttribute('title')) ?? '';
        assert.match(title, /Kalender Parallel\d/);
        const box = await event.boundingBox();
        assert.ok(box && box.width >= 80, `an event is readable, not a sliver (${box?.width ?? 0} px)`);
      }
      const more = page.getByTestId('calendar').getByTestId('calendar-more');
      assert.equal(await textOf(more), '+3');
      await screenshot(page, 'calendar-busy-week-1440');
      await more.click();
      // The popover lists every demo of the hour, each with its client's name.
      for (const e of booked) {
        const listed = page.locator(`[data-testid="calendar-event"][data-event-id="${e.id}"]`).last();
        await listed.waitFor();
        assert.ok((await textOf(listed)).includes(e.client?.surname ?? '#'), 'each demo is named in the list');
      }
      await screenshot(page, 'calendar-busy-week-more-1440');
    }),
  );

  void it(
    'a sales agent sees their own week on a tablet, without scrolling sideways',
    withPage(
      async (page) => {
        await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
        await page.goto('/sa-dashboard/calendar');
        await page.getByTestId('calendar').and(page.locator('[data-loaded="true"]')).waitFor();
        assert.equal(await page.getByTestId('calendar-agent').count(), 0, 'a sales agent does not pick an agent');
        await page.getByTestId('calendar-legend').waitFor();
        await screenshot(page, 'calendar-week-768');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 768, `no horizontal scrolling at 768 px (page is ${width} px wide)`);
      },
      { viewport: { width: 768, height: 1024 }, touch: true },
    ),
  );
});
