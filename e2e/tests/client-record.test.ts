import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, eventually, expectSnackbar, screenshot, signIn, textOf, withPage } from '../support/browser.ts';
import type { Item, Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

const SUFFIX = String(Date.now()).slice(-6);
const TABLET = { width: 768, height: 1024 } as const;

type ClientRow = Item<'get', '/api/clients'>;

/** Clients the signed-in user may open, as the clients list answers them. */
async function someClients(page: Page, query: string): Promise<ClientRow['user'][]> {
  const res = await page.request.get(`/api/clients?${query}`);
  assert.equal(res.status(), 200);
  const body = (await res.json()) as Json<'get', '/api/clients'>;
  return body.data.map((r) => r.user);
}

/** A choice of an MUI select, picked as a person does: open it by its label, click the option. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  // The accessible name of an MUI select is its label followed by the chosen value.
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('combobox', { name: new RegExp(`^${escaped}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The same number in another writing: 079 … ↔ +41 79 …. */
function writtenDifferently(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/^00/, '+');
  const national = digits.startsWith('+41') ? digits.slice(3) : digits.replace(/^0/, '');
  return digits.startsWith('+41') ? `0${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}` : `+41${national}`;
}

void describe('client record', { timeout: 180_000 }, () => {
  after(closeBrowser);

  void it(
    'call agent logs a call that moves the client on, edits, resets and saves the profile, is shown a bad e-mail next to the field, and adds a note',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const [client] = await someClients(page, 'limit=5&tableName=b2c');
      assert.ok(client, 'the call agent has clients');
      const url = `/ca-dashboard/show-user/${client.id}`;
      await page.goto(url);
      await eventually(async () => assert.equal(await textOf(page.getByTestId('client-name')), `${client.name} ${client.surname}`.trim()));
      assert.equal(await page.getByTestId('tab-profile').getAttribute('aria-selected'), 'true');
      assert.equal(await page.getByTestId('client-page').getAttribute('data-mode'), 'view');

      // A call that ended with the client going to the sales agents.
      const comment = `E2E Anruf ${SUFFIX}: Termin gewünscht`;
      const sold = tr('de', 'tables:clientStatuses.sale_agents');
      await choose(page, tr('de', 'client:contact.type'), tr('de', 'client:contactTypes.call'));
      await choose(page, tr('de', 'client:contact.status'), sold);
      await page.locator('#contact-comment').fill(comment);
      assert.equal(await page.locator('#contact-recall_at').count(), 0, 'the recall time is asked only for a recall');
      await page.getByTestId('save-contact').click();
      await expectSnackbar(page, tr('de', 'client:contact.saved'));
      await eventually(async () =>
        assert.equal(await textOf(page.getByTestId('contact-entry').first().getByTestId('contact-comment-text')), comment),
      );

      await page.reload();
      const entry = page.getByTestId('contact-entry').first();
      await entry.waitFor();
      assert.equal(await textOf(entry.getByTestId('contact-comment-text')), comment);
      assert.match(await textOf(entry), new RegExp(tr('de', 'client:contactTypes.call')));
      assert.match(await textOf(entry), new RegExp(sold));
      assert.equal(await page.getByTestId('status-entry').first().getAttribute('data-status'), 'sale_agents');
      assert.match(await textOf(page.getByTestId('status-entry').first()), new RegExp(`→ ${sold}`));
      assert.equal(await page.getByTestId('client-status').locator('[data-status]').getAttribute('data-status'), 'sale_agents');
      await screenshot(page, 'client-record-show-user-1280');

      // Edit the city: the edited flag appears; reset brings the loaded value back.
      const city = client.city ?? '';
      await page.getByTestId('edit-client').click();
      assert.equal(await page.getByTestId('client-page').getAttribute('data-mode'), 'edit');
      assert.equal(await page.getByTestId('edited-flag').count(), 0);
      assert.equal(await page.getByTestId('reset-client').isDisabled(), true);
      await page.locator('#city').fill(`Nirgendwo ${SUFFIX}`);
      await page.getByTestId('edited-flag').waitFor();
      await page.getByTestId('reset-client').click();
      assert.equal(await page.locator('#city').inputValue(), city);
      assert.equal(await page.getByTestId('edited-flag').count(), 0);

      // Edit again and save: back to view mode with the new city.
      const newCity = `Thun ${SUFFIX}`;
      await page.locator('#city').fill(newCity);
      await page.getByTestId('save-client').click();
      await expectSnackbar(page, tr('de', 'client:saved'));
      await eventually(async () => assert.equal(await page.getByTestId('client-page').getAttribute('data-mode'), 'view'));
      assert.equal(await textOf(page.getByTestId('shown-city').locator('dd')), newCity);
      assert.match(await textOf(page.getByTestId('client-address')), new RegExp(newCity));

      // A bad e-mail: the error is next to the field, the draft stays.
      await page.getByTestId('edit-client').click();
      await page.locator('#city').fill(`Entwurf ${SUFFIX}`);
      await page.locator('#email').fill('kein-mail@');
      await page.getByTestId('save-client').click();
      await eventually(async () => assert.equal(await textOf(page.locator('#email-helper-text')), tr('de', 'validation.invalid_email')));
      assert.equal(await page.locator('#email').getAttribute('aria-invalid'), 'true');
      assert.equal(await page.getByTestId('client-page').getAttribute('data-mode'), 'edit');
      assert.equal(await page.locator('#city').inputValue(), `Entwurf ${SUFFIX}`);
      await page.getByTestId('edited-flag').waitFor();
      // Editing the field clears its error.
      await page.locator('#email').fill('kunde@example.ch');
      assert.equal(await page.locator('#email-helper-text').count(), 0);
      await page.setViewportSize(TABLET);
      await screenshot(page, 'client-record-edit-768');
      await page.getByTestId('cancel-edit').click();
      assert.equal(await page.locator('#city').count(), 0);

      // A note on the comments tab; the tab is kept in the address.
      await page.getByTestId('tab-comments').click();
      await page.waitForURL((u) => u.searchParams.get('tab') === 'comments');
      const note = `E2E Notiz ${SUFFIX}: bevorzugt Anrufe am Abend`;
      await page.getByTestId('note-new-text').fill(note);
      await page.getByTestId('note-new-save').click();
      await expectSnackbar(page, tr('de', 'client:notes.added'));
      await eventually(async () => assert.equal(await textOf(page.getByTestId('note-text').first()), note));
      await page.reload();
      await eventually(async () => assert.equal(await textOf(page.getByTestId('note-text').first()), note));
      assert.equal(await page.getByTestId('tab-comments').getAttribute('aria-selected'), 'true');

      await page.getByTestId('tab-profile').click();
      await page.getByTestId('contact-entry').first().waitFor();
      await screenshot(page, 'client-record-show-user-768');

      // The second person: adding one switches the page to editing; saved, it shows in view mode.
      await page.getByTestId('tab-sub_user').click();
      // The tab shows either the second person or the button to add one; wait until it shows one.
      await page.getByTestId('add-sub-user').or(page.getByTestId('sub-user-view')).first().waitFor();
      if ((await page.getByTestId('add-sub-user').count()) > 0) {
        await page.getByTestId('add-sub-user').click();
        assert.equal(await page.getByTestId('client-page').getAttribute('data-mode'), 'edit');
        await page.getByTestId('edited-flag').waitFor();
        await page.getByTestId('save-client').click();
        await eventually(async () =>
          assert.equal(await textOf(page.locator('#sub_user-name-helper-text')), tr('de', 'validation.field_is_required')),
        );
        await page.locator('#sub_user-name').fill(`Beat ${SUFFIX}`);
        await page.getByTestId('save-client').click();
        await expectSnackbar(page, tr('de', 'client:saved'));
        await page.getByTestId('sub-user-view').waitFor();
        assert.match(await textOf(page.getByTestId('sub-user-view')), new RegExp(`Beat ${SUFFIX}`));
      }

      await page.getByTestId('sub-user-view').waitFor();
      await screenshot(page, 'client-record-sub-user-768');

      // The edit-user address opens the same page in edit mode.
      await page.goto(`${url}/edit-user/${client.id}`);
      await page.locator('#city').waitFor();
      assert.equal(await page.getByTestId('client-page').getAttribute('data-mode'), 'edit');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `the page is ${overflow}px wider than the window`);
    }),
  );

  void it(
    'admin is warned of a client with the same name and a phone written differently, sees why, cancels, and creates a fresh client',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const clients = await someClients(page, 'limit=50&statuses=');
      const swiss = (p: string | null) => p !== null && /^(\+41|0041|0)[1-9]\d{8}$/.test(p.replace(/[^\d+]/g, ''));
      const withPhone = clients.find((c) => swiss(c.phone) || swiss(c.mobile_phone));
      const demoPhone = withPhone && swiss(withPhone.phone) ? withPhone.phone : withPhone?.mobile_phone;
      assert.ok(
        withPhone && demoPhone,
        `a demo client with a Swiss phone among ${clients.map((c) => c.phone ?? c.mobile_phone).join(', ')}`,
      );
      const withEmail = clients.find((c) => c.email);

      await page.goto('/admin-dashboard/create-client');
      await page.getByRole('heading', { level: 1, name: tr('de', 'screens.createClient'), exact: true }).waitFor();

      // The e-mail of an existing client is marked on leaving the field.
      if (withEmail?.email) {
        await page.locator('#email').fill(withEmail.email.toUpperCase());
        await page.locator('#phone').focus();
        await eventually(async () => assert.equal(await textOf(page.locator('#email-helper-text')), tr('de', 'validation.already_taken')));
        await page.locator('#email').fill('');
      }

      // The duplicate engine takes a shared phone with the same name for one person (another name at the
      // same number is a relative).
      await page.locator('#name').fill(withPhone.name);
      await page.locator('#surname').fill(withPhone.surname);
      await page.locator('#phone').fill(writtenDifferently(demoPhone));
      await page.getByTestId('create-client').click();
      const dialog = page.getByTestId('duplicates-dialog');
      await dialog.waitFor();
      const links = await dialog.getByTestId('duplicate-link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      assert.ok(links.includes(`/admin-dashboard/show-user/${withPhone.id}`), `the demo client is listed: ${links.join(', ')}`);
      const listed = dialog.getByTestId('duplicate').filter({ has: page.locator(`a[href$="/show-user/${withPhone.id}"]`) });
      // Why: the engine's score and reasons, in words.
      const why = listed.getByTestId('duplicate-why');
      assert.deepEqual(
        (await why.getByTestId('duplicate-reason').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')))).slice(0, 3).sort(),
        ['same_given_name', 'same_phone', 'same_surname'],
      );
      const words = await textOf(why);
      for (const key of ['same_phone', 'same_given_name', 'same_surname']) {
        assert.ok(words.includes(tr('de', `import:reasons.${key}`)), `"${tr('de', `import:reasons.${key}`)}" in ${words}`);
      }
      assert.match(await textOf(why.getByTestId('duplicate-score')), new RegExp(tr('de', 'import:review.score', { percent: '.*' })));
      await screenshot(page, 'client-record-duplicates-1280');
      await dialog.getByTestId('duplicates-cancel').click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, '/admin-dashboard/create-client');
      assert.equal(await page.locator('#surname').inputValue(), withPhone.surname);

      // A fresh client: no warning, saved, and its page opens.
      const surname = `Neukunde${SUFFIX}`;
      await page.locator('#name').fill('Quirin');
      await page.locator('#surname').fill(surname);
      await page.locator('#phone').fill(`079 5${SUFFIX.slice(0, 2)} ${SUFFIX.slice(2, 4)} ${SUFFIX.slice(4)}`);
      await page.locator('#address').fill(`Versuchsweg ${Number(SUFFIX) % 200}`);
      await page.locator('#zipcode').fill('3600');
      await page.locator('#city').fill('Thun');
      await page.setViewportSize(TABLET);
      await screenshot(page, 'client-record-create-768');
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'client-record-create-1280');
      await page.getByTestId('create-client').click();
      await page.waitForURL((u) => /^\/admin-dashboard\/show-user\/\d+$/.test(u.pathname));
      await expectSnackbar(page, tr('de', 'client:created', { name: `Quirin ${surname}` }));
      assert.equal(await textOf(page.getByTestId('client-name')), `Quirin ${surname}`);
      assert.equal(await page.getByTestId('duplicates-dialog').count(), 0);
    }),
  );

  void it(
    'a client outside the scope says so and leads back to the clients list',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      await page.goto('/ca-dashboard/show-user/999999999');
      await page.getByTestId('client-not-found').waitFor();
      assert.equal(await textOf(page.getByTestId('client-not-found').locator('h1')), tr('de', 'client:notFound.title'));
      await page.getByRole('link', { name: tr('de', 'client:notFound.toList') }).click();
      await page.waitForURL((u) => u.pathname === '/ca-dashboard/clients');
    }),
  );

  void it(
    'call agent marks an open recall done; the client has no open recall any more',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const [client] = await someClients(page, 'limit=5&tableName=b2c&statuses=&presets=');
      assert.ok(client);
      const recallAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
      const made = await page.request.post(`/api/contact-history/${client.id}`, {
        data: { type: 'recall', recall_at: recallAt, comment: `Rückruf ${SUFFIX}` },
      });
      assert.equal(made.status(), 201, await made.text());
      const entryId = ((await made.json()) as Json<'post', '/api/contact-history/{id}'>).data.id;

      await page.goto(`/ca-dashboard/show-user/${client.id}`);
      const entry = page.getByTestId('contact-entry').filter({ hasText: `Rückruf ${SUFFIX}` });
      await entry.getByTestId('close-recall').click();
      await expectSnackbar(page, tr('de', 'client:contact.recallClosed'));
      await eventually(async () =>
        assert.ok((await textOf(entry.getByTestId('contact-recall'))).includes(tr('de', 'client:contact.recallDone'))),
      );
      assert.equal(await entry.getByTestId('close-recall').count(), 0);
      const record = (await (await page.request.get(`/api/user/${client.id}`)).json()) as Json<'get', '/api/user/{id}'>;
      assert.equal(record.data.contact_history.find((c) => c.id === entryId)?.recall_done, true);
      assert.notEqual(record.data.next_recall_at, recallAt);
    }),
  );

  void it(
    'call agent completes the comment of a logged call afterwards',
    withPage(async (page) => {
      await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
      const [client] = await someClients(page, 'limit=5&tableName=b2c&statuses=&presets=');
      assert.ok(client);
      const made = await page.request.post(`/api/contact-history/${client.id}`, { data: { type: 'call', comment: `Anruf ${SUFFIX}` } });
      assert.equal(made.status(), 201, await made.text());

      await page.goto(`/ca-dashboard/show-user/${client.id}`);
      const entry = page.getByTestId('contact-entry').filter({ hasText: `Anruf ${SUFFIX}` });
      await entry.getByTestId('contact-comment-edit').click();
      await entry.getByTestId('contact-comment-input').fill(`Anruf ${SUFFIX}: möchte im Januar eine Vorführung`);
      await entry.getByTestId('contact-comment-save').click();
      await expectSnackbar(page, tr('de', 'client:contact.commentSaved'));
      await page.reload();
      await page
        .getByTestId('contact-entry')
        .getByTestId('contact-comment-text')
        .filter({ hasText: `Anruf ${SUFFIX}: möchte im Januar eine Vorführung` })
        .waitFor();
    }),
  );

  void it(
    'admin changes only the surname of a client who shares the phone with a known duplicate, and it is saved',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const clients = await someClients(page, 'limit=500&statuses=&presets=');
      // The demo holds people entered twice with the same number written differently.
      const national = (p: string | null) => (p ? p.replace(/[^\d+]/g, '').replace(/^(\+41|0041)/, '0') : '');
      const phoneOf = (c: ClientRow['user']) => national(c.mobile_phone) || national(c.phone);
      const holders = new Map<string, number>();
      for (const c of clients) {
        if (phoneOf(c)) {
          holders.set(phoneOf(c), (holders.get(phoneOf(c)) ?? 0) + 1);
        }
      }
      const shared = clients.find((c) => phoneOf(c) && (holders.get(phoneOf(c)) ?? 0) > 1);
      assert.ok(shared, 'a demo client whose phone another client holds too');
      const edit = `/admin-dashboard/show-user/${shared.id}/edit-user/${shared.id}`;
      await page.goto(edit);
      await page.locator('#surname').waitFor();
      try {
        await page.locator('#surname').fill(`${shared.surname}-Neu`);
        await page.getByTestId('save-client').click();
        await expectSnackbar(page, tr('de', 'client:saved'));
      } finally {
        // The demo client as seeded again, through the same form.
        await page.goto(edit);
        await page.locator('#surname').fill(shared.surname);
        await page.getByTestId('save-client').click();
        await expectSnackbar(page, tr('de', 'client:saved'));
      }
    }),
  );
});
