import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  closeBrowser,
  DEMO_PASSWORD,
  eventually,
  expectSnackbar,
  openScreen,
  screenshot,
  signIn,
  textOf,
  waitForPath,
  withPage,
} from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

const SUFFIX = String(Date.now()).slice(-6);
/** A Swiss mobile number no demo client has. */
const phone = (n: number) => `079 ${SUFFIX.slice(0, 3)} ${SUFFIX.slice(3, 5)} ${String(n).padStart(2, '0')}`;

const COUNTERS = ['totalRec', 'paidRec', 'approved', 'declined', 'confirmed', 'unconfirmed', 'pending'] as const;
type Counters = Record<(typeof COUNTERS)[number], number>;

async function countersOf(page: Page): Promise<Counters> {
  const out = {} as Counters;
  for (const key of COUNTERS) {
    const value = page.getByTestId(`rec-counter-${key}`).getByTestId('rec-counter-value');
    await eventually(async () => assert.match(await textOf(value), /^\d+$/));
    out[key] = Number(await textOf(value));
  }
  return out;
}

function rowNamed(page: Page, name: string): Locator {
  return page.getByTestId('rec-row').filter({ has: page.getByTestId('rec-name').getByText(name, { exact: true }) });
}

async function fillForm(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(fields)) {
    await page.locator(`#${field}`).fill(value);
  }
}

async function addRecommendation(page: Page, fields: Record<string, string>): Promise<void> {
  await page.getByTestId('add-rec').click();
  await waitForPath(page, '/user-dashboard/create-recommendation');
  await fillForm(page, fields);
  await page.getByTestId('save-rec').click();
  await expectSnackbar(page, tr('de', 'recommendations:created', { name: `${fields.name} ${fields.surname}` }));
  await waitForPath(page, '/user-dashboard/recommendations');
}

