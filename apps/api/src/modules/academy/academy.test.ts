import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ACADEMY_FILE_KIND,
  checkUpload,
  type AcademyCategoryDto,
  type AcademyItemDto,
  type AcademyKind,
  type AcademyListDto,
  type RoleCode,
} from '@bo/domain';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exe, mp4, pdf, png } from '../../../test/fixtures.ts';
import { buildStaff } from '../../../test/factories.ts';
import { auditRows, createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { seedAcademy } from '../../db/seed/academy.ts';
import { wav } from '../../db/seed/media.ts';
import { storageFor } from '../../integrations/storage/index.ts';

let t: TestApp;
const cookies = new Map<RoleCode, string>();
const ROLES: RoleCode[] = ['admin', 'sales_agent', 'call_agent', 'prom_agent', 'partner', 'user', 'ocr_manager', 'independent_agent'];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    cookies.set(role, (await buildStaff(t, role)).cookie);
  }
});

afterAll(async () => {
  await t?.close();
});

const as = (role: RoleCode) => cookies.get(role)!;

/** A form body with text fields first, then (optionally) the file, as the page sends it. */
function form(fields: Record<string, string>, file?: { body: Buffer; name: string }) {
  const boundary = `----academy${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const FILE_OF: Record<AcademyKind, () => { body: Buffer; name: string }> = {
  slides: () => ({ body: png(8), name: 'folie.png' }),
  videos: () => ({ body: mp4(), name: 'clip.mp4' }),
  audios: () => ({ body: wav([{ frequency: 440, seconds: 0.1 }]), name: 'ton.wav' }),
  docs: () => ({ body: pdf(), name: 'blatt.pdf' }),
};

async function newCategory(kind: AcademyKind, name: string): Promise<AcademyCategoryDto> {
  const res = await injectAs(t.app, as('admin'), { method: 'POST', url: `/api/academy/${kind}/categories`, payload: { name } });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: AcademyCategoryDto }>().data;
}

function upload(role: RoleCode, kind: AcademyKind, fields: Record<string, string>, file?: { body: Buffer; name: string }) {
  return injectAs(t.app, as(role), { method: 'POST', url: `/api/academy/${kind}/items`, ...form(fields, file) });
}

async function newItem(kind: AcademyKind, categoryId: number, title: string, description = ''): Promise<AcademyItemDto> {
  const res = await upload('admin', kind, { title, description, category_id: String(categoryId) }, FILE_OF[kind]());
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: AcademyItemDto }>().data;
}

async function list(kind: AcademyKind, role: RoleCode = 'sales_agent', query = ''): Promise<AcademyListDto> {
  const res = await injectAs(t.app, as(role), { method: 'GET', url: `/api/${kind}/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AcademyListDto>();
}

async function storedCount(): Promise<number> {
  const dir = path.join(t.dataDir, 'files');
  const entries = await fs.readdir(dir, { recursive: true }).catch(() => []);
  let n = 0;
  for (const e of entries) {
    if ((await fs.stat(path.join(dir, String(e)))).isFile()) {
      n += 1;
    }
  }
  return n;
}

async function counts(): Promise<{ files: number; items: number; categories: number; stored: number }> {
  const { rows } = await t.pool.query<{ files: number; items: number; categories: number }>(
    `SELECT (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM academy_items) AS items,
            (SELECT count(*)::int FROM academy_categories) AS categories`,
  );
  return { ...rows[0]!, stored: await storedCount() };
}

async function positions(
  table: 'academy_items' | 'academy_categories',
  where: string,
  value: number | string,
): Promise<{ id: number; position: number }[]> {
  const { rows } = await t.pool.query<{ id: number; position: number }>(
    `SELECT id, position FROM ${table} WHERE ${where} = $1 ORDER BY position, id`,
    [value],
  );
  return rows;
}

