import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { FinancingError } from './financing.ts';
import { startFakeFinancing } from './fake-provider.ts';
import { createFinancing, httpFinancing, localFinancing } from './index.ts';

const KEY = 'financing-test-key';
const order = {
  id: 42,
  amount: 389_050,
  reference: 'OM-42',
  contractNumber: 'V-42',
  client: {
    name: 'Erika',
    surname: 'Muster',
    email: 'erika@example.ch',
    phone: '+41791234567',
    address: 'Bahnhofstrasse 1',
    zipcode: '8001',
    city: 'Zürich',
  },
};

let fake: Awaited<ReturnType<typeof startFakeFinancing>>;
beforeAll(async () => {
  fake = await startFakeFinancing(KEY);
});
afterAll(async () => {
  await fake.close();
});

describe('local financing', () => {
  it('takes every application in examination and keeps no decision of its own', async () => {
    const f = localFinancing();
    const a = await f.apply(order);
    expect(a.status).toBe('in_examination');
    expect(a.providerId).toMatch(/^local-/);
    expect(await f.status(a.providerId)).toBeNull();
  });
});

describe('HTTP financing provider', () => {
  it('applies with the order in Rappen and the applicant, then reads the decision', async () => {
    const f = httpFinancing({ baseUrl: `${fake.url}/`, apiKey: KEY });
    const a = await f.apply(order);
    expect(a.status).toBe('in_examination');
    expect(fake.applications.get(a.providerId)?.body).toEqual({
      order_id: 42,
      reference: 'OM-42',
      contract_number: 'V-42',
      amount: 389_050,
      currency: 'CHF',
      applicant: order.client,
    });
    fake.applications.get(a.providerId)!.status = 'accepted';
    expect(await f.status(a.providerId)).toBe('accepted');
  });

  it('tells a refusal from an outage', async () => {
    const f = httpFinancing({ baseUrl: fake.url, apiKey: KEY });
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e,
      );
    const refused = await failure(f.apply({ ...order, amount: 0 }));
    expect(refused).toBeInstanceOf(FinancingError);
    expect(refused).toMatchObject({ reason: 'provider_refused', status: 422 });
    expect(await failure(f.status('APP-unknown'))).toMatchObject({ reason: 'provider_refused', status: 404 });
    fake.state.next = { status: 503, body: { error: 'maintenance' } };
    expect(await failure(f.apply(order))).toMatchObject({ reason: 'provider_unreachable', status: 503 });
    fake.state.next = { status: 200, body: { id: 'APP-1', status: 'maybe' } };
    expect(await failure(f.status('APP-1'))).toMatchObject({ reason: 'provider_unreachable' });
    const wrongKey = httpFinancing({ baseUrl: fake.url, apiKey: 'wrong' });
    expect(await failure(wrongKey.apply(order))).toMatchObject({ reason: 'provider_unreachable', status: 401 });
    const nobody = httpFinancing({ baseUrl: 'http://127.0.0.1:1', apiKey: KEY, timeoutMs: 2_000 });
    expect(await failure(nobody.apply(order))).toMatchObject({ reason: 'provider_unreachable', status: undefined });
  });

  it('is chosen by FINANCING_PROVIDER, which needs its address and key', () => {
    expect(createFinancing(loadConfig({})).provider).toBe('local');
    expect(createFinancing(loadConfig({ FINANCING_PROVIDER: 'http', FINANCING_BASE_URL: fake.url, FINANCING_API_KEY: KEY })).provider).toBe(
      'http',
    );
    expect(() => loadConfig({ FINANCING_PROVIDER: 'http', FINANCING_BASE_URL: fake.url })).toThrow(/FINANCING_API_KEY/);
  });
});
