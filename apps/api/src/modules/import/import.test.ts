import type { ImportBatchDto, ImportRowDto, LaunchImportAnswer, PrepareImportDto } from '@bo/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildStaff, type Staff } from '../../../test/factories.ts';
import { png } from '../../../test/fixtures.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/wait.ts';
import { outboxTransport } from '../../integrations/mail/transport.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { startJobs, type Jobs } from '../../jobs/queue.ts';
import { locations, users } from '../../db/schema/index.ts';
import { keepParsed, takeParsed } from './parsed.ts';

let t: TestApp;
let admin: Staff;
let om: Staff;
let locationId: number;

const MAX_ROWS = 1_500;
const MAX_BYTES = 400_000;

beforeAll(async () => {
  t = await createTestApp({ env: { IMPORT_MAX_ROWS: String(MAX_ROWS), IMPORT_MAX_BYTES: String(MAX_BYTES) } });
  admin = await buildStaff(t, 'admin');
  om = await buildStaff(t, 'ocr_manager');
  const [loc] = await t.db
    .insert(locations)
    .values({ code: 'MESSE-ZH', displayName: 'Messe Zürich', city: 'Zürich', type: 'event' })
    .returning({ id: locations.id });
  locationId = loc!.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

interface Part {
  name: string;
  value?: string;
  file?: { filename: string; bytes: Buffer };
}

/** A multipart/form-data body with fields and files, in the order given. */
function form(parts: Part[]) {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        p.file.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(who: Staff, files: { filename: string; bytes: Buffer }[], fields: Record<string, string> = { importType: 'leads' }) {
  return injectAs(t.app, who.cookie, {
    method: 'POST',
    url: '/api/import/upload-file',
    ...form([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files.map((file) => ({ name: 'file', file }))]),
  });
}

async function uploadOne(
  who: Staff,
  csv: string | Buffer,
  filename = 'leads.csv',
  fields?: Record<string, string>,
): Promise<ImportBatchDto> {
  const res = await upload(who, [{ filename, bytes: typeof csv === 'string' ? Buffer.from(csv) : csv }], fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ImportBatchDto[] }>().data[0]!;
}

async function batchOf(who: Staff, id: number): Promise<ImportBatchDto> {
  const res = await injectAs(t.app, who.cookie, { method: 'GET', url: `/api/import/batches/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportBatchDto>();
}

/** Maps the batch (its proposed mapping unless given) and waits until its rows are checked. */
async function mapAndCheck(
  who: Staff,
  batch: ImportBatchDto,
  mapping = batch.mapping,
  location: number | null = locationId,
): Promise<ImportBatchDto> {
  const res = await injectAs(t.app, who.cookie, {
    method: 'POST',
    url: `/api/import/batches/${batch.id}/mapping`,
    payload: { mapping, location_id: location },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<ImportBatchDto>().stage).toBe('checking');
  let last: ImportBatchDto = res.json<ImportBatchDto>();
  await until(
    async () => {
      last = await batchOf(who, batch.id);
      return last.stage === 'ready' || last.stage === 'failed';
    },
    `batch ${batch.id} checked`,
    30_000,
  );
  expect(last.stage, last.error ?? '').toBe('ready');
  return last;
}

async function review(who: Staff, query = 'importType=leads&limit=500'): Promise<PrepareImportDto> {
  const res = await injectAs(t.app, who.cookie, { method: 'GET', url: `/api/import/prepare-import?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PrepareImportDto>();
}

async function launch(who: Staff, body: object): Promise<LaunchImportAnswer> {
  const res = await injectAs(t.app, who.cookie, { method: 'POST', url: '/api/import/launch-import', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LaunchImportAnswer>();
}

async function discardPending(who: Staff) {
  // Each test starts from a clean review: pending rows of earlier tests are discarded with their batches.
  const rows = await t.db.execute<{ id: number }>(
    sql`SELECT DISTINCT b.id FROM import_batches b JOIN import_rows r ON r.batch_id = b.id WHERE r.state = 'pending' AND b.created_by_id = ${who.id}`,
  );
  for (const { id } of rows.rows) {
    await injectAs(t.app, who.cookie, { method: 'DELETE', url: `/api/import/batches/${id}` });
  }
}

const counts = async () => {
  const r = await t.db.execute<{ batches: number; rows: number; clients: number }>(
    sql`SELECT (SELECT count(*)::int FROM import_batches) AS batches, (SELECT count(*)::int FROM import_rows) AS rows,
               (SELECT count(*)::int FROM users WHERE role_id = 2) AS clients`,
  );
  return r.rows[0]!;
};

const HEADER = 'Anrede;Vorname;Name;Strasse;PLZ;Ort;Telefon;Natel;E-Mail;Bemerkung';

describe('who may import', () => {
  const calls = [
    { method: 'POST' as const, url: '/api/import/upload-file' },
    { method: 'GET' as const, url: '/api/import/batches/1' },
    { method: 'POST' as const, url: '/api/import/batches/1/mapping', payload: { mapping: { '0': 'name' } } },
    { method: 'DELETE' as const, url: '/api/import/batches/1' },
    { method: 'GET' as const, url: '/api/import/prepare-import?importType=leads' },
    { method: 'POST' as const, url: '/api/import/update-record', payload: { id: 1 } },
    { method: 'POST' as const, url: '/api/import/launch-import', payload: { importType: 'leads' } },
  ];

  it.each(['sales_agent', 'user', 'partner', 'call_agent', 'independent_agent', 'prom_agent'] as const)(
    'a %s is refused every call',
    async (role) => {
      const who = await buildStaff(t, role);
      for (const call of calls) {
        const res = await injectAs(t.app, who.cookie, call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
    },
  );

  it('no one signed out', async () => {
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
  });

  it('an OCR manager may, and sees only their own uploads', async () => {
    const batch = await uploadOne(om, `${HEADER}\nFrau;Olga;Ocr;Weg 1;8001;Zürich;044 111 22 33;;;\n`);
    expect(batch.stage).toBe('parsed');
    const other = await injectAs(t.app, admin.cookie, { method: 'GET', url: `/api/import/batches/${batch.id}` });
    expect(other.statusCode).toBe(404);
    await injectAs(t.app, om.cookie, { method: 'DELETE', url: `/api/import/batches/${batch.id}` });
  });
});

describe('POST /api/import/upload-file', () => {
  it('reads a Windows-1252 CSV: headers, sample, rows, and the proposed mapping', async () => {
    const csv = iconv.encode(
      `${HEADER}\r\nFrau;Renée;Müller;Bahnhofstrasse 1;8001;Zürich;044 123 45 67;079 123 45 67;renee@example.ch;Rückruf\r\n`,
      'win1252',
    );
    const batch = await uploadOne(admin, csv, 'messe.csv', { importType: 'leads', location_id: String(locationId) });
    expect(batch).toMatchObject({
      import_type: 'leads',
      upload_type: 'local',
      file_name: 'messe.csv',
      stage: 'parsed',
      headers: HEADER.split(';'),
      row_count: 1,
      location_id: locationId,
      mapping_remembered: false,
    });
    expect(batch.sample[0]).toContain('Renée');
    expect(batch.mapping).toEqual({
      '0': 'salutation',
      '1': 'name',
      '2': 'surname',
      '3': 'address',
      '4': 'zipcode',
      '5': 'city',
      '6': 'phone',
      '7': 'mobile_phone',
      '8': 'email',
      '9': 'note',
    });
    await injectAs(t.app, admin.cookie, { method: 'DELETE', url: `/api/import/batches/${batch.id}` });
  });

  it('reads an XLSX and several files at once', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Leads');
    sheet.addRow(['Prénom', 'Nom', 'NPA', 'Localité', 'Portable']);
    sheet.addRow(['Jean', 'Dupont', 1003, 'Lausanne', 791234567]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(admin, [
      { filename: 'a.xlsx', bytes: xlsx },
      { filename: 'b.csv', bytes: Buffer.from('Vorname,Name,Telefon\nAnna,Muster,044 123 45 67\n') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = res.json<{ data: ImportBatchDto[] }>().data;
    expect(a).toMatchObject({ file_name: 'a.xlsx', headers: ['Prénom', 'Nom', 'NPA', 'Localité', 'Portable'], row_count: 1 });
    expect(a!.sample[0]).toEqual(['Jean', 'Dupont', '1003', 'Lausanne', '0791234567']);
    expect(a!.mapping).toEqual({ '0': 'name', '1': 'surname', '2': 'zipcode', '3': 'city', '4': 'mobile_phone' });
    expect(b).toMatchObject({ file_name: 'b.csv', row_count: 1 });
    for (const batch of [a!, b!]) {
      await injectAs(t.app, admin.cookie, { method: 'DELETE', url: `/api/import/batches/${batch.id}` });
    }
  });

  it.each<[string, { filename: string; bytes: Buffer }[], Record<string, string>, number, string, Record<string, string>]>([
    ['an empty file', [{ filename: 'a.csv', bytes: Buffer.alloc(0) }], { importType: 'leads' }, 400, 'EMPTY_FILE', { file: 'file_empty' }],
    [
      'a header alone',
      [{ filename: 'a.csv', bytes: Buffer.from('Vorname;Name\n') }],
      { importType: 'leads' },
      400,
      'EMPTY_FILE',
      { file: 'file_empty' },
    ],
    [
      'a file without header',
      [{ filename: 'a.csv', bytes: Buffer.from('Anna;anna@example.ch;079 123 45 67\n') }],
      { importType: 'leads' },
      400,
      'VALIDATION_ERROR',
      { file: 'file_no_header' },
    ],
    [
      'a picture named .csv',
      [{ filename: 'a.csv', bytes: png() }],
      { importType: 'leads' },
      415,
      'UNSUPPORTED_FILE_TYPE',
      { file: 'file_type_unsupported' },
    ],
    [
      'a damaged XLSX',
      [{ filename: 'a.xlsx', bytes: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(300, 1)]) }],
      { importType: 'leads' },
      400,
      'VALIDATION_ERROR',
      { file: 'file_unreadable' },
    ],
    [
      'a file too large',
      [{ filename: 'a.csv', bytes: Buffer.from(`Name\n${'Anna Muster\n'.repeat(40_000)}`) }],
      { importType: 'leads' },
      413,
      'FILE_TOO_LARGE',
      { file: 'file_too_large' },
    ],
    [
      'too many rows',
      [{ filename: 'a.csv', bytes: Buffer.from(`Name\n${'A\n'.repeat(MAX_ROWS + 1)}`) }],
      { importType: 'leads' },
      413,
      'FILE_TOO_LARGE',
      { file: 'file_too_many_rows' },
    ],
    ['no file', [], { importType: 'leads' }, 400, 'EMPTY_FILE', { file: 'field_is_required' }],
    [
      'no import type',
      [{ filename: 'a.csv', bytes: Buffer.from('Name\nA\n') }],
      {},
      400,
      'VALIDATION_ERROR',
      { importType: 'field_is_required' },
    ],
    [
      'an unknown import type',
      [{ filename: 'a.csv', bytes: Buffer.from('Name\nA\n') }],
      { importType: 'x' },
      400,
      'VALIDATION_ERROR',
      { importType: 'invalid_value' },
    ],
    [
      'an unknown location',
      [{ filename: 'a.csv', bytes: Buffer.from('Name\nA\n') }],
      { importType: 'leads', location_id: '999999' },
      404,
      'UNKNOWN_LOCATION_ID',
      { location_id: 'invalid_value' },
    ],
    [
      'a lead file as a scan',
      [{ filename: 'a.csv', bytes: Buffer.from('Name\nA\n') }],
      { importType: 'ocr' },
      415,
      'UNSUPPORTED_FILE_TYPE',
      { file: 'file_type_unsupported' },
    ],
    [
      'a good file with a bad one',
      [
        { filename: 'good.csv', bytes: Buffer.from('Name\nAnna\n') },
        { filename: 'bad.csv', bytes: Buffer.alloc(0) },
      ],
      { importType: 'leads' },
      400,
      'EMPTY_FILE',
      { file: 'file_empty' },
    ],
  ])('refuses %s and stores nothing', async (_, files, fields, status, error, fieldValidation) => {
    const before = await counts();
    const res = await upload(admin, files, fields);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ error, field_validation: fieldValidation });
    expect(await counts()).toEqual(before);
  });

  it('takes a scan for the OCR (its batch waits for the OCR)', async () => {
    const batch = await uploadOne(om, png(), 'scan.png', { importType: 'ocr' });
    expect(batch).toMatchObject({ import_type: 'ocr', stage: 'uploaded', headers: [], row_count: 0 });
    await injectAs(t.app, om.cookie, { method: 'DELETE', url: `/api/import/batches/${batch.id}` });
  });
});

describe('mapping, review, update, launch', () => {
  const csv = [
    HEADER,
    // 1: fine, new
    'Frau;Anna;Neu;Seeweg 3;8001;Zürich;044 201 00 01;;anna.neu@example.ch;Messe',
    // 2: bad phone, unknown postcode
    'Herr;Beat;Fehler;Weg 1;9999;Nirgendwo;12345;;;',
    // 3: an existing client (same e-mail and phone)
    'Frau;Clara;Kunde;Hauptstrasse 5;3000;Bern;031 300 00 03;;clara.kunde@example.ch;',
    // 4: the same person as row 1 (file duplicate)
    'Frau;Anna;Neu;Seeweg 3;8001;Zürich;044 201 00 01;;;',
    // 5: no way to reach
    'Herr;Dora;Ohne;;;;;;;',
  ].join('\n');

  let existingId: number;
  let batch: ImportBatchDto;

  beforeAll(async () => {
    await discardPending(admin);
    existingId = await buildClient(t, {
      name: 'Clara',
      surname: 'Kunde',
      email: 'clara.kunde@example.ch',
      phone: '031 300 00 03',
      zipcode: '3000',
      city: 'Bern',
      address: 'Hauptstrasse 5',
      company: null,
    });
    batch = await mapAndCheck(admin, await uploadOne(admin, csv, 'review.csv'));
  });

  it('checks every row: errors, file duplicates, matches among the clients', async () => {
    expect(batch).toMatchObject({ stage: 'ready', progress: 100, row_count: 5 });
    const page = await review(admin, `importType=leads&batch_id=${batch.id}&orderBy=row_no&orderMethod=asc`);
    expect(page.total).toBe(5);
    const byNo = new Map(page.data.map((r) => [r.row_no, r]));
    expect(byNo.get(1)).toMatchObject({ errors: {}, duplication_status: 'without_duplicates', matches: [], location: { id: locationId } });
    expect(byNo.get(2)!.errors).toEqual({ phone: 'invalid_phone', zipcode: 'postcode_unknown' });
    expect(byNo.get(3)!.duplication_status).toBe('duplicates');
    expect(byNo.get(3)!.matches[0]!.client.id).toBe(existingId);
    expect(byNo.get(4)!.file_duplicate_of).toEqual([1]);
    expect(byNo.get(5)!.errors).toEqual({ phone: 'contact_missing' });
    expect(page.counts).toEqual({ not_reviewed: 5, reviewed: 0, duplicates: 2, with_errors: 2 });
    expect(page.duplicatesInDB.email).toEqual([
      expect.objectContaining({
        value: 'clara.kunde@example.ch',
        row_ids: [byNo.get(3)!.id],
        clients: [expect.objectContaining({ id: existingId })],
      }),
    ]);
    expect(page.duplicatesInDB.phone.map((g) => g.row_ids)).toEqual([[byNo.get(3)!.id]]);
    expect(page.duplicatesInDB.address.map((g) => g.row_ids)).toEqual([[byNo.get(3)!.id]]);
  });

  it('pages, filters and orders on the server', async () => {
    const first = await review(admin, `importType=leads&batch_id=${batch.id}&limit=2&offset=0&orderBy=row_no&orderMethod=asc`);
    expect(first.data.map((r) => r.row_no)).toEqual([1, 2]);
    expect(first.total).toBe(5);
    const dups = await review(admin, `importType=leads&batch_id=${batch.id}&duplication=duplicates`);
    expect(dups.data.map((r) => r.row_no).sort()).toEqual([3, 4]);
    const bySurname = await review(admin, `importType=leads&batch_id=${batch.id}&orderBy=surname&orderMethod=asc`);
    expect(bySurname.data.map((r) => r.data.surname)).toEqual(['Fehler', 'Kunde', 'Neu', 'Neu', 'Ohne']);
    const other = await review(om, 'importType=leads');
    expect(other.total).toBe(0);
  });

  it('refuses a wrong query', async () => {
    const res = await injectAs(t.app, admin.cookie, { method: 'GET', url: '/api/import/prepare-import?importType=x&limit=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('update-record checks a corrected row again, and marks it reviewed', async () => {
    const page = await review(admin, `importType=leads&batch_id=${batch.id}&orderBy=row_no&orderMethod=asc`);
    const row2 = page.data.find((r) => r.row_no === 2)!;
    const res = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/import/update-record',
      payload: { id: row2.id, data: { phone: '044 202 00 02', zipcode: '8001', city: 'Zürich' }, reviewed: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportRowDto>()).toMatchObject({
      errors: {},
      review_status: 'reviewed',
      data: { phone: '044 202 00 02', name: 'Beat' },
    });
    const bad = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/import/update-record',
      payload: { id: row2.id, data: { email: 'nicht-gueltig' } },
    });
    expect(bad.json<ImportRowDto>().errors).toEqual({ email: 'invalid_email' });
    await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/import/update-record',
      payload: { id: row2.id, data: { email: null } },
    });
  });

  it.each<[string, object, number, string]>([
    ['an unknown row', { id: 999_999_999 }, 404, 'NOT_FOUND'],
    ['a bad body', { id: 'x' }, 400, 'VALIDATION_ERROR'],
    ['an unknown decision', { id: 1, decision: 'maybe' }, 400, 'VALIDATION_ERROR'],
  ])('update-record refuses %s', async (_, payload, status, error) => {
    const res = await injectAs(t.app, admin.cookie, { method: 'POST', url: '/api/import/update-record', payload });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error });
  });

  it("update-record refuses another's row and a merge into no client", async () => {
    const row = (await review(admin, `importType=leads&batch_id=${batch.id}`)).data[0]!;
    const res = await injectAs(t.app, om.cookie, {
      method: 'POST',
      url: '/api/import/update-record',
      payload: { id: row.id, reviewed: true },
    });
    expect(res.statusCode).toBe(404);
    const merge = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/import/update-record',
      payload: { id: row.id, decision: 'merge', merge_into_id: 999_999 },
    });
    expect(merge.statusCode).toBe(404);
    expect(merge.json()).toMatchObject({ error: 'UNKNOWN_USER_ID', field_validation: { merge_into_id: 'invalid_value' } });
  });

  it('launches: creates the new, skips duplicates, refuses rows with errors; a merge fills what the client lacks', async () => {
    const page = await review(admin, `importType=leads&batch_id=${batch.id}&orderBy=row_no&orderMethod=asc`);
    const row3 = page.data.find((r) => r.row_no === 3)!;
    // Row 3 is merged into the existing client, which has no company yet.
    await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/import/update-record',
      payload: { id: row3.id, decision: 'merge', merge_into_id: existingId, data: { company: 'Kunde AG' } },
    });
    const answer = await launch(admin, { importType: 'leads', all: true });
    expect(answer).toMatchObject({ updatedN: 3, created: 2, merged: 1, skipped: 1 });
    expect(answer.errors).toEqual([
      expect.objectContaining({ row_no: 5, file_name: 'review.csv', field: 'phone', error: 'contact_missing' }),
    ]);

    const created = await t.db.execute<{
      surname: string;
      lead_source: string;
      lead_location_id: number;
      status: string;
      created_by_id: number;
    }>(
      sql`SELECT surname, lead_source, lead_location_id, status, created_by_id FROM users WHERE surname IN ('Neu', 'Fehler') ORDER BY surname`,
    );
    expect(created.rows).toEqual([
      { surname: 'Fehler', lead_source: 'leads', lead_location_id: locationId, status: 'potential', created_by_id: admin.id },
      { surname: 'Neu', lead_source: 'leads', lead_location_id: locationId, status: 'potential', created_by_id: admin.id },
    ]);
    // Each new client's first status in its history, set by the importer; a row's remark in its notes.
    const history = await t.db.execute<{ surname: string; status: string; previous_status: string | null; changed_by_id: number }>(
      sql`SELECT u.surname, h.status, h.previous_status, h.changed_by_id FROM status_history h JOIN users u ON u.id = h.user_id
          WHERE u.surname IN ('Neu', 'Fehler') ORDER BY u.surname`,
    );
    expect(history.rows).toEqual([
      { surname: 'Fehler', status: 'potential', previous_status: null, changed_by_id: admin.id },
      { surname: 'Neu', status: 'potential', previous_status: null, changed_by_id: admin.id },
    ]);
    const remarks = await t.db.execute<{ surname: string; text: string; author_id: number }>(
      sql`SELECT u.surname, i.text, i.author_id FROM user_info i JOIN users u ON u.id = i.user_id WHERE u.surname IN ('Neu', 'Fehler')`,
    );
    expect(remarks.rows).toEqual([{ surname: 'Neu', text: 'Messe', author_id: admin.id }]);
    const [client] = await t.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${existingId}`);
    expect(client).toMatchObject({ name: 'Clara', email: 'clara.kunde@example.ch', company: 'Kunde AG', phone: '031 300 00 03' });
    const notes = await t.db.execute<{ text: string }>(sql`SELECT text FROM user_info WHERE user_id = ${existingId}`);
    expect(notes.rows[0]!.text).toContain('Import «review.csv», Zeile 3');
    // The row with errors is still waiting; the others are done.
    const after = await review(admin, `importType=leads&batch_id=${batch.id}`);
    expect(after.data.map((r) => r.row_no)).toEqual([5]);
  });

  it('the same file again creates nothing and says when it came before', async () => {
    const again = await uploadOne(admin, csv, 'review-again.csv');
    expect(again.earlier_upload_at).not.toBeNull();
    expect(again.mapping_remembered).toBe(true);
    const before = await counts();
    await mapAndCheck(admin, again);
    const answer = await launch(admin, { importType: 'leads', all: true });
    expect(answer.created).toBe(0);
    // Nothing changed: updatedN counts created and merged rows only; the repeated rows are skipped.
    expect(answer).toMatchObject({ updatedN: 0, merged: 0 });
    expect(answer.skipped).toBeGreaterThan(0);
    expect((await counts()).clients).toBe(before.clients);
  });

  it('mapping refuses what cannot be', async () => {
    const fresh = await uploadOne(admin, 'Vorname;Name\nAnna;Muster\n', 'm.csv');
    const cases: [object, number, object][] = [
      [{ mapping: { '5': 'name' } }, 400, { field_validation: { mapping: 'invalid_value' } }],
      [{ mapping: { '0': 'note' } }, 400, { field_validation: { mapping: 'name_missing' } }],
      [{ mapping: { '0': 'shoe' } }, 400, { error: 'VALIDATION_ERROR' }],
      [{ mapping: { '0': 'name' }, location_id: 999_999 }, 404, { error: 'UNKNOWN_LOCATION_ID' }],
    ];
    for (const [payload, status, body] of cases) {
      const res = await injectAs(t.app, admin.cookie, { method: 'POST', url: `/api/import/batches/${fresh.id}/mapping`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject(body);
    }
    expect((await batchOf(admin, fresh.id)).stage).toBe('parsed');
    const unknown = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/import/batches/999999/mapping',
      payload: { mapping: { '0': 'name' } },
    });
    expect(unknown.statusCode).toBe(404);
    await injectAs(t.app, admin.cookie, { method: 'DELETE', url: `/api/import/batches/${fresh.id}` });
  });

  it('DELETE discards a batch with its rows; a launched one stays', async () => {
    const fresh = await mapAndCheck(admin, await uploadOne(admin, 'Vorname;Name;Telefon\nEva;Weg;044 209 00 09\n', 'd.csv'));
    const del = await injectAs(t.app, admin.cookie, { method: 'DELETE', url: `/api/import/batches/${fresh.id}` });
    expect(del.statusCode).toBe(200);
    expect((await injectAs(t.app, admin.cookie, { method: 'GET', url: `/api/import/batches/${fresh.id}` })).statusCode).toBe(404);
    const rows = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM import_rows WHERE batch_id = ${fresh.id}`);
    expect(rows.rows[0]!.n).toBe(0);
    const launched = await injectAs(t.app, admin.cookie, { method: 'DELETE', url: `/api/import/batches/${batch.id}` });
    expect(launched.statusCode).toBe(409);
    expect(launched.json()).toMatchObject({ error: 'IMPORT_BATCH_NOT_READY' });
  });
});