describe('reading the academy', () => {
  const KINDS: AcademyKind[] = ['slides', 'videos', 'audios', 'docs'];

  it.each(KINDS)('GET /api/%s/ answers sales, call and promotion agents and admins', async (kind) => {
    for (const role of ['admin', 'sales_agent', 'call_agent', 'prom_agent'] as const) {
      const res = await injectAs(t.app, as(role), { method: 'GET', url: `/api/${kind}/` });
      expect(res.statusCode, role).toBe(200);
    }
  });

  it.each(KINDS)('GET /api/%s/ refuses partners, clients, OCR managers and independent agents', async (kind) => {
    for (const role of ['partner', 'user', 'ocr_manager', 'independent_agent'] as const) {
      const res = await injectAs(t.app, as(role), { method: 'GET', url: `/api/${kind}/` });
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/${kind}/` })).statusCode).toBe(401);
  });

  it('groups the items of a kind by category, both in order, with files that play', async () => {
    const first = await newCategory('audios', 'Telefonleitfaden');
    const second = await newCategory('audios', 'Einwände');
    const empty = await newCategory('audios', 'Noch leer');
    const b1 = await newItem('audios', second.id, 'Zu teuer', 'Wie man auf den Preis antwortet');
    const a1 = await newItem('audios', first.id, 'Begrüssung', 'Der Einstieg');
    const a2 = await newItem('audios', first.id, 'Rückruf');
    await newItem('videos', (await newCategory('videos', 'Andere Art')).id, 'Nicht hier');

    const answer = await list('audios');
    expect(answer.can_manage).toBe(false);
    expect(answer.data.map((c) => [c.name, c.position, c.item_count, c.items.map((i) => i.title)])).toEqual([
      ['Telefonleitfaden', 0, 2, ['Begrüssung', 'Rückruf']],
      ['Einwände', 1, 1, ['Zu teuer']],
      ['Noch leer', 2, 0, []],
    ]);
    const { file, ...fields } = answer.data[0]!.items[0]!;
    expect(fields).toEqual({
      id: a1.id,
      kind: 'audios',
      title: 'Begrüssung',
      description: 'Der Einstieg',
      position: 0,
      category: { id: first.id, name: 'Telefonleitfaden' },
    });
    expect(file).toMatchObject({ kind: 'audio', content_type: 'audio/wav', url: `/api/files/${a1.file.id}`, name: 'ton.wav' });
    expect(answer.data[0]!.items[1]).toMatchObject({ id: a2.id, position: 1 });
    expect(answer.data[1]!.items[0]).toMatchObject({ id: b1.id, position: 0, category: { id: second.id, name: 'Einwände' } });
    expect(answer.data[2]).toMatchObject({ id: empty.id, items: [] });
    expect((await list('audios', 'admin')).can_manage).toBe(true);

    // The path without the trailing slash answers the same.
    const plain = await injectAs(t.app, as('call_agent'), { method: 'GET', url: '/api/audios' });
    expect(plain.json<AcademyListDto>().data).toEqual(answer.data);
  });

  it('narrows to one category with the category argument', async () => {
    const deck = await newCategory('docs', 'Produktblätter');
    await newCategory('docs', 'Richtlinien');
    const item = await newItem('docs', deck.id, 'Wasserfilter');
    const answer = await list('docs', 'prom_agent', `?category=${deck.id}`);
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({
      id: deck.id,
      items: [{ id: item.id, file: { kind: 'document', content_type: 'application/pdf' } }],
    });
  });

  it('answers 404 for an unknown category or one of another kind, 400 for a malformed one', async () => {
    const videoCategory = await newCategory('videos', 'Nur Videos');
    for (const query of ['?category=999999', `?category=${videoCategory.id}`]) {
      const res = await injectAs(t.app, as('sales_agent'), { method: 'GET', url: `/api/docs/${query}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'UNKNOWN_ACADEMY_CATEGORY_ID' });
    }
    const malformed = await injectAs(t.app, as('sales_agent'), { method: 'GET', url: '/api/docs/?category=abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { category: 'invalid_value' } });
  });
});

