import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, expectSnackbar, openScreen, screenshot, signIn, textOf, withPage } from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

async function json<T>(page: Page, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(path, { method, data });
  assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A checked sale: the agent earns a commission that no receipt holds yet. */
async function earn(page: Page, agentId: number): Promise<void> {
  const { data } = await json<{ data: { stock: { product: { id: number; type: string; status: string } }[] } }>(
    page,
    'GET',
    '/api/warehouse?limit=1',
  );
  const main = data.stock.find((s) => s.product.type === 'main' && s.product.status === 'active')!;
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 60 + Math.floor(Math.random() * 300));
  for (let attempt = 0; attempt < 30; attempt += 1) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() === 0) {
      continue;
    }
    const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 8, 30)).toISOString();
    const booked = await page.request.post('/api/calendar-event', {
      data: { userData: { name: 'Paul', surname: `Provision ${Date.now() % 100_000}` }, eventType: 'presentation', agentId, date },
    });
    if (booked.status() === 409) {
      continue;
    }
    assert.ok(booked.ok(), await booked.text());
    const eventId = ((await booked.json()) as { data: { presentation_id: number } }).data.presentation_id;
    const done = await json<{ data: { order_id: number } }>(page, 'PUT', `/api/finish-presentation/${eventId}`, {
      was_at_home: true,
      order_products: [{ product_id: main.product.id, status: 'sell', quantity: 1, price: 300_000 }],
      payment_method: 'bill',
      contract_number: `E2E-P-${eventId}`,
    });
    await json(page, 'PUT', `/api/finances/order/${done.data.order_id}`, { checked_contract: true });
    return;
  }
  throw new Error('no free slot for the agent');
}

interface Unreceipted {
  agent: { id: number; name: string; surname: string };
  total: number;
}

void describe('admin payments', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    "admin gathers an agent's open commissions into a receipt and marks it paid after confirming",
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const agents = await json<{ data: { id: number; name: string }[] }>(page, 'GET', '/api/sales-agents');
      const agent = agents.data.find((a) => a.name.includes('Bernasconi'))!;
      await earn(page, agent.id);
      const due = (await json<{ data: { unreceipted: Unreceipted[] } }>(page, 'GET', '/api/admin-payments')).data.unreceipted.find(
        (u) => u.agent.id === agent.id,
      )!;
      assert.ok(due.total > 0);

      await openScreen(page, 'adminPayments', '/admin-dashboard/admin-payments');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.adminPayments') }).waitFor();
      // Nothing selected: nothing to mark.
      assert.equal(await page.getByTestId('mark-paid').isDisabled(), true);

      const unreceipted = page.locator(`[data-testid="unreceipted-row"][data-agent-id="${agent.id}"]`);
      // Read before the click: the row leaves the table once the receipt holds its commissions.
      const total = await textOf(unreceipted.locator('td').nth(3));
      await unreceipted.getByTestId('create-receipt').click();
      await expectSnackbar(page, tr('de', 'payments:receiptCreated', { agent: `${due.agent.name} ${due.agent.surname}`, total }));
      await unreceipted.waitFor({ state: 'detached' });

      const receipts = await json<{ data: { id: number }[] }>(
        page,
        'GET',
        `/api/finances/receipts?agent_id=${agent.id}&status=open&limit=500`,
      );
      const receiptId = Math.max(...receipts.data.map((r) => r.id));
      const row = page.locator(`[data-testid="payment-row"][data-receipt-id="${receiptId}"]`);
      await row.waitFor();
      assert.match(await textOf(row), new RegExp(total.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await row.getByTestId('payment-select').locator('input').check();
      assert.equal(await textOf(page.getByTestId('mark-paid')), tr('de', 'payments:markPaidCount', { n: 1, total }));
      await page.getByTestId('mark-paid').click();
      const dialog = page.getByTestId('mark-paid-dialog');
      await dialog.getByText(tr('de', 'payments:confirmText', { n: 1, total })).waitFor();
      await screenshot(page, 'admin-payments-confirm');
      await dialog.getByTestId('mark-paid-confirm').click();
      await expectSnackbar(page, tr('de', 'payments:paid', { n: 1 }));
      await row.waitFor({ state: 'detached' });
      const paid = await json<{ data: { status: string } }>(page, 'GET', `/api/finances/receipt/${receiptId}`);
      assert.equal(paid.data.status, 'paid');
      assert.equal(await page.getByTestId('mark-paid').isDisabled(), true);
      await screenshot(page, 'admin-payments');
    }),
  );
});
