import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { zurichClock } from '@bo/domain';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, screenshot, signIn, textOf, typeDate, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

const pad = (n: number) => String(n).padStart(2, '0');

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, `${path}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function axe(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const blocking = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  assert.deepEqual(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
  );
}

/** The n-th Monday-to-Saturday day from tomorrow (the demo data blocks the 12th for every agent). */
function workday(n: number): string {
  let seen = 0;
  for (let d = 1; ; d += 1) {
    const c = zurichClock(new Date(Date.now() + d * 86_400_000));
    if (c.weekday <= 6 && ++seen === n) {
      return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
    }
  }
}

/** A lead of the call agent near a field agent's home (Zürich, Winterthur, Bern, Lugano), the k-th of them. */
async function leadNearAgents(page: Page, k: number) {
  const { data } = await getJson<Json<'get', '/api/clients'>>(page, '/api/clients?tableName=b2c&limit=100');
  const lead = data.filter((r) => r.user.address && /^(80[1-9]|81|84|30|69)/.test(r.user.zipcode ?? ''))[k];
  assert.ok(lead, 'the call agent has leads with an address near an agent');
  return lead;
}

/** The lead flow of a lead up to its booking step, where the caller opens the planner instead of the calendar. */
async function openPlanner(page: Page, leadId: number) {
  await page.goto(`/ca-dashboard/lead-flow/${leadId}`);
  await page.getByTestId('lead-flow-to-outcome').click();
  await page.getByRole('radio', { name: tr('de', 'leadflow:outcomes.reached_interested') }).check();
  await page.getByTestId('outcome-save').click();
  await eventually(async () => assert.equal(await page.getByTestId('lead-flow').getAttribute('data-step'), 'booking'));
  // The booking step opens the calendar dialog at once; the caller closes it and opens the planner instead.
  await page.getByTestId('event-dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('event-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('lead-flow-planner').click();
  const planner = page.getByTestId('planner');
  await planner.waitFor();
  return planner;
}

const previewAnswer = (page: Page, test: (q: URLSearchParams) => boolean) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/planner-preview' && test(new URL(r.url()).searchParams));

void describe('visit planner', { timeout: 240_000 }, () => {
  after(closeBrowser);

  void it(
    'a call agent opens a lead, plans the visit with ranked suggestions and the route on the map, filters within 50 km and books the best one',
    withPage(
      async (page) => {
        await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
        // A lead near a field agent's home, so that "within 50 km" keeps some.
        const lead = await leadNearAgents(page, 0);
        const planner = await openPlanner(page, lead.id);
        const first = planner.getByTestId('planner-suggestion').first();
        await first.waitFor();
        assert.equal(await first.getAttribute('data-rank'), '1');
        // Each suggestion says why, in German: the distance part and the detour at least.
        const reasons = await first.getByTestId('planner-reasons').locator('li').allTextContents();
        assert.ok(reasons.length >= 2, `reasons: ${reasons.join(' | ')}`);
        assert.ok(
          reasons.some((r) => r.startsWith('Distanzanteil')),
          reasons.join(' | '),
        );
        await axe(page);
        await screenshot(page, 'planner-preview-1440');

        // Within 50 km: every suggestion left is in that band.
        const filtered = page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/planner-preview' && new URL(r.url()).searchParams.get('lessThan50') === 'true',
        );
        await planner.getByTestId('planner-filter-50').check();
        const answer = (await (await filtered).json()) as Json<'get', '/api/planner-preview'>;
        assert.ok(answer.suggestions.length > 0, 'agents within 50 km are suggested');
        await eventually(async () => {
          const bands = await planner.getByTestId('planner-suggestion').evaluateAll((els) => els.map((e) => e.getAttribute('data-band')));
          assert.ok(bands.length > 0);
          assert.deepEqual([...new Set(bands)], ['lessThan50']);
        });
        const best = answer.suggestions[0]!;
        const bestCard = planner.locator(`[data-testid="planner-suggestion"][data-rank="1"]`);
        assert.equal(await bestCard.getAttribute('data-agent-id'), String(best.agent.id));

        // The day's route: home, the visits with the new one in its place, home; drawn without any tile server.
        await bestCard.getByTestId('planner-show-route').click();
        const map = planner.getByTestId('planner-map');
        await map.waitFor();
        await eventually(async () => assert.ok(Number(await map.getAttribute('data-stops')) >= 3));
        // Leaflet draws the route as one SVG path and each stop as another (no tile is needed for either).
        const drawn = map.locator('svg path.leaflet-interactive');
        await drawn.first().waitFor({ state: 'attached' });
        const stopCount = Number(await map.getAttribute('data-stops'));
        await eventually(async () => assert.equal(await drawn.count(), stopCount + 1));
        const stops = planner.getByTestId('planner-stop');
        assert.equal(await stops.first().getAttribute('data-type'), 'home');
        assert.equal(await stops.last().getAttribute('data-type'), 'home');
        assert.equal(await planner.locator('[data-testid="planner-stop"][data-new="true"]').count(), 1);
        await axe(page);
        await screenshot(page, 'planner-route-1440');
        await page.setViewportSize({ width: 768, height: 1024 });
        await screenshot(page, 'planner-route-768');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 768, `no horizontal scrolling at 768 px (page is ${width} px wide)`);
        await page.setViewportSize({ width: 1440, height: 900 });

        // Blocked dates of a month: the demo's company day, and the Sundays.
        const companyDay = workday(12);
        await planner.getByTestId('planner-tab-blocked').click();
        await planner.getByTestId('planner-month').fill(companyDay.slice(0, 7));
        await planner.locator(`[data-testid="planner-blocked-day"][data-date="${companyDay}"]`).waitFor();
        assert.equal(
          await planner.locator(`[data-testid="planner-blocked-day"][data-date="${companyDay}"]`).getAttribute('data-reason'),
          'blocked',
        );
        assert.ok((await planner.locator('[data-testid="planner-blocked-day"][data-reason="sunday"]').count()) >= 4);
        await axe(page);
        await screenshot(page, 'planner-blocked-1440');

        // Booking the best: the calendar dialog comes with the agent, the time and the client filled in.
        await planner.getByTestId('planner-tab-details').click();
        await planner.getByTestId('planner-details-book').click();
        const dialog = page.getByTestId('event-dialog');
        await dialog.waitFor();
        await eventually(async () => assert.equal(await dialog.getByTestId('client-name').inputValue(), lead.user.name));
        const booked = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/calendar-event');
        await dialog.getByTestId('event-save').click();
        const res = await booked;
        assert.equal(res.status(), 201, await res.text());
        const body = (await res.json()) as Json<'post', '/api/calendar-event'>;
        assert.equal(body.data.event.agent?.id, best.agent.id);
        assert.equal(new Date(body.data.event.date).toISOString(), best.start);
        assert.equal(body.data.event.client?.id, lead.id);
        await eventually(async () => assert.equal(await page.getByTestId('lead-flow').getAttribute('data-step'), 'done'));

        // The agent's calendar shows it.
        const c = zurichClock(new Date(best.start));
        await page.goto(`/ca-dashboard/calendar?view=week&date=${c.year}-${pad(c.month)}-${pad(c.day)}&agent=${best.agent.id}`);
        const shown = page.getByTestId('calendar').locator(`[data-testid="calendar-event"][data-event-id="${body.data.event.id}"]`);
        await shown.waitFor();
        assert.match(await textOf(shown), new RegExp(lead.user.name));
        await screenshot(page, 'planner-booked-calendar-1440');
      },
      { viewport: { width: 1440, height: 900 } },
    ),
  );
  void it(
    'the edit mode: plans at an edited address, names a wrong postcode under its field, and plans at the saved address again when left',
    withPage(
      async (page) => {
        await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
        const lead = await leadNearAgents(page, 1);
        const planner = await openPlanner(page, lead.id);
        await planner.getByTestId('planner-suggestion').first().waitFor();
        // The period is written the Swiss way, whatever the browser's language.
        assert.match(await planner.getByTestId('planner-start-date').inputValue(), /^\d\d\.\d\d\.\d{4}$/);
        const addressText = planner.getByTestId('planner-address-text');
        assert.match(await textOf(addressText), new RegExp(`${lead.user.zipcode}`));

        // The edit mode starts from the saved address; a postcode that does not exist is refused under its field.
        await planner.getByTestId('planner-edit-mode').check();
        assert.equal(await planner.getByTestId('planner-draft-zipcode').inputValue(), lead.user.zipcode);
        await planner.getByTestId('planner-draft-zipcode').fill('9999');
        const refused = previewAnswer(page, (q) => q.get('zipcode') === '9999');
        await planner.getByTestId('planner-draft-apply').click();
        assert.equal((await refused).status(), 400);
        const zipcodeField = planner.locator('.MuiFormControl-root', { has: page.getByTestId('planner-draft-zipcode') });
        await eventually(async () => assert.match(await textOf(zipcodeField), new RegExp(tr('de', 'common:validation.postcode_unknown'))));

        // Another town (Bern, or Lugano for a lead near Bern): the visit is planned there, nothing is saved.
        const other =
          lead.user.zipcode?.startsWith('3') === true
            ? { address: 'Via Nassa 5', zipcode: '6900', city: 'Lugano', lat: 46.0 }
            : { address: 'Bundesplatz 3', zipcode: '3011', city: 'Bern', lat: 46.95 };
        await planner.getByTestId('planner-draft-address').fill(other.address);
        await planner.getByTestId('planner-draft-zipcode').fill(other.zipcode);
        await planner.getByTestId('planner-draft-city').fill(other.city);
        const elsewhere = previewAnswer(page, (q) => q.get('zipcode') === other.zipcode);
        await planner.getByTestId('planner-draft-apply').click();
        const answer = (await (await elsewhere).json()) as Json<'get', '/api/planner-preview'>;
        assert.ok(Math.abs(answer.client.point.lat - other.lat) < 0.05, `planned in ${other.city}: ${JSON.stringify(answer.client.point)}`);
        assert.ok(answer.suggestions.length > 0);
        await eventually(async () =>
          assert.match(await textOf(addressText), new RegExp(`${other.address}, ${other.zipcode} ${other.city}`)),
        );
        assert.equal(await zipcodeField.locator('.Mui-error').count(), 0);
        await axe(page);
        await screenshot(page, 'planner-edit-mode-1440');
        await page.setViewportSize({ width: 768, height: 1024 });
        await screenshot(page, 'planner-edit-mode-768');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 768, `no horizontal scrolling at 768 px (page is ${width} px wide)`);
        await page.setViewportSize({ width: 1440, height: 900 });

        // Leaving the edit mode clears the drafts: the preview is for the saved address again.
        const saved = previewAnswer(page, (q) => !q.has('zipcode'));
        await planner.getByTestId('planner-edit-mode').uncheck();
        const again = (await (await saved).json()) as Json<'get', '/api/planner-preview'>;
        assert.ok(Math.abs(again.client.point.lat - answer.client.point.lat) > 0.05, `the saved address is not in ${other.city}`);
        assert.equal(await planner.getByTestId('planner-draft-zipcode').count(), 0);
        await eventually(async () => assert.match(await textOf(addressText), new RegExp(`${lead.user.zipcode}`)));
        const stored = await getJson<Json<'get', '/api/user/{id}'>>(page, `/api/user/${lead.id}`);
        assert.equal(stored.data.zipcode, lead.user.zipcode, 'the edited address was not saved');
      },
      { viewport: { width: 1440, height: 900 } },
    ),
  );
  void it(
    "an admin enters an agent's blocked day and private appointment from the calendar; the planner leaves them out; removed, the day is back",
    withPage(
      async (page) => {
        await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
        const lead = await leadNearAgents(page, 2);
        // The best agent for the lead on a day of its own.
        const day = workday(17);
        const previewOf = async () =>
          getJson<Json<'get', '/api/planner-preview'>>(
            page,
            `/api/planner-preview?clientId=${lead.id}&startDate=${day}&endDate=${day}&limit=10`,
          );
        const before = await previewOf();
        const agent = before.suggestions[0]!.agent;
        assert.ok(agent, 'an agent is suggested on that day');

        await page.goto(`/admin-dashboard/calendar?view=week&agent=${agent.id}`);
        await page.getByTestId('calendar-absences').click();
        const dialog = page.getByTestId('absences');
        await dialog.waitFor();
        const [y, m, d] = day.split('-');
        await typeDate(dialog.getByTestId('absences-day-date'), `${d}.${m}.${y}`);
        await dialog.getByTestId('absences-day-note').fill('Weiterbildung');
        const blocked = page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/planner-blocked-days',
        );
        await dialog.getByTestId('absences-day-add').click();
        assert.equal((await blocked).status(), 201);
        const listed = dialog.locator(`[data-testid="absences-day"][data-date="${day}"]`);
        await listed.waitFor();
        assert.match(await textOf(listed), /Weiterbildung/);

        // The same day again is refused under the field, in German.
        await typeDate(dialog.getByTestId('absences-day-date'), `${d}.${m}.${y}`);
        await dialog.getByTestId('absences-day-add').click();
        await eventually(async () => assert.match(await textOf(dialog), new RegExp(tr('de', 'common:validation.already_taken'))));

        // A private appointment the day after, 08:00 to 12:00.
        const next = workday(18);
        const [ny, nm, nd] = next.split('-');
        await typeDate(dialog.getByTestId('absences-private-from'), `${nd}.${nm}.${ny} 08:00`);
        await typeDate(dialog.getByTestId('absences-private-until'), `${nd}.${nm}.${ny} 12:00`);
        await dialog.getByTestId('absences-private-note').fill('Arzt');
        const added = page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/planner-private-appointments',
        );
        await dialog.getByTestId('absences-private-add').click();
        assert.equal((await added).status(), 201);
        await eventually(async () => assert.match(await textOf(dialog.getByTestId('absences-private')), /Arzt/));
        await axe(page);
        await screenshot(page, 'planner-absences-1440');
        await page.setViewportSize({ width: 768, height: 1024 });
        await screenshot(page, 'planner-absences-768');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 768, `no horizontal scrolling at 768 px (page is ${width} px wide)`);
        await page.setViewportSize({ width: 1440, height: 900 });

        // The planner leaves the blocked day out for that agent.
        const during = await previewOf();
        assert.ok(!during.suggestions.some((s) => s.agent.id === agent.id), 'the blocked agent is not suggested that day');

        // Removed, the day is the agent's again.
        await page.goto(`/admin-dashboard/calendar?view=week&agent=${agent.id}`);
        await page.getByTestId('calendar-absences').click();
        await dialog.waitFor();
        if (!day.startsWith(new Date().toISOString().slice(0, 7))) {
          await typeDate(dialog.getByTestId('absences-month'), `${m}.${y}`);
        }
        const removed = page.waitForResponse(
          (r) => r.request().method() === 'DELETE' && /\/api\/planner-blocked-days\/\d+$/.test(new URL(r.url()).pathname),
        );
        await dialog.locator(`[data-testid="absences-day"][data-date="${day}"]`).getByTestId('absences-day-remove').click();
        assert.equal((await removed).status(), 200);
        await dialog.locator(`[data-testid="absences-day"][data-date="${day}"]`).waitFor({ state: 'detached' });
        const after = await previewOf();
        assert.ok(
          after.suggestions.some((s) => s.agent.id === agent.id),
          'the agent is suggested again',
        );
      },
      { viewport: { width: 1440, height: 900 } },
    ),
  );
});
