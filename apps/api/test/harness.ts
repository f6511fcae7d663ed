import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { roleByCode, type RoleCode } from '@bo/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps, type BuiltApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { accounts, users } from '../src/db/schema/index.ts';
import type { App } from '../src/http/types.ts';
import { hashPassword } from '../src/modules/auth/index.ts';
import { mailsToRecipient } from '../src/modules/mail/index.ts';
import type { Realtime } from '../src/realtime/server.ts';
import { adminQuery, quoteIdent, withDatabase } from './pg.ts';

export const PASSWORD = 'Secret-Passw0rd';

/** Test values of the environment; a test adds what it needs (e.g. a small LOGIN_MAX_FAILURES). */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://bo.test', ...env });
}

let databaseCounter = 0;

/** A fresh database cloned from the migrated template; dropped by `drop()` (or by the global teardown). */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  databaseCounter += 1;
  const name = `${inject('pgRunPrefix')}_${process.pid}_${databaseCounter}_${randomBytes(3).toString('hex')}`;
  // Two files cloning at the same instant can both find the template "in use" for a moment.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(inject('pgTemplate'))}`);
      break;
    } catch (err) {
      if (attempt >= 10 || !String((err as Error).message).includes('being accessed by other users')) {
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
  };
}

export interface TestAppOptions {
  /** Extra environment values for `loadConfig`. */
  env?: Record<string, string>;
  localesDir?: string;
  webDist?: string;
  /** Starts socket.io on the app's HTTP server. */
  realtime?: boolean;
  /** Hands the database URL to the app, which makes socket.io fan out through the Postgres adapter. */
  adapter?: boolean;
  /** Use this database (another test app's) instead of a fresh clone; it is not dropped on close. */
  databaseUrl?: string;
  /** Last changes before the app is ready (hooks and routes cannot be added after). */
  beforeReady?: (app: App) => void;
  /** Fastify's logger (none by default), e.g. `{ level: 'warn', stream }` to read what the app logs. */
  logger?: AppDeps['logger'];
  /** The background jobs the app notifies (none by default: nothing runs in the background). */
  jobs?: AppDeps['jobs'];
}

export interface TestApp {
  app: App;
  db: Database['db'];
  /** For plain SQL in assertions. */
  pool: Database['pool'];
  databaseUrl: string;
  config: Config;
  /** DATA_DIR of this app (its uploaded files are under `files/`). */
  dataDir: string;
  realtime: Realtime | undefined;
  routes: BuiltApp['routes'];
  close(): Promise<void>;
}

/** The app as `main.ts` builds it, on a database of its own; each test file creates one. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const owned = opts.databaseUrl ? undefined : await createTestDatabase();
  const databaseUrl = opts.databaseUrl ?? owned!.url;
  const database = openDatabase(databaseUrl, { max: 5 });
  // Uploaded files of a test app go to a folder of its own, removed on close.
  const dataDir = opts.env?.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'bo-test-data-')));
  const config = testConfig({ DATA_DIR: dataDir, ...opts.env });
  try {
    const built = await buildApp({
      config,
      database,
      databaseUrl: opts.adapter ? databaseUrl : undefined,
      localesDir: opts.localesDir ?? '/nonexistent-locales',
      webDist: opts.webDist,
      version: 'test',
      realtime: opts.realtime ?? false,
      logger: opts.logger,
      ...(opts.jobs ? { jobs: opts.jobs } : {}),
    });
    opts.beforeReady?.(built.app);
    await built.app.ready();
    return {
      app: built.app,
      db: database.db,
      pool: database.pool,
      databaseUrl,
      config,
      dataDir,
      realtime: built.realtime,
      routes: () => built.routes(),
      close: async () => {
        try {
          await built.app.close();
        } finally {
          try {
            await database.close();
          } finally {
            await owned?.drop();
            if (!opts.env?.DATA_DIR) {
              await fs.rm(dataDir, { recursive: true, force: true });
            }
          }
        }
      },
    };
  } catch (err) {
    await database.close();
    await owned?.drop();
    throw err;
  }
}

// argon2 is slow on purpose: one hash per password and process is enough for tests.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let found = hashes.get(password);
  if (!found) {
    found = hashPassword(password);
    hashes.set(password, found);
  }
  return found;
}

let userCounter = 0;

export interface TestUser {
  id: number;
  email: string;
  password: string | null;
  role: RoleCode;
  name: string;
  surname: string;
}

/** A user row as the admin screens would create it (staff also get their `accounts` row). */
export async function createUser(
  db: Database['db'],
  opts: { role?: RoleCode; email?: string; password?: string | null; isActive?: boolean; name?: string; surname?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const role = opts.role ?? 'user';
  const email = opts.email ?? `${role.replace(/_/g, '-')}-${userCounter}-${randomBytes(2).toString('hex')}@test.local`;
  const password = opts.password === undefined ? PASSWORD : opts.password;
  const name = opts.name ?? 'Test';
  const surname = opts.surname ?? `${role} ${userCounter}`;
  const [row] = await db
    .insert(users)
    .values({
      roleId: roleByCode(role).id,
      email,
      passwordHash: password === null ? null : await cachedHash(password),
      name,
      surname,
      isActive: opts.isActive ?? true,
    })
    .returning({ id: users.id });
  const id = row!.id;
  if (role !== 'user') {
    await db.insert(accounts).values({ userId: id });
  }
  return { id, email, password, role, name, surname };
}

/** The `sid` cookie of a response, as a request header value. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const sid = res.cookies.find((c) => c.name === 'sid' && c.value !== '');
  return sid ? `sid=${sid.value}` : undefined;
}

/** Signs in through the real route and answers the cookie header (fastify/demo's injectWithLogin). */
export async function login(app: App, email: string, password: string = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  const cookie = sessionCookieOf(res);
  if (res.statusCode !== 200 || !cookie) {
    throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
  }
  return cookie;
}

/**
 * `app.inject` as the holder of a session cookie, sent the way the app's own pages send it
 * (`Sec-Fetch-Site: same-origin`, unless the test says otherwise): state-changing routes refuse
 * other sites (http/origin.ts).
 */
export function injectAs(app: App, cookie: string, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...opts, headers: { 'sec-fetch-site': 'same-origin', ...opts.headers, cookie } });
}

export interface TestAuditRow {
  actor_id: number | null;
  action: string;
  target_user_id: number | null;
  ip: string | null;
  details: Record<string, unknown> | null;
}

export async function auditRows(t: Pick<TestApp, 'pool'>, action: string): Promise<TestAuditRow[]> {
  const res = await t.pool.query<TestAuditRow>(
    'SELECT actor_id, action, target_user_id, ip, details FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
  return res.rows;
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  kind: string;
  status: string;
}

/** The mails to an address, newest first, read the way an admin reads them (secrets masked): through GET /api/outbox. */
export async function outboxFor(app: App, adminCookie: string, to: string): Promise<OutboxMail[]> {
  const res = await injectAs(app, adminCookie, { method: 'GET', url: `/api/outbox?to=${encodeURIComponent(to)}` });
  if (res.statusCode !== 200) {
    throw new Error(`outbox: ${res.statusCode} ${res.body}`);
  }
  return res.json<{ data: OutboxMail[] }>().data;
}

/** The mails to an address, newest first, with their codes and links: as their recipient reads them. */
export function mailsTo(t: Pick<TestApp, 'db'>, to: string): Promise<OutboxMail[]> {
  return mailsToRecipient(t.db, to, 20);
}
