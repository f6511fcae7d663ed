import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createUser, testConfig } from '../../test/harness.ts';
import { buildApp, type BuiltApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { errorSummary } from './loggable-error.ts';

/*
 * A request that fails in the database is logged with its statement, never with the statement's
 * parameters: the log holds no searched names nor e-mail addresses.
 */

const EMAIL = 'verena.geheimnis@example.ch';
const lines: string[] = [];
let database: Database;
let built: BuiltApp;
let owned: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

beforeAll(async () => {
  owned = await createTestDatabase();
  database = openDatabase(owned.url, { max: 2 });
  await createUser(database.db, { role: 'admin', email: EMAIL, name: 'Verena', surname: 'Geheimnis' });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  built = await buildApp({
    config: testConfig(),
    database,
    localesDir: '/nonexistent-locales',
    version: 'test',
    logger: { level: 'info', stream },
  });
  await built.app.ready();
});

afterAll(async () => {
  await built?.app.close();
  await database?.close();
  await owned?.drop();
});

describe('the error log', () => {
  it('names the failed statement and its PostgreSQL code without the values it was called with', async () => {
    // The users table gone: the sign-in's lookup by e-mail address fails in the database.
    await database.pool.query('ALTER TABLE users RENAME TO users_away');
    try {
      const res = await built.app.inject({ method: 'POST', url: '/auth/login', payload: { email: EMAIL, password: 'Geheimnis-Passw0rt' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ error: 'INTERNAL_ERROR' });
      expect(res.body).not.toContain('users');
    } finally {
      await database.pool.query('ALTER TABLE users_away RENAME TO users');
    }
    // Something was logged, and none of it is the person's data.
    expect(lines.length).toBeGreaterThan(0);
    const text = lines.join('\n');
    for (const value of [EMAIL, 'verena', 'geheimnis', 'Geheimnis-Passw0rt']) {
      expect(text.toLowerCase()).not.toContain(value.toLowerCase());
    }
    const errors = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; error?: Record<string, unknown> })
      .filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    const [entry] = errors;
    expect(entry!.msg).toBe('request failed');
    expect(entry!.error).toMatchObject({ type: 'DrizzleQueryError', code: '42P01' });
    expect(String(entry!.error!.query)).toMatch(/from "users"/i);
  });

  it("keeps values out of every error logged as err, and out of the job runner's line", async () => {
    const failed = (await database.pool.query('SELECT $1::int', ['kein-int']).catch((err: unknown) => err)) as Error;
    // How Drizzle wraps a failed statement: its message lists the parameters.
    const wrapped = Object.assign(new Error(`Failed query: select * from users where email = $1\nparams: ${EMAIL}`), {
      query: 'select * from users where email = $1',
      params: [EMAIL],
      cause: failed,
    });
    const refused = new Error(`550 mailbox unavailable <${EMAIL}>`);
    const from = lines.length;
    built.app.log.error({ err: wrapped }, 'live connections not moved');
    built.app.log.error({ err: refused }, 'mail delivery failed');
    const logged = lines.slice(from).join('\n');
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain('kein-int');
    expect(logged).toContain('select * from users where email = $1');
    expect(logged).toContain('22P02');
    expect(logged).toContain('550 mailbox unavailable <<e-mail>>');

    for (const err of [wrapped, refused, failed]) {
      expect(errorSummary(err)).not.toContain(EMAIL);
      expect(errorSummary(err)).not.toContain('kein-int');
    }
    expect(errorSummary(wrapped)).toBe('DrizzleQueryError 22P02: select * from users where email = $1');
  });
});
