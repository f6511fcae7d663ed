import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../../test/fixtures.ts';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { role: 'admin' });
  admin = await login(t.app, user.email);
});

afterAll(async () => {
  await t?.close();
});

describe('NUL characters in a request', () => {
  it('anonymous sign-in, signup, code and recovery: 400 naming the field, not a server error', async () => {
    const calls: [string, Record<string, string>, string][] = [
      ['/auth/login', { email: 'a\u0000nna@example.ch', password: 'Secret-Passw0rd' }, 'email'],
      ['/auth/login', { email: 'anna@example.ch', password: 'Secret\u0000' }, 'password'],
      ['/auth/signup', { email: 'anna@example.ch', code: '123456', name: 'An\u0000na', surname: 'M', password: 'Secret-Passw0rd' }, 'name'],
      ['/auth/send-code', { email: 'anna\u0000@example.ch' }, 'email'],
      ['/auth/recovery-email', { email: 'anna@exa\u0000mple.ch' }, 'email'],
    ];
    for (const [url, payload, field] of calls) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'VALIDATION_ERROR', message: 'Invalid body', field_validation: { [field]: 'invalid_value' } });
    }
  });

  it('a query string, a path parameter, a nested body field or a key: 400 naming where', async () => {
    const search = await injectAs(t.app, admin, { method: 'GET', url: '/api/clients?search=M%C3%BCller%00' });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'Invalid querystring',
      field_validation: { search: 'invalid_value' },
    });

    const param = await t.app.inject({ method: 'GET', url: '/locales/de/com%00mon.json' });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toMatchObject({ message: 'Invalid params', field_validation: { file: 'invalid_value' } });

    const nested = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/locales/add/de/common',
      payload: { 'a.b': 'fine', 'c\u0000': 'x' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({ field_validation: { 'c\ufffd': 'invalid_value' } });
  });

  it('writes nothing: a category named with a NUL is refused, one without is stored', async () => {
    const refused = await injectAs(t.app, admin, { method: 'POST', url: '/api/category', payload: { name: 'Fil\u0000ter' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field_validation: { name: 'invalid_value' } });
    const stored = await injectAs(t.app, admin, { method: 'POST', url: '/api/category', payload: { name: 'Filter \u200b\u{1F4A7}' } });
    expect(stored.statusCode).toBeLessThan(300);
    const rows = await t.pool.query<{ name: string }>("SELECT name FROM product_categories WHERE name LIKE 'Fil%'");
    expect(rows.rows.map((r) => r.name)).toEqual(['Filter \u200b\u{1F4A7}']);
  });

  it('an uploaded file whose name holds a NUL: 400 naming the file, nothing stored', async () => {
    const before = await t.pool.query('SELECT count(*)::int AS n FROM files');
    const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/upload-product-image', ...multipart(png(), 'Bild\u0000.png') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { file: 'invalid_value' } });
    const after = await t.pool.query('SELECT count(*)::int AS n FROM files');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });
});
