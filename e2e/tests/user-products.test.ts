import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { formatDate, formatMoney } from '@bo/domain';
import { closeBrowser, DEMO_PASSWORD, eventually, openScreen, screenshot, signIn, textOf, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

/** CHF as the page shows it, with the white space textOf reads (de-CH puts a no-break space after CHF). */
const chf = (rappen: number) => formatMoney(rappen).replace(/\s+/g, ' ');

void describe('my products', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'a demo client who bought at a presentation sees each product with its price, guarantee, date and delivery',
    withPage(async (page) => {
      await signIn(page, 'user@demo.test', DEMO_PASSWORD);
      const me = (await (await page.request.get('/auth/current')).json()) as Json<'get', '/auth/current'>;
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/user-products/${me.data.id}`);
      await openScreen(page, 'userProducts', '/user-dashboard/user-products');
      const res = await answer;
      assert.equal(res.status(), 200);
      const bought = ((await res.json()) as Json<'get', '/api/user-products/{id}'>).data;
      assert.ok(bought.length > 0, 'the demo client bought something');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.userProducts'), exact: true }).waitFor();

      const cards = page.getByTestId('user-product');
      await cards.first().waitFor();
      assert.equal(await cards.count(), bought.length);
      for (const [i, item] of bought.entries()) {
        const card = cards.nth(i);
        assert.equal(await textOf(card.getByTestId('user-product-name')), item.product.name);
        assert.equal(await textOf(card.getByTestId('user-product-quantity')), String(item.quantity));
        assert.equal(
          await textOf(card.getByTestId('user-product-price')),
          item.status === 'gift' ? tr('de', 'events:lineStatuses.gift') : chf(item.price),
        );
        assert.equal(
          await textOf(card.getByTestId('user-product-guarantee')),
          item.years_of_guarantee === null ? '–' : String(item.years_of_guarantee),
        );
        assert.equal(await textOf(card.getByTestId('user-product-bought-at')), formatDate(item.bought_at));
        assert.equal(
          await textOf(card.getByTestId('user-product-delivered')),
          tr('de', item.delivered ? 'events:userProducts.delivered' : 'events:userProducts.notDelivered'),
        );
      }
      // Each product with a picture shows it, loaded: the client may fetch the pictures of what they bought.
      const pictured = bought.filter((item) => item.image_url);
      assert.ok(pictured.length > 0, 'the demo products have pictures');
      for (const [i, item] of bought.entries()) {
        const image = cards.nth(i).getByTestId('user-product-image');
        if (!item.image_url) {
          assert.equal(await image.count(), 0);
          continue;
        }
        assert.equal(await image.getAttribute('alt'), item.product.name);
        await image.scrollIntoViewIfNeeded();
        await eventually(async () =>
          assert.ok(await image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
        );
      }
      await screenshot(page, 'user-products-1280');

      // Another client's purchases stay closed to a client.
      const other = await page.request.get(`/api/user-products/${me.data.id + 1}`);
      assert.notEqual(other.status(), 200);
    }),
  );
});
