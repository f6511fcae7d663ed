import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, expectSnackbar, openScreen, screenshot, signIn, textOf, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';
import { activeMainProduct, apiJson, makeSale } from '../support/factories.ts';

/** A checked sale: the agent earns a commission that no receipt holds yet. */
async function earn(page: Page, agentId: number): Promise<void> {
  const order = await makeSale(page, {
    agentId,
    client: { name: 'Paul', surname: `Provision ${Date.now() % 100_000}` },
    lines: [{ product_id: await activeMainProduct(page), quantity: 1, price: 300_000 }],
    paymentMethod: 'bill',
    contract: (id) => `E2E-P-${id}`,
  });
  await apiJson(page, 'PUT', `/api/finances/order/${order.id}`, { checked_contract: true });
}

void describe('admin payments', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    "admin gathers an agent's open commissions into a receipt and marks it paid after confirming",
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const agents = await apiJson<Json<'get', '/api/sales-agents'>>(page, 'GET', '/api/sales-agents');
      const agent = agents.data.find((a) => a.name.includes('Bernasconi'))!;
      await earn(page, agent.id);
      const due = (await apiJson<Json<'get', '/api/admin-payments'>>(page, 'GET', '/api/admin-payments')).data.unreceipted.find(
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

      const receipts = await apiJson<Json<'get', '/api/finances/receipts'>>(
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
      const paid = await apiJson<Json<'get', '/api/finances/receipt/{id}'>>(page, 'GET', `/api/finances/receipt/${receiptId}`);
      assert.equal(paid.data.status, 'paid');
      assert.equal(await page.getByTestId('mark-paid').isDisabled(), true);
      await screenshot(page, 'admin-payments');
    }),
  );
});
