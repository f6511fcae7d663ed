import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Where the server under test listens; `e2e/run.mjs` sets it. */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
export const DEMO_PASSWORD = 'Demo1234!';
/** The demo data's sign-in of each role (README "Demo sign-ins"). */
export const DEMO_SIGN_INS = {
  admin: 'admin@demo.test',
  user: 'user@demo.test',
  sales_agent: 'sa@demo.test',
  call_agent: 'ca@demo.test',
  prom_agent: 'pa@demo.test',
  partner: 'partner@demo.test',
  ocr_manager: 'om@demo.test',
  independent_agent: 'ia@demo.test',
} as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Promise<Browser> | undefined;
const open = new Set<BrowserContext>();

/** One Chromium per test file, started on first use. */
export function getBrowser(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  if (browser) {
    const b = await browser;
    browser = undefined;
    await b.close();
  }
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  /** A touch device such as a tablet: enables `locator.tap()`. */
  touch?: boolean;
  /** The browser's language (de-CH unless told): a visitor from elsewhere. */
  locale?: string;
}

/** A fresh browser profile (no cookies) as a Swiss German visitor would have it. */
export async function newContext(opts: ContextOptions = {}): Promise<BrowserContext> {
  const context = await (
    await getBrowser()
  ).newContext({
    baseURL: BASE_URL,
    locale: opts.locale ?? 'de-CH',
    viewport: opts.viewport ?? DESKTOP,
    hasTouch: opts.touch ?? false,
    isMobile: opts.touch ?? false,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  open.add(context);
  context.on('close', () => open.delete(context));
  return context;
}

function fileName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/** Saves a full-page screenshot into e2e/artifacts and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${fileName(name)}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** Screenshots every page still open, so a failure can be seen afterwards. */
async function screenshotOpenPages(testName: string): Promise<void> {
  let n = 0;
  for (const context of open) {
    for (const page of context.pages()) {
      n += 1;
      try {
        const file = await screenshot(page, `FAILED-${testName}-${n}`);
        console.error(`# screenshot of ${page.url()}: ${file}`);
      } catch {
        // the page may already be gone
      }
    }
  }
}

/**
 * A test body with its own context and page, closed afterwards; when it fails, every page it opened
 * (also those of extra contexts from `newContext`) is saved as a screenshot into e2e/artifacts.
 */
export function withPage(fn: (page: Page, context: BrowserContext) => Promise<void>, opts: ContextOptions = {}) {
  return async (t: TestContext): Promise<void> => {
    const context = await newContext(opts);
    const page = await context.newPage();
    try {
      await fn(page, context);
    } catch (err) {
      await screenshotOpenPages(t.name);
      throw err;
    } finally {
      await Promise.all([...open].map((c) => c.close().catch(() => undefined)));
    }
  };
}

/**
 * Retries an assertion about what the page shows until it passes or the time is up (the last failure is
 * thrown): soon at first, then less often (10 ms doubling to 200 ms). Where the page has an event to
 * wait for (a response, a socket's connection, a DOM change), wait for that instead.
 */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) {
        throw err;
      }
    }
    await new Promise((r) => setTimeout(r, pause));
  }
}

/**
 * Resolves once the page has drawn its next frame and run what was queued behind it (React's effects
 * of the last render): whatever the page was going to send because of that render has been sent by
 * then. How a test shows that something did not happen, without waiting a fixed time.
 */
export async function afterNextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }),
  );
}

/**
 * Counts the socket.io connections the page opens from now on as the server admits them (its CONNECT
 * packet `40{"sid":…}`, by long polling or over the WebSocket); `connected(n)` resolves once n have
 * been admitted, so that a live event sent afterwards is heard. Call before the page opens them.
 */
