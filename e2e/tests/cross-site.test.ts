import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { BASE_URL, closeBrowser, DEMO_PASSWORD, newContext, signIn, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';

/** A JSON call from the app's own page, as the app makes it (same origin, the session cookie). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as T };
    },
    { method, path, body },
  );
}

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await api<T>(page, method, path, body);
  assert.ok(res.status >= 200 && res.status < 300, `${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

// A one-colour 1×1 PNG: the logo another site tries to upload.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC';

/**
 * The other site's page. `/` tries everything a page may do without the user: a WebSocket to the
 * app's socket.io, a form that posts a logo into a hidden frame, an <img> for every address, one
 * after the other; it writes what happened into `window.attempts`. `/go?to=` sends the browser to an address (a link).
 */
function attackerPage(app: string, targets: string[]): string {
  return `<!doctype html><html><body><iframe name="sink" id="sink"></iframe>
<form id="logo" method="post" enctype="multipart/form-data" target="sink" action="${app}/api/upload-logo">
  <input type="file" name="file" id="file"></form>
<script>
const targets = ${JSON.stringify(targets)};
const once = (el, events) => new Promise((resolve) => events.forEach((e) => el.addEventListener(e, () => resolve(e), { once: true })));
async function images() {
  const out = [];
  for (const t of targets) { const img = new Image(); const done = once(img, ['load', 'error']); img.src = ${JSON.stringify(app)} + t; out.push(await done); }
  return out;
}
async function logo() {
  const bytes = Uint8Array.from(atob(${JSON.stringify(PNG_BASE64)}), (c) => c.charCodeAt(0));
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes], 'logo.png', { type: 'image/png' }));
  document.getElementById('file').files = transfer.files;
  const loaded = once(document.getElementById('sink'), ['load']);
  document.getElementById('logo').submit();
  return loaded;
}
function socket() {
  return new Promise((resolve) => {
    const ws = new WebSocket(${JSON.stringify(app.replace(/^http/, 'ws'))} + '/ws/socket.io/?EIO=4&transport=websocket');
    ws.onmessage = (m) => {
      const text = String(m.data);
      if (text.startsWith('0')) { ws.send('40'); }
      else if (text.startsWith('40')) { resolve('connected'); ws.close(); }
      else if (text.startsWith('44')) { resolve('refused: ' + text.slice(2)); ws.close(); }
    };
    ws.onerror = () => resolve('refused: connection failed');
    ws.onclose = () => resolve('refused: closed');
  });
}
// The socket first, while the session is surely alive; sign-out is the last image.
window.attempts = (async () => ({ socket: await socket(), logo: await logo(), images: await images() }))();
</script></body></html>`;
}

void describe('requests from other sites', { timeout: 180_000 }, () => {
  let server: http.Server;
  let port = 0;
  let targets: string[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://attacker');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (url.pathname === '/go') {
        // A link the user follows; the script follows it for them.
        res.end(`<!doctype html><script>location.href = ${JSON.stringify(url.searchParams.get('to'))};</script>`);
        return;
      }
      res.end(attackerPage(BASE_URL, targets));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await closeBrowser();
  });

  void it(
    'a page on another port or another site changes nothing: by navigation, image, form post or socket',
    withPage(async (page: Page, context: BrowserContext) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      const me = (await ok<Json<'get', '/auth/current'>>(page, 'GET', '/auth/current')).data;

      // Two call agents of this test: one active, one blocked by the admin.
      const suffix = String(Date.now()).slice(-7);
      const staff = async (name: string) =>
        (
          await ok<Json<'post', '/api/staff'>>(page, 'POST', '/api/staff', {
            name,
            surname: `Fremd${suffix}`,
            email: `fremd-${name.toLowerCase()}-${suffix}@demo.test`,
            role: 'call_agent',
            locale: 'de',
          })
        ).data.id;
      const active = await staff('Aktiv');
      const blocked = await staff('Gesperrt');
      await ok(page, 'GET', `/api/block-account/${blocked}`);
      const mailsTo = async (name: string) =>
        (await ok<Json<'get', '/api/outbox'>>(page, 'GET', `/api/outbox?to=${encodeURIComponent(`fremd-${name}-${suffix}@demo.test`)}`))
          .total;
      const mailsBefore = [await mailsTo('aktiv'), await mailsTo('gesperrt')];

      // The admin's line, so that a call really starts; put back at the end.
      // The accounts list shows staff, not admins: the admin's account is the first one the demo made.
      const mine = (await ok<Json<'get', '/api/account/{id}'>>(page, 'GET', '/api/account/1')).data;
      assert.equal(mine.user.id, me.id, "account 1 is the admin's");
      const line = { access_to_clients: mine.access_to_clients, telephony_user_id: '900001', telephony_number: '+41 44 000 00 01' };
      await ok(page, 'PUT', `/api/account/${mine.id}`, line);
      try {
        const rows = (await ok<Json<'get', '/api/clients'>>(page, 'GET', '/api/clients?limit=50')).data;
        const client = rows.map((r) => r.user).find((c) => c.mobile_phone ?? c.phone)!;
        const callBefore = (
          await ok<Json<'get', '/api/clients/initiate-call/{id}'>>(page, 'GET', `/api/clients/initiate-call/${client.id}`)
        ).data.id;

        const receipts = (await ok<Json<'get', '/api/finances/receipts'>>(page, 'GET', '/api/finances/receipts?status=open')).data;
        const receipt = receipts[0];
        const settingsBefore = await ok<unknown>(page, 'GET', '/api/global-settings');

        targets = [
          `/api/block-account/${active}`,
          `/api/unblock-account/${blocked}`,
          `/api/send-signup-mail/${active}`,
          `/api/send-inner-signup-mail/${blocked}`,
          `/api/finances/rebuild-receipt/${receipt?.id ?? 1}`,
          `/api/clients/initiate-call/${client.id}`,
          '/auth/login-back',
          `/auth/login-by/${active}`,
          // Last: it would end the session the other attempts need.
          '/auth/logout',
        ];

        // Images, the logo form and the socket from a page on another port of the same host.
        const attacker = await context.newPage();
        await attacker.goto(`http://localhost:${port}/`);
        const attempts = await attacker.evaluate<{ images: string[]; logo: string; socket: string }>('window.attempts');
        assert.equal(attempts.images.length, targets.length);
        assert.equal(attempts.socket, 'refused: {"message":"Not allowed."}', 'the socket from another port');

        // Links followed from another port and from another site: each lands on the refusal.
        for (const from of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
          for (const target of targets) {
            const tab = await context.newPage();
            await tab.goto(`${from}/go?to=${encodeURIComponent(BASE_URL + target)}`);
            await tab.waitForURL(BASE_URL + target);
            const shown = JSON.parse((await tab.locator('body').textContent()) ?? '') as { error?: string; data?: { reason?: string } };
            assert.deepEqual([shown.error, shown.data?.reason], ['Not allowed.', 'cross_site'], `${from} → ${target}`);
            await tab.close();
          }
        }

        // Nothing changed: read through the app's own page.
        const current = (await ok<Json<'get', '/auth/current'>>(page, 'GET', '/auth/current')).data;
        assert.deepEqual([current.id, current.impersonated_by], [me.id, null], 'still signed in as the admin');
        const users = (await ok<Json<'get', '/api/users-with-accounts'>>(page, 'GET', `/api/users-with-accounts?search=${suffix}`)).data;
        assert.deepEqual(
          users.map((u) => [u.id, u.is_active]).sort(),
          [
            [active, true],
            [blocked, false],
          ].sort(),
        );
        assert.deepEqual([await mailsTo('aktiv'), await mailsTo('gesperrt')], mailsBefore, 'no signup mail sent');
        assert.deepEqual(await ok<unknown>(page, 'GET', '/api/global-settings'), settingsBefore, 'the logo and settings are unchanged');
        if (receipt) {
          const now = (await ok<Json<'get', '/api/finances/receipt/{id}'>>(page, 'GET', `/api/finances/receipt/${receipt.id}`)).data;
          assert.deepEqual([now.total, now.commissions_count], [receipt.total, receipt.commissions_count]);
        }
        // The next call gets the next number: no call was started in between.
        const callAfter = (await ok<Json<'get', '/api/clients/initiate-call/{id}'>>(page, 'GET', `/api/clients/initiate-call/${client.id}`))
          .data.id;
        assert.equal(callAfter, callBefore + 1, 'no call was started by the other site');
      } finally {
        // From a session of its own: had an attempt got through, this one could be signed out or someone else.
        const admin = await (await newContext()).newPage();
        await signIn(admin, 'admin@demo.test', DEMO_PASSWORD);
        await ok(admin, 'PUT', `/api/account/${mine.id}`, {
          access_to_clients: mine.access_to_clients,
          telephony_user_id: mine.telephony_user_id ?? '',
          telephony_number: mine.telephony_number ?? '',
        });
      }
    }),
  );
});
