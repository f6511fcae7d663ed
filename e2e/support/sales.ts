import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** A call to the API as the signed-in user of the page; a refusal fails the test with the answer. */
export async function apiJson<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(path, { method, data: data as Record<string, unknown> | undefined });
  assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An active main product (from the warehouse's stock list, which holds every product). */
export async function activeMainProduct(page: Page): Promise<number> {
  const { data } = await apiJson<{ data: { stock: { product: { id: number; type: string; status: string } }[] } }>(
    page,
    'GET',
    '/api/warehouse?limit=1',
  );
  return data.stock.find((s) => s.product.type === 'main' && s.product.status === 'active')!.product.id;
}

export interface SaleSpec {
  agentId: number;
  /** The new client, as the booking's userData. */
  client: Record<string, string>;
  lines: { product_id: number; quantity: number; price: number }[];
  paymentMethod: 'bill' | 'omnicas';
  /** The contract number, given the presentation's id. */
  contract: (presentationId: number) => string;
}

/**
 * A sale as the product makes it, through the API as the signed-in admin: a presentation booked for the
 * agent on a free weekday two to twelve months ahead (clear of the demo data and of other tests), then
 * finished with these lines.
 */
export async function makeSale(page: Page, sale: SaleSpec): Promise<{ id: number; contract: string }> {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 60 + Math.floor(Math.random() * 300));
  for (let attempt = 0; attempt < 30; attempt += 1) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() === 0) {
      continue;
    }
    const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 8, 30)).toISOString();
    const booked = await page.request.post('/api/calendar-event', {
      data: { userData: sale.client, eventType: 'presentation', agentId: sale.agentId, date },
    });
    if (booked.status() === 409) {
      continue;
    }
    assert.ok(booked.ok(), await booked.text());
    const eventId = ((await booked.json()) as { data: { presentation_id: number } }).data.presentation_id;
    const contract = sale.contract(eventId);
    const done = await apiJson<{ data: { order_id: number } }>(page, 'PUT', `/api/finish-presentation/${eventId}`, {
      was_at_home: true,
      order_products: sale.lines.map((l) => ({ ...l, status: 'sell' })),
      payment_method: sale.paymentMethod,
      contract_number: contract,
    });
    return { id: done.data.order_id, contract };
  }
  throw new Error('no free slot for the agent');
}
