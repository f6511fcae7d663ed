import { zurichClock } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemo } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function rows<T extends object>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.pool.query<T>(text, params)).rows;
}

async function count(text: string, params: unknown[] = []): Promise<number> {
  const [row] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM (${text}) AS q`, params);
  return row?.n ?? 0;
}

const agent = (email: string) => `(SELECT id FROM users WHERE email = '${email}')`;

describe('demo presentations and services', () => {
  it.each(['sa@demo.test', 'ia@demo.test'])('%s has past events in every status and outcome, today and the coming weeks', async (email) => {
    const statuses = await rows<{ status: string }>(
      `SELECT DISTINCT status FROM events WHERE agent_id = ${agent(email)} AND starts_at < now() ORDER BY 1`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['canceled', 'planned', 'remeet', 'success']);
    expect(await count(`SELECT 1 FROM events WHERE agent_id = ${agent(email)} AND remeet_event_id IS NOT NULL`)).toBeGreaterThan(0);
    expect(
      await count(`SELECT 1 FROM events e JOIN recall_history r ON r.event_id = e.id WHERE e.agent_id = ${agent(email)}`),
    ).toBeGreaterThan(0);
    expect(await count(`SELECT 1 FROM events WHERE agent_id = ${agent(email)} AND type = 'service'`)).toBeGreaterThan(0);
    // Visits today, or on a Sunday (no working day) on Monday.
    const days = zurichClock(new Date()).weekday === 7 ? 2 : 1;
    expect(
      await count(
        `SELECT 1 FROM events WHERE agent_id = ${agent(email)} AND status = 'planned'
           AND starts_at >= date_trunc('day', now() AT TIME ZONE 'Europe/Zurich') AT TIME ZONE 'Europe/Zurich'
           AND starts_at < (date_trunc('day', now() AT TIME ZONE 'Europe/Zurich') + interval '${days} days') AT TIME ZONE 'Europe/Zurich'`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        `SELECT 1 FROM events WHERE agent_id = ${agent(email)} AND status = 'planned' AND starts_at >= now() - interval '1 day'
           AND extract(isodow FROM starts_at AT TIME ZONE 'Europe/Zurich') = 7`,
      ),
      'no upcoming visit on a Sunday',
    ).toBe(0);
    expect(
      await count(`SELECT 1 FROM events WHERE agent_id = ${agent(email)} AND status = 'planned' AND starts_at > now() + interval '7 days'`),
    ).toBeGreaterThan(0);
  });

  it('sold demos have an order with a main product, a gift and lines paid in money or by recommendations', async () => {
    expect(await count(`SELECT 1 FROM event_products WHERE status = 'gift' AND order_id IS NOT NULL`)).toBeGreaterThan(0);
    expect(
      await count(`SELECT 1 FROM event_products WHERE status = 'rec' AND repayment_type = 'recommendation' AND rec_price IS NOT NULL`),
    ).toBeGreaterThan(0);
    expect(await count(`SELECT 1 FROM events e WHERE e.has_order AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.event_id = e.id)`)).toBe(0);
    expect(await count(`SELECT 1 FROM orders WHERE delivery_status = 'not_delivered'`)).toBeGreaterThan(0);
    expect(await count(`SELECT 1 FROM orders o JOIN users u ON u.id = o.client_id WHERE u.email = 'user@demo.test'`)).toBe(1);
  });

  it('most demos were booked by the demo call agent; upcoming ones have their reminders', async () => {
    expect(await count(`SELECT 1 FROM events WHERE created_by_id = ${agent('ca@demo.test')}`)).toBeGreaterThan(50);
    expect(
      await count(`SELECT 1 FROM sms_outbox s JOIN events e ON e.id = s.event_id WHERE s.status = 'planned' AND e.starts_at > now()`),
    ).toBeGreaterThan(0);
  });
});

describe('demo outcomes', () => {
  it('every remeet has its follow-up or a recall, so its outcome shows', async () => {
    expect(
      await count(
        `SELECT 1 FROM events e WHERE e.status = 'remeet' AND e.remeet_event_id IS NULL AND NOT EXISTS (SELECT 1 FROM recall_history r WHERE r.event_id = e.id)`,
      ),
    ).toBe(0);
  });
});