describe('academy files', () => {
  it('a sales agent fetches an academy file, with byte ranges for seeking; a partner gets 404', async () => {
    const item = await newItem('videos', (await newCategory('videos', 'Einführung')).id, 'Willkommen');
    const whole = await injectAs(t.app, as('sales_agent'), { method: 'GET', url: item.file.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(mp4())).toBe(true);
    const range = await injectAs(t.app, as('call_agent'), { method: 'GET', url: item.file.url, headers: { range: 'bytes=4-11' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.toString('ascii')).toBe('ftypisom');
    for (const role of ['partner', 'user', 'ocr_manager', 'independent_agent'] as const) {
      expect((await injectAs(t.app, as(role), { method: 'GET', url: item.file.url })).statusCode, role).toBe(404);
    }
  });
});

describe('managing categories', () => {
  it('adds a category at the end of its kind and audits it', async () => {
    const a = await newCategory('slides', 'Produktschulung');
    const b = await newCategory('slides', '  Verkaufsgespräch ');
    expect(b).toMatchObject({ kind: 'slides', name: 'Verkaufsgespräch', position: a.position + 1, item_count: 0 });
    const rows = await auditRows(t, 'academy.category_created');
    expect(rows.at(-1)).toMatchObject({ details: { id: b.id, kind: 'slides', name: 'Verkaufsgespräch' } });
  });

  it('refuses invalid names and unknown kinds with field_validation', async () => {
    const cases: [string, unknown, Record<string, string>][] = [
      ['/api/academy/slides/categories', { name: '' }, { name: 'field_is_required' }],
      ['/api/academy/slides/categories', {}, { name: 'field_is_required' }],
      ['/api/academy/slides/categories', { name: 'x'.repeat(121) }, { name: 'too_long' }],
      ['/api/academy/podcasts/categories', { name: 'Neu' }, { kind: 'invalid_value' }],
    ];
    for (const [url, payload, fields] of cases) {
      const res = await injectAs(t.app, as('admin'), { method: 'POST', url, payload: payload as object });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
    }
  });

  it('renames a category; unknown ids answer 404, malformed ones 400', async () => {
    const c = await newCategory('docs', 'Unterlagn');
    const res = await injectAs(t.app, as('admin'), {
      method: 'PUT',
      url: `/api/academy/categories/${c.id}`,
      payload: { name: 'Unterlagen' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: c.id, name: 'Unterlagen', position: c.position } });
    expect((await auditRows(t, 'academy.category_renamed')).at(-1)).toMatchObject({
      details: { id: c.id, from: 'Unterlagn', to: 'Unterlagen' },
    });

    const unknown = await injectAs(t.app, as('admin'), { method: 'PUT', url: '/api/academy/categories/999999', payload: { name: 'X' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'UNKNOWN_ACADEMY_CATEGORY_ID' });
    for (const id of ['abc', '0', '99999999999']) {
      const malformed = await injectAs(t.app, as('admin'), { method: 'PUT', url: `/api/academy/categories/${id}`, payload: { name: 'X' } });
      expect(malformed.statusCode, id).toBe(400);
      expect(malformed.json()).toMatchObject({ field_validation: { id: 'invalid_value' } });
    }
    const empty = await injectAs(t.app, as('admin'), { method: 'PUT', url: `/api/academy/categories/${c.id}`, payload: { name: ' ' } });
    expect(empty.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { name: 'field_is_required' } });
  });

  it('reorders the categories of a kind, keeping positions dense and unique', async () => {
    await t.pool.query(`DELETE FROM academy_categories WHERE kind = 'slides'`);
    const ids = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      ids.push((await newCategory('slides', name)).id);
    }
    const move = (id: number, position: number) =>
      injectAs(t.app, as('admin'), { method: 'PUT', url: `/api/academy/categories/${id}/position`, payload: { position } });

    const res = await move(ids[3]!, 0);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: AcademyCategoryDto[] }>().data.map((c) => [c.name, c.position])).toEqual([
      ['D', 0],
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    await move(ids[0]!, 99);
    expect((await positions('academy_categories', 'kind', 'slides')).map((r) => [r.id, r.position])).toEqual([
      [ids[3], 0],
      [ids[1], 1],
      [ids[2], 2],
      [ids[0], 3],
    ]);
    expect((await list('slides')).data.map((c) => c.name)).toEqual(['D', 'B', 'C', 'A']);

    // Many moves at once still leave 0, 1, 2, 3.
    await Promise.all(ids.map((id, i) => move(id, (i * 3) % 4)));
    expect((await positions('academy_categories', 'kind', 'slides')).map((r) => r.position)).toEqual([0, 1, 2, 3]);

    expect((await move(999999, 0)).json()).toMatchObject({ error: 'UNKNOWN_ACADEMY_CATEGORY_ID' });
    const negative = await move(ids[0]!, -1);
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ field_validation: { position: 'invalid_value' } });
    expect(
      (await injectAs(t.app, as('admin'), { method: 'PUT', url: `/api/academy/categories/${ids[0]}/position`, payload: {} })).statusCode,
    ).toBe(400);
  });

  it('deletes a category with its items and their files, and closes the gap', async () => {
    await t.pool.query(`DELETE FROM academy_categories WHERE kind = 'docs'`);
    const keep1 = await newCategory('docs', 'Bleibt 1');
    const doomed = await newCategory('docs', 'Geht');
    const keep2 = await newCategory('docs', 'Bleibt 2');
    const items = [await newItem('docs', doomed.id, 'Eins'), await newItem('docs', doomed.id, 'Zwei')];
    const before = await counts();

    const res = await injectAs(t.app, as('admin'), { method: 'DELETE', url: `/api/academy/categories/${doomed.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: doomed.id, items_deleted: 2 } });
    expect(await counts()).toEqual({
      files: before.files - 2,
      items: before.items - 2,
      categories: before.categories - 1,
      stored: before.stored - 2,
    });
    expect((await positions('academy_categories', 'kind', 'docs')).map((r) => [r.id, r.position])).toEqual([
      [keep1.id, 0],
      [keep2.id, 1],
    ]);
    for (const item of items) {
      expect((await injectAs(t.app, as('admin'), { method: 'GET', url: item.file.url })).statusCode).toBe(404);
    }
    expect((await auditRows(t, 'academy.category_deleted')).at(-1)).toMatchObject({ details: { id: doomed.id, items_deleted: 2 } });

    const again = await injectAs(t.app, as('admin'), { method: 'DELETE', url: `/api/academy/categories/${doomed.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'UNKNOWN_ACADEMY_CATEGORY_ID' });
  });
});

describe('managing items', () => {
  it('uploads an item of each kind at the end of its category', async () => {
    for (const kind of ['slides', 'videos', 'audios', 'docs'] as const) {
      const c = await newCategory(kind, `Neu ${kind}`);
      const first = await newItem(kind, c.id, 'Erstes', 'Beschreibung mit Ümläüten');
      const second = await newItem(kind, c.id, 'Zweites');
      expect(first).toMatchObject({ kind, title: 'Erstes', description: 'Beschreibung mit Ümläüten', position: 0, category: { id: c.id } });
      expect(second.position).toBe(1);
    }
    expect((await auditRows(t, 'academy.item_created')).length).toBeGreaterThanOrEqual(8);
  });

  it('refuses a renamed executable with 415 and keeps nothing', async () => {
    const c = await newCategory('docs', 'Sicher');
    const before = await counts();
    const res = await upload('admin', 'docs', { title: 'Rechnung', category_id: String(c.id) }, { body: exe(), name: 'rechnung.pdf' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'UNSUPPORTED_FILE_TYPE', field_validation: { file: 'invalid_value' } });
    expect(await counts()).toEqual(before);
  });

  it.each<[AcademyKind, { body: Buffer; name: string }]>([
    ['videos', { body: png(), name: 'clip.mp4' }],
    ['slides', { body: mp4(), name: 'folie.png' }],
    ['slides', { body: pdf(), name: 'deck.pdf' }],
    ['audios', { body: mp4(), name: 'ton.wav' }],
    ['docs', { body: png(), name: 'blatt.pdf' }],
  ])('refuses for %s a file of another kind with 415', async (kind, file) => {
    const c = await newCategory(kind, 'Falsche Art');
    const before = await counts();
    const res = await upload('admin', kind, { title: 'Falsch', category_id: String(c.id) }, file);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'UNSUPPORTED_FILE_TYPE' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a slide over 5 MB with 413 and keeps nothing', async () => {
    const c = await newCategory('slides', 'Gross');
    const before = await counts();
    const big = { body: Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]), name: 'gross.png' };
    const res = await upload('admin', 'slides', { title: 'Zu gross', category_id: String(c.id) }, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'FILE_TOO_LARGE' });
    expect(await counts()).toEqual(before);
  });

  it('refuses missing fields, a missing file and an unknown category before storing anything', async () => {
    const videos = await newCategory('videos', 'Felder');
    const docs = await newCategory('docs', 'Andere Art');
    const before = await counts();

    const noFields = await upload('admin', 'videos', {}, FILE_OF.videos());
    expect(noFields.statusCode).toBe(400);
    expect(noFields.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { title: 'field_is_required', category_id: 'field_is_required' },
    });

    const noFile = await upload('admin', 'videos', { title: 'Ohne Datei', category_id: String(videos.id) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ error: 'EMPTY_FILE', field_validation: { file: 'field_is_required' } });

    for (const categoryId of ['999999', String(docs.id)]) {
      const res = await upload('admin', 'videos', { title: 'Wohin?', category_id: categoryId }, FILE_OF.videos());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'UNKNOWN_ACADEMY_CATEGORY_ID', field_validation: { category_id: 'invalid_value' } });
    }

    const badKind = await upload('admin', 'podcasts' as AcademyKind, { title: 'X', category_id: String(videos.id) }, FILE_OF.videos());
    expect(badKind.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('changes title, description and category; a moved item goes to the end and the old category closes its gap', async () => {
    const from = await newCategory('slides', 'Von');
    const to = await newCategory('slides', 'Nach');
    const [s0, s1, s2] = [
      await newItem('slides', from.id, 'S0'),
      await newItem('slides', from.id, 'S1'),
      await newItem('slides', from.id, 'S2'),
    ];
    const t0 = await newItem('slides', to.id, 'T0');
    const put = (id: number, payload: object) => injectAs(t.app, as('admin'), { method: 'PUT', url: `/api/academy/items/${id}`, payload });

    const renamed = await put(s2.id, { title: 'S2 neu', description: 'Mehr dazu', category_id: from.id });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ data: { id: s2.id, title: 'S2 neu', description: 'Mehr dazu', position: 2 } });

    const moved = await put(s0.id, { title: 'S0', category_id: to.id });
    expect(moved.json()).toMatchObject({ data: { category: { id: to.id, name: 'Nach' }, position: 1, description: '' } });
    expect((await positions('academy_items', 'category_id', from.id)).map((r) => [r.id, r.position])).toEqual([
      [s1.id, 0],
      [s2.id, 1],
    ]);
    expect((await positions('academy_items', 'category_id', to.id)).map((r) => [r.id, r.position])).toEqual([
      [t0.id, 0],
      [s0.id, 1],
    ]);
    expect((await auditRows(t, 'academy.item_updated')).at(-1)).toMatchObject({
      details: { id: s0.id, changes: { category_id: { from: from.id, to: to.id } } },
    });

    const otherKind = await newCategory('docs', 'Nicht für Folien');
    const wrong = await put(s1.id, { title: 'S1', category_id: otherKind.id });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ error: 'UNKNOWN_ACADEMY_CATEGORY_ID', field_validation: { category_id: 'invalid_value' } });
    expect((await positions('academy_items', 'category_id', from.id)).map((r) => r.id)).toEqual([s1.id, s2.id]);

    const unknown = await put(999999, { title: 'X', category_id: from.id });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'UNKNOWN_ACADEMY_ITEM_ID' });
    const invalid = await put(s1.id, { title: '', category_id: 'abc' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ field_validation: { title: 'field_is_required', category_id: 'invalid_value' } });
  });

  it('reorders the items of a category, keeping positions dense and unique', async () => {
    const c = await newCategory('audios', 'Reihenfolge');
    const ids: number[] = [];
    for (const title of ['A', 'B', 'C', 'D', 'E']) {
      ids.push((await newItem('audios', c.id, title)).id);
    }
    const move = (id: number, position: number) =>
      injectAs(t.app, as('admin'), { method: 'PUT', url: `/api/academy/items/${id}/position`, payload: { position } });

    const down = await move(ids[0]!, 1);
    expect(down.statusCode).toBe(200);
    expect(down.json<{ data: AcademyItemDto[] }>().data.map((i) => [i.title, i.position])).toEqual([
      ['B', 0],
      ['A', 1],
      ['C', 2],
      ['D', 3],
      ['E', 4],
    ]);
    await move(ids[4]!, 0);
    await move(ids[2]!, 1000);
    expect((await list('audios', 'sales_agent', `?category=${c.id}`)).data[0]!.items.map((i) => i.title)).toEqual([
      'E',
      'B',
      'A',
      'D',
      'C',
    ]);

    await Promise.all(ids.map((id, i) => move(id, (i * 2) % 5)));
    expect((await positions('academy_items', 'category_id', c.id)).map((r) => r.position)).toEqual([0, 1, 2, 3, 4]);

    expect((await move(999999, 0)).json()).toMatchObject({ error: 'UNKNOWN_ACADEMY_ITEM_ID' });
    expect((await move(ids[0]!, -2)).statusCode).toBe(400);
  });

  it('deletes an item with its file (record and bytes) and closes the gap', async () => {
    const c = await newCategory('videos', 'Löschen');
    const [a, b, d] = [await newItem('videos', c.id, 'A'), await newItem('videos', c.id, 'B'), await newItem('videos', c.id, 'C')];
    const before = await counts();
    const res = await injectAs(t.app, as('admin'), { method: 'DELETE', url: `/api/academy/items/${b.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: b.id } });
    expect(await counts()).toEqual({ ...before, files: before.files - 1, items: before.items - 1, stored: before.stored - 1 });
    expect((await positions('academy_items', 'category_id', c.id)).map((r) => [r.id, r.position])).toEqual([
      [a.id, 0],
      [d.id, 1],
    ]);
    expect((await injectAs(t.app, as('admin'), { method: 'GET', url: b.file.url })).statusCode).toBe(404);
    expect((await auditRows(t, 'academy.item_deleted')).at(-1)).toMatchObject({ details: { id: b.id, file_id: b.file.id } });

    const again = await injectAs(t.app, as('admin'), { method: 'DELETE', url: `/api/academy/items/${b.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'UNKNOWN_ACADEMY_ITEM_ID' });
    expect((await injectAs(t.app, as('admin'), { method: 'DELETE', url: '/api/academy/items/x' })).statusCode).toBe(400);
  });

  it('keeps the item and its bytes when the database refuses the delete', async () => {
    const c = await newCategory('docs', 'Unverlierbar');
    const item = await newItem('docs', c.id, 'Wichtig');
    await t.pool.query(`
      CREATE FUNCTION refuse_academy_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse_academy_delete BEFORE DELETE ON files FOR EACH ROW EXECUTE FUNCTION refuse_academy_delete();`);
    try {
      const before = await counts();
      const res = await injectAs(t.app, as('admin'), { method: 'DELETE', url: `/api/academy/items/${item.id}` });
      expect(res.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
      const served = await injectAs(t.app, as('sales_agent'), { method: 'GET', url: item.file.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(pdf())).toBe(true);
      const whole = await injectAs(t.app, as('admin'), { method: 'DELETE', url: `/api/academy/categories/${c.id}` });
      expect(whole.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
    } finally {
      await t.pool.query('DROP TRIGGER refuse_academy_delete ON files; DROP FUNCTION refuse_academy_delete();');
    }
  });
});

describe('who may manage', () => {
  const MANAGE: [string, string, object | undefined][] = [
    ['POST', '/api/academy/slides/categories', { name: 'X' }],
    ['PUT', '/api/academy/categories/1', { name: 'X' }],
    ['PUT', '/api/academy/categories/1/position', { position: 0 }],
    ['DELETE', '/api/academy/categories/1', undefined],
    ['PUT', '/api/academy/items/1', { title: 'X', category_id: 1 }],
    ['PUT', '/api/academy/items/1/position', { position: 0 }],
    ['DELETE', '/api/academy/items/1', undefined],
  ];

  it.each(MANAGE)('%s %s is for admins only', async (method, url, payload) => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const res = await injectAs(t.app, as(role), { method: method, url, payload });
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
    expect((await t.app.inject({ method: method as 'PUT', url, payload })).statusCode).toBe(401);
  });

  it('an upload is for admins only, and nothing is stored for anyone else', async () => {
    const c = await newCategory('slides', 'Nur Admin');
    const before = await counts();
    for (const role of ['sales_agent', 'call_agent', 'prom_agent', 'partner'] as const) {
      const res = await upload(role, 'slides', { title: 'X', category_id: String(c.id) }, FILE_OF.slides());
      expect(res.statusCode, role).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/academy/slides/items', ...form({ title: 'X' }, FILE_OF.slides()) });
    expect(anonymous.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe('demo content', () => {
  it('stores real slides, a video, sounds and documents that pass the upload checks', async () => {
    await t.pool.query('DELETE FROM academy_categories');
    const seeded = await t.db.transaction((tx) => seedAcademy(tx, storageFor(t.config)));
    expect(seeded.items).toBeGreaterThanOrEqual(10);
    for (const kind of ['slides', 'videos', 'audios', 'docs'] as const) {
      const answer = await list(kind);
      const items = answer.data.flatMap((c) => c.items);
      expect(items.length, kind).toBeGreaterThan(0);
      for (const item of items) {
        const served = await injectAs(t.app, as('sales_agent'), { method: 'GET', url: item.file.url });
        expect(served.statusCode).toBe(200);
        const sniffed = await fileTypeFromBuffer(served.rawPayload);
        expect(sniffed?.mime, item.title).toBe(item.file.content_type);
        expect(checkUpload(ACADEMY_FILE_KIND[kind], sniffed?.mime, served.rawPayload.length)).toEqual({ ok: true });
        expect(served.rawPayload.length).toBeLessThan(200 * 1024);
      }
    }
  });
});
