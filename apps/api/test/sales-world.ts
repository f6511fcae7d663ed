import type { OrderDto, RoleCode } from '@bo/domain';
import { expect } from 'vitest';
import { bookPresentation, buildStaff, finishSale, orderOf, weekdaySlot } from './factories.ts';
import { createTestApp, injectAs, type TestApp, type TestAppOptions, type TestUser } from './harness.ts';

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
    const { cookie, ...u } = await buildStaff(t, role, named ? { name: key.toUpperCase(), surname: `Test ${key}` } : {});
    users.set(key, u);
    cookies.set(key, cookie);
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

  /** `client` is the new client's data, given the sale's number (a new client for each sale). */
  const sale = async (opts: {
    seller: string;
    lines: { product_id: number; quantity?: number; price?: number; status?: 'sell' | 'gift' }[];
    payment_method?: string;
    client?: (n: number) => Record<string, string>;
  }): Promise<OrderDto> => {
    // A weekday 10:00 in Zurich, a new one for each sale.
    slot += 1;
    const { presentationId } = await bookPresentation(t, cookies.get('ca')!, {
      agentId: users.get(opts.seller)!.id,
      date: weekdaySlot(slot),
      userData: opts.client
        ? opts.client(slot)
        : { name: 'Käuferin', surname: `Nr ${slot}`, city: 'Bern', zipcode: '3000', address: `Bundesgasse ${slot}` },
    });
    const orderId = await finishSale(t, cookies.get('admin')!, presentationId, { lines: opts.lines, paymentMethod: opts.payment_method });
    return orderOf(t, cookies.get('admin')!, orderId);
  };

  return { t, users, cookies, as, product, sale };
}
