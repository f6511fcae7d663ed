import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { ROLES, screenPath, screensFor, type PrepareImportDto, type RoleCode, type Screen } from '@bo/domain';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, DEMO_SIGN_INS, signIn, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { apiJson } from '../support/factories.ts';

/**
 * Every screen of every role (the domain's route table) and the open states that matter (an expanded
 * client row, the booking dialog, the calendar with its events and an event's dialog) pass axe-core's
 * WCAG 2 A and AA rules and its best practices without a critical or serious violation.
 */

const EMAIL: Record<RoleCode, string> = DEMO_SIGN_INS;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['critical', 'serious']);

/** Transitions off while scanning: a colour caught halfway through a fade is no finding. */
const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; }';

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
  help: string;
}

/** Waits until the screen has its heading and nothing on it shows progress. */
async function settled(page: Page, where: string): Promise<void> {
  await page
    .waitForFunction(
      () => {
        if (!document.querySelector('h1')) {
          return false;
        }
        // The tables keep a hidden progress bar in place (visibility: hidden) so that rows do not jump.
        // (No named function in here: the test's compiler would wrap it in a helper the page lacks.)
        return !Array.from(document.querySelectorAll<HTMLElement>('[role="progressbar"]')).some(
          (e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden',
        );
      },
      undefined,
      { timeout: 20_000 },
    )
    .catch((err: unknown) => {
      throw new Error(`${where} did not settle (a heading, nothing in progress): ${String(err)}`);
    });
}

/** Runs axe on the page as it is now and returns its critical and serious violations. */
async function scan(page: Page, where: string): Promise<Finding[]> {
  await page.addStyleTag({ content: NO_MOTION });
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      help: v.help,
    }));
}

function report(findings: Finding[]): string {
  return findings.map((f) => `- ${f.where}: ${f.impact} ${f.rule} (${f.help}) at ${f.targets.join(' | ')}`).join('\n');
}

type History = Json<'get', '/api/events-history'>;
type Upcoming = Json<'get', '/api/events-upcoming'>;

/** The ids a role's parameterised screens need, read through the API as that role sees it. */
class Ids {
  private cache = new Map<string, Promise<unknown>>();
  constructor(private readonly page: Page) {}

  private get<T>(path: string): Promise<T> {
    if (!this.cache.has(path)) {
      this.cache.set(path, apiJson<T>(this.page, 'GET', path));
    }
    return this.cache.get(path) as Promise<T>;
  }

  async client(): Promise<number> {
    const { data } = await this.get<Json<'get', '/api/clients'>>('/api/clients?limit=1');
    assert.ok(data[0], 'the role sees a client');
    return data[0].id;
  }

  /** A client of the role who recommended someone, and one of those recommendations. */
  async clientRecommendation(): Promise<{ client: number; rec: number }> {
    // Page by page: clients imported by earlier tests of the suite come first in the default order.
    let client: Json<'get', '/api/clients'>['data'][number] | undefined;
    for (let offset = 0; client === undefined; offset += 500) {
      const { data } = await this.get<Json<'get', '/api/clients'>>(`/api/clients?limit=500&offset=${offset}&statuses=&presets=`);
      client = data.find((c) => c.recommendations > 0);
      assert.ok(client || data.length === 500, 'the role sees a client with recommendations');
    }
    const recs = await this.get<Json<'get', '/api/recommendations'>>(`/api/recommendations?user_id=${client.id}&limit=1`);
    assert.ok(recs.data[0], 'the client has a recommendation');
    return { client: client.id, rec: recs.data[0].id };
  }

  async ownRecommendation(): Promise<number> {
    const { data } = await this.get<Json<'get', '/api/recommendations'>>('/api/recommendations?limit=1');
    assert.ok(data[0], 'the client has recommended someone');
    return data[0].id;
  }

  private async history(type: 'presentation' | 'service'): Promise<History['data']> {
    return (await this.get<History>(`/api/events-history?eventType=${type}&limit=50`)).data;
  }

  async pastPresentation(): Promise<{ id: number; client: number }> {
    const held = (await this.history('presentation')).find((e) => e.client);
    assert.ok(held?.client, 'the role has a past presentation');
    return { id: held.id, client: held.client.id };
  }

  async soldPresentation(): Promise<number> {
    const sold = (await this.history('presentation')).find((e) => e.status === 'success' && e.order_id !== null);
    assert.ok(sold, 'the role has a presentation with an order');
    return sold.id;
  }

  async pastService(): Promise<number> {
    const done = (await this.history('service'))[0];
    assert.ok(done, 'the role has a past service');
    return done.id;
  }

  async plannedEvent(type: 'presentation' | 'service'): Promise<number> {
    const { data } = await this.get<Upcoming>(`/api/events-upcoming?eventType=${type}&limit=20`);
    const planned = data.find((e) => e.can_perform);
    // The demo data has no upcoming service: a done one opens the same screen.
    return planned?.id ?? (type === 'service' ? this.pastService() : assert.fail('the role has a planned presentation'));
  }

