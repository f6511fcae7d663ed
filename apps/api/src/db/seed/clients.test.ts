import { BUYER_STATUSES, MAKE_A_DEMO, RECOMMENDATION_STATUSES, roleByCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { COUNTED_CONTACT_TYPES } from './clients.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

let t: TestApp;
const CLIENT = roleByCode('user').id;

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

async function idOf(email: string): Promise<number> {
  const [row] = await rows<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return row!.id;
}

const addressKey = (column: string) => `lower(regexp_replace(${column}, '[^[:alnum:]]+', '', 'g'))`;

describe('demo clients', () => {
  it('has the same people entered twice, with the phone, address and name written differently', async () => {
    const pairs = await rows<{ a: string; b: string; same_address: boolean; same_name: boolean }>(
      `SELECT coalesce(a.mobile_phone, a.phone) AS a, coalesce(b.mobile_phone, b.phone) AS b,
              a.zipcode = b.zipcode AND ${addressKey('a.address')} = ${addressKey('b.address')} AS same_address,
              a.name = b.name AND a.surname = b.surname AS same_name
         FROM users a JOIN users b ON a.id < b.id AND b.role_id = a.role_id
          AND coalesce(a.mobile_phone_e164, a.phone_e164) = coalesce(b.mobile_phone_e164, b.phone_e164)
        WHERE a.role_id = $1`,
      [CLIENT],
    );
    const rewritten = pairs.filter((p) => p.a !== p.b);
    expect(rewritten.length).toBeGreaterThanOrEqual(15);
    expect(rewritten.filter((p) => p.same_address).length).toBeGreaterThanOrEqual(15);
    expect(rewritten.filter((p) => !p.same_name).length).toBeGreaterThanOrEqual(15);
  });

  it('has recommendations in every status, some paid, some turned into referral leads', async () => {
    const statuses = await rows<{ status: string }>('SELECT DISTINCT status FROM recommendations ORDER BY status');
    expect(statuses.map((s) => s.status)).toEqual([...RECOMMENDATION_STATUSES].sort());
    expect(await count("SELECT 1 FROM recommendations WHERE status = 'approved' AND paid_at IS NOT NULL")).toBeGreaterThan(0);
    expect(await count("SELECT 1 FROM recommendations WHERE status = 'approved' AND paid_at IS NULL")).toBeGreaterThan(0);
    expect(await count("SELECT 1 FROM recommendations WHERE status <> 'approved' AND paid_at IS NOT NULL")).toBe(0);
    const leads = await rows<{ status: string; lead_source: string; referred_by_id: number | null; same_name: boolean }>(
      `SELECT l.status, l.lead_source, l.referred_by_id, l.name = r.name AND l.surname = r.surname AS same_name
         FROM recommendations r JOIN users l ON l.id = r.lead_id`,
    );
    expect(leads.length).toBeGreaterThanOrEqual(5);
    expect(new Set(leads.map((l) => `${l.status} ${l.lead_source} ${l.referred_by_id} ${l.same_name}`))).toEqual(
      new Set(['user_rec referral null true']),
    );
  });

  it('keeps calls_count, last_contact_at and next_recall_at equal to the contact history of every client', async () => {
    const mismatched = await rows<{ id: number }>(
      `SELECT u.id FROM users u
         LEFT JOIN LATERAL (
           SELECT count(*) FILTER (WHERE c.type = ANY($2))::int AS calls, max(c.created_at) AS last,
                  min(c.recall_at) FILTER (WHERE NOT c.recall_done) AS next
             FROM contact_history c WHERE c.user_id = u.id) h ON true
        WHERE u.role_id = $1
          AND (u.calls_count <> h.calls OR u.last_contact_at IS DISTINCT FROM h.last OR u.next_recall_at IS DISTINCT FROM h.next)`,
      [CLIENT, COUNTED_CONTACT_TYPES],
    );
    expect(mismatched).toEqual([]);
    expect(
      await count('SELECT 1 FROM contact_history WHERE created_at > now() UNION ALL SELECT 1 FROM status_history WHERE created_at > now()'),
    ).toBe(0);
    expect(await count('SELECT DISTINCT user_id FROM contact_history')).toBeGreaterThanOrEqual(150);
    expect(await count('SELECT 1 FROM users WHERE role_id = $1 AND calls_count = 0', [CLIENT])).toBeGreaterThanOrEqual(100);
    expect(await count('SELECT 1 FROM users WHERE next_recall_at > now()')).toBeGreaterThanOrEqual(10);
    expect(await count('SELECT 1 FROM users WHERE next_recall_at <= now()')).toBeGreaterThanOrEqual(5);
    const kinds = await rows<{ type: string; flow: string; time_to_call: string | null }>(
      'SELECT DISTINCT type, flow, time_to_call FROM contact_history',
    );
    expect(new Set(kinds.map((k) => k.type))).toEqual(new Set(['call', 'inbound_call', 'recall', 'auto_call', 'sms']));
    expect(new Set(kinds.map((k) => k.flow))).toEqual(new Set(['lead_flow', 'buyer_flow']));
    expect(new Set(kinds.map((k) => k.time_to_call))).toEqual(new Set(['morning', 'afternoon', 'evening', 'night', null]));
    // Mostly the demo call agent, and always a call agent.
    const agents = await rows<{ role_id: number; mine: boolean; n: number }>(
      `SELECT a.role_id, a.email = 'ca@demo.test' AS mine, count(*)::int AS n
         FROM contact_history c JOIN users a ON a.id = c.agent_id GROUP BY 1, 2`,
    );
    expect(new Set(agents.map((a) => a.role_id))).toEqual(new Set([roleByCode('call_agent').id]));
    const mine = agents.find((a) => a.mine)?.n ?? 0;
    expect(mine / agents.reduce((sum, a) => sum + a.n, 0)).toBeGreaterThan(0.6);
  });

  it('gives every client a status history that chains and ends at the current status', async () => {
    expect(
      await count('SELECT 1 FROM users u WHERE u.role_id = $1 AND NOT EXISTS (SELECT 1 FROM status_history s WHERE s.user_id = u.id)', [
        CLIENT,
      ]),
    ).toBe(0);
    const wrongEnd = await rows<{ id: number }>(
      `SELECT u.id FROM users u
         JOIN LATERAL (SELECT s.status FROM status_history s WHERE s.user_id = u.id ORDER BY s.created_at DESC, s.id DESC LIMIT 1) last ON true
        WHERE u.role_id = $1 AND last.status IS DISTINCT FROM u.status`,
      [CLIENT],
    );
    expect(wrongEnd).toEqual([]);
    const broken = await count(
      `SELECT 1 FROM (
         SELECT s.previous_status, lag(s.status) OVER (PARTITION BY s.user_id ORDER BY s.created_at, s.id) AS before FROM status_history s) q
        WHERE q.previous_status IS DISTINCT FROM q.before`,
    );
    expect(broken).toBe(0);
    expect(await count('SELECT 1 FROM status_history s JOIN users a ON a.id = s.changed_by_id WHERE a.role_id = $1', [CLIENT])).toBe(0);
    expect(await count('SELECT 1 FROM status_history WHERE changed_by_id IS NULL')).toBe(0);
    expect(await count('SELECT DISTINCT user_id FROM status_history s WHERE s.previous_status IS NOT NULL')).toBeGreaterThanOrEqual(150);
  });

  it('gives the demo sales agent, partner, independent agent and promotion agent clients of their own', async () => {
    const relations: [string, string][] = [
      ['sa@demo.test', 'linked_agent_id'],
      ['partner@demo.test', 'referred_by_id'],
      ['ia@demo.test', 'referred_by_id'],
      ['pa@demo.test', 'created_by_id'],
    ];
    for (const [email, column] of relations) {
      const n = await count(`SELECT 1 FROM users WHERE role_id = $1 AND ${column} = $2`, [CLIENT, await idOf(email)]);
      expect(n, email).toBeGreaterThanOrEqual(15);
    }
    // Other sales agents look after clients too, so "exclude linked agent" leaves some out.
    expect(
      await count('SELECT 1 FROM users WHERE role_id = $1 AND linked_agent_id IS NOT NULL AND linked_agent_id <> $2', [
        CLIENT,
        await idOf('sa@demo.test'),
      ]),
    ).toBeGreaterThanOrEqual(15);
    const promoted = await rows<{ lead_source: string }>('SELECT DISTINCT lead_source FROM users WHERE created_by_id = $1', [
      await idOf('pa@demo.test'),
    ]);
    expect(promoted.every((r) => r.lead_source === 'event' || r.lead_source === 'mall')).toBe(true);
  });

  it('links households and buildings as ordered pairs at one address', async () => {
    const links = await rows<{ kind: string; a: number; b: number; same_address: boolean }>(
      `SELECT l.kind, l.user_a_id AS a, l.user_b_id AS b,
              ua.zipcode = ub.zipcode AND ${addressKey('ua.address')} = ${addressKey('ub.address')} AS same_address
         FROM client_links l JOIN users ua ON ua.id = l.user_a_id JOIN users ub ON ub.id = l.user_b_id`,
    );
    expect(links.filter((l) => l.kind === 'cohabitant').length).toBeGreaterThanOrEqual(10);
    expect(links.filter((l) => l.kind === 'block_neighbor').length).toBeGreaterThanOrEqual(10);
    expect(links.every((l) => l.a < l.b && l.same_address)).toBe(true);
  });

  it('has buyers in every buyers preset, and an activated one signs in', async () => {
    const buyers = await rows<{ email: string | null; invoice: boolean; finished: boolean; activated: boolean }>(
      `SELECT email, invoice_sent_at IS NOT NULL AS invoice, purchase_finished_at IS NOT NULL AS finished, password_hash IS NOT NULL AS activated
         FROM users WHERE role_id = $1 AND status = ANY($2) ORDER BY id`,
      [CLIENT, BUYER_STATUSES],
    );
    expect(buyers.length).toBeGreaterThanOrEqual(35);
    expect(buyers.filter((b) => b.invoice).length).toBeGreaterThan(5);
    expect(buyers.filter((b) => !b.invoice).length).toBeGreaterThan(5);
    expect(buyers.filter((b) => b.finished).length).toBeGreaterThan(5);
    expect(buyers.filter((b) => b.finished && !b.invoice)).toEqual([]);
    const activated = buyers.filter((b) => b.activated && b.email !== 'user@demo.test');
    expect(activated.length).toBeGreaterThan(5);
    await login(t.app, activated[0]!.email!, DEMO_PASSWORD);
  });

  it('shows the demo client recommendations in several statuses and a contact history', async () => {
    const id = await idOf('user@demo.test');
    const statuses = await rows<{ status: string }>('SELECT DISTINCT status FROM recommendations WHERE user_id = $1', [id]);
    expect(statuses.length).toBeGreaterThanOrEqual(4);
    expect(await count('SELECT 1 FROM contact_history WHERE user_id = $1', [id])).toBeGreaterThanOrEqual(3);
    await login(t.app, 'user@demo.test', DEMO_PASSWORD);
  });

  it('spreads the clients over the statuses and fields the lists filter by', async () => {
    const [shares] = await rows<{
      total: number;
      demo: number;
      b2b: number;
      reminders: number;
      sms: number;
      category: number;
      notes: number;
      subs: number;
    }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = ANY($2))::int AS demo,
              count(*) FILTER (WHERE type = 'B2B' AND company IS NOT NULL)::int AS b2b,
              count(*) FILTER (WHERE email_reminder_stage IS NOT NULL)::int AS reminders,
              count(*) FILTER (WHERE has_onboarding_sms)::int AS sms,
              count(*) FILTER (WHERE category IS NOT NULL)::int AS category,
              (SELECT count(DISTINCT user_id)::int FROM user_info) AS notes,
              (SELECT count(*)::int FROM sub_users) AS subs
         FROM users WHERE role_id = $1`,
      [CLIENT, MAKE_A_DEMO.statuses],
    );
    expect(shares!.demo / shares!.total).toBeGreaterThan(0.4);
    expect(shares!.b2b / shares!.total).toBeGreaterThan(0.1);
    expect(shares!.b2b / shares!.total).toBeLessThan(0.15);
    // Every lead not reached after enough calls, with an e-mail address, is in a reminder stage (docs/reminders.md).
    expect(shares!.reminders).toBeGreaterThanOrEqual(15);
    expect(shares!.sms).toBeGreaterThanOrEqual(10);
    expect(shares!.category).toBeGreaterThanOrEqual(20);
    expect(shares!.notes).toBeGreaterThanOrEqual(30);
    expect(shares!.subs).toBeGreaterThanOrEqual(3);
    const stages = await rows<{ stage: string }>(
      'SELECT DISTINCT email_reminder_stage AS stage FROM users WHERE email_reminder_stage IS NOT NULL',
    );
    expect(new Set(stages.map((s) => s.stage))).toEqual(new Set(['first', 'second', 'third', 'expired']));
    // By the sweep's rule: only leads not reached, with an e-mail and three calls; one mail per stage passed.
    expect(
      await count(
        `SELECT 1 FROM users WHERE email_reminder_stage IS NOT NULL
            AND (status <> 'not_answered' OR email IS NULL OR calls_count < 3 OR email_reminder_stage_at IS NULL)`,
      ),
    ).toBe(0);
    const mails = await rows<{ stage: string; mailed: string }>(
      `SELECT u.email_reminder_stage AS stage, string_agg(m.stage, ',' ORDER BY m.id) AS mailed
         FROM users u JOIN email_reminder_mails m ON m.user_id = u.id GROUP BY u.id`,
    );
    const expected: Record<string, string> = {
      first: 'first',
      second: 'first,second',
      third: 'first,second,third',
      expired: 'first,second,third',
    };
    expect(mails.length).toBe(shares!.reminders);
    for (const m of mails) {
      expect(m.mailed).toBe(expected[m.stage]);
    }
    for (const status of ['single_man', 'archived', 'wrong_data', 'without_number']) {
      expect(await count('SELECT 1 FROM users WHERE role_id = $1 AND status = $2', [CLIENT, status]), status).toBeGreaterThan(0);
    }
    expect(await count("SELECT 1 FROM users WHERE status = 'without_number' AND (mobile_phone IS NOT NULL OR phone IS NOT NULL)")).toBe(0);
  });
});
