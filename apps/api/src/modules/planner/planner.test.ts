import {
  ADDRESS_EMPTY,
  addDays,
  UNABLE_TO_FOUND_ROUTE,
  zurichClock,
  zurichDate,
  zurichInstant,
  type PlannerAbsencesDto,
  type PlannerBlockedDatesDto,
  type PlannerDetailsDto,
  type PlannerPreviewDto,
  type RoleCode,
  type UserPrimaryAgentsDto,
} from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEvent, buildStaff, type Staff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { offlineTravelTimes, type TravelTimes } from '../../integrations/routing/index.ts';
import { insertBlockedDays, insertPrivateAppointments } from './index.ts';
import { plannerPreview } from './service.ts';

let t: TestApp;
const staff = new Map<RoleCode, Staff>();
let zurichAgent: Staff;
let bernAgent: Staff;
let client: number;
let household: number;
let noAddress: number;

/** The n-th Monday-to-Saturday day from tomorrow, as a Zurich date. */
function workday(n: number): string {
  let seen = 0;
  for (let d = 1; ; d += 1) {
    const at = new Date(Date.now() + d * 86_400_000);
    if (zurichClock(at).weekday <= 6 && ++seen === n) {
      return zurichDate(at);
    }
  }
}
const at = (date: string, hour: number, minute = 0) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return zurichInstant(y, m, d, hour, minute);
};
const today = () => zurichDate(new Date());

async function home(id: number, address: string, zipcode: string, city: string) {
  await t.pool.query('UPDATE users SET address = $1, zipcode = $2, city = $3 WHERE id = $4', [address, zipcode, city, id]);
}

function get(cookie: string | undefined, url: string) {
  return cookie ? injectAs(t.app, cookie, { method: 'GET', url }) : t.app.inject({ method: 'GET', url });
}

