import { clientsQuery } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClients } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type SearchTuning } from './list.repo.ts';
import { clientRows } from './list.service.ts';
import { listFilterOf } from './list.service.ts';

let t: TestApp;

/** Small windows so that a few dozen clients exercise them; the pool is small alike. */
const SMALL: SearchTuning = { pageWindow: 12, poolWindow: 16, relevancePool: 8 };
/** Windows wider than the table: every search reads all its matches, the way without a window. */
const NONE: SearchTuning = { pageWindow: 1_000_000, poolWindow: 1_000_000, relevancePool: 8 };

const PEOPLE = [
  ['Eva', 'Brun', 'Seestrasse 1'],
  ['Urs', 'Brunner', 'Bahnhofstrasse 2'],
  ['Rita', 'Meier', 'Brunnenweg 3'],
  ['Bruno', 'Keller', 'Dorfstrasse 4'],
  ['Anna', 'Müller', 'Brunngasse 5'],
  ['Hans', 'Brunold', 'Seeweg 6'],
  ['Lea', 'Graf', 'Brunnmattstrasse 7'],
  ['Max', 'Mühlemann', 'Kirchweg 8'],
] as const;

beforeAll(async () => {
  t = await createTestApp();
  // 64 clients, one change a day (some on the same second), the people above again and again.
  await buildClients(t, 64, (i) => {
    const g = i - 1;
    const [name, surname, address] = PEOPLE[g % PEOPLE.length]!;
    return {
      name,
      surname,
      address,
      zipcode: '8001',
      city: 'Zürich',
      status: 'potential',
      type: 'B2C',
      updatedAt: new Date(Date.parse('2026-11-01T10:00:00Z') - Math.floor(g / 3) * 86_400_000),
    };
  });
});

afterAll(async () => {
  await t?.close();
});

/** The page as an admin asks for it, and the SQL statements it sent. */
async function page(query: string, tuning: SearchTuning) {
  const statements: string[] = [];
  const query0 = t.pool.query.bind(t.pool) as (...args: unknown[]) => unknown;
  const spied = t.pool as unknown as { query: (...args: unknown[]) => unknown };
  spied.query = (...args: unknown[]) => {
    const first = args[0];
    statements.push(typeof first === 'string' ? first : ((first as { text?: string }).text ?? ''));
    return query0(...args);
  };
  try {
    const filter = listFilterOf(
      { id: 1, role: 'admin', scope: { kind: 'all' } },
      clientsQuery.parse(Object.fromEntries(new URLSearchParams(query))),
    );
    const { rows, total, capped } = await clientRows(t.db, filter, tuning);
    return { ids: rows.map((r) => r.user.id), total, capped, windows: statements.filter((s) => s.includes('::timestamptz)')).length };
  } finally {
    spied.query = query0;
  }
}

describe('a search among the newest clients first', () => {
  it.each([
    ['by last change, first page', 'search=brun&statuses=&presets=&limit=3', true],
    ['by last change, second page', 'search=brun&statuses=&presets=&limit=3&offset=3', true],
    ['by last change, a page the window does not hold', 'search=brun&statuses=&presets=&limit=5&offset=10', false],
    ['a rare word, not in the window', 'search=mühlemann&statuses=&presets=&limit=3', false],
    ['by relevance, the pool inside the window', 'search=brun&statuses=&presets=&orderBy=relevance&limit=4', true],
    ['by relevance, second page', 'search=brun&statuses=&presets=&orderBy=relevance&limit=4&offset=4', true],
    ['by relevance, a pool the window does not hold', 'search=brunold&statuses=&presets=&orderBy=relevance&limit=4', false],
    ['three letters by relevance: the newest first', 'search=mül&statuses=&presets=&orderBy=relevance&limit=3', false],
    ['two words', 'search=bru%20see&statuses=&presets=&limit=3', false],
  ])('answers what reading every match answers: %s', async (_name, query, inWindow) => {
    const small = await page(query, SMALL);
    const every = await page(query, NONE);
    expect(small.ids.length).toBeGreaterThan(0);
    expect(small).toEqual({ ...every, windows: small.windows });
    if (inWindow) {
      expect(small.windows).toBeGreaterThan(0);
    }
  });

  it('ranks by relevance with four letters: the exact name before the newer longer ones', async () => {
    const ranked = await page('search=brun&statuses=&presets=&orderBy=relevance&limit=2', SMALL);
    const byDate = await page('search=brun&statuses=&presets=&limit=8', SMALL);
    const surnames = await t.pool.query<{ surname: string }>(
      'SELECT surname FROM users WHERE id = ANY($1) ORDER BY array_position($1, id)',
      [ranked.ids],
    );
    expect(surnames.rows.map((r) => r.surname)).toEqual(['Brun', 'Brun']);
    expect(byDate.ids.slice(0, 2)).not.toEqual(ranked.ids);
  });

  it.each([
    ['by last change', 'search=brun&statuses=&presets=&limit=5', { pageWindow: 2, poolWindow: 2, relevancePool: 8 }],
    ['by relevance', 'search=brun&statuses=&presets=&orderBy=relevance&limit=4', { pageWindow: 2, poolWindow: 2, relevancePool: 8 }],
  ])('looks in a second, wider window when the first held a third of the page or more: %s', async (_name, query, tuning) => {
    const wider = await page(query, tuning);
    const every = await page(query, NONE);
    expect(wider.windows).toBe(2);
    expect(wider).toEqual({ ...every, windows: 2 });
  });
});