void describe('recommendations', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'a client recommends two people, sees them unconfirmed with the counters going up, edits one and deletes the other',
    withPage(async (page) => {
      await signIn(page, 'user@demo.test', DEMO_PASSWORD);
      await openScreen(page, 'userRecommendations', '/user-dashboard/recommendations');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.userRecommendations'), exact: true }).waitFor();
      assert.equal(await textOf(page.getByTestId('rec-counter-totalRec').locator('dt')), 'Empfehlungen total');
      const before = await countersOf(page);

      // The form checks each field before it sends anything, in German, next to the field.
      await page.getByTestId('add-rec').click();
      await waitForPath(page, '/user-dashboard/create-recommendation');
      await page.locator('#email').fill('nicht-gültig');
      await page.getByTestId('save-rec').click();
      await eventually(async () => {
        assert.equal(await textOf(page.locator('#name-helper-text')), tr('de', 'validation.field_is_required'));
        assert.equal(await textOf(page.locator('#email-helper-text')), tr('de', 'validation.invalid_email'));
      });
      await page.locator('#email').fill('');
      await page.locator('#phone').fill('12345');
      await page.getByTestId('save-rec').click();
      await eventually(async () => assert.equal(await textOf(page.locator('#phone-helper-text')), tr('de', 'validation.invalid_phone')));
      await page.getByRole('link', { name: tr('de', 'recommendations:actions.cancel') }).click();
      await waitForPath(page, '/user-dashboard/recommendations');

      const first = { name: 'Mirjam', surname: `Aeschbacher ${SUFFIX}` };
      const second = { name: 'Reto', surname: `Zürcher ${SUFFIX}` };
      await addRecommendation(page, { ...first, phone: phone(1), email: `mirjam.${SUFFIX}@example.ch`, zipcode: '3011', city: 'Bern' });
      const row = rowNamed(page, `${first.name} ${first.surname}`);
      await row.waitFor();
      assert.equal(await row.getAttribute('data-status'), 'unconfirmed');
      assert.equal(await textOf(row.getByTestId('rec-status')), tr('de', 'recommendations:statuses.unconfirmed'));
      await eventually(async () => {
        const now = await countersOf(page);
        assert.deepEqual(now, { ...before, totalRec: before.totalRec + 1, unconfirmed: before.unconfirmed + 1 });
      });

      // Edit: the city changes, the row says so.
      await row.getByTestId('edit-rec').click();
      await page.waitForURL((url) => url.pathname.startsWith('/user-dashboard/edit-recommendation/'));
      await eventually(async () => assert.equal(await page.locator('#surname').inputValue(), first.surname));
      await fillForm(page, { zipcode: '3600', city: 'Thun', comment: 'Am besten abends anrufen' });
      await page.getByTestId('save-rec').click();
      await expectSnackbar(page, tr('de', 'recommendations:updated', { name: `${first.name} ${first.surname}` }));
      await waitForPath(page, '/user-dashboard/recommendations');
      await eventually(async () => assert.match(await textOf(rowNamed(page, `${first.name} ${first.surname}`)), /3600 Thun/));

      // A second one, deleted after the confirmation dialog.
      await addRecommendation(page, { ...second, phone: phone(2) });
      const doomed = rowNamed(page, `${second.name} ${second.surname}`);
      await doomed.waitFor();
      await eventually(async () => assert.equal((await countersOf(page)).totalRec, before.totalRec + 2));
      await doomed.getByTestId('delete-rec').click();
      const dialog = page.getByTestId('delete-rec-dialog');
      await dialog.waitFor();
      assert.match(await textOf(dialog), new RegExp(`${second.name} ${second.surname}`));
      await dialog.getByTestId('confirm-delete-rec').click();
      await expectSnackbar(page, tr('de', 'recommendations:deleted', { name: `${second.name} ${second.surname}` }));
      await eventually(async () => assert.equal(await doomed.count(), 0));
      await eventually(async () => {
        const now = await countersOf(page);
        assert.deepEqual(now, { ...before, totalRec: before.totalRec + 1, unconfirmed: before.unconfirmed + 1 });
      });

      await screenshot(page, 'recommendations-client-1280');
      await page.setViewportSize({ width: 768, height: 1024 });
      await row.waitFor();
      await screenshot(page, 'recommendations-client-768');
    }),
  );

  void it(
    "an admin confirms a client's recommendation on the client's page, and the lead appears in the clients list",
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const found = await page.request.get('/api/clients?search=user%40demo.test&statuses=&presets=');
      assert.equal(found.status(), 200);
      const client = ((await found.json()) as Json<'get', '/api/clients'>).data.find((r) => r.user.email === 'user@demo.test');
      assert.ok(client, 'the demo client is in the clients list');
      const person = { name: 'Céline', surname: `Gasser ${SUFFIX}` };
      const created = await page.request.post('/api/recommendations', {
        data: { user_id: client.id, ...person, phone: phone(3), city: 'Biel/Bienne', zipcode: '2502' },
      });
      assert.equal(created.status(), 201);

      await page.goto(`/admin-dashboard/show-user/${client.id}/recommendations`);
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.userRecommendationsOfClient'), exact: true }).waitFor();
      const before = await countersOf(page);
      await page.getByTestId('rec-search').fill(person.surname);
      const row = rowNamed(page, `${person.name} ${person.surname}`);
      await row.waitFor();
      assert.equal(await row.getAttribute('data-status'), 'unconfirmed');

      await row.getByRole('combobox').click();
      await page.getByRole('option', { name: tr('de', 'recommendations:moveTo.confirmed'), exact: true }).click();
      await expectSnackbar(page, tr('de', 'recommendations:leadCreated', { name: `${person.name} ${person.surname}` }));
      await eventually(async () => assert.equal(await row.getAttribute('data-status'), 'confirmed'));
      await screenshot(page, 'recommendations-staff-1280');
      await eventually(async () => {
        const now = await countersOf(page);
        assert.deepEqual(now, { ...before, confirmed: before.confirmed + 1, unconfirmed: before.unconfirmed - 1 });
      });

      const leads = await page.request.get(`/api/clients?search=${encodeURIComponent(person.surname)}&statuses=&presets=`);
      assert.equal(leads.status(), 200);
      const rows = ((await leads.json()) as Json<'get', '/api/clients'>).data;
      assert.deepEqual(
        rows.map((r) => [r.user.name, r.user.surname, r.user.status, r.user.lead_source, r.user.city]),
        [[person.name, person.surname, 'user_rec', 'referral', 'Biel/Bienne']],
      );
    }),
  );
});
