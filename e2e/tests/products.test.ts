import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { formatMoney } from '@bo/domain';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, signIn, textOf, withPage } from '../support/browser.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
// A code of its own per run, so the test also passes against a database that is not fresh.
const CODE = `E2E-${String(Date.now()).slice(-6)}`;

/** de-CH groups thousands with ’ (Node and Chromium may differ in which apostrophe): compare without it. */
const plain = (text: string) => text.replace(/['’\s\u00a0]/g, '');

async function priceShown(page: Page): Promise<string> {
  return plain(await textOf(page.getByTestId('product-price')));
}

void describe('products', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'admin creates a product with a real PNG and MP4, finds it in the list, changes its price, archives and deletes it',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await page.getByTestId('side-nav').locator('[data-screen="products"]').click();
      await page.getByTestId('product-row').first().waitFor();

      await page.getByTestId('new-product').click();
      await page.getByTestId('product-form').waitFor();
      await page.locator('#product-code').fill(CODE);
      await page.locator('#product-name').fill('E2E Wasserfilter');
      await page.locator('#product-default_price').fill("1'290.50");
      await page.getByTestId('upload-image').setInputFiles(path.join(FIXTURES, 'product-picture.png'));
      await page.getByTestId('upload-video').setInputFiles(path.join(FIXTURES, 'product-demo.mp4'));
      await page.getByTestId('media-image').getByTestId('product-image').waitFor();
      await page.getByTestId('media-video').getByTestId('product-video').waitFor();
      await page.getByTestId('save-product').click();

      await page.waitForURL(/\/admin-dashboard\/products\/\d+\/show$/);
      assert.equal(await priceShown(page), plain(formatMoney(129050)));
      // The picture is served and decoded, the video streams far enough to know its length.
      await eventually(async () =>
        assert.ok(await page.getByTestId('product-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 240)),
      );
      await eventually(async () =>
        assert.ok((await page.getByTestId('product-video').evaluate((v: HTMLVideoElement) => v.duration)) > 1.5),
      );

      await page
        .getByRole('link', { name: /produkte/i })
        .first()
        .click();
      await page.getByTestId('products-search').fill(CODE);
      const row = page.getByTestId('product-row').filter({ hasText: CODE });
      await eventually(async () => assert.equal(await page.getByTestId('product-row').count(), 1));
      assert.match(plain(await textOf(row)), new RegExp(plain(formatMoney(129050)).replace('.', '\\.')));
      await row.click();

      await page.getByTestId('edit-product').click();
      await page.locator('#product-default_price').fill('1490');
      await page.getByTestId('save-product').click();
      await page.getByTestId('edit-product').waitFor();
      assert.equal(await priceShown(page), plain(formatMoney(149000)));

      await page.getByTestId('archive-product').click();
      await page.getByTestId('unarchive-product').waitFor();
      assert.equal(await page.locator('[data-status]').getAttribute('data-status'), 'archived');

      await page.getByTestId('delete-product').click();
      await page.getByTestId('confirm-dialog').waitFor();
      assert.match(await textOf(page.getByTestId('confirm-dialog')), new RegExp(CODE));
      await page.getByTestId('confirm-delete').click();
      await page.waitForURL((url) => url.pathname === '/admin-dashboard/products');
      await page.getByTestId('products-search').fill(CODE);
      await eventually(async () => assert.equal(await page.getByTestId('product-row').count(), 0));
    }),
  );
});