async function ok<T>(cookie: string, url: string): Promise<T> {
  const res = await get(cookie, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const window1 = () => `startDate=${workday(1)}&endDate=${workday(3)}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'call_agent', 'independent_agent', 'sales_agent', 'prom_agent', 'partner', 'ocr_manager', 'user'] as const) {
    staff.set(role, await buildStaff(t, role));
  }
  zurichAgent = await buildStaff(t, 'sales_agent', { name: 'Zora', surname: 'Zürcher' });
  bernAgent = await buildStaff(t, 'sales_agent', { name: 'Beat', surname: 'Berner' });
  await home(zurichAgent.id, 'Bahnhofstrasse 1', '8001', 'Zürich');
  await home(bernAgent.id, 'Bundesgasse 1', '3011', 'Bern');
  await home(staff.get('independent_agent')!.id, 'Marktgasse 5', '8400', 'Winterthur');
  await home(staff.get('sales_agent')!.id, 'Hauptstrasse 1', '6900', 'Lugano');
  client = await buildClient(t, { address: 'Langstrasse 10', zipcode: '8004', city: 'Zürich' });
  household = await buildClient(t, { address: 'Langstrasse 10', zipcode: '8004', city: 'Zürich' });
  noAddress = await buildClient(t, { address: null, zipcode: null, city: null });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/planner-preview', () => {
  it('ranks the agents for a new visit: the nearer one first, with its score in words', async () => {
    const body = await ok<PlannerPreviewDto>(
      staff.get('call_agent')!.cookie,
      `/api/planner-preview?clientId=${client}&${window1()}&limit=10`,
    );
    expect(body.partial).toBe(false);
    const first = body.suggestions[0]!;
    expect(first.agent.id).toBe(zurichAgent.id);
    expect(first.band).toBe('lessThan50');
    expect(first.reasons.map((r) => r.key)).toEqual(expect.arrayContaining(['distancePart', 'detour']));
    // Empty days: the first start of the first working day, 08:00 Zurich.
    expect(first.start).toBe(at(workday(1), 8).toISOString());
    expect(body.suggestions.map((s) => s.rank)).toEqual(body.suggestions.map((_, i) => i + 1));
    const coefficients = body.suggestions.map((s) => s.coefficient);
    expect([...coefficients].sort((a, b) => b - a)).toEqual(coefficients);
    expect(body.timestamps[0]!.timestamp).toBe(first.start);
    expect(body.timestamps[0]!.agents).toContain(zurichAgent.id);
  });

  it('plans at an edited address (the drafts of the edit mode) without saving it', async () => {
    const draft = `address=${encodeURIComponent('Bundesplatz 3')}&zipcode=3011&city=Bern`;
    const body = await ok<PlannerPreviewDto>(
      staff.get('call_agent')!.cookie,
      `/api/planner-preview?clientId=${client}&${window1()}&limit=10&${draft}`,
    );
    // The visit is in Bern: the Bern agent first, within 50 km.
    expect(body.client.point.lat).toBeCloseTo(46.95, 1);
    expect(body.suggestions[0]!.agent.id).toBe(bernAgent.id);
    expect(body.suggestions[0]!.band).toBe('lessThan50');
    // The day's route of the details goes to Bern too.
    const details = await ok<PlannerDetailsDto>(
      staff.get('call_agent')!.cookie,
      `/api/planner-details?clientId=${client}&agentId=${bernAgent.id}&start=${encodeURIComponent(body.suggestions[0]!.start)}&${draft}`,
    );
    const visit = details.destinations.find((d) => d.isNew);
    expect(visit?.lat).toBeCloseTo(46.95, 1);
    // Nothing was saved: without the drafts the client is in Zürich again.
    const saved = await ok<PlannerPreviewDto>(
      staff.get('call_agent')!.cookie,
      `/api/planner-preview?clientId=${client}&${window1()}&limit=10`,
    );
    expect(saved.client.point.lat).toBeCloseTo(47.38, 1);
    expect(saved.suggestions[0]!.agent.id).toBe(zurichAgent.id);
  });

  it.each<[string, string, Record<string, string>]>([
    ['a postcode that does not exist', 'zipcode=9999&city=Bern', { zipcode: 'postcode_unknown' }],
    ['a place that does not fit the postcode', 'zipcode=3011&city=Lugano', { city: 'locality_mismatch' }],
    ['a place without a postcode', `city=Bern&address=${encodeURIComponent('Bundesplatz 3')}`, { zipcode: 'field_is_required' }],
    ['letters for a postcode', 'zipcode=abcd', { zipcode: 'postcode_unknown' }],
  ])('an edited address with %s is refused per field', async (_, draft, fields) => {
    const res = await get(staff.get('admin')!.cookie, `/api/planner-preview?clientId=${client}&${window1()}&${draft}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ field_validation: Record<string, string> }>().field_validation).toEqual(fields);
  });

  it('within 50 km keeps only the agents living within 50 km', async () => {
    const all = await ok<PlannerPreviewDto>(staff.get('admin')!.cookie, `/api/planner-preview?clientId=${client}&${window1()}&limit=50`);
    expect(all.suggestions.some((s) => s.agent.id === bernAgent.id)).toBe(true);
    const near = await ok<PlannerPreviewDto>(
      staff.get('admin')!.cookie,
      `/api/planner-preview?clientId=${client}&${window1()}&limit=50&lessThan50=true`,
    );
    expect(near.suggestions.length).toBeGreaterThan(0);
    expect(near.suggestions.every((s) => s.band === 'lessThan50')).toBe(true);
    expect(near.suggestions.some((s) => s.agent.id === bernAgent.id)).toBe(false);
  });

  it('an independent agent is offered only their own days', async () => {
    const ia = staff.get('independent_agent')!;
    const body = await ok<PlannerPreviewDto>(ia.cookie, `/api/planner-preview?clientId=${client}&${window1()}&limit=10`);
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(new Set(body.suggestions.map((s) => s.agent.id))).toEqual(new Set([ia.id]));
  });

  it('a booked demo is never overlapped, and a blocked day is never offered', async () => {
    const day = workday(4);
    const other = await buildClient(t, { address: 'Seefeldstrasse 5', zipcode: '8008', city: 'Zürich' });
    await buildEvent(t, { clientId: other, agentId: zurichAgent.id, startsAt: at(day, 8) });
    const q = `/api/planner-preview?clientId=${client}&startDate=${day}&endDate=${day}&availableForAgent=${zurichAgent.id}&limit=1`;
    const body = await ok<PlannerPreviewDto>(staff.get('admin')!.cookie, q);
    const s = body.suggestions[0]!;
    expect(new Date(s.start).getTime()).toBeGreaterThanOrEqual(at(day, 10).getTime());
    expect(s.spareBefore).not.toBeNull();
    expect(s.spareBefore!).toBeGreaterThanOrEqual(0);
    await insertBlockedDays(t.db, [{ agentId: zurichAgent.id, day }]);
    const blocked = await ok<PlannerPreviewDto>(staff.get('admin')!.cookie, q);
    expect(blocked.suggestions).toEqual([]);
  });

  it('the primary agent (who already served the household) gets +1 and comes first', async () => {
    await t.pool.query(`INSERT INTO client_links (kind, user_a_id, user_b_id) VALUES ('cohabitant', $1, $2)`, [
      Math.min(client, household),
      Math.max(client, household),
    ]);
    await buildEvent(t, { clientId: household, agentId: bernAgent.id, startsAt: at(workday(20), 9), status: 'success' });
    const body = await ok<PlannerPreviewDto>(
      staff.get('call_agent')!.cookie,
      `/api/planner-preview?clientId=${client}&${window1()}&limit=5`,
    );
    expect(body.suggestions[0]!.agent.id).toBe(bernAgent.id);
    expect(body.suggestions[0]!.primary).toBe(true);
    expect(body.suggestions[0]!.reasons[0]).toEqual({ key: 'primaryAgent', points: 1 });
    const primary = await ok<UserPrimaryAgentsDto>(staff.get('call_agent')!.cookie, `/api/user-primary-agents/${client}`);
    expect(primary.data.map((a) => a.id)).toEqual([bernAgent.id]);
  });

  it.each([
    ['a client without an address', () => `clientId=${noAddress}`, 400, ADDRESS_EMPTY],
    ['an unknown client', () => 'clientId=999999', 404, undefined],
    ['a period in the past', () => `clientId=${client}&startDate=${addDays(today(), -3)}&endDate=${addDays(today(), 3)}`, 400, undefined],
    ['a period over a year', () => `clientId=${client}&startDate=${workday(1)}&endDate=${addDays(today(), 400)}`, 400, undefined],
    ['an end before the start', () => `clientId=${client}&startDate=${workday(3)}&endDate=${workday(1)}`, 400, undefined],
    ['hours outside 08:00–16:00', () => `clientId=${client}&startTime=07:00`, 400, undefined],
    ['Sunday among the weekdays', () => `clientId=${client}&enabledWeekdays=1,7`, 400, undefined],
    ['a malformed date', () => `clientId=${client}&startDate=2026-13-01`, 400, undefined],
  ])('refuses %s', async (_name, query, status, message) => {
    const res = await get(staff.get('call_agent')!.cookie, `/api/planner-preview?${query()}`);
    expect(res.statusCode, res.body).toBe(status);
    if (message) {
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    if (status === 400 && !message) {
      expect(Object.keys(res.json<{ field_validation: object }>().field_validation ?? {}).length).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/planner-details', () => {
  it("shows the agent's whole day as a route with the new visit in it", async () => {
    const day = workday(5);
    const other = await buildClient(t, { address: 'Limmatquai 1', zipcode: '8001', city: 'Zürich' });
    await buildEvent(t, { clientId: other, agentId: zurichAgent.id, startsAt: at(day, 13) });
    await insertPrivateAppointments(t.db, [{ agentId: zurichAgent.id, startsAt: at(day, 16), endsAt: at(day, 17) }]);
    const start = at(day, 9).toISOString();
    const body = await ok<PlannerDetailsDto>(
      staff.get('call_agent')!.cookie,
      `/api/planner-details?clientId=${client}&agentId=${zurichAgent.id}&start=${encodeURIComponent(start)}`,
    );
    expect(body.destinations.map((d) => d.type)).toEqual(['home', 'demo', 'demo', 'private', 'home']);
    expect(body.destinations.map((d) => d.isNew)).toEqual([false, true, false, false, false]);
    expect(body.destinations[1]!.arrival_time).toBe(start);
    expect(body.destinations.every((d) => d.route.status === 'OK')).toBe(true);
    // Spare time before the 13:00 demo: 4 h gap − 2 h − the drive.
    expect(body.destinations[2]!.spare).toBe(4 * 3600 - 7200 - body.destinations[2]!.route.duration!);
    expect(body.distance).toBe(body.destinations.reduce((n, d) => n + (d.route.distance ?? 0), 0));
    expect(body.placement.agent.id).toBe(zurichAgent.id);
  });

  it.each([
    ['a start overlapping a booked demo', () => at(workday(5), 13, 30).toISOString(), 400],
    ['a Sunday', () => sundayAhead(), 400],
    ['a start in the past', () => new Date(Date.now() - 86_400_000).toISOString(), 400],
  ])('refuses %s', async (_name, start, status) => {
    const res = await get(
      staff.get('admin')!.cookie,
      `/api/planner-details?clientId=${client}&agentId=${zurichAgent.id}&start=${encodeURIComponent(start())}`,
    );
    expect(res.statusCode, res.body).toBe(status);
  });

  it('refuses a client without an address, an unknown client, and someone who is no field agent', async () => {
    const start = encodeURIComponent(at(workday(2), 10).toISOString());
    const ca = staff.get('call_agent')!.cookie;
    expect(
      (await get(ca, `/api/planner-details?clientId=${noAddress}&agentId=${zurichAgent.id}&start=${start}`)).json<{ message: string }>()
        .message,
    ).toBe(ADDRESS_EMPTY);
    expect((await get(ca, `/api/planner-details?clientId=999999&agentId=${zurichAgent.id}&start=${start}`)).statusCode).toBe(404);
    expect(
      (await get(ca, `/api/planner-details?clientId=${client}&agentId=${staff.get('call_agent')!.id}&start=${start}`)).statusCode,
    ).toBe(400);
  });

  it("an independent agent cannot look into another agent's day", async () => {
    const start = encodeURIComponent(at(workday(2), 10).toISOString());
    const res = await get(
      staff.get('independent_agent')!.cookie,
      `/api/planner-details?clientId=${client}&agentId=${zurichAgent.id}&start=${start}`,
    );
    expect(res.statusCode).toBe(400);
  });
});

function sundayAhead(): string {
  for (let d = 1; ; d += 1) {
    const c = zurichClock(new Date(Date.now() + d * 86_400_000));
    if (c.weekday === 7) {
      return zurichInstant(c.year, c.month, c.day, 10).toISOString();
    }
  }
}

describe('GET /api/planner-blocked-dates', () => {
  it('lists Sundays and the days blocked for every agent; for one agent, their own blocked days', async () => {
    const day = workday(8);
    const month = day.slice(0, 7);
    await insertBlockedDays(t.db, [
      { agentId: zurichAgent.id, day },
      { agentId: bernAgent.id, day },
      { agentId: staff.get('independent_agent')!.id, day },
      { agentId: staff.get('sales_agent')!.id, day },
    ]);
    const all = await ok<PlannerBlockedDatesDto>(
      staff.get('call_agent')!.cookie,
      `/api/planner-blocked-dates?month=${month}&destination=${client}`,
    );
    expect(all.days).toContainEqual({ date: day, reason: 'blocked' });
    expect(all.days.filter((d) => d.reason === 'sunday').length).toBeGreaterThanOrEqual(4);
    const dayAfter = workday(9);
    if (dayAfter.startsWith(month)) {
      expect(all.days.find((d) => d.date === dayAfter)).toBeUndefined();
    }
    const one = await ok<PlannerBlockedDatesDto>(
      staff.get('call_agent')!.cookie,
      `/api/planner-blocked-dates?month=${month}&destination=${client}&calculateForId=${zurichAgent.id}`,
    );
    expect(one.days).toContainEqual({ date: day, reason: 'blocked' });
  });

  it.each([
    ['a malformed month', () => `month=2026-13&destination=${client}`, 400],
    ['a month in the past', () => `month=${addDays(today(), -70).slice(0, 7)}&destination=${client}`, 400],
    ['a month over a year ahead', () => `month=${addDays(today(), 400).slice(0, 7)}&destination=${client}`, 400],
    ['an unknown client', () => `month=${today().slice(0, 7)}&destination=999999`, 404],
    ['a client without an address', () => `month=${today().slice(0, 7)}&destination=${noAddress}`, 400],
  ])('refuses %s', async (_name, query, status) => {
    expect((await get(staff.get('admin')!.cookie, `/api/planner-blocked-dates?${query()}`)).statusCode).toBe(status);
  });
});

describe('who may use the planner', () => {
  const urls = () => [
    `/api/planner-preview?clientId=${client}`,
    `/api/planner-details?clientId=${client}&agentId=${zurichAgent.id}&start=${encodeURIComponent(at(workday(2), 10).toISOString())}`,
    `/api/planner-blocked-dates?month=${today().slice(0, 7)}&destination=${client}`,
    `/api/user-primary-agents/${client}`,
  ];

  it.each(['sales_agent', 'prom_agent', 'partner', 'ocr_manager', 'user'] as const)('%s is refused every planner call', async (role) => {
    for (const url of urls()) {
      const res = await get(staff.get(role)!.cookie, url);
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('nobody signed out gets in', async () => {
    for (const url of urls()) {
      expect((await get(undefined, url)).statusCode).toBe(401);
    }
  });

  it.each(['admin', 'call_agent', 'independent_agent'] as const)('%s may use every planner call', async (role) => {
    for (const url of urls()) {
      const res = await get(staff.get(role)!.cookie, url);
      expect([200, 400], `${url} ${res.body}`).toContain(res.statusCode);
      expect(res.statusCode === 400 ? url.includes('planner-details') && role === 'independent_agent' : true).toBe(true);
    }
  });
});

describe('bounded in time, and unfound routes', () => {
  const actorOf = (s: Staff) => ({ userId: s.id, role: s.role, sessionId: 'test', impersonatorId: null });

  it("a leg that cannot be routed is marked NOT_FOUND and logged as 'UNABLE TO FOUND ROUTE', without personal data", async () => {
    const day = workday(6);
    const far = await buildClient(t, { address: 'Rue du Lac 1', zipcode: '1200', city: 'Genève' });
    const near = await buildClient(t, { address: 'Seestrasse 1', zipcode: '8002', city: 'Zürich' });
    await buildEvent(t, { clientId: near, agentId: zurichAgent.id, startsAt: at(day, 11) });
    await buildEvent(t, { clientId: far, agentId: zurichAgent.id, startsAt: at(day, 14) });
    const offline = offlineTravelTimes();
    // A routing that cannot reach Geneva (west of 6.5° E).
    const broken: TravelTimes = {
      provider: 'osrm',
      async table(origins, destinations) {
        const real = await offline.table(origins, destinations);
        const cut = (i: number, j: number) => origins[i]!.lon < 6.5 || destinations[j]!.lon < 6.5;
        return {
          durations: real.durations.map((row, i) => row.map((v, j) => (cut(i, j) ? null : v))),
          distances: real.distances.map((row, i) => row.map((v, j) => (cut(i, j) ? null : v))),
        };
      },
    };
    const logged: { obj: object; msg: string }[] = [];
    const body = await plannerPreview(
      { db: t.db, travel: broken, log: { error: (obj, msg) => logged.push({ obj, msg }) } },
      actorOf(staff.get('admin')!),
      { clientId: client, destination: 'demo', startDate: day, endDate: day, availableForAgent: zurichAgent.id, limit: 5 },
    );
    expect(body.suggestions[0]!.dayNotFound).toBe(true);
    expect(body.suggestions[0]!.reasons.map((r) => r.key)).toContain('dayNotFound');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toBe(UNABLE_TO_FOUND_ROUTE);
    expect(JSON.stringify(logged[0]!.obj)).not.toMatch(/Genève|Rue du Lac|1200|Zürich/);
  });

  it('with a slow routing the answer is partial, with the best found, not an error', async () => {
    const offline = offlineTravelTimes();
    const slow: TravelTimes = {
      provider: 'osrm',
      async table(o, d) {
        await new Promise((r) => setTimeout(r, 400));
        return offline.table(o, d);
      },
    };
    const body = await plannerPreview({ db: t.db, travel: slow, log: { error: () => {} } }, actorOf(staff.get('admin')!), {
      clientId: client,
      destination: 'demo',
      startDate: workday(1),
      endDate: workday(2),
      limit: 5,
    });
    expect(body.partial).toBe(true);
    expect(body.suggestions.length).toBeGreaterThan(0);
  });

  it("a routing that never answers: by the deadline, the offline estimate; the estimate is not kept as the routing's", async () => {
    const never: TravelTimes = { provider: 'osrm', table: () => new Promise(() => undefined) };
    const query = { clientId: client, destination: 'demo' as const, startDate: workday(4), endDate: workday(5), limit: 5 };
    const body = await plannerPreview({ db: t.db, travel: never, log: { error: () => {} } }, actorOf(staff.get('admin')!), query);
    expect(body.partial).toBe(true);
    expect(body.suggestions.length).toBeGreaterThan(0);
    // The same days asked again of a routing that answers: it is asked for the days' legs (the
    // estimates were not cached as its answers), and the answer is whole.
    const offline = offlineTravelTimes();
    let asked = 0;
    const counting: TravelTimes = {
      provider: 'osrm',
      table(o, d) {
        asked += 1;
        return offline.table(o, d);
      },
    };
    const again = await plannerPreview({ db: t.db, travel: counting, log: { error: () => {} } }, actorOf(staff.get('admin')!), query);
    expect(again.partial).toBe(false);
    // Two tables around the new visit, and one per agent and day.
    expect(asked).toBeGreaterThan(2);
    // The estimate is the offline model's, which this routing answers too: the same suggestions.
    const picks = (b: typeof body) => b.suggestions.map((x) => `${x.agent.id} ${x.start}`);
    expect(picks(again)).toEqual(picks(body));
  });
});

describe('absences: blocked days and private appointments', () => {
  const send = (cookie: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    injectAs(t.app, cookie, { method, url, ...(payload ? { payload } : {}) });
  const month = (date: string) => date.slice(0, 7);

  it('an admin blocks a day of an agent: it is listed, the preview leaves it out, and removing it gives it back', async () => {
    const admin = staff.get('admin')!.cookie;
    const day = workday(14);
    const query = `/api/planner-preview?clientId=${client}&startDate=${day}&endDate=${day}&availableForAgent=${zurichAgent.id}&limit=5`;
    expect((await ok<PlannerPreviewDto>(admin, query)).suggestions.length).toBeGreaterThan(0);
    const res = await send(admin, 'POST', '/api/planner-blocked-days', { agentId: zurichAgent.id, date: day, note: 'Ferien' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ data: { id: number } }>().data;
    const listed = await ok<PlannerAbsencesDto>(admin, `/api/planner-absences?agentId=${zurichAgent.id}&month=${month(day)}`);
    expect(listed.agent.id).toBe(zurichAgent.id);
    expect(listed.blockedDays).toContainEqual({ id, date: day, note: 'Ferien' });
    expect((await ok<PlannerPreviewDto>(admin, query)).suggestions).toEqual([]);
    // The same day again is refused, per field.
    const again = await send(admin, 'POST', '/api/planner-blocked-days', { agentId: zurichAgent.id, date: day });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ field_validation: object }>().field_validation).toEqual({ date: 'already_taken' });
    const removed = await send(admin, 'DELETE', `/api/planner-blocked-days/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await ok<PlannerPreviewDto>(admin, query)).suggestions.length).toBeGreaterThan(0);
    expect((await send(admin, 'DELETE', `/api/planner-blocked-days/${id}`)).statusCode).toBe(404);
  });

  it('an agent enters a private appointment of their own: the planner keeps the time free of new visits', async () => {
    const agent = zurichAgent;
    const day = workday(15);
    const res = await send(agent.cookie, 'POST', '/api/planner-private-appointments', {
      agentId: agent.id,
      startsAt: at(day, 8).toISOString(),
      endsAt: at(day, 12).toISOString(),
      note: 'Arzt',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ data: { id: number } }>().data;
    const listed = await ok<PlannerAbsencesDto>(agent.cookie, `/api/planner-absences?agentId=${agent.id}&month=${month(day)}`);
    expect(listed.privateAppointments).toContainEqual({
      id,
      startsAt: at(day, 8).toISOString(),
      endsAt: at(day, 12).toISOString(),
      note: 'Arzt',
    });
    const preview = await ok<PlannerPreviewDto>(
      staff.get('admin')!.cookie,
      `/api/planner-preview?clientId=${client}&startDate=${day}&endDate=${day}&availableForAgent=${agent.id}&limit=5`,
    );
    // A visit of 2 h may start from 12:00 at the earliest (and some travel after it).
    expect(preview.suggestions.length).toBeGreaterThan(0);
    expect(preview.suggestions.every((s) => new Date(s.start).getTime() >= at(day, 12).getTime())).toBe(true);
    expect((await send(agent.cookie, 'DELETE', `/api/planner-private-appointments/${id}`)).statusCode).toBe(200);
  });

  it("an agent cannot touch another agent's absences; roles without the permission are refused", async () => {
    const day = workday(16);
    const own = await send(staff.get('admin')!.cookie, 'POST', '/api/planner-blocked-days', { agentId: bernAgent.id, date: day });
    const ownId = own.json<{ data: { id: number } }>().data.id;
    const other = zurichAgent.cookie;
    expect((await send(other, 'POST', '/api/planner-blocked-days', { agentId: bernAgent.id, date: day })).statusCode).toBe(403);
    expect((await get(other, `/api/planner-absences?agentId=${bernAgent.id}&month=${month(day)}`)).statusCode).toBe(403);
    // Someone else's id is unknown to them.
    expect((await send(other, 'DELETE', `/api/planner-blocked-days/${ownId}`)).statusCode).toBe(404);
    for (const role of ['call_agent', 'prom_agent', 'partner', 'ocr_manager', 'user'] as const) {
      const cookie = staff.get(role)!.cookie;
      expect((await get(cookie, `/api/planner-absences?agentId=${bernAgent.id}&month=${month(day)}`)).statusCode, role).toBe(403);
      expect((await send(cookie, 'POST', '/api/planner-blocked-days', { agentId: bernAgent.id, date: day })).statusCode, role).toBe(403);
    }
    expect((await get(undefined, `/api/planner-absences?agentId=${bernAgent.id}&month=${month(day)}`)).statusCode).toBe(401);
    // The blocked day is still there.
    const listed = await ok<PlannerAbsencesDto>(
      staff.get('admin')!.cookie,
      `/api/planner-absences?agentId=${bernAgent.id}&month=${month(day)}`,
    );
    expect(listed.blockedDays.map((b) => b.id)).toContain(ownId);
  });

  it.each<[string, () => object, string, Record<string, string>]>([
    ['a day in the past', () => ({ agentId: zurichAgent.id, date: '2020-01-06' }), '/api/planner-blocked-days', { date: 'invalid_value' }],
    [
      'a date that does not exist',
      () => ({ agentId: zurichAgent.id, date: '2026-02-30' }),
      '/api/planner-blocked-days',
      { date: 'invalid_value' },
    ],
    ['no agent', () => ({ date: workday(3) }), '/api/planner-blocked-days', { agentId: 'invalid_value' }],
    ['a client as the agent', () => ({ agentId: client, date: workday(3) }), '/api/planner-blocked-days', { agentId: 'invalid_value' }],
    [
      'a note too long',
      () => ({ agentId: zurichAgent.id, date: workday(3), note: 'x'.repeat(201) }),
      '/api/planner-blocked-days',
      { note: 'too_long' },
    ],
    [
      'an end before the start',
      () => ({ agentId: zurichAgent.id, startsAt: at(workday(3), 12).toISOString(), endsAt: at(workday(3), 10).toISOString() }),
      '/api/planner-private-appointments',
      { endsAt: 'invalid_value' },
    ],
    [
      'longer than a day',
      () => ({ agentId: zurichAgent.id, startsAt: at(workday(3), 8).toISOString(), endsAt: at(workday(5), 8).toISOString() }),
      '/api/planner-private-appointments',
      { endsAt: 'invalid_value' },
    ],
    [
      'in the past',
      () => ({ agentId: zurichAgent.id, startsAt: '2020-01-06T08:00:00.000Z', endsAt: '2020-01-06T09:00:00.000Z' }),
      '/api/planner-private-appointments',
      { startsAt: 'invalid_value' },
    ],
    [
      'a time without a zone',
      () => ({ agentId: zurichAgent.id, startsAt: '2030-01-07T08:00', endsAt: '2030-01-07T09:00' }),
      '/api/planner-private-appointments',
      { startsAt: 'invalid_value', endsAt: 'invalid_value' },
    ],
  ])('refuses %s, writing nothing', async (_, body, url, fields) => {
    const admin = staff.get('admin')!.cookie;
    const count = async () =>
      (
        await t.pool.query<{ n: string }>(
          'SELECT (SELECT count(*) FROM planner_blocked_days) + (SELECT count(*) FROM planner_private_appointments) AS n',
        )
      ).rows[0]!.n;
    const before = await count();
    const res = await send(admin, 'POST', url, body());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ field_validation: object }>().field_validation).toEqual(fields);
    expect(await count()).toBe(before);
  });

  it('a month that is no month is refused', async () => {
    const res = await get(staff.get('admin')!.cookie, `/api/planner-absences?agentId=${zurichAgent.id}&month=2026-13`);
    expect(res.statusCode).toBe(400);
  });
});