describe("the check's rows, from the cells the upload kept or from the stored file", () => {
  it('are the same', async () => {
    await discardPending(admin);
    await buildClient(t, { name: 'Gerda', surname: 'Gleich', phone: '044 205 00 05', zipcode: '8001', city: 'Zürich' });
    const csv = [
      HEADER,
      'Frau;Gerda;Gleich;Seeweg 5;8001;Zürich;044 205 00 05;;;',
      'Herr;Hans;Fehler;Weg 1;9999;Nirgendwo;12345;;;',
      'Frau;Gerda;Gleich;Seeweg 5;8001;Zürich;;;;',
      'Herr;Ivo;Neu;Bahnhofstr. 9;3000;Bern;031 300 00 09;;ivo.neu@example.ch;Messe',
    ].join('\n');
    const uploaded = await uploadOne(admin, iconv.encode(csv, 'win1252'), 'same.csv');
    const stored = await t.db.execute<{ file_id: string }>(sql`SELECT file_id FROM import_batches WHERE id = ${uploaded.id}`);
    const fileId = stored.rows[0]!.file_id;
    // The upload kept its cells (looked at, and kept again for the check).
    const kept = takeParsed(fileId);
    expect(kept?.rows).toHaveLength(4);
    keepParsed(fileId, kept!);
    const rowsOf = async () =>
      (await review(admin, `importType=leads&batch_id=${uploaded.id}&orderBy=row_no&orderMethod=asc`)).data.map((r) => ({
        row_no: r.row_no,
        data: r.data,
        errors: r.errors,
        duplication_status: r.duplication_status,
        file_duplicate_of: r.file_duplicate_of,
        matches: r.matches.map((m) => [m.client.id, m.score, m.reasons]),
      }));
    await mapAndCheck(admin, uploaded);
    // The first check took them; the second reads the stored file.
    expect(takeParsed(fileId)).toBeUndefined();
    const fromKept = await rowsOf();
    await mapAndCheck(admin, uploaded);
    const fromStored = await rowsOf();
    expect(fromKept.map((r) => [r.errors, r.duplication_status, r.file_duplicate_of, r.matches.length])).toEqual([
      [{}, 'duplicates', [], 1],
      [{ phone: 'invalid_phone', zipcode: 'postcode_unknown' }, 'without_duplicates', [], 0],
      [{ phone: 'contact_missing' }, 'duplicates', [1], 0],
      [{}, 'without_duplicates', [], 0],
    ]);
    expect(fromStored).toEqual(fromKept);
    await discardPending(admin);
  });
});

