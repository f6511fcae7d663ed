import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, expectSnackbar, screenshot, signIn, textOf, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { createClient } from '../support/factories.ts';
import { tr } from '../support/i18n.ts';

const SUFFIX = String(Date.now()).slice(-6);

async function axe(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const blocking = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  assert.deepEqual(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
  );
}

void describe('address validation', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'a call agent opens a lead, checks its address, is offered the corrected place and postcode and takes them over; a lead without an address is told so',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      // A lead typed in a hurry: the place misspelt and two digits of the postcode swapped.
      const id = await createClient(page, {
        name: 'Adressprobe',
        surname: `E2E ${SUFFIX}`,
        address: 'Bahnhofstrasse 3',
        zipcode: '8064',
        city: 'Volketsvil',
      });
      await page.goto(`/ca-dashboard/show-user/${id}`);
      await page.getByTestId('client-name').waitFor();
      await page.getByTestId('address-validate').click();
      const verdict = page.getByTestId('address-verdict');
      await verdict.waitFor();
      await eventually(async () => assert.equal(await verdict.getAttribute('data-severity'), 'warning'));
      assert.match(
        await textOf(page.getByTestId('address-part-locality')),
        new RegExp(`Volketswil · ${tr('de', 'addresses:state.corrected')}`),
      );
      assert.match(
        await textOf(page.getByTestId('address-part-postal_code')),
        new RegExp(`8604 · ${tr('de', 'addresses:state.corrected')}`),
      );
      const correction = page.getByTestId('address-correction');
      assert.match(await textOf(correction), /Bahnhofstrasse 3, 8604 Volketswil/);
      await axe(page);
      await screenshot(page, 'address-validation-1440');
      await page.setViewportSize({ width: 768, height: 1024 });
      await screenshot(page, 'address-validation-768');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 768, `no horizontal scrolling at 768 px (page is ${width} px wide)`);
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.getByTestId('address-accept').click();
      await expectSnackbar(page, tr('de', 'addresses:accepted'));
      await eventually(async () => assert.equal(await textOf(page.getByTestId('client-address')), 'Bahnhofstrasse 3, 8604 Volketswil'));
      const res = await page.request.get(`/api/user/${id}`);
      const saved = ((await res.json()) as Json<'get', '/api/user/{id}'>).data;
      assert.deepEqual([saved.address, saved.zipcode, saved.city], ['Bahnhofstrasse 3', '8604', 'Volketswil']);

      // Checked again, the address has nothing left to correct.
      await page.getByTestId('address-validate').click();
      await eventually(async () => assert.equal(await page.getByTestId('address-correction').count(), 0));

      // A lead without address, postcode and place: spec 5's address_empty, and no call to the server.
      const bare = await createClient(page, { name: 'Ohneadresse', surname: `E2E ${SUFFIX}` });
      await page.goto(`/ca-dashboard/show-user/${bare}`);
      await page.getByTestId('address-validate').click();
      assert.equal(
        await textOf(page.getByTestId('address-empty')),
        tr('de', 'common:errors.container_address_validation_errors_address_empty'),
      );
    }),
  );
});