export function watchSocketConnections(page: Page): {
  connected(count: number, timeoutMs?: number): Promise<void>;
  /** Connections admitted so far. */
  admitted(): number;
  /** WebSockets the page opened to the socket path so far (one per connection once it upgrades). */
  websockets(): number;
} {
  let admitted = 0;
  let websockets = 0;
  const waiting = new Set<() => void>();
  const count = (payload: string) => {
    const found = payload.split('40{"sid"').length - 1;
    if (found > 0) {
      admitted += found;
      for (const wake of waiting) {
        wake();
      }
    }
  };
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/ws/socket.io') && url.searchParams.get('transport') === 'polling' && res.request().method() === 'GET') {
      res.text().then(count, () => undefined);
    }
  });
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname.startsWith('/ws/socket.io')) {
      websockets += 1;
      ws.on('framereceived', (frame) => count(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8')));
    }
  });
  return {
    admitted: () => admitted,
    websockets: () => websockets,
    connected: (wanted, timeoutMs = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (admitted >= wanted) {
            clearTimeout(timer);
            waiting.delete(check);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`${admitted} of ${wanted} live connections admitted within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
  };
}

/** The text of an element as written (not as CSS upper-cases it), without surrounding white space. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the address (path and query) is `expected`. */
export async function waitForPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((url) => url.pathname + url.search === expected);
}

/**
 * Signs in through the form as a person would: opens /login unless the page is already there
 * (e.g. after a redirect with `?next=`), types the credentials and waits to land on a dashboard.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url(), BASE_URL).pathname !== '/login') {
    await page.goto('/login');
  }
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('sign-in').click();
  await page.waitForURL((url) => /^\/[a-z]+-dashboard(\/|$)/.test(url.pathname));
}

/** Profile menu → sign out; lands on /login. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('sign-out').click();
  await waitForPath(page, '/login');
  await page.getByTestId('sign-in').waitFor();
}

/** The screen ids of the permanent side navigation, in order. */
export async function navScreens(page: Page): Promise<string[]> {
  const nav = page.getByTestId('side-nav');
  await nav.waitFor();
  return nav.locator('[data-screen]').evaluateAll((els) => els.map((e) => e.getAttribute('data-screen') ?? ''));
}

/** Picks a language in the top bar's (or the sign-in card's) language switcher. */
export async function chooseLanguage(page: Page, code: string): Promise<void> {
  await page.getByTestId('language-switcher').getByRole('combobox').click();
  await page.getByRole('option', { name: code.toUpperCase(), exact: true }).click();
}

/**
 * As a signed-in admin: opens the outbox from the menu, expands the newest mail to `to` whose row
 * mentions `label` (the outbox lists newest first) and returns the text it shows (secrets masked).
 */
export async function outboxText(page: Page, to: string, label: string): Promise<string> {
  await page.getByTestId('side-nav').locator('[data-screen="outbox"]').click();
  await page.getByTestId('outbox-table').waitFor();
  const row = page.getByTestId('outbox-row').filter({ hasText: to }).filter({ hasText: label }).first();
  await row.click();
  const text = page.getByTestId('outbox-text');
  await text.waitFor();
  return textOf(text);
}

/**
 * The text of the newest mail of `kind` to `to`, code and link included, as its recipient reads it: the
 * outbox screen hides those secrets from admins, so this reads the server's database through
 * `npm run outbox:read` (the embedded PostgreSQL of the run's DATA_DIR, which `e2e/run.mjs` passes as
 * E2E_DATA_DIR; or DATABASE_URL when the server under test uses one).
 */
export async function readOwnMail(to: string, kind: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir && !process.env.DATABASE_URL) {
    throw new Error('readOwnMail needs E2E_DATA_DIR (set by e2e/run.mjs) or DATABASE_URL of the server under test');
  }
  const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/src/cli/outbox-read.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--json', '--limit', '20', to], {
    env: { ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}), LOG_LEVEL: 'silent' },
    timeout: 30_000,
  });
  const mail = (JSON.parse(stdout) as { kind: string; text: string }[]).find((m) => m.kind === kind);
  if (!mail) {
    throw new Error(`no ${kind} mail to ${to}`);
  }
  return mail.text;
}

/** Waits until the message bar shows exactly `expected` (a newer message replaces an older one). */
export async function expectSnackbar(page: Page, expected: string, timeoutMs = 10_000): Promise<void> {
  // Checked in the page at every frame it draws.
  const shownText = (want: string | null) => {
    const bar = document.querySelector('[data-testid="snackbar"]');
    const shown = (bar?.textContent ?? '').replace(/\s+/g, ' ').trim();
    return want === null ? shown : shown === want;
  };
  try {
    await page.waitForFunction(shownText, expected, { polling: 'raf', timeout: timeoutMs });
  } catch {
    const shown = await page.evaluate(shownText, null).catch(() => '');
    throw new Error(`the snackbar says «${String(shown)}», expected «${expected}»`);
  }
}

/** Opens a screen of the signed-in user's side navigation by its screen id and waits for its address. */
export async function openScreen(page: Page, screenId: string, expectedPath: string): Promise<void> {
  await page.getByTestId('side-nav').locator(`[data-screen="${screenId}"]`).click();
  await waitForPath(page, expectedPath);
}

/**
 * Types a date into a date picker (apps/web/src/ui/date-fields.tsx) found by its input's test id, as a
 * user types it: `DD.MM.YYYY`, `DD.MM.YYYY HH:mm` or `MM.YYYY`. The picker's sections take the digits
 * one after the other; what was there before is cleared first. Answers the field's text afterwards.
 */
export async function typeDate(input: Locator, text: string): Promise<string> {
  const page = input.page();
  // The field's sections sit beside its hidden input, inside the picker's input root.
  const testId = await input.getAttribute('data-testid');
  assert.ok(testId, 'a date picker is found by its input test id');
  const field = page.locator('.MuiPickersInputBase-root').filter({ has: page.locator(`input[data-testid="${testId}"]`) });
  const sections = field.locator('[role="spinbutton"]');
  await sections.first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  // Cleared with every section selected, the field keeps the focus on its first section.
  await page.keyboard.type(text.replace(/\D/g, ''));
  await page.keyboard.press('Tab');
  const shown = await input.inputValue();
  assert.equal(shown, text, 'the date picker shows what was typed');
  return shown;
}
