import type { MatchRecord } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { findClientMatchesInBatches } from './matches.batch.ts';
import { findClientMatches } from './matches.service.ts';

/** The import's batch path of the duplicate engine answers what findClientMatches answers, chunk by chunk. */

let t: TestApp;
const probe = (r: Partial<MatchRecord>): MatchRecord => ({
  name: null,
  surname: null,
  email: null,
  phone: null,
  mobile_phone: null,
  zipcode: null,
  city: null,
  address: null,
  ...r,
});

beforeAll(async () => {
  t = await createTestApp();
  const people: [string, string, string, string, string][] = [
    ['Hanna', 'Batchmeier', 'Bahnhofstrasse 10', '8001', 'Zürich'],
    ['Hanna', 'Batchmeyer', 'Bahnhofstrasse 10', '8001', 'Zürich'],
    ['Otto', 'Batchmeier', 'Bahnhofstrasse 10', '8001', 'Zürich'],
    ['Lea', 'Stapelmann', 'Kirchweg 3', '3000', 'Bern'],
  ];
  for (const [i, [name, surname, address, zipcode, city]] of people.entries()) {
    await buildClient(t, { type: 'B2C', status: 'potential', name, surname, address, zipcode, city, mobilePhone: `079 555 71 0${i}` });
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('findClientMatchesInBatches', () => {
  it('answers the ids, scores and reasons of findClientMatches, best first, kept to `keep`, across chunks', async () => {
    const probes = [
      probe({ name: 'Hanna', surname: 'Batchmeier', address: 'Bahnhofstr. 10', zipcode: '8001', city: 'Zürich' }),
      probe({ name: 'Lea', surname: 'Stapelman', zipcode: '3000', city: 'Bern', mobile_phone: '+41 79 555 71 03' }),
      probe({ name: 'Niemand', surname: 'Unbekannt', zipcode: '6900', city: 'Lugano' }),
      probe({ name: 'Otto', surname: 'Batchmeier', mobile_phone: '0795557102' }),
      probe({}),
    ];
    const expected = (await findClientMatches(t.db, probes, { kind: 'all' })).map((list) =>
      list.slice(0, 1).map((m) => ({ clientId: m.client.id, score: m.score, reasons: m.reasons })),
    );
    const done: number[] = [];
    const batched = await findClientMatchesInBatches(t.db, probes, {
      chunk: 2,
      keep: 1,
      onProgress: (n) => {
        done.push(n);
        return Promise.resolve();
      },
    });
    expect(batched).toEqual(expected);
    expect(batched.map((l) => l.length)).toEqual([1, 1, 0, 1, 0]);
    expect(done).toEqual([2, 4, 5]);
    // Inside a transaction too (the statement running ahead shares the connection).
    const inTx = await t.db.transaction((tx) => findClientMatchesInBatches(tx, probes, { chunk: 2, keep: 1 }));
    expect(inTx).toEqual(expected);
    expect(await findClientMatchesInBatches(t.db, [])).toEqual([]);
  });
});
