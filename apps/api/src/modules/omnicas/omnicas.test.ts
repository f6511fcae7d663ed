import { injectAs, createTestApp, type TestApp } from '../../../test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFinancing } from '../../integrations/financing/fake-provider.ts';
import { salesWorld } from '../../../test/sales-world.ts';
import type { OmnicasApplicationDto, OmnicasOrderDto } from '@bo/domain';

let w: Awaited<ReturnType<typeof salesWorld>>;
let main = 0;

const omnicasSale = (seller: string, price = 250_000) =>
  w.sale({ seller, lines: [{ product_id: main, price }], payment_method: 'omnicas' });
const apply = (who: string, body: Record<string, unknown>) => w.as(who, 'POST', '/api/omnicas', body);
const list = async (who: string, query = '') => {
  const res = await w.as(who, 'GET', `/api/omnicas${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OmnicasApplicationDto[]; total: number; provider: string }>();
};

beforeAll(async () => {
  w = await salesWorld([
    ['sa', 'sales_agent'],
    ['sa2', 'sales_agent'],
    ['ia', 'independent_agent'],
    ['user', 'user'],
  ]);
  main = await w.product('OM', 'main');
});

afterAll(async () => {
  await w.t.close();
});

describe('Omnicas applications (local provider)', () => {
  it('applies for the order sum; the application starts in examination', async () => {
    const o = await omnicasSale('sa', 389_050);
    const res = await apply('admin', { order_id: o.id, reference: 'OM-1' });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<{ data: OmnicasApplicationDto }>().data;
    expect(a).toMatchObject({
      order_id: o.id,
      status: 'in_examination',
      reference: 'OM-1',
      amount: 389_050,
      contract_number: o.contract_number,
      client: { id: o.client.id },
      agent: { id: w.users.get('sa')!.id },
    });
    expect(a.provider_id).toMatch(/^local-/);
    expect((await list('admin')).provider).toBe('local');
  });

  it('only an order paid through the provider, one live application at a time, a positive amount', async () => {
    const bill = await w.sale({ seller: 'sa', lines: [{ product_id: main }] });
    const refused = await apply('admin', { order_id: bill.id, reference: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { order_id: 'invalid_value' } });

    const o = await omnicasSale('sa');
    const first = (await apply('admin', { order_id: o.id, reference: 'A', amount: 100_000 })).json<{ data: OmnicasApplicationDto }>().data;
    expect(first.amount).toBe(100_000);
    const second = await apply('admin', { order_id: o.id, reference: 'B' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ data: { reason: 'financing_already_applied', application_id: first.id } });
    expect((await w.as('admin', 'PUT', `/api/omnicas/${first.id}`, { status: 'rejected' })).json()).toMatchObject({
      data: { status: 'rejected' },
    });
    expect((await apply('admin', { order_id: o.id, reference: 'B' })).statusCode).toBe(201);

    for (const body of [
      {},
      { order_id: 'abc' },
      { order_id: o.id, amount: 12.5 },
      { order_id: o.id, amount: -1 },
      { order_id: o.id, reference: 'x'.repeat(101) },
    ]) {
      expect((await apply('admin', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const o2 = await omnicasSale('sa');
    expect((await apply('admin', { order_id: o2.id, amount: 0 })).json()).toMatchObject({ field_validation: { amount: 'invalid_value' } });
    expect((await apply('admin', { order_id: 999_999 })).statusCode).toBe(404);
    const canceled = await omnicasSale('sa');
    await w.as('admin', 'PUT', `/api/finances/order/${canceled.id}`, { toggle: 'cancel' });
    const refusedCanceled = await apply('admin', { order_id: canceled.id });
    expect(refusedCanceled.statusCode).toBe(403);
    expect(refusedCanceled.json()).toMatchObject({ data: { reason: 'canceled_order_not_financed' } });
  });

  it('two clicks at once make one application', async () => {
    const o = await omnicasSale('sa');
    const both = await Promise.all([apply('admin', { order_id: o.id }), apply('admin', { order_id: o.id })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 403]);
  });

  it('the status moves by hand to accepted, back to examination, or rejected; nothing else', async () => {
    const o = await omnicasSale('sa');
    const a = (await apply('sa', { order_id: o.id })).json<{ data: OmnicasApplicationDto }>().data;
    for (const status of ['accepted', 'in_examination', 'rejected']) {
      const res = await w.as('sa', 'PUT', `/api/omnicas/${a.id}`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: OmnicasApplicationDto }>().data.status).toBe(status);
    }
    expect((await w.as('admin', 'PUT', `/api/omnicas/${a.id}`, { status: 'paid' })).statusCode).toBe(400);
    expect((await w.as('admin', 'PUT', '/api/omnicas/999999', { status: 'accepted' })).statusCode).toBe(404);
    // The local provider has no decision to ask for: the application stays as recorded.
    expect((await w.as('admin', 'POST', `/api/omnicas/${a.id}/refresh`)).json()).toMatchObject({ data: { status: 'rejected' } });
  });

  it('lists newest first, a page at a time, filtered by status', async () => {
    const all = await list('admin', '?limit=200');
    const ids = all.data.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = await list('admin', '?limit=1&offset=1');
    expect(page).toMatchObject({ total: all.total, data: [{ id: ids[1] }] });
    const rejected = await list('admin', '?status=rejected&limit=200');
    expect(rejected.data.length).toBeGreaterThan(0);
    expect(rejected.data.every((a) => a.status === 'rejected')).toBe(true);
    expect((await w.as('admin', 'GET', '/api/omnicas?status=paid')).statusCode).toBe(400);
  });

  it('a sales agent applies for and sees only the orders they sold; other roles are refused', async () => {
    const mine = await omnicasSale('sa');
    const theirs = await omnicasSale('sa2');
    const theirsApp = (await apply('admin', { order_id: theirs.id })).json<{ data: OmnicasApplicationDto }>().data;
    expect((await apply('sa', { order_id: theirs.id })).statusCode).toBe(404);
    expect((await apply('sa', { order_id: mine.id })).statusCode).toBe(201);
    const seen = await list('sa', '?limit=200');
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.every((a) => a.agent?.id === w.users.get('sa')!.id)).toBe(true);
    expect((await w.as('sa', 'PUT', `/api/omnicas/${theirsApp.id}`, { status: 'accepted' })).statusCode).toBe(404);
    const orders = (await w.as('sa', 'GET', '/api/omnicas/orders')).json<{ data: OmnicasOrderDto[] }>().data;
    expect(orders.map((o) => o.id)).toContain(mine.id);
    expect(orders.map((o) => o.id)).not.toContain(theirs.id);
    for (const who of ['ca', 'ia', 'user']) {
      expect((await w.as(who, 'GET', '/api/omnicas')).statusCode, who).toBe(403);
      expect((await apply(who, { order_id: mine.id })).statusCode, who).toBe(403);
      expect((await w.as(who, 'PUT', `/api/omnicas/${theirsApp.id}`, { status: 'accepted' })).statusCode, who).toBe(403);
      expect((await w.as(who, 'GET', '/api/omnicas/orders')).statusCode, who).toBe(403);
    }
  });

  it('the dialog finds orders paid through the provider by contract number or client, with their sum and last application', async () => {
    const o = await omnicasSale('sa', 123_400);
    const found = (await w.as('admin', 'GET', `/api/omnicas/orders?search=${encodeURIComponent(o.contract_number!)}`)).json<{
      data: OmnicasOrderDto[];
    }>().data;
    expect(found).toEqual([expect.objectContaining({ id: o.id, sum: 123_400, application: null })]);
    const a = (await apply('admin', { order_id: o.id })).json<{ data: OmnicasApplicationDto }>().data;
    const again = (await w.as('admin', 'GET', `/api/omnicas/orders?search=${encodeURIComponent(o.contract_number!)}`)).json<{
      data: OmnicasOrderDto[];
    }>().data;
    expect(again[0]!.application).toEqual({ id: a.id, status: 'in_examination' });
    const bill = await w.sale({ seller: 'sa', lines: [{ product_id: main }] });
    const none = (await w.as('admin', 'GET', `/api/omnicas/orders?search=${encodeURIComponent(bill.contract_number!)}`)).json<{
      data: OmnicasOrderDto[];
    }>().data;
    expect(none).toEqual([]);
  });
});

describe('Omnicas applications through the provider HTTP API', () => {
  const KEY = 'omnicas-key';
  let fake: Awaited<ReturnType<typeof startFakeFinancing>>;
  let remote: TestApp;
  const asRemote = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    injectAs(remote.app, w.cookies.get(who)!, { method, url, payload });

  beforeAll(async () => {
    fake = await startFakeFinancing(KEY);
    // The same database, another app configured for the provider: the sign-ins are valid in both.
    remote = await createTestApp({
      databaseUrl: w.t.databaseUrl,
      env: { FINANCING_PROVIDER: 'http', FINANCING_BASE_URL: fake.url, FINANCING_API_KEY: KEY },
    });
  });
  afterAll(async () => {
    await remote.close();
    await fake.close();
  });

  it('sends the application to the provider, and takes its decision when asked', async () => {
    const o = await omnicasSale('sa', 500_000);
    const res = await asRemote('sa', 'POST', '/api/omnicas', { order_id: o.id, reference: 'HTTP-1' });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<{ data: OmnicasApplicationDto }>().data;
    const sent = fake.applications.get(a.provider_id!)!;
    expect(sent.body).toMatchObject({
      order_id: o.id,
      reference: 'HTTP-1',
      amount: 500_000,
      currency: 'CHF',
      applicant: { city: 'Bern', zipcode: '3000' },
    });
    expect((await asRemote('sa', 'GET', '/api/omnicas')).json()).toMatchObject({ provider: 'http' });
    sent.status = 'accepted';
    const refreshed = await asRemote('sa', 'POST', `/api/omnicas/${a.id}/refresh`);
    expect(refreshed.json()).toMatchObject({ data: { id: a.id, status: 'accepted' } });
  });

  it('stores nothing when the provider refuses or cannot be reached', async () => {
    const o = await omnicasSale('sa');
    fake.state.next = { status: 503, body: { error: 'maintenance' } };
    const down = await asRemote('admin', 'POST', '/api/omnicas', { order_id: o.id });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    fake.state.next = { status: 422, body: { error: 'applicant_unknown', message: 'No credit check possible' } };
    const refused = await asRemote('admin', 'POST', '/api/omnicas', { order_id: o.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('No credit check possible');
    expect((await list('admin', `?order_id=${o.id}`)).total).toBe(0);
    expect((await asRemote('admin', 'POST', '/api/omnicas', { order_id: o.id })).statusCode).toBe(201);
  });
});
