import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  eventually,
  expectSnackbar,
  openScreen,
  screenshot,
  signIn,
  textOf,
  withPage,
} from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';
import { apiJson, makeSale } from '../support/factories.ts';

/** A sale paid by bill of these lines, finished by the admin. */
function billSale(
  page: Page,
  agentId: number,
  lines: { product_id: number; quantity: number }[],
): Promise<{ id: number; contract: string }> {
  return makeSale(page, {
    agentId,
    client: { name: 'Lena', surname: `Lager ${Date.now() % 100_000}`, city: 'Luzern', zipcode: '6003', address: 'Pilatusstrasse 4' },
    lines: lines.map((l) => ({ ...l, price: 150_000 })),
    paymentMethod: 'bill',
    contract: (id) => `E2E-L-${id}`,
  });
}

const stockRow = (page: Page, productId: number) => page.locator(`[data-testid="stock-row"][data-product-id="${productId}"]`);
const quantityOf = async (page: Page, productId: number) => Number(await textOf(stockRow(page, productId).getByTestId('stock-quantity')));

void describe('warehouse', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'admin counts the stock, is told a delivery it cannot cover, books goods received and delivers the order from the list',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const { data } = await apiJson<Json<'get', '/api/warehouse'>>(page, 'GET', '/api/warehouse?limit=1');
      const main = data.stock.find((s) => s.product.type === 'main' && s.product.status === 'active')!;
      const before = main.quantity;
      const agents = await apiJson<Json<'get', '/api/sales-agents'>>(page, 'GET', '/api/sales-agents');
      const agent = agents.data.find((a) => a.name.includes('Bernasconi'))!;
      const order = await billSale(page, agent.id, [{ product_id: main.product.id, quantity: 2 }]);
      try {
        await openScreen(page, 'warehouse', '/admin-dashboard/warehouse');
        await page.getByRole('heading', { level: 1, name: tr('de', 'screens.warehouse') }).waitFor();

        // Count: 1 unit of the main product.
        await page.getByTestId('warehouse-tab-stock').click();
        const row = stockRow(page, main.product.id);
        await row.getByTestId('stock-edit').click();
        await row.getByTestId('stock-input').fill('1');
        await row.getByTestId('stock-save').click();
        await expectSnackbar(page, tr('de', 'warehouse:stock.saved', { name: main.product.name, quantity: 1 }));
        await eventually(async () => assert.equal(await quantityOf(page, main.product.id), 1));

        // The order needs 2: the delivery is refused, product by product, and nothing is booked.
        await page.getByTestId('warehouse-tab-deliver').click();
        const waiting = page.locator(`[data-testid="to-deliver-row"][data-order-id="${order.id}"]`);
        await waiting.waitFor();
        assert.match(await textOf(waiting), new RegExp(order.contract));
        assert.match(await textOf(waiting), /Pilatusstrasse 4, 6003 Luzern/);
        await waiting.getByTestId('deliver-open').click();
        const dialog = page.getByTestId('deliver-dialog');
        await dialog.getByTestId('deliver-confirm').click();
        const shortage = dialog.getByTestId('deliver-shortage');
        await shortage.waitFor();
        assert.match(
          await textOf(shortage),
          new RegExp(tr('de', 'warehouse:deliver.shortageLine', { name: main.product.name, available: 1, needed: 2 })),
        );
        await screenshot(page, 'warehouse-shortage');
        await dialog.getByRole('button', { name: tr('de', 'common.cancel') }).click();

        // Goods received: 5 more.
        await page.getByTestId('warehouse-tab-stock').click();
        await stockRow(page, main.product.id).getByTestId('stock-receive').click();
        const receive = page.getByTestId('receive-dialog');
        await receive.getByTestId('receive-input').fill('5');
        await receive.getByTestId('receive-confirm').click();
        await expectSnackbar(page, tr('de', 'warehouse:stock.received', { name: main.product.name, quantity: 6 }));

        // Now it goes: the order leaves the list, the stock drops by 2.
        await page.getByTestId('warehouse-tab-deliver').click();
        await waiting.getByTestId('deliver-open').click();
        await page.getByTestId('deliver-dialog').getByTestId('deliver-confirm').click();
        await expectSnackbar(page, tr('de', 'warehouse:deliver.done', { client: await clientOf(page, order.id) }));
        await waiting.waitFor({ state: 'detached' });
        await page.getByTestId('warehouse-tab-stock').click();
        await eventually(async () => assert.equal(await quantityOf(page, main.product.id), 4));
        await screenshot(page, 'warehouse-stock');

        const delivered = await apiJson<Json<'get', '/api/finances/order/{id}'>>(page, 'GET', `/api/finances/order/${order.id}`);
        assert.equal(delivered.data.delivery_status, 'delivered');
      } finally {
        await page.request.put(`/api/warehouse/stock/${main.product.id}`, { data: { quantity: before } });
      }
    }),
  );

  void it(
    'a sales agent sees the warehouse with the delivery action; a call agent has no warehouse',
    withPage(async (page) => {
      await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
      await openScreen(page, 'warehouse', '/sa-dashboard/warehouse');
      await page.getByTestId('to-deliver-table').waitFor();
      await eventually(async () => assert.ok((await page.getByTestId('to-deliver-row').count()) > 0, 'demo orders wait for delivery'));
      assert.ok((await page.getByTestId('deliver-open').count()) > 0);
      await page.getByTestId('warehouse-tab-stock').click();
      await page.getByTestId('stock-row').first().waitFor();
      await screenshot(page, 'warehouse-sa');
      await page.context().clearCookies();
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      assert.equal(await page.getByTestId('side-nav').locator('[data-screen="warehouse"]').count(), 0);
    }),
  );
});

/** The client's name as the list shows it. */
async function clientOf(page: Page, orderId: number): Promise<string> {
  const order = await apiJson<Json<'get', '/api/finances/order/{id}'>>(page, 'GET', `/api/finances/order/${orderId}`);
  return `${order.data.client.name} ${order.data.client.surname}`;
}
