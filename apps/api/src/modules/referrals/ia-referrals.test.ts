import type { IaReferralDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/harness.ts';
import { salesWorld } from '../../../test/sales-world.ts';

let world: Awaited<ReturnType<typeof salesWorld>>;
let t: TestApp;
const id = (key: string) => world.users.get(key)!.id;

/** What the commission engine wrote for the earner, per reason. */
async function earned(earner: string, reason: string): Promise<number> {
  const res = await t.pool.query<{ n: number }>(
    'SELECT coalesce(sum(amount), 0)::int AS n FROM commissions WHERE agent_id = $1 AND reason = $2',
    [id(earner), reason],
  );
  return res.rows[0]!.n;
}

beforeAll(async () => {
  // ia ← rec1 ← rec2 (independent agents), ia ← pending (invited, no password yet), ia ← blocked; and a client of ia.
  world = await salesWorld([
    ['ia', 'independent_agent'],
    ['rec1', 'independent_agent'],
    ['rec2', 'independent_agent'],
    ['blocked', 'partner'],
    ['other', 'independent_agent'],
  ]);
  t = world.t;
  for (const [child, parent] of [
    ['rec1', 'ia'],
    ['rec2', 'rec1'],
    ['blocked', 'ia'],
  ] as const) {
    await t.pool.query('UPDATE users SET referred_by_id = $1 WHERE id = $2', [id(parent), id(child)]);
  }
  await t.pool.query('UPDATE users SET is_active = false WHERE id = $1', [id('blocked')]);
  await t.pool.query(
    "INSERT INTO users (role_id, name, surname, email, referred_by_id) SELECT role_id, 'Neu', 'Eingeladen', 'pending@test.local', $1 FROM users WHERE id = $1",
    [id('ia')],
  );
  await buildClient(t, { name: 'Käufer', surname: 'Geworben', status: 'buy_product', referredById: id('ia') });
  const main = await world.product('M', 'main');
  for (const seller of ['rec1', 'rec2', 'rec2']) {
    const o = await world.sale({ seller, lines: [{ product_id: main, price: 250_000 }] });
    expect((await world.as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true })).statusCode).toBe(200);
  }
});

afterAll(async () => {
  await t.close();
});

describe('an independent agent’s referrals', () => {
  it('lists whom the agent brought with their referral status and what each branch earned them, as the engine wrote it', async () => {
    const res = await world.as('ia', 'GET', '/api/ia-referrals');
    expect(res.statusCode, res.body).toBe(200);
    const { data, totals } = res.json<{ data: IaReferralDto[]; totals: { l1: number; l2: number; l3: number } }>();
    const by = (surname: string) => data.find((r) => r.surname === surname)!;
    expect(data.map((r) => r.surname).sort()).toEqual(
      ['Eingeladen', 'Geworben', world.users.get('blocked')!.surname, world.users.get('rec1')!.surname].sort(),
    );
    // rec1's own sale pays ia L1, rec2's two sales pay ia L2: all through rec1's branch.
    expect(await earned('ia', 'l1')).toBeGreaterThan(0);
    expect(await earned('ia', 'l2')).toBeGreaterThan(0);
    expect(by(world.users.get('rec1')!.surname)).toMatchObject({
      kind: 'agent',
      referral_status: 'active',
      l1: await earned('ia', 'l1'),
      l2: await earned('ia', 'l2'),
      l3: 0,
    });
    expect(by('Eingeladen')).toMatchObject({ kind: 'agent', referral_status: 'in_progress', l1: 0 });
    expect(by(world.users.get('blocked')!.surname)).toMatchObject({ referral_status: 'inactive' });
    expect(by('Geworben')).toMatchObject({ kind: 'client', referral_status: 'active', l1: 0, l2: 0, l3: 0 });
    expect(totals).toEqual({ l1: await earned('ia', 'l1'), l2: await earned('ia', 'l2'), l3: await earned('ia', 'l3') });
  });

  it('an agent sees only their own referrals; the admin names the agent', async () => {
    const mine = (await world.as('other', 'GET', '/api/ia-referrals')).json<{ data: unknown[] }>().data;
    expect(mine).toEqual([]);
    expect((await world.as('other', 'GET', `/api/ia-referrals?agent_id=${id('ia')}`)).statusCode).toBe(403);
    expect((await world.as('admin', 'GET', '/api/ia-referrals')).statusCode).toBe(400);
    const asAdmin = await world.as('admin', 'GET', `/api/ia-referrals?agent_id=${id('rec1')}`);
    expect(asAdmin.json<{ data: IaReferralDto[] }>().data.map((r) => r.id)).toEqual([id('rec2')]);
    expect((await world.as('ca', 'GET', '/api/ia-referrals')).statusCode).toBe(403);
  });
});