  async product(): Promise<number> {
    const { data } = await this.get<Json<'get', '/api/products'>>('/api/products?limit=1');
    assert.ok(data[0], 'there is a product');
    return data[0].id;
  }

  async account(): Promise<number> {
    const { data } = await this.get<Json<'get', '/api/accounts'>>('/api/accounts?limit=1');
    assert.ok(data[0], 'there is an account');
    return data[0].id;
  }
}

/** How to fill in the parameters of a screen's path; a screen added to the table without one fails the test. */
const PARAMS: Record<string, (ids: Ids) => Promise<Record<string, number>>> = {
  productShow: async (ids) => ({ productId: await ids.product() }),
  editAccount: async (ids) => ({ accountId: await ids.account() }),
  receipt: async (ids) => ({ presentationId: await ids.soldPresentation() }),
  userEditRecommendation: async (ids) => ({ editRecId: await ids.ownRecommendation() }),
  leadFlow: async (ids) => ({ leadHash: await ids.client() }),
  partnerLeadFlow: async (ids) => ({ leadHash: await ids.client() }),
  showUser: async (ids) => ({ userId: await ids.client() }),
  editUser: async (ids) => {
    const client = await ids.client();
    return { userId: client, editUserId: client };
  },
  userRecommendationsOfClient: async (ids) => ({ userId: (await ids.clientRecommendation()).client }),
  addRecommendation: async (ids) => ({ userId: (await ids.clientRecommendation()).client }),
  editRecommendation: async (ids) => {
    const { client, rec } = await ids.clientRecommendation();
    return { userId: client, editRecId: rec };
  },
  lastPresentation: async (ids) => {
    const { id, client } = await ids.pastPresentation();
    return { userId: client, presentationId: id };
  },
  viewPresentation: async (ids) => ({ presentationId: (await ids.pastPresentation()).id }),
  viewService: async (ids) => ({ serviceId: await ids.pastService() }),
  performPresentation: async (ids) => ({ presentationId: await ids.plannedEvent('presentation') }),
  performService: async (ids) => ({ serviceId: await ids.plannedEvent('service') }),
};

async function addressOf(role: RoleCode, screen: Screen, ids: Ids): Promise<string> {
  const base = screenPath(role, screen);
  if (screen.id === 'incomingCallClients') {
    return `${base}?number=${encodeURIComponent('+41 44 000 00 00')}`;
  }
  if (!screen.path.includes(':')) {
    return base;
  }
  const fill = PARAMS[screen.id];
  assert.ok(fill, `the scan knows how to open the screen ${screen.id} (add it to PARAMS)`);
  const values = await fill(ids);
  return base.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = values[name];
    assert.ok(value !== undefined, `a value for :${name} of ${screen.id}`);
    return String(value);
  });
}

/** Signs in as the role and scans each of its screens, one after the other. */
async function scanRole(page: Page, role: RoleCode): Promise<Finding[]> {
  await signIn(page, EMAIL[role], DEMO_PASSWORD);
  const ids = new Ids(page);
  const findings: Finding[] = [];
  for (const screen of screensFor(role)) {
    const address = await addressOf(role, screen, ids);
    await page.goto(address);
    const where = `${role} ${screen.id} (${address})`;
    await settled(page, where);
    findings.push(...(await scan(page, where)));
  }
  return findings;
}

