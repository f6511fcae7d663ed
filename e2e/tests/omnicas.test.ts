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
import { activeMainProduct, apiJson, makeSale } from '../support/factories.ts';

/** A sale paid through the financing provider, finished by the admin. */
async function omnicasSale(page: Page, agentId: number, price: number): Promise<{ id: number; contract: string }> {
  return makeSale(page, {
    agentId,
    client: { name: 'Nina', surname: `Kredit ${Date.now() % 100_000}`, city: 'Aarau', zipcode: '5000' },
    lines: [{ product_id: await activeMainProduct(page), quantity: 1, price }],
    paymentMethod: 'omnicas',
    contract: (id) => `E2E-O-${id}`,
  });
}

const rowOf = (page: Page, orderId: number) => page.locator(`[data-testid="omnicas-row"][data-order-id="${orderId}"]`);

/** Picks the order in the new-application dialog by its contract number and applies. */
async function applyFor(page: Page, contract: string, reference: string, amount?: string): Promise<void> {
  await page.getByTestId('omnicas-new').click();
  const dialog = page.getByTestId('omnicas-dialog');
  await dialog.getByTestId('omnicas-order').fill(contract);
  const option = page.getByTestId('omnicas-order-option').filter({ hasText: contract });
  await option.click();
  await dialog.getByTestId('omnicas-reference').fill(reference);
  if (amount) {
    await dialog.getByTestId('omnicas-amount').fill(amount);
  }
  await dialog.getByTestId('omnicas-apply').click();
  await dialog.waitFor({ state: 'detached' });
}

void describe('Omnicas', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'admin applies for financing of an order paid through Omnicas, then records the acceptance',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const agents = await apiJson<Json<'get', '/api/sales-agents'>>(page, 'GET', '/api/sales-agents');
      const agent = agents.data.find((a) => a.name.includes('Bernasconi'))!;
      const order = await omnicasSale(page, agent.id, 480_000);
      await openScreen(page, 'omnicas', '/admin-dashboard/omnicas');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.omnicas') }).waitFor();

      await applyFor(page, order.contract, 'E2E-Antrag', '4500');
      const row = rowOf(page, order.id);
      await row.waitFor();
      const id = (await row.getAttribute('data-application-id'))!;
      await expectSnackbar(page, tr('de', 'omnicas:created', { id }));
      assert.match(await textOf(row), /CHF 4.500\.00/);
      assert.match(await textOf(row), /E2E-Antrag/);
      assert.equal(await row.getByTestId('omnicas-status').getAttribute('data-status'), 'in_examination');
      await screenshot(page, 'omnicas-new');

      // The same order cannot be applied for twice while the application lives.
      await page.getByTestId('omnicas-new').click();
      const dialog = page.getByTestId('omnicas-dialog');
      await dialog.getByTestId('omnicas-order').fill(order.contract);
      await page.getByTestId('omnicas-order-option').filter({ hasText: order.contract }).click();
      await dialog.getByText(tr('de', 'omnicas:taken')).waitFor();
      assert.equal(await dialog.getByTestId('omnicas-apply').isDisabled(), true);
      await dialog.getByRole('button', { name: tr('de', 'common.cancel') }).click();

      // The provider's decision, recorded by hand.
      await row.getByTestId('omnicas-status-change').click();
      await page.getByRole('menuitem', { name: tr('de', 'omnicas:status.accepted') }).click();
      await eventually(async () => assert.equal(await row.getByTestId('omnicas-status').getAttribute('data-status'), 'accepted'));
      await expectSnackbar(page, tr('de', 'omnicas:statusSaved', { id, status: tr('de', 'omnicas:status.accepted') }));

      // Filtered by another status, it is not listed.
      await page.getByTestId('omnicas-filter').click();
      await page.getByRole('option', { name: tr('de', 'omnicas:status.rejected') }).click();
      await row.waitFor({ state: 'detached' });
      await screenshot(page, 'omnicas-filtered');
    }),
  );

  void it(
    'a sales agent applies for an order they sold and sees only their own applications',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const agents = await apiJson<Json<'get', '/api/sales-agents'>>(page, 'GET', '/api/sales-agents');
      const sa = agents.data.find((a) => a.name.includes('Bernasconi'))!;
      const other = agents.data.find((a) => a.id !== sa.id)!;
      const mine = await omnicasSale(page, sa.id, 250_000);
      const theirs = await omnicasSale(page, other.id, 260_000);
      await page.context().clearCookies();
      await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
      await openScreen(page, 'omnicas', '/sa-dashboard/omnicas');
      await page.getByTestId('omnicas-table').waitFor();

      // Another agent's order is not offered.
      await page.getByTestId('omnicas-new').click();
      const dialog = page.getByTestId('omnicas-dialog');
      await dialog.getByTestId('omnicas-order').fill(theirs.contract);
      // The options list opens outside the dialog.
      await page.getByText(tr('de', 'omnicas:noOrders')).waitFor();
      await dialog.getByRole('button', { name: tr('de', 'common.cancel') }).click();

      await applyFor(page, mine.contract, 'SA-1');
      const row = rowOf(page, mine.id);
      await row.waitFor();
      assert.match(await textOf(row), /CHF 2.500\.00/);
      const agentsShown = await page.getByTestId('omnicas-row').evaluateAll((rows) => rows.map((r) => r.children[4]?.textContent ?? ''));
      assert.ok(
        agentsShown.every((name) => name === 'Marco Bernasconi'),
        agentsShown.join(', '),
      );
      await screenshot(page, 'omnicas-sa');
    }),
  );
});
