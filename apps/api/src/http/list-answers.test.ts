import { zurichDate } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLinks, recommendations } from '../db/schema/index.ts';
import { bookPresentation, buildClients, dataOf, finishSale, weekdaySlot } from '../../test/factories.ts';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../test/harness.ts';

/**
 * The answers of the busy list pages on one fixed data set, compared with the answers they gave before
 * the pages were made cheaper (issue 19: "no list answer changed"). The file `__answers__/list-answers.json`
 * was written by this test on the code before those changes; a change that alters an answer fails here.
 * A deliberate change of an answer updates the file (`npx vitest run -u` on this file) and says why in
 * its commit.
 *
 * What differs from run to run is named instead of compared: the instants written during the run
 * ("<now>") and the booked days, which depend on today's date ("slot 3 +02:00" is two hours after the
 * third booked visit's start; "day of slot 3" is its Zurich date).
 */

let t: TestApp;
const cookies = new Map<string, string>();
const slots: string[] = [];
let started = 0;
let phoneWritten = '';

async function staff(key: string, role: 'admin' | 'call_agent' | 'sales_agent', name: string, surname: string) {
  const u = await createUser(t.db, { role, email: `${key}@answers.test`, name, surname });
  cookies.set(key, await login(t.app, u.email, u.password ?? undefined));
  return u.id;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value of the answer with its run-dependent instants and dates named. */
function named(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(named);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, named(v)]));
  }
  if (typeof value !== 'string') {
    return value;
  }
  if (ISO_INSTANT.test(value)) {
    const at = new Date(value).getTime();
    if (at >= started - 60_000 && at <= Date.now() + 60_000) {
      return '<now>';
    }
    const day = zurichDate(new Date(at));
    const slot = slots.findIndex((s) => zurichDate(new Date(s)) === day);
    if (slot >= 0) {
      const minutes = Math.round((at - new Date(slots[slot]!).getTime()) / 60_000);
      const sign = minutes < 0 ? '-' : '+';
      const abs = Math.abs(minutes);
      return `slot ${slot + 1} ${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    }
    return value;
  }
  if (ISO_DATE.test(value)) {
    const slot = slots.findIndex((s) => zurichDate(new Date(s)) === value);
    if (slot >= 0) {
      return `day of slot ${slot + 1}`;
    }
    if (value === zurichDate(new Date())) {
      return '<today>';
    }
  }
  return value;
}

beforeAll(async () => {
  started = Date.now();
  t = await createTestApp();
  await staff('admin', 'admin', 'Adrian', 'Admin');
  await staff('ca', 'call_agent', 'Carla', 'Anruf');
  const sa = await staff('sa', 'sales_agent', 'Sandro', 'Verkauf');
  const sb = await staff('sb', 'sales_agent', 'Sabine', 'Berater');

  // Clients as a call centre's list holds them: namesakes, a shared landline, a typo'd duplicate, a
  // couple at one address, a recommendation, some linked to an agent.
  const people: [string, string, string, string, string, string | null, string | null][] = [
    ['Anna', 'Brunner', '8001', 'Zürich', 'Bahnhofstrasse 1', '044 211 11 11', 'anna.brunner@example.ch'],
    ['Ana', 'Bruner', '8001', 'Zürich', 'Bahnhofstr. 1', null, null],
    ['Peter', 'Brunner', '8001', 'Zürich', 'Bahnhofstrasse 1', '044 211 11 11', null],
    ['Marco', 'Rossi', '6900', 'Lugano', 'Via Nassa 5', '091 922 33 44', 'marco.rossi@example.ch'],
    ['Rossi', 'Marco', '6900', 'Lugano', 'Via Nassa 5', null, null],
    ['Heidi', 'Müller', '3011', 'Bern', 'Kramgasse 12', '031 311 22 33', null],
    ['Heidi', 'Mueller', '3011', 'Bern', 'Kramgasse 12', null, 'heidi.m@example.ch'],
    ['Luca', 'Bernasconi', '6500', 'Bellinzona', 'Viale Stazione 3', '091 825 00 01', null],
    ['Sophie', 'Favre', '1003', 'Lausanne', 'Rue de Bourg 8', null, 'sophie.favre@example.ch'],
    ['Jonas', 'Brunold', '7000', 'Chur', 'Poststrasse 20', '081 252 44 55', null],
    ['Elena', 'Keller', '4051', 'Basel', 'Freie Strasse 30', '061 261 00 10', null],
    ['Urs', 'Keller', '4051', 'Basel', 'Freie Strasse 30', '061 261 00 10', null],
    ['Nina', 'Huber', '9000', 'St. Gallen', 'Marktgasse 2', null, null],
    ['Reto', 'Brunschwiler', '8400', 'Winterthur', 'Marktgasse 40', '052 212 12 12', 'reto@example.ch'],
    ['Lea', 'Gerber', '6003', 'Luzern', 'Pilatusstrasse 9', '041 210 20 30', null],
  ];
  const ids = await buildClients(t, people.length, (i) => {
    const [name, surname, zipcode, city, address, phone, email] = people[i - 1]!;
    return {
      name,
      surname,
      zipcode,
      city,
      address,
      phone,
      email,
      mobilePhone: i % 3 === 0 ? `079 555 ${String(10 + i).padStart(2, '0')} ${String(20 + i).padStart(2, '0')}` : null,
      status: (['potential', 'imported_from_ocr', 'user_rec', 'buy_product'] as const)[i % 4],
      linkedAgentId: i % 2 === 0 ? sa : i % 5 === 0 ? sb : null,
      callsCount: i % 4,
      leadSource: i % 3 === 0 ? 'messe' : null,
      createdAt: `2026-0${1 + (i % 9)}-1${i % 10}T09:${String(i).padStart(2, '0')}:00Z`,
      updatedAt: `2026-0${1 + (i % 9)}-2${i % 10}T10:${String(i).padStart(2, '0')}:00Z`,
    };
  });
  phoneWritten = '+41 44 211 11 11';
  await t.db.insert(clientLinks).values([
    { kind: 'cohabitant', userAId: ids[0]!, userBId: ids[2]! },
    { kind: 'cohabitant', userAId: ids[10]!, userBId: ids[11]! },
    { kind: 'block_neighbor', userAId: ids[5]!, userBId: ids[6]! },
  ]);
  await t.db.insert(recommendations).values({ userId: ids[0]!, name: 'Marta', surname: 'Brunner', phone: '079 111 22 33' });

  // Visits booked by the call agent for both sales agents, some finished with a sale (one order canceled).
  const main = await dataOf<{ id: number }>(t.app, cookies.get('admin')!, {
    method: 'POST',
    url: '/api/product',
    payload: { code: 'AQ-1', name: 'Wasserfilter Aqua', type: 'main', default_price: 250_000, status: 'active' },
  });
  const other = await dataOf<{ id: number }>(t.app, cookies.get('admin')!, {
    method: 'POST',
    url: '/api/product',
    payload: { code: 'AQ-K', name: 'Kartusche', type: 'other', default_price: 9_000, status: 'active' },
  });
  for (let n = 1; n <= 8; n += 1) {
    slots.push(weekdaySlot(n, n % 2 === 0 ? 14 : 10));
  }
  const orders: number[] = [];
  for (let n = 1; n <= 8; n += 1) {
    const agentId = n % 3 === 0 ? sb : sa;
    const booking =
      n <= 4
        ? await bookPresentation(t, cookies.get('ca')!, { agentId, date: slots[n - 1]!, userData: {}, userId: ids[n + 2]! })
        : await bookPresentation(t, cookies.get('ca')!, {
            agentId,
            date: slots[n - 1]!,
            userData: { name: 'Neue', surname: `Kundin ${n}`, city: 'Bern', zipcode: '3000', address: `Bundesgasse ${n}` },
          });
    if (n % 2 === 0) {
      orders.push(
        await finishSale(t, cookies.get('admin')!, booking.presentationId, {
          lines: [
            { product_id: main.id, price: 240_000 },
            { product_id: other.id, quantity: 2, price: 9_000 },
          ],
          contractNumber: `V-${n}`,
        }),
      );
    }
  }
  const canceled = await injectAs(t.app, cookies.get('admin')!, {
    method: 'PUT',
    url: `/api/finances/order/${orders[1]}`,
    payload: { toggle: 'cancel' },
  });
  expect(canceled.statusCode, canceled.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('the busy list pages answer as before', () => {
  it('answers every page as the recorded answers', async () => {
    const weekFrom = new Date(new Date(slots[0]!).getTime() - 86_400_000).toISOString();
    const weekTo = new Date(new Date(slots[slots.length - 1]!).getTime() + 86_400_000).toISOString();
    const pages: [string, string, string][] = [
      ['admin: clients page', 'admin', '/api/clients?tableName=b2c&roles=user'],
      ['call agent: clients page', 'ca', '/api/clients?tableName=b2c&roles=user'],
      ['sales agent: clients page', 'sa', '/api/clients?tableName=b2c&roles=user'],
      ["call agent: name search 'brun'", 'ca', '/api/clients?search=brun&statuses=&presets=&orderBy=relevance'],
      ['call agent: phone lookup', 'ca', `/api/clients?number=${encodeURIComponent(phoneWritten)}&statuses=&presets=`],
      ['sales agent: events upcoming', 'sa', '/api/events-upcoming?period=month&sorted=asc&offset=0&limit=50'],
      ['admin: events upcoming', 'admin', '/api/events-upcoming?period=month&sorted=asc&offset=0&limit=50'],
      [
        'admin: finances orders tab',
        'admin',
        '/api/finances/orders?limit=100&offset=0&status=open%2Cpending&orderBy=updated_at&orderMethod=desc',
      ],
      [
        'admin: calendar, all agents',
        'admin',
        `/api/calendar-events?from=${encodeURIComponent(weekFrom)}&to=${encodeURIComponent(weekTo)}`,
      ],
      ['sales agent: calendar', 'sa', `/api/calendar-events?from=${encodeURIComponent(weekFrom)}&to=${encodeURIComponent(weekTo)}`],
      ['admin: presentations counters', 'admin', '/api/presentations-counts/'],
      ['sales agent: presentations counters', 'sa', '/api/presentations-counts/'],
      ['admin: delivery page', 'admin', '/api/presentations?page=delivery&statuses=success&needDelivery=true&offset=0&limit=20'],
      ['admin: future presentations', 'admin', '/api/presentations?page=future&statuses=planned&period=future&offset=0&limit=20'],
    ];
    const answers: Record<string, unknown> = {};
    for (const [name, who, url] of pages) {
      const res = await injectAs(t.app, cookies.get(who)!, { method: 'GET', url });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      answers[name] = named(res.json());
    }
    await expect(`${JSON.stringify(answers, null, 2)}\n`).toMatchFileSnapshot('./__answers__/list-answers.json');
  });
});
