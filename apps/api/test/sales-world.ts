import { zurichClock, zurichInstant, type OrderDto, type RoleCode } from '@bo/domain';
import { expect } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestAppOptions, type TestUser } from './harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A test app with one user per role key and the sales that make orders, shared by the finances,
 * warehouse, Omnicas and admin-payments tests: an order is made as in the product, booked by a call agent
 * and finished by an admin. `named` gives each user the name of its key (KEY, "Test key").
 */
export async function salesWorld(roles: [string, RoleCode][], opts: TestAppOptions & { named?: boolean } = {}) {
  const { named, ...appOptions } = opts;
  const t: TestApp = await createTestApp(appOptions);
  const users = new Map<string, TestUser>();
  const cookies = new Map<string, string>();
  for (const [key, role] of [['admin', 'admin'], ['ca', 'call_agent'], ...roles] as [string, RoleCode][]) {
    const u = await createUser(t.db, named ? { role, name: key.toUpperCase(), surname: `Test ${key}` } : { role });
    users.set(key, u);
    cookies.set(key, await login(t.app, u.email));
  }
  const as = (who: string, method: Method, url: string, payload?: unknown) =>
    injectAs(t.app, cookies.get(who)!, { method, url, payload: payload as Record<string, unknown> | undefined });

  const product = async (code: string, type: 'main' | 'other') => {
    const res = await as('admin', 'POST', '/api/product', {
      code,
      name: `Produkt ${code}`,
      type,
      default_price: 100_000,
      status: 'active',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: number } }>().data.id;
  };

  let slot = 0;
  /** A weekday 10:00 in Zurich, a new one for each sale. */
  const nextSlot = (): string => {
    slot += 1;
    let seen = 0;
    for (let d = 1; ; d += 1) {
      const c = zurichClock(new Date(Date.now() + d * 86_400_000));
      if (c.weekday <= 6 && ++seen === slot) {
        return zurichInstant(c.year, c.month, c.day, 10).toISOString();
      }
    }
  };

  /** `client` is the new client's data, given the sale's number (a new client for each sale). */
  const sale = async (opts: {
    seller: string;
    lines: { product_id: number; quantity?: number; price?: number; status?: 'sell' | 'gift' }[];
    payment_method?: string;
    client?: (n: number) => Record<string, string>;
  }): Promise<OrderDto> => {
    const date = nextSlot();
    const booked = await as('ca', 'POST', '/api/calendar-event', {
      eventType: 'presentation',
      agentId: users.get(opts.seller)!.id,
      date,
      userData: opts.client
        ? opts.client(slot)
        : { name: 'Käuferin', surname: `Nr ${slot}`, city: 'Bern', zipcode: '3000', address: `Bundesgasse ${slot}` },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json<{ data: { presentation_id: number } }>().data.presentation_id;
    const done = await as('admin', 'PUT', `/api/finish-presentation/${id}`, {
      was_at_home: true,
      order_products: opts.lines.map((l) => ({ status: 'sell', quantity: 1, price: 100_000, ...l })),
      payment_method: opts.payment_method ?? 'bill',
      contract_number: `V-${id}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    const orderId = done.json<{ data: { order_id: number } }>().data.order_id;
    return (await as('admin', 'GET', `/api/finances/order/${orderId}`)).json<{ data: OrderDto }>().data;
  };

  return { t, users, cookies, as, product, sale };
}