// A bound, not a wait: the eleven scans took 11 minutes on a busy machine (2 CPUs, other suites running).
void describe('accessibility of every screen', { timeout: 1_200_000 }, () => {
  after(closeBrowser);

  for (const { code } of ROLES) {
    void it(
      `${code}: every screen of the role has no critical or serious axe violation`,
      withPage(async (page) => {
        const findings = await scanRole(page, code);
        assert.equal(findings.length, 0, `axe violations:\n${report(findings)}`);
      }),
    );
  }

  void it(
    'signed out: the sign-in, signup, recovery and reset screens have no critical or serious axe violation',
    withPage(async (page) => {
      const findings: Finding[] = [];
      for (const address of ['/login', '/signup', '/recovery', '/reset-password?token=not-a-token']) {
        await page.goto(address);
        await settled(page, address);
        findings.push(...(await scan(page, `signed out ${address}`)));
      }
      assert.equal(findings.length, 0, `axe violations:\n${report(findings)}`);
    }),
  );

  void it(
    'call agent: an expanded client row and the booking dialog have no critical or serious axe violation',
    withPage(async (page) => {
      await signIn(page, EMAIL.call_agent, DEMO_PASSWORD);
      await page.goto('/ca-dashboard/clients');
      await settled(page, 'the clients list');
      const row = page.getByTestId('client-row').first();
      await row.getByTestId('expand-row').click();
      await page.getByTestId('nested-tabs').waitFor();
      await settled(page, 'an expanded client row');
      const findings = await scan(page, 'call agent clients list, a row expanded');

      await row.getByTestId('row-actions').click();
      await page.getByTestId('action-book').click();
      const dialog = page.getByTestId('event-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('agent-week').waitFor();
      await settled(page, 'the booking dialog');
      findings.push(...(await scan(page, 'call agent booking dialog')));
      assert.equal(findings.length, 0, `axe violations:\n${report(findings)}`);
    }),
  );

  for (const role of ['admin', 'ocr_manager'] as const) {
    void it(
      `${role}: the import screen's steps (upload, columns, review with a row's details, the edit and launch dialogs, OCR) have no critical or serious axe violation`,
      withPage(async (page) => {
        await signIn(page, EMAIL[role], DEMO_PASSWORD);
        const base = role === 'admin' ? '/admin-dashboard' : '/om-dashboard';
        await page.goto(`${base}/import`);
        await settled(page, 'the import screen');
        const step = (name: string) => page.locator(`[data-testid="import-stepper"][data-active="${name}"]`).waitFor({ timeout: 60_000 });
        const findings: Finding[] = [];

        await page.getByTestId('import-type-ocr').click();
        await page.getByTestId('import-next').click();
        await page.getByTestId('import-dropzone').waitFor();
        await settled(page, 'the OCR step');
        findings.push(...(await scan(page, `${role} import, OCR scans`)));

        await page.getByTestId('import-step-type').click();
        await page.getByTestId('import-type-perspective').click();
        await page.getByTestId('import-next').click();
        await step('upload');
        await settled(page, 'the upload step');
        findings.push(...(await scan(page, `${role} import, upload`)));

        const lines = ['Vorname;Nachname;PLZ;Ort;Telefon', 'Axe;Prüfung;8005;Zürich;079 555 01 01', 'Axe;Fehler;8005;Bern;12'];
        await page
          .getByTestId('import-file-input')
          .setInputFiles({ name: `axe-${role}.csv`, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'latin1') });
        await step('columns');
        await settled(page, 'the columns step');
        findings.push(...(await scan(page, `${role} import, columns`)));

        await page.getByTestId('import-check').click();
        await step('review');
        const row = page.getByTestId('import-row').first();
        await row.getByTestId('import-expand').click();
        await settled(page, 'the review');
        findings.push(...(await scan(page, `${role} import, review with a row's details`)));

        await row.getByTestId('import-edit').click();
        await page.getByTestId('import-edit-dialog').waitFor();
        await settled(page, 'the edit dialog');
        findings.push(...(await scan(page, `${role} import, a row's edit dialog`)));
        await page.keyboard.press('Escape');
        await page.getByTestId('import-edit-dialog').waitFor({ state: 'detached' });

        await page.getByTestId('import-select-all').click();
        await page.getByTestId('import-launch').click();
        await page.getByTestId('import-launch-dialog').waitFor();
        await settled(page, 'the launch dialog');
        findings.push(...(await scan(page, `${role} import, the launch dialog`)));
        await page.keyboard.press('Escape');

        // What the scan uploaded is discarded again.
        const { data } = await apiJson<PrepareImportDto>(page, 'GET', '/api/import/prepare-import?importType=perspective&limit=500');
        for (const id of new Set(data.map((r) => r.batch_id))) {
          await apiJson(page, 'DELETE', `/api/import/batches/${id}`);
        }
        assert.equal(findings.length, 0, `axe violations:\n${report(findings)}`);
      }),
    );
  }

  void it(
    "sales agent: the calendar's week with its events and an event's dialog have no critical or serious axe violation",
    withPage(async (page) => {
      await signIn(page, EMAIL.sales_agent, DEMO_PASSWORD);
      // The week of the agent's next planned demo, so there is an event to open whatever day it is.
      const { data } = await apiJson<Upcoming>(page, 'GET', '/api/events-upcoming?eventType=presentation&limit=1');
      const next = data[0];
      assert.ok(next, 'the sales agent has a planned demo');
      await page.goto(`/sa-dashboard/calendar?view=week&date=${next.date.slice(0, 10)}`);
      await page.getByTestId('calendar').and(page.locator('[data-loaded="true"]')).waitFor();
      const event = page.getByTestId('calendar').locator(`[data-testid="calendar-event"][data-event-id="${next.id}"]`);
      await event.waitFor();
      await settled(page, 'the calendar');
      const findings = await scan(page, 'sales agent calendar week');

      await event.click();
      const dialog = page.getByTestId('event-dialog');
      await dialog.waitFor();
      await settled(page, "an event's dialog");
      findings.push(...(await scan(page, "sales agent calendar, an event's dialog")));
      assert.equal(findings.length, 0, `axe violations:\n${report(findings)}`);
    }),
  );
});