describe("the check's rows as written", () => {
  it('keep every character of the cells: tabs, line breaks, backslashes, quotes, any script', async () => {
    await discardPending(admin);
    const remark = 'Zeile 1\nZeile 2\tnach Tab \\ Backslash \\N "zitiert" — Привет 😀';
    const csv = [
      HEADER,
      `Frau;"Anna\tMaria";"O\\'Brien";"Seeweg 5\r\nHinterhaus";8001;Zürich;044 205 00 06;;;"${remark.replace(/"/g, '""')}"`,
    ].join('\n');
    const uploaded = await uploadOne(admin, Buffer.from(csv), 'characters.csv');
    await mapAndCheck(admin, uploaded);
    const stored = await t.db.execute<{ data: Record<string, string>; raw: string[] }>(
      sql`SELECT data, raw FROM import_rows WHERE batch_id = ${uploaded.id}`,
    );
    expect(stored.rows).toHaveLength(1);
    const row = stored.rows[0]!;
    expect(row.raw).toEqual([
      'Frau',
      'Anna\tMaria',
      "O\\'Brien",
      'Seeweg 5\r\nHinterhaus',
      '8001',
      'Zürich',
      '044 205 00 06',
      '',
      '',
      remark,
    ]);
    expect(row.data).toMatchObject({ name: 'Anna\tMaria', surname: "O\\'Brien", address: 'Seeweg 5\r\nHinterhaus', city: 'Zürich' });
    expect(Object.values(row.data)).toContain(remark);
    await discardPending(admin);
  });
});

