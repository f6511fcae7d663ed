import { zurichClock, zurichInstant, type ClientRecordDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, PASSWORD, type TestApp } from '../../../test/harness.ts';

/**
 * The sign-in e-mail of a client who has signed up belongs to that client (issue 11, item 3): staff
 * who could change it would receive the recovery link and take the account over.
 */

let t: TestApp;
let admin: string;
let salesAgent: string;
let salesAgentId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, (await createUser(t.db, { role: 'admin' })).email);
  const agent = await createUser(t.db, { role: 'sales_agent' });
  salesAgentId = agent.id;
  salesAgent = await login(t.app, agent.email);
});

afterAll(async () => {
  await t?.close();
});

let counter = 0;
/** A client made by the sales agent (so in their scope); `signedUp` gives it a password as signing up does. */
async function client(signedUp: boolean): Promise<ClientRecordDto> {
  counter += 1;
  const res = await injectAs(t.app, salesAgent, {
    method: 'POST',
    url: '/api/user',
    payload: { name: 'Sina', surname: `Selbst ${counter}`, email: `sina-${counter}@example.ch` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ data: ClientRecordDto }>().data;
  if (signedUp) {
    const hash = (await t.pool.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE password_hash IS NOT NULL LIMIT 1'))
      .rows[0]!.h;
    await t.pool.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, created.id]);
  }
  return created;
}

function put(cookie: string, id: number, payload: Record<string, unknown>) {
  return injectAs(t.app, cookie, { method: 'PUT', url: `/api/user/${id}`, payload });
}

async function stored(id: number) {
  return (await t.pool.query('SELECT email, surname FROM users WHERE id = $1', [id])).rows[0] as unknown;
}

/** The n-th working day (Monday to Saturday) after today at hh:00 Zurich time. */
function slot(n: number, hour: number): string {
  let seen = 0;
  for (let d = 1; ; d += 1) {
    const c = zurichClock(new Date(Date.now() + d * 86_400_000));
    if (c.weekday <= 6 && ++seen === n) {
      return zurichInstant(c.year, c.month, c.day, hour, 0).toISOString();
    }
  }
}

function book(cookie: string, clientId: number, userData: Record<string, unknown>, date: string) {
  return injectAs(t.app, cookie, {
    method: 'POST',
    url: '/api/calendar-event',
    payload: { eventType: 'presentation', comment: '', userId: clientId, userData, agentId: salesAgentId, date },
  });
}

describe('the sign-in e-mail of a signed-up client', () => {
  it.each([
    ['an admin', () => admin],
    ['the sales agent of the client', () => salesAgent],
  ])('is refused to %s with 403 Not allowed., and nothing of the request is saved', async (_who, cookie) => {
    const signedUp = await client(true);
    for (const email of ['taker@example.ch', '']) {
      const res = await put(cookie(), signedUp.id, { surname: 'Changed', email });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: 'Not allowed.',
        field_validation: { email: 'invalid_value' },
        data: { reason: 'login_email_owner_only' },
      });
      expect(await stored(signedUp.id)).toEqual({ email: signedUp.email, surname: signedUp.surname });
    }
    // The client still signs in with their own address.
    await login(t.app, signedUp.email!, PASSWORD);
  });

  it('cannot be changed through the calendar booking (which takes no e-mail) nor the perform flow (refused, nothing saved)', async () => {
    const signedUp = await client(true);
    const booked = await book(admin, signedUp.id, { surname: 'Gebucht', email: 'taker@example.ch' }, slot(2, 10));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await stored(signedUp.id)).toEqual({ email: signedUp.email, surname: 'Gebucht' });

    const presentation = booked.json<{ data: { presentation_id: number } }>().data.presentation_id;
    const performed = await injectAs(t.app, salesAgent, {
      method: 'PUT',
      url: `/api/finish-presentation/${presentation}`,
      payload: { was_at_home: false, demo_outcome: 'canceled', user: { surname: 'Changed', email: 'taker@example.ch' } },
    });
    expect(performed.statusCode, performed.body).toBe(403);
    expect(performed.json()).toMatchObject({ error: 'Not allowed.', field_validation: { 'user.email': 'invalid_value' } });
    expect(await stored(signedUp.id)).toEqual({ email: signedUp.email, surname: 'Gebucht' });
  });

  it('may be sent back unchanged (in any letter case) with other changes', async () => {
    const signedUp = await client(true);
    const res = await put(admin, signedUp.id, { surname: 'Neu', email: signedUp.email!.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(signedUp.id)).toEqual({ email: signedUp.email, surname: 'Neu' });
  });

  it('is the client’s own to change, with their password (PUT /auth/edit-current)', async () => {
    const signedUp = await client(true);
    const own = await login(t.app, signedUp.email!, PASSWORD);
    const res = await injectAs(t.app, own, {
      method: 'PUT',
      url: '/auth/edit-current',
      payload: { email: `own-${signedUp.id}@example.ch`, current_password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(signedUp.id)).toMatchObject({ email: `own-${signedUp.id}@example.ch` });
  });
});

describe('the e-mail of a client who has not signed up', () => {
  it('is changed by staff as any other field', async () => {
    const lead = await client(false);
    const res = await put(salesAgent, lead.id, { email: `corrected-${lead.id}@example.ch` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(lead.id)).toMatchObject({ email: `corrected-${lead.id}@example.ch` });
  });
});