describe('launch in one transaction', () => {
  it('a failure in the middle leaves nothing imported', async () => {
    await discardPending(admin);
    const lines = Array.from({ length: 30 }, (_, i) => `Tx;Person${i};044 400 ${String(10 + i).padStart(2, '0')} 00`);
    lines[20] = 'Tx;Boom;044 499 99 99';
    const batch = await mapAndCheck(admin, await uploadOne(admin, `Vorname;Name;Telefon\n${lines.join('\n')}\n`, 'tx.csv'));
    const before = await counts();
    await t.db.execute(sql`ALTER TABLE users ADD CONSTRAINT import_test_boom CHECK (surname <> 'Boom') NOT VALID`);
    try {
      const res = await injectAs(t.app, admin.cookie, {
        method: 'POST',
        url: '/api/import/launch-import',
        payload: { importType: 'leads', all: true },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`ALTER TABLE users DROP CONSTRAINT import_test_boom`);
    }
    expect(await counts()).toEqual(before);
    const page = await review(admin, `importType=leads&batch_id=${batch.id}`);
    expect(page.total).toBe(30);
    expect(page.data.every((r) => r.state === 'pending')).toBe(true);
    const answer = await launch(admin, { importType: 'leads', ids: page.data.map((r) => r.id) });
    expect(answer.created).toBe(30);
  });
});

describe('the review by location, and its counts', () => {
  it("orders by the location's code (descending: rows without a location last; ascending: first), and the counts follow corrections and launches", async () => {
    const who = await buildStaff(t, 'admin');
    // Made in this order, so the locations' ids do not follow their codes.
    const codes = ['ORD-B', 'ORD-C', 'ORD-A'];
    const ids: Record<string, number> = {};
    for (const code of codes) {
      const [loc] = await t.db
        .insert(locations)
        .values({ code, displayName: code, city: 'Bern', type: 'event' })
        .returning({ id: locations.id });
      ids[code] = loc!.id;
    }
    const file = (n: number) => `Vorname;Nachname;E-Mail\n${[1, 2].map((i) => `Ola;Ord${n}x${i};ord${n}.${i}@example.ch`).join('\n')}`;
    // Upload order: A (no location), B, C, A.
    const places: (string | null)[] = [null, 'ORD-B', 'ORD-C', 'ORD-A'];
    for (const [n, code] of places.entries()) {
      await mapAndCheck(who, await uploadOne(who, file(n), `ord-${n}.csv`), undefined, code === null ? null : ids[code]!);
    }
    const order = async (query: string) =>
      (await review(who, `importType=leads&${query}`)).data.map((r) => `${r.location?.code ?? '-'}:${r.data.surname}`);
    expect(await order('')).toEqual([
      'ORD-C:Ord2x1',
      'ORD-C:Ord2x2',
      'ORD-B:Ord1x1',
      'ORD-B:Ord1x2',
      'ORD-A:Ord3x1',
      'ORD-A:Ord3x2',
      '-:Ord0x1',
      '-:Ord0x2',
    ]);
    expect(await order('orderMethod=asc')).toEqual([
      '-:Ord0x1',
      '-:Ord0x2',
      'ORD-A:Ord3x1',
      'ORD-A:Ord3x2',
      'ORD-B:Ord1x1',
      'ORD-B:Ord1x2',
      'ORD-C:Ord2x1',
      'ORD-C:Ord2x2',
    ]);
    // Pages cut across the locations.
    expect(await order('limit=3&offset=2')).toEqual(['ORD-B:Ord1x1', 'ORD-B:Ord1x2', 'ORD-A:Ord3x1']);
    expect(await order('limit=3&offset=6&orderMethod=asc')).toEqual(['ORD-C:Ord2x1', 'ORD-C:Ord2x2']);

    let page = await review(who, 'importType=leads');
    expect(page.total).toBe(8);
    expect(page.counts).toEqual({ not_reviewed: 8, reviewed: 0, duplicates: 0, with_errors: 0 });
    // A correction that breaks the e-mail, and a review mark: the counts and the filters' totals follow.
    const [first, second] = page.data;
    for (const payload of [
      { id: first!.id, data: { email: 'kaputt' } },
      { id: second!.id, reviewed: true },
    ]) {
      const res = await injectAs(t.app, who.cookie, { method: 'POST', url: '/api/import/update-record', payload });
      expect(res.statusCode, res.body).toBe(200);
    }
    page = await review(who, 'importType=leads');
    expect(page.counts).toEqual({ not_reviewed: 7, reviewed: 1, duplicates: 0, with_errors: 1 });
    expect((await review(who, 'importType=leads&review=reviewed')).total).toBe(1);
    expect((await review(who, 'importType=leads&review=not_reviewed&duplication=without_duplicates')).total).toBe(7);
    expect((await review(who, 'importType=leads&duplication=duplicates')).total).toBe(0);
    // The launch takes the rows without errors; the one with the broken e-mail stays pending.
    const answer = await launch(who, { importType: 'leads', all: true });
    expect(answer.created).toBe(7);
    page = await review(who, 'importType=leads');
    expect(page.total).toBe(1);
    expect(page.counts).toEqual({ not_reviewed: 1, reviewed: 0, duplicates: 0, with_errors: 1 });
    expect(page.data.map((r) => r.id)).toEqual([first!.id]);
  });
});

describe("the rows' references (batch and location, kept by triggers)", () => {
  const insertRow = (
    client: { query: (q: string, v: unknown[]) => Promise<unknown> },
    batch: number,
    rowNo: number,
    location: number | null,
  ) =>
    client.query(
      `INSERT INTO import_rows (batch_id, row_no, import_type, created_by_id, location_id, data) VALUES ($1, $2, 'leads', $3, $4, '{}'::jsonb)`,
      [batch, rowNo, admin.id, location],
    );
  const sqlState = (err: unknown) => (err as { code?: string }).code;
  let batch: ImportBatchDto;

  beforeAll(async () => {
    batch = await mapAndCheck(admin, await uploadOne(admin, 'Vorname;Nachname\nCarla;Refown\n', 'refown.csv'));
  });

  it('a deleted location is taken off the rows of its batches, which stay', async () => {
    const who = await buildStaff(t, 'admin');
    const [loc] = await t.db
      .insert(locations)
      .values({ code: 'REF-GONE', displayName: 'Messe Bern', city: 'Bern', type: 'event' })
      .returning({ id: locations.id });
    const checked = await mapAndCheck(
      who,
      await uploadOne(who, 'Vorname;Nachname\nAnna;Refgone\nBeat;Refgone\n', 'ref.csv'),
      undefined,
      loc!.id,
    );
    expect((await review(who)).data.map((r) => r.location?.code)).toEqual(['REF-GONE', 'REF-GONE']);
    const del = await injectAs(t.app, admin.cookie, { method: 'DELETE', url: `/api/location/${loc!.id}` });
    expect(del.statusCode, del.body).toBe(200);
    const page = await review(who);
    expect(page.data.map((r) => [r.data.surname, r.location])).toEqual([
      ['Refgone', null],
      ['Refgone', null],
    ]);
    expect((await batchOf(who, checked.id)).row_count).toBe(2);
    const named = await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM import_rows WHERE location_id = $1`, [loc!.id]);
    expect(named.rows[0]!.n).toBe(0);
  });

  it('refuses rows naming a batch or a location that does not exist, and writes none of the statement', async () => {
    const before = await counts();
    const missing = 2_000_000_000;
    await expect(insertRow(t.pool, missing, 1, null)).rejects.toSatisfy((e) => sqlState(e) === '23503');
    await expect(insertRow(t.pool, batch.id, 900_001, missing)).rejects.toSatisfy((e) => sqlState(e) === '23503');
    // Many rows in one statement, the last naming a location that does not exist: none is kept.
    await expect(
      t.pool.query(
        `INSERT INTO import_rows (batch_id, row_no, import_type, created_by_id, location_id, data)
         SELECT $1, 900000 + n, 'leads', $2, CASE WHEN n = 50 THEN $3::int ELSE $4::int END, '{}'::jsonb FROM generate_series(1, 50) n`,
        [batch.id, admin.id, missing, locationId],
      ),
    ).rejects.toSatisfy((e) => sqlState(e) === '23503');
    expect(await counts()).toEqual(before);
    // A row moved to a location that does not exist is refused too; to one that exists, or to none, it is not.
    const [row] = (await t.pool.query<{ id: number }>(`SELECT id FROM import_rows WHERE batch_id = $1 LIMIT 1`, [batch.id])).rows;
    await expect(t.pool.query(`UPDATE import_rows SET location_id = $1 WHERE id = $2`, [missing, row!.id])).rejects.toSatisfy(
      (e) => sqlState(e) === '23503',
    );
    await expect(t.pool.query(`UPDATE import_rows SET location_id = NULL WHERE id = $1`, [row!.id])).resolves.toBeTruthy();
    await expect(t.pool.query(`UPDATE import_rows SET location_id = $1 WHERE id = $2`, [locationId, row!.id])).resolves.toBeTruthy();
  });

  it('a location cannot go while rows naming it are being written: its deletion waits, then takes it off them', async () => {
    const [loc] = await t.db
      .insert(locations)
      .values({ code: 'REF-WAIT', displayName: 'Messe Basel', city: 'Basel', type: 'event' })
      .returning({ id: locations.id });
    const writer = await t.pool.connect();
    try {
      await writer.query('BEGIN');
      await insertRow(writer, batch.id, 910_001, loc!.id);
      await insertRow(writer, batch.id, 910_002, loc!.id);
      const deleting = injectAs(t.app, admin.cookie, { method: 'DELETE', url: `/api/location/${loc!.id}` });
      await until(
        async () =>
          (
            await t.pool.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
            )
          ).rows[0]!.n > 0,
        'the deletion waits for the rows being written',
      );
      await writer.query('COMMIT');
      expect((await deleting).statusCode).toBe(200);
    } finally {
      writer.release();
    }
    const rows = await t.pool.query<{ location_id: number | null }>(
      `SELECT location_id FROM import_rows WHERE batch_id = $1 AND row_no IN (910001, 910002)`,
      [batch.id],
    );
    expect(rows.rows).toEqual([{ location_id: null }, { location_id: null }]);
    await t.pool.query(`DELETE FROM import_rows WHERE batch_id = $1 AND row_no IN (910001, 910002)`, [batch.id]);
  });
});

describe('a file of 1,000 rows end to end', () => {
  it('with errors and duplicates, checked, reviewed and launched', async () => {
    await discardPending(admin);
    await buildClient(t, { name: 'Known', surname: 'Person', email: 'known.person@example.ch', phone: '044 555 00 00' });
    const FIRST = [
      'Anna',
      'Beat',
      'Claudia',
      'Daniel',
      'Eva',
      'Fabian',
      'Gabriela',
      'Hans',
      'Irene',
      'Jonas',
      'Karin',
      'Lukas',
      'Monika',
      'Nicolas',
      'Olivia',
      'Patrick',
      'Regula',
      'Stefan',
      'Tanja',
      'Urs',
      'Verena',
      'Walter',
      'Yvonne',
      'Reto',
      'Silvia',
    ];
    const LAST = [
      'Aebischer',
      'Brunner',
      'Caduff',
      'Dietrich',
      'Egger',
      'Frei',
      'Gerber',
      'Huber',
      'Imhof',
      'Jenni',
      'Kunz',
      'Lehmann',
      'Moser',
      'Nussbaum',
      'Oberholzer',
      'Portmann',
      'Roth',
      'Steiner',
      'Tanner',
      'Vogel',
      'Wyss',
      'Zbinden',
      'Baumann',
      'Graf',
      'Hofer',
      'Keller',
      'Marti',
      'Schmid',
      'Suter',
      'Widmer',
      'Bachmann',
      'Bieri',
      'Fischer',
      'Gasser',
      'Kaufmann',
      'Meier',
      'Müller',
      'Schneider',
      'Weber',
      'Zimmermann',
    ];
    const PLACES = [
      ['8001', 'Zürich'],
      ['3011', 'Bern'],
      ['4051', 'Basel'],
      ['6003', 'Luzern'],
      ['9000', 'St. Gallen'],
      ['1003', 'Lausanne'],
      ['1204', 'Genève'],
      ['6900', 'Lugano'],
      ['2502', 'Biel/Bienne'],
      ['8400', 'Winterthur'],
    ];
    const person = (i: number) => {
      const [zip, city] = PLACES[i % PLACES.length]!;
      const n = String(i).padStart(4, '0');
      return `Frau;${FIRST[i % FIRST.length]!};${LAST[Math.floor(i / FIRST.length) % LAST.length]!};Gasse ${i};${zip};${city};044 6${n.slice(0, 2)} ${n.slice(2)} ${String(i % 97).padStart(2, '0')};;p${n}@example.ch;`;
    };
    const rows: string[] = [];
    for (let i = 1; i <= 1000; i += 1) {
      if (i % 100 === 0) {
        rows.push(`Frau;Bad;Row${i};Weg ${i};9999;Irgendwo;123;;;`); // invalid phone, unknown postcode
      } else if (i % 250 === 1 && i > 1) {
        rows.push(person(1)); // the same as row 1
      } else if (i === 499) {
        rows.push('Herr;Known;Person;;;;044 555 00 00;;known.person@example.ch;'); // an existing client
      } else {
        rows.push(person(i));
      }
    }
    const batch = await uploadOne(admin, `${HEADER}\n${rows.join('\n')}\n`, 'tausend.csv');
    expect(batch.row_count).toBe(1000);
    await mapAndCheck(admin, batch);
    const page = await review(admin, `importType=leads&limit=50&batch_id=${batch.id}`);
    expect(page.total).toBe(1000);
    expect(page.data).toHaveLength(50);
    expect(page.counts.with_errors).toBe(10);
    expect(page.counts.duplicates).toBeGreaterThanOrEqual(4);
    const before = await counts();
    const ids = (await review(admin, `importType=leads&limit=500&batch_id=${batch.id}`)).data.map((r) => r.id);
    const rest = (await review(admin, `importType=leads&limit=500&offset=500&batch_id=${batch.id}`)).data.map((r) => r.id);
    const answer = await launch(admin, { importType: 'leads', ids: [...ids, ...rest] });
    expect(answer.errors.filter((e) => e.field === 'zipcode')).toHaveLength(10);
    expect(answer.skipped).toBe(4); // three repeats of row 1 and the existing client
    expect(answer.created).toBe(1000 - 10 - 4);
    expect((await counts()).clients).toBe(before.clients + answer.created);
  }, 60_000);
});

describe('the check as a pg-boss job', () => {
  it('a worker of the job queue checks the rows of a mapped batch, woken at once by the new job', async () => {
    const ref: { current: Jobs | null } = { current: null };
    const proxy: Jobs = {
      notifyMailQueued: () => ref.current?.notifyMailQueued(),
      notifySmsPlanned: () => ref.current?.notifySmsPlanned(),
      notifyOcr: (id) => ref.current?.notifyOcr(id),
      notifyImportCheck: (id) => ref.current?.notifyImportCheck?.(id),
      stop: async () => ref.current?.stop(),
    };
    const errors: Error[] = [];
    const withJobs = await createTestApp({ databaseUrl: t.databaseUrl, env: { DATA_DIR: t.dataDir }, jobs: proxy });
    const jobs = await startJobs({
      databaseUrl: t.databaseUrl,
      db: withJobs.db,
      transport: outboxTransport,
      mailFrom: 'Back Office <no-reply@back-office.local>',
      onError: (err) => errors.push(err),
      importCheck: { db: withJobs.db, files: { db: withJobs.db, storage: storageFor(withJobs.config) }, limits: withJobs.config.import },
      // The worker would look for jobs on its own only every ten minutes: within the wait below, only the
      // notification of the new job can start the check.
      pollSeconds: 600,
    });
    ref.current = jobs;
    try {
      const other = { ...admin };
      const res = await injectAs(withJobs.app, other.cookie, {
        method: 'POST',
        url: '/api/import/upload-file',
        ...form([
          { name: 'importType', value: 'leads' },
          { name: 'file', file: { filename: 'job.csv', bytes: Buffer.from('Vorname;Name;Telefon\nJob;Runner;044 777 00 01\n') } },
        ]),
      });
      expect(res.statusCode, res.body).toBe(200);
      const batch = res.json<{ data: ImportBatchDto[] }>().data[0]!;
      const mapped = await injectAs(withJobs.app, other.cookie, {
        method: 'POST',
        url: `/api/import/batches/${batch.id}/mapping`,
        payload: { mapping: batch.mapping },
      });
      expect(mapped.json<ImportBatchDto>().stage).toBe('checking');
      await until(
        async () =>
          (await injectAs(withJobs.app, other.cookie, { method: 'GET', url: `/api/import/batches/${batch.id}` })).json<ImportBatchDto>()
            .stage === 'ready',
        'the job checked the batch',
        30_000,
      );
      expect(errors).toEqual([]);
      await injectAs(withJobs.app, other.cookie, { method: 'DELETE', url: `/api/import/batches/${batch.id}` });
    } finally {
      await jobs.stop();
      await withJobs.close();
    }
  }, 60_000);
});
