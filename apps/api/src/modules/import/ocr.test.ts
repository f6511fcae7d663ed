import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { OcrOperationDto } from '@bo/domain';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../../../test/fake-google-drive.ts';
import { buildStaff, type Staff } from '../../../test/factories.ts';
import { createTestApp, createTestDatabase, injectAs, testConfig, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/wait.ts';
import { leadFormPdf, pdfPages, type LeadFormField } from '../../documents/lead-form/index.ts';
import { createDrive } from '../../integrations/drive/index.ts';
import { outboxTransport } from '../../integrations/mail/transport.ts';
import { tesseractOcr, type OcrEngine } from '../../integrations/ocr/index.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { startJobs, type Jobs } from '../../jobs/queue.ts';
import { ocrRowWriter } from './ocr.writer.ts';
import { processOperation } from './ocr.service.ts';

const run = promisify(execFile);

type Values = Partial<Record<LeadFormField, string>>;
const PEOPLE: Values[] = [
  {
    salutation: 'Frau',
    name: 'Anna',
    surname: 'Meier',
    address: 'Bahnhofstrasse 12',
    zipcode: '8001',
    city: 'Zürich',
    email: 'anna.meier@example.ch',
  },
  {
    salutation: 'Herr',
    name: 'Marco',
    surname: 'Rossi',
    address: 'Via Nassa 5',
    zipcode: '6900',
    city: 'Lugano',
    email: 'marco.rossi@example.ch',
  },
  {
    salutation: 'Herr',
    name: 'Peter',
    surname: 'Keller',
    address: 'Marktgasse 3',
    zipcode: '3011',
    city: 'Bern',
    email: 'peter.keller@example.ch',
  },
];

/** A filled lead form as a scan would be: a PDF page, or the page as a 300 dpi PNG. */
const formPdf = (values: Values) => leadFormPdf({ values });
const formPng = async (values: Values) => (await pdfPages(await formPdf(values)))[0]!;
/** Several PDFs as one PDF of several pages (poppler's pdfunite, beside pdftoppm). */
async function joinPdfs(pdfs: Buffer[]): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ocr-join-'));
  try {
    const names = await Promise.all(
      pdfs.map(async (pdf, i) => {
        const name = path.join(dir, `${i}.pdf`);
        await fs.writeFile(name, pdf);
        return name;
      }),
    );
    await run('pdfunite', [...names, path.join(dir, 'all.pdf')]);
    return await fs.readFile(path.join(dir, 'all.pdf'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * An engine the test steers: while the gate is closed (`hold`) each call waits for the next `release`, so the test
 * knows which page a worker is on; it reads nothing (every text box uncertain), which is enough to make a row per page.
 */
function steeredEngine() {
  let open = true;
  let waiters: (() => void)[] = [];
  let calls = 0;
  const pass = async () => {
    calls += 1;
    if (!open) {
      // Let through by the next release, even if the gate is closed again right after.
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const engine: OcrEngine = {
    provider: 'steered',
    async recognize() {
      await pass();
      return { text: '', confidence: 0 };
    },
    async recognizeMany(images) {
      await pass();
      return images.map(() => ({ text: '', confidence: 0 }));
    },
  };
  return {
    engine,
    get calls() {
      return calls;
    },
    get waiting() {
      return waiters.length;
    },
    hold() {
      open = false;
    },
    release() {
      open = true;
      const w = waiters;
      waiters = [];
      w.forEach((f) => f());
    },
  };
}

interface Server {
  t: TestApp;
  jobs: Jobs;
  close(): Promise<void>;
}

let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let dataDir: string;
let google: FakeGoogleDrive;
const jobErrors: Error[] = [];

/** The app with its job worker as main.ts starts them, on the shared test database, reading with `engine`. */
async function startServer(engine: OcrEngine, env: Record<string, string> = {}): Promise<Server> {
  const fullEnv = { DATA_DIR: dataDir, ...env };
  const config = testConfig(fullEnv);
  const storage = storageFor(config);
  const jobsRef: { current: Jobs | null } = { current: null };
  const proxy: Jobs = {
    notifyMailQueued: () => jobsRef.current?.notifyMailQueued(),
    notifySmsPlanned: () => jobsRef.current?.notifySmsPlanned(),
    notifyOcr: (id) => jobsRef.current?.notifyOcr(id),
    stop: async () => jobsRef.current?.stop(),
  };
  const t = await createTestApp({ databaseUrl, env: fullEnv, jobs: proxy });
  const jobs = await startJobs({
    databaseUrl,
    db: t.db,
    transport: outboxTransport,
    mailFrom: 'Back Office <no-reply@back-office.local>',
    onError: (err) => jobErrors.push(err),
    ocr: { db: t.db, files: { db: t.db, storage }, drive: createDrive(config), engine },
  });
  jobsRef.current = jobs;
  return {
    t,
    jobs,
    close: async () => {
      await jobs.stop();
      await t.close();
    },
  };
}

const lastOperation = async (t: TestApp, cookie: string) =>
  (await injectAs(t.app, cookie, { method: 'GET', url: '/api/import/pool-ocr-result' })).json<{ operation: OcrOperationDto | null }>()
    .operation;

async function finished(t: TestApp, cookie: string, timeoutMs = 120_000): Promise<OcrOperationDto> {
  let op: OcrOperationDto | null = null;
  await until(
    async () => {
      op = await lastOperation(t, cookie);
      return op?.done === true;
    },
    'the OCR operation ended',
    timeoutMs,
  );
  return op!;
}

async function folderWith(name: string, files: Record<string, Buffer>): Promise<string> {
  const dir = path.join(dataDir, 'drive', name);
  await fs.mkdir(dir, { recursive: true });
  for (const [file, bytes] of Object.entries(files)) {
    await fs.writeFile(path.join(dir, file), bytes);
  }
  return name;
}

async function rowsOfOperation(t: TestApp, operationId: number) {
  const res = await t.pool.query<{
    id: string;
    batch_id: number;
    row_no: number;
    data: Record<string, string | null>;
    errors: Record<string, string>;
    confidence: Record<string, number>;
    field_images: Record<string, string> | null;
    state: string;
  }>(
    `SELECT r.id, r.batch_id, r.row_no, r.data, r.errors, r.confidence, r.field_images, r.state
     FROM import_rows r JOIN import_batches b ON b.id = r.batch_id
     WHERE b.ocr_operation_id = $1 ORDER BY r.batch_id, r.row_no`,
    [operationId],
  );
  return res.rows;
}

beforeAll(async () => {
  const db = await createTestDatabase();
  databaseUrl = db.url;
  dropDatabase = () => db.drop();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-ocr-'));
  google = await startFakeGoogleDrive();
});

afterAll(async () => {
  await google?.close();
  await dropDatabase?.();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('reading scanned lead forms', () => {
  it('reads the pages of a folder (a PDF of two forms and a PNG) into one import row each, with confidence and crops', async () => {
    const server = await startServer(tesseractOcr());
    try {
      const om = await buildStaff(server.t, 'ocr_manager');
      const folder = await folderWith('messe-zuerich', {
        'a-stapel.pdf': await joinPdfs([await formPdf(PEOPLE[0]!), await formPdf(PEOPLE[1]!)]),
        'b-foto.png': await formPng(PEOPLE[2]!),
        'notiz.txt': Buffer.from('kein Scan'),
      });
      const started = await injectAs(server.t.app, om.cookie, { method: 'POST', url: '/api/import/ocr-imports', payload: { folder } });
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json<OcrOperationDto>()).toMatchObject({ upload_type: 'gdrive', done: false, termination_status: null });

      const op = await finished(server.t, om.cookie);
      expect(op).toMatchObject({ done: true, error: null, pages_total: 3, pages_done: 3, rows_created: 3, processing: 'ocr' });
      const rows = await rowsOfOperation(server.t, op.id);
      expect(rows.map((r) => r.row_no)).toEqual([1, 2, 3]);
      expect(rows.map((r) => r.data.surname)).toEqual(['Meier', 'Rossi', 'Keller']);
      expect(rows.map((r) => r.data.name)).toEqual(['Anna', 'Marco', 'Peter']);
      for (const r of rows) {
        expect(Object.keys(r.confidence)).toEqual(expect.arrayContaining(['name', 'surname', 'zipcode', 'email']));
        // Every uncertain field is sent to review with the crop of its box.
        for (const [field, error] of Object.entries(r.errors)) {
          if (error === 'ocr_uncertain') {
            expect(r.confidence[field]).toBeLessThan(0.8);
            expect(r.field_images?.[field]).toMatch(/^[0-9a-f-]{36}$/);
          }
        }
      }
      const crop = rows.flatMap((r) => Object.values(r.field_images ?? {}))[0];
      if (crop) {
        const file = await injectAs(server.t.app, om.cookie, { method: 'GET', url: `/api/files/${crop}` });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/png');
      }
      const list = await injectAs(server.t.app, om.cookie, { method: 'GET', url: '/api/import/ocr-imports' });
      expect(list.json<{ data: OcrOperationDto[] }>().data.map((o) => o.id)).toEqual([op.id]);
      expect(jobErrors).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('resumes after a restart at the first page not done and makes each row once', async () => {
    const steered = steeredEngine();
    const a = await startServer(steered.engine);
    let aStopped = false;
    onTestFinished(async () => {
      if (!aStopped) {
        steered.release();
        await a.close();
      }
    });
    const om = await buildStaff(a.t, 'ocr_manager');
    const folder = await folderWith('neustart', {
      'scans.pdf': await joinPdfs(await Promise.all(PEOPLE.map((p) => formPdf(p)))),
    });
    steered.hold();
    const started = await injectAs(a.t.app, om.cookie, { method: 'POST', url: '/api/import/ocr-imports', payload: { folder } });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json<OcrOperationDto>().id;
    const pagesDone = async () =>
      (await a.t.pool.query<{ pages_done: number }>('SELECT pages_done FROM ocr_operations WHERE id = $1', [id])).rows[0]!.pages_done;
    // Let the worker through one answer at a time until the first page is done: it then waits inside the second.
    await until(
      async () => {
        if (steered.waiting > 0 && (await pagesDone()) < 1) {
          steered.release();
          steered.hold();
        }
        return (await pagesDone()) >= 1 && steered.waiting > 0;
      },
      'the first page read and the second begun',
      60_000,
    );
    // The server stops: the page being read is finished, the next one is not begun.
    aStopped = true;
    const stopped = a.close();
    steered.release();
    await stopped;

    const engineB = steeredEngine();
    const b = await startServer(engineB.engine);
    try {
      await until(
        async () => {
          const r = await b.t.pool.query<{ done: boolean }>('SELECT done FROM ocr_operations WHERE id = $1', [id]);
          return r.rows[0]?.done === true;
        },
        'the operation finished by the new server',
        60_000,
      );
      const op = (
        await b.t.pool.query<{ pages_done: number }>('SELECT pages_done, rows_created, error FROM ocr_operations WHERE id = $1', [id])
      ).rows[0];
      expect(op).toEqual({ pages_done: 3, rows_created: 3, error: null });
      const pages = await b.t.pool.query<{ page_no: number; state: string; row_id: string }>(
        'SELECT page_no, state, row_id FROM ocr_pages WHERE operation_id = $1 ORDER BY page_no',
        [id],
      );
      expect(pages.rows.map((p) => [p.page_no, p.state])).toEqual([
        [1, 'done'],
        [2, 'done'],
        [3, 'done'],
      ]);
      const rows = await rowsOfOperation(b.t, id);
      expect(rows.map((r) => r.row_no)).toEqual([1, 2, 3]);
      expect(new Set(pages.rows.map((p) => String(p.row_id)))).toEqual(new Set(rows.map((r) => String(r.id))));
      // The new server read only what was left: the first server finished its second page before stopping.
      expect(engineB.calls).toBeGreaterThan(0);
      expect(engineB.calls).toBeLessThan(steered.calls);
    } finally {
      await b.close();
    }
  }, 180_000);

  it('two workers on one operation read every page once', async () => {
    const server = await startServer(steeredEngine().engine);
    try {
      const om = await buildStaff(server.t, 'ocr_manager');
      // The server's own worker takes part too: three workers, each page read once.
      const folder = await folderWith('zwei-arbeiter', { 'scans.pdf': await joinPdfs(await Promise.all(PEOPLE.map((p) => formPdf(p)))) });
      const started = await injectAs(server.t.app, om.cookie, { method: 'POST', url: '/api/import/ocr-imports', payload: { folder } });
      const id = started.json<OcrOperationDto>().id;
      const deps = {
        db: server.t.db,
        files: { db: server.t.db, storage: storageFor(server.t.config) },
        drive: createDrive(server.t.config),
        engine: steeredEngine().engine,
      };
      await Promise.all([processOperation(deps, ocrRowWriter, id), processOperation(deps, ocrRowWriter, id)]);
      const op = await finished(server.t, om.cookie);
      expect(op).toMatchObject({ pages_done: 3, rows_created: 3 });
      expect((await rowsOfOperation(server.t, id)).map((r) => r.row_no)).toEqual([1, 2, 3]);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('stopping, folders on Google Drive, refusals', () => {
  let server: Server;
  let steered: ReturnType<typeof steeredEngine>;
  let om: Staff;
  const FOLDER_ID = '1FormsFolderOnDriveAbc123';

  beforeAll(async () => {
    google.addFolder(FOLDER_ID, 'Messe Bern');
    google.addFile(FOLDER_ID, {
      id: 'scan1',
      name: 'Stapel.pdf',
      mimeType: 'application/pdf',
      content: await joinPdfs([await formPdf(PEOPLE[0]!), await formPdf(PEOPLE[1]!)]),
    });
    google.addFile(FOLDER_ID, { id: 'scan2', name: 'Foto.png', mimeType: 'image/png', content: await formPng(PEOPLE[2]!) });
    google.addFile(FOLDER_ID, { id: 'doc1', name: 'Notizen', mimeType: 'application/vnd.google-apps.document', content: Buffer.from('') });
    google.addFolder('1EmptyFolderOnDrive', 'Leer');
    steered = steeredEngine();
    server = await startServer(steered.engine, {
      DRIVE_PROVIDER: 'google',
      GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify(google.serviceAccount),
      DRIVE_API_BASE: google.apiBase,
      DRIVE_TOKEN_URL: google.tokenUrl,
    });
    om = await buildStaff(server.t, 'ocr_manager');
  });
  afterAll(async () => {
    steered?.release();
    await server?.close();
  });

  it('reads the scans of a Drive folder given by its address, through a rate limit', async () => {
    google.failNext({ status: 429, headers: { 'retry-after': '0' }, path: /^\/drive\/v3\/files$/ });
    const res = await injectAs(server.t.app, om.cookie, {
      method: 'POST',
      url: '/api/import/upload-from-gdrive',
      payload: { importType: 'ocr', folder: `https://drive.google.com/drive/folders/${FOLDER_ID}?usp=sharing` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const op = await finished(server.t, om.cookie, 60_000);
    expect(op).toMatchObject({ upload_type: 'gdrive', done: true, error: null, pages_total: 3, rows_created: 3 });
    const rows = await rowsOfOperation(server.t, op.id);
    expect(rows.map((r) => r.row_no)).toEqual([1, 2, 3]);
    const batch = await server.t.pool.query(
      'SELECT b.import_type, b.upload_type, b.file_name FROM import_batches b JOIN ocr_operations o ON o.batch_id = b.id WHERE o.id = $1',
      [op.id],
    );
    // The batch is named by the folder's name as Drive tells it, not by its id.
    expect(batch.rows).toEqual([{ import_type: 'ocr', upload_type: 'gdrive', file_name: 'Messe Bern' }]);
    expect(op.files).toEqual(['Messe Bern']);
    expect(
      google.requests.some((r) => r.path === `/drive/v3/files/${FOLDER_ID}` && r.query.get('fields')?.split(',').includes('name')),
    ).toBe(true);
    expect(google.requests.some((r) => r.query.get('alt') === 'media')).toBe(true);
  }, 120_000);

  it('stops before the next page when asked, and says so', async () => {
    steered.hold();
    const res = await injectAs(server.t.app, om.cookie, { method: 'POST', url: '/api/import/ocr-imports', payload: { folder: FOLDER_ID } });
    expect(res.statusCode, res.body).toBe(201);
    await until(() => Promise.resolve(steered.waiting > 0), 'the first page begun', 60_000);

    const other = await injectAs(server.t.app, om.cookie, {
      method: 'GET',
      url: '/api/import/terminate-running-ocr',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(other.statusCode).toBe(403);
    const asked = await injectAs(server.t.app, om.cookie, { method: 'GET', url: '/api/import/terminate-running-ocr' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<{ operation: OcrOperationDto }>().operation).toMatchObject({ termination_status: 'initiated', done: false });
    steered.release();
    const op = await finished(server.t, om.cookie, 60_000);
    expect(op).toMatchObject({ done: true, termination_status: 'terminated', pages_total: 3, pages_done: 1, rows_created: 1 });
    // What was read before the stop is checked and waits for review.
    const batch = await server.t.pool.query<{ stage: string; row_count: number }>(
      'SELECT stage, row_count FROM import_batches WHERE ocr_operation_id = $1',
      [op.id],
    );
    expect(batch.rows).toEqual([{ stage: 'ready', row_count: 1 }]);
    // Nothing more happens to it.
    const again = await injectAs(server.t.app, om.cookie, { method: 'GET', url: '/api/import/terminate-running-ocr' });
    expect(again.json<{ operation: OcrOperationDto }>().operation).toMatchObject({ id: op.id, termination_status: 'terminated' });
  }, 120_000);

  it('answers an unknown folder, a folder without scans and a bad address at once', async () => {
    const post = (payload: unknown, url = '/api/import/ocr-imports') =>
      injectAs(server.t.app, om.cookie, { method: 'POST', url, payload: payload as object });
    const operationCount = async () =>
      (await injectAs(server.t.app, om.cookie, { method: 'GET', url: '/api/import/ocr-imports' })).json<{ data: unknown[] }>().data.length;
    const before = await operationCount();
    const unknown = await post({ folder: '1NoSuchFolder' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'NOT_FOUND', field_validation: { folder: 'invalid_value' } });
    const empty = await post({ folder: '1EmptyFolderOnDrive' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { folder: 'file_empty' } });
    const leads = await post({ importType: 'leads', folder: FOLDER_ID }, '/api/import/upload-from-gdrive');
    expect(leads.statusCode).toBe(400);
    expect(leads.json()).toMatchObject({ field_validation: { folder: 'file_empty' } });
    const address = await post({ folder: 'https://drive.google.com/drive/my-drive' });
    expect(address.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { folder: 'invalid_value' } });
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ folder: FOLDER_ID, batch_ids: [1] })).json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { folder: 'invalid_value' },
    });
    // The single batch_id of before is no way to start a run.
    expect((await post({ batch_id: 1 })).json()).toMatchObject({ field_validation: { batch_ids: 'field_is_required' } });
    const location = await post({ folder: FOLDER_ID, location_id: 999_999 });
    expect(location.statusCode).toBe(404);
    expect(location.json()).toMatchObject({ error: 'UNKNOWN_LOCATION_ID', field_validation: { location_id: 'invalid_value' } });
    expect(await operationCount()).toBe(before); // none of these started anything
  });

  it('serves the blank form to print', async () => {
    const res = await injectAs(server.t.app, om.cookie, { method: 'GET', url: '/api/import/ocr-form.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses roles without import.manage', async () => {
    for (const role of ['sales_agent', 'call_agent', 'partner', 'user'] as const) {
      const who = await buildStaff(server.t, role);
      for (const [method, url, payload] of [
        ['GET', '/api/import/ocr-imports'],
        ['POST', '/api/import/ocr-imports', { folder: FOLDER_ID }],
        ['GET', '/api/import/pool-ocr-result'],
        ['GET', '/api/import/terminate-running-ocr'],
        ['POST', '/api/import/upload-from-gdrive', { importType: 'ocr', folder: FOLDER_ID }],
        ['GET', '/api/import/ocr-form.pdf'],
      ] as const) {
        const res = await injectAs(server.t.app, who.cookie, { method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    const admin = await buildStaff(server.t, 'admin');
    expect((await injectAs(server.t.app, admin.cookie, { method: 'GET', url: '/api/import/pool-ocr-result' })).json()).toEqual({
      operation: null,
    });
  });
});

describe('scans that cannot be read', () => {
  it('ends the operation with scan_unreadable and no rows', async () => {
    const server = await startServer(steeredEngine().engine);
    try {
      const om = await buildStaff(server.t, 'ocr_manager');
      const folder = await folderWith('kaputt', { 'a.pdf': Buffer.from('%PDF-1.4 nothing more'), 'b.png': Buffer.from('not a picture') });
      const res = await injectAs(server.t.app, om.cookie, { method: 'POST', url: '/api/import/ocr-imports', payload: { folder } });
      expect(res.statusCode, res.body).toBe(201);
      const op = await finished(server.t, om.cookie, 60_000);
      expect(op).toMatchObject({ done: true, error: 'scan_unreadable', pages_total: 2, pages_done: 2, rows_created: 0 });
      expect(await rowsOfOperation(server.t, op.id)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);
});

interface UploadedFile {
  name: string;
  bytes: Buffer;
  type: string;
}

/** A multipart body with form fields and one or more files, as the import screen sends an upload. */
function uploadBody(fields: Record<string, string>, ...files: UploadedFile[]) {
  const boundary = `----ocr${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads files in one go as the import screen does; the batches answered (one per file). */
async function upload(t: TestApp, cookie: string, importType: string, ...files: UploadedFile[]) {
  const res = await injectAs(t.app, cookie, { method: 'POST', url: '/api/import/upload-file', ...uploadBody({ importType }, ...files) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: number; file_name: string; stage: string }[] }>().data;
}

describe('one run over several uploaded files', () => {
  it('reads every page of every file (PDFs and images, from two uploads) once, each into its own upload, across a restart', async () => {
    const steered = steeredEngine();
    const a = await startServer(steered.engine);
    let aStopped = false;
    onTestFinished(async () => {
      if (!aStopped) {
        steered.release();
        await a.close();
      }
    });
    const om = await buildStaff(a.t, 'ocr_manager');
    const jpeg = await sharp(await formPng(PEOPLE[1]!))
      .jpeg({ quality: 80 })
      .toBuffer();
    // Two files dropped at once, two more afterwards: one run reads them all.
    const first = await upload(
      a.t,
      om.cookie,
      'ocr',
      { name: 'stapel.pdf', bytes: await joinPdfs([await formPdf(PEOPLE[0]!), await formPdf(PEOPLE[1]!)]), type: 'application/pdf' },
      { name: 'foto.jpg', bytes: jpeg, type: 'image/jpeg' },
    );
    const second = await upload(
      a.t,
      om.cookie,
      'ocr',
      { name: 'einzeln.pdf', bytes: await formPdf(PEOPLE[2]!), type: 'application/pdf' },
      { name: 'bild.png', bytes: await formPng(PEOPLE[0]!), type: 'image/png' },
    );
    const batches = [...first, ...second];
    expect(batches.map((b) => b.stage)).toEqual(['uploaded', 'uploaded', 'uploaded', 'uploaded']);
    steered.hold();
    // In any order, one of them twice: each is read once, in the order they were uploaded.
    const ids = batches.map((b) => b.id);
    const started = await injectAs(a.t.app, om.cookie, {
      method: 'POST',
      url: '/api/import/ocr-imports',
      payload: { batch_ids: [ids[3], ids[0], ids[2], ids[1], ids[0]] },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json<OcrOperationDto>()).toMatchObject({
      upload_type: 'local',
      done: false,
      files: ['stapel.pdf', 'foto.jpg', 'einzeln.pdf', 'bild.png'],
    });
    const id = started.json<OcrOperationDto>().id;
    const pagesDone = async () =>
      (await a.t.pool.query<{ pages_done: number }>('SELECT pages_done FROM ocr_operations WHERE id = $1', [id])).rows[0]!.pages_done;
    // The first page read, the second begun: then the server stops.
    await until(
      async () => {
        if (steered.waiting > 0 && (await pagesDone()) < 1) {
          steered.release();
          steered.hold();
        }
        return (await pagesDone()) >= 1 && steered.waiting > 0;
      },
      'the first page read and the second begun',
      60_000,
    );
    aStopped = true;
    const stopped = a.close();
    steered.release();
    await stopped;
    // The first server finished the page it was reading, and began no other (asked before the next server starts).
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const doneByA = (await client.query<{ pages_done: number }>('SELECT pages_done FROM ocr_operations WHERE id = $1', [id])).rows[0]!
      .pages_done;
    await client.end();
    expect(doneByA).toBe(2);

    const engineB = steeredEngine();
    const b = await startServer(engineB.engine);
    try {
      const op = await finished(b.t, om.cookie, 60_000);
      expect(op).toMatchObject({ id, done: true, error: null, pages_total: 5, pages_done: 5, rows_created: 5 });
      // The new server read only the pages left: fewer questions to its engine than all five pages would take.
      expect(engineB.calls).toBeGreaterThan(0);
      expect(engineB.calls).toBeLessThan((steered.calls / doneByA) * 5);
      // Every page of every file once, each with its row.
      const pages = await b.t.pool.query<{ batch_id: number; page_no: number; state: string; row_id: string }>(
        `SELECT bt.id AS batch_id, p.page_no, p.state, p.row_id FROM ocr_pages p JOIN import_batches bt ON bt.file_id = p.file_id
         WHERE p.operation_id = $1 ORDER BY p.id`,
        [id],
      );
      expect(pages.rows.map((p) => [p.batch_id, p.page_no, p.state])).toEqual([
        [ids[0], 1, 'done'],
        [ids[0], 2, 'done'],
        [ids[1], 1, 'done'],
        [ids[2], 1, 'done'],
        [ids[3], 1, 'done'],
      ]);
      // A row per page, in the upload of its file, numbered by the page of its scan.
      const rows = await rowsOfOperation(b.t, id);
      expect(rows.map((r) => [r.batch_id, r.row_no])).toEqual([
        [ids[0], 1],
        [ids[0], 2],
        [ids[1], 1],
        [ids[2], 1],
        [ids[3], 1],
      ]);
      expect(new Set(pages.rows.map((p) => String(p.row_id)))).toEqual(new Set(rows.map((r) => String(r.id))));
      // Every upload checked, and the review lists the rows with their files.
      const stages = await b.t.pool.query<{ id: number; stage: string; ocr_operation_id: number }>(
        'SELECT id, stage, ocr_operation_id FROM import_batches WHERE id = ANY($1) ORDER BY id',
        [ids],
      );
      expect(stages.rows).toEqual(ids.map((bid) => ({ id: bid, stage: 'ready', ocr_operation_id: id })));
      const review = await injectAs(b.t.app, om.cookie, { method: 'GET', url: '/api/import/prepare-import?importType=ocr&limit=50' });
      expect(review.statusCode, review.body).toBe(200);
      const listed = review.json<{ total: number; data: { file_name: string }[] }>();
      expect(listed.total).toBe(5);
      expect(listed.data.map((r) => r.file_name).sort()).toEqual(['bild.png', 'einzeln.pdf', 'foto.jpg', 'stapel.pdf', 'stapel.pdf']);
    } finally {
      await b.close();
    }
  }, 180_000);

  it('refuses unknown, foreign and non-scan uploads and empty or too long lists as a whole; two starts at once make one run', async () => {
    const server = await startServer(steeredEngine().engine);
    try {
      const om = await buildStaff(server.t, 'ocr_manager');
      const other = await buildStaff(server.t, 'ocr_manager');
      const png = await formPng(PEOPLE[0]!);
      const mine = await upload(
        server.t,
        om.cookie,
        'ocr',
        { name: 'a.png', bytes: png, type: 'image/png' },
        { name: 'b.png', bytes: png, type: 'image/png' },
      );
      const theirs = await upload(server.t, other.cookie, 'ocr', { name: 'c.png', bytes: png, type: 'image/png' });
      const leads = await upload(server.t, om.cookie, 'leads', {
        name: 'leads.csv',
        bytes: Buffer.from('Vorname;Name;E-Mail\nAnna;Meier;anna.meier@example.ch\n'),
        type: 'text/csv',
      });
      const post = (payload: object) => injectAs(server.t.app, om.cookie, { method: 'POST', url: '/api/import/ocr-imports', payload });
      const operations = async () =>
        (await server.t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ocr_operations WHERE created_by_id = $1', [om.id]))
          .rows[0]!.n;
      const [a, b] = [mine[0]!.id, mine[1]!.id];
      const cases: [object, number, object][] = [
        [{ batch_ids: [] }, 400, { error: 'VALIDATION_ERROR', field_validation: { batch_ids: 'field_is_required' } }],
        [{ batch_ids: [a, 999_999] }, 404, { error: 'NOT_FOUND', field_validation: { batch_ids: 'invalid_value' } }],
        [{ batch_ids: [a, theirs[0]!.id] }, 404, { error: 'NOT_FOUND', field_validation: { batch_ids: 'invalid_value' } }],
        [{ batch_ids: [a, leads[0]!.id] }, 400, { error: 'VALIDATION_ERROR', field_validation: { batch_ids: 'invalid_value' } }],
        [
          { batch_ids: Array.from({ length: 101 }, () => a) },
          400,
          { error: 'VALIDATION_ERROR', field_validation: { batch_ids: 'too_long' } },
        ],
        [{ batch_ids: [a, 0] }, 400, { error: 'VALIDATION_ERROR', field_validation: { 'batch_ids.1': 'too_short' } }],
        [{ batch_ids: String(a) }, 400, { error: 'VALIDATION_ERROR', field_validation: { batch_ids: 'invalid_value' } }],
        [
          { batch_ids: [a], location_id: 999_999 },
          404,
          { error: 'UNKNOWN_LOCATION_ID', field_validation: { location_id: 'invalid_value' } },
        ],
      ];
      for (const [payload, status, body] of cases) {
        const res = await post(payload);
        expect(res.statusCode, `${JSON.stringify(payload).slice(0, 60)}: ${res.body}`).toBe(status);
        expect(res.json()).toMatchObject(body);
      }
      // Someone else's upload is answered as an unknown one: the answer does not tell them apart.
      const foreign = (await post({ batch_ids: [theirs[0]!.id] })).json<{ error: string; field_validation: object }>();
      const unknown = (await post({ batch_ids: [999_998] })).json<{ error: string; field_validation: object }>();
      expect([foreign.error, foreign.field_validation]).toEqual([unknown.error, unknown.field_validation]);
      // Nothing was started, no upload was taken.
      expect(await operations()).toBe(0);
      const taken = await server.t.pool.query('SELECT id FROM import_batches WHERE ocr_operation_id IS NOT NULL AND id = ANY($1)', [
        [a, b],
      ]);
      expect(taken.rows).toEqual([]);

      // Two starts at the same moment: one run, the other refused.
      const both = await Promise.all([post({ batch_ids: [a, b] }), post({ batch_ids: [a, b] })]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      const op = await finished(server.t, om.cookie, 60_000);
      expect(op).toMatchObject({ done: true, pages_total: 2, pages_done: 2, rows_created: 2, files: ['a.png', 'b.png'] });
      expect(await operations()).toBe(1);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('an uploaded scan, and lead files from a folder', () => {
  it('reads an uploaded scan into rows that the review lists with their doubts and crops', async () => {
    const server = await startServer(steeredEngine().engine);
    try {
      const om = await buildStaff(server.t, 'ocr_manager');
      const up = await injectAs(server.t.app, om.cookie, {
        method: 'POST',
        url: '/api/import/upload-file',
        ...uploadBody(
          { importType: 'ocr' },
          { name: 'formulare.pdf', bytes: await joinPdfs([await formPdf(PEOPLE[0]!), await formPdf(PEOPLE[1]!)]), type: 'application/pdf' },
        ),
      });
      expect(up.statusCode, up.body).toBeLessThan(300);
      const batch = up.json<{ data: { id: number; stage: string }[] }>().data[0]!;
      const started = await injectAs(server.t.app, om.cookie, {
        method: 'POST',
        url: '/api/import/ocr-imports',
        payload: { batch_ids: [batch.id] },
      });
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json<OcrOperationDto>()).toMatchObject({ upload_type: 'local', files: ['formulare.pdf'] });
      const again = await injectAs(server.t.app, om.cookie, {
        method: 'POST',
        url: '/api/import/ocr-imports',
        payload: { batch_ids: [batch.id] },
      });
      expect(again.statusCode).toBe(400); // one running operation at a time

      const op = await finished(server.t, om.cookie, 60_000);
      expect(op).toMatchObject({ done: true, error: null, pages_total: 2, rows_created: 2 });
      // Read once: a second run over the same upload is refused.
      const twice = await injectAs(server.t.app, om.cookie, {
        method: 'POST',
        url: '/api/import/ocr-imports',
        payload: { batch_ids: [batch.id] },
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ error: 'IMPORT_BATCH_NOT_READY', field_validation: { batch_ids: 'invalid_value' } });
      await until(async () => {
        const b = await injectAs(server.t.app, om.cookie, { method: 'GET', url: `/api/import/batches/${batch.id}` });
        return b.json<{ stage: string }>().stage === 'ready';
      }, 'the batch checked');
      const review = await injectAs(server.t.app, om.cookie, {
        method: 'GET',
        url: `/api/import/prepare-import?importType=ocr&batch_id=${batch.id}`,
      });
      expect(review.statusCode, review.body).toBe(200);
      const rows = review.json<{
        data: {
          row_no: number;
          errors: Record<string, string>;
          field_images: Record<string, string> | null;
          confidence: Record<string, number> | null;
        }[];
      }>().data;
      expect(rows.map((r) => r.row_no).sort()).toEqual([1, 2]);
      // The steered engine reads nothing: every written box is in doubt, shown with its crop.
      // (a rule the value breaks is named before the doubt: an empty surname is name_missing).
      expect(Object.values(rows[0]!.errors)).toContain('ocr_uncertain');
      expect(rows[0]!.errors.surname).toMatch(/^(ocr_uncertain|name_missing)$/);
      expect(rows[0]!.field_images?.surname).toMatch(/^[0-9a-f-]{36}$/);
      expect(rows[0]!.confidence?.surname).toBeLessThan(0.8);

      // Saved as reviewed, the reviewer's word ends the doubt; the rules the values break still hold.
      const { id } = rows[0] as unknown as { id: number };
      const confirmed = await injectAs(server.t.app, om.cookie, {
        method: 'POST',
        url: '/api/import/update-record',
        payload: { id, reviewed: true },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const after = confirmed.json<{ review_status: string; errors: Record<string, string> }>();
      expect(after.review_status).toBe('reviewed');
      expect(Object.values(after.errors)).not.toContain('ocr_uncertain');
      expect(Object.keys(after.errors).length).toBeGreaterThan(0); // a page read empty names nobody

      // Someone else's upload is not theirs to read.
      const other = await buildStaff(server.t, 'ocr_manager');
      const foreign = await injectAs(server.t.app, other.cookie, {
        method: 'POST',
        url: '/api/import/ocr-imports',
        payload: { batch_ids: [batch.id] },
      });
      expect(foreign.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('uploads every CSV and XLSX of a folder as lead files', async () => {
    const server = await startServer(steeredEngine().engine);
    try {
      const om = await buildStaff(server.t, 'ocr_manager');
      const folder = await folderWith('leads-herbst', {
        'a.csv': Buffer.from('Vorname;Name;PLZ;Ort;Telefon\nAnna;Meier;8001;Zürich;044 123 45 67\nMarco;Rossi;6900;Lugano;091 922 11 22\n'),
        'b.csv': Buffer.from('Vorname;Name;E-Mail\nPeter;Keller;peter.keller@example.ch\n'),
        'scan.png': await formPng(PEOPLE[0]!),
      });
      const res = await injectAs(server.t.app, om.cookie, {
        method: 'POST',
        url: '/api/import/upload-from-gdrive',
        payload: { importType: 'leads', folder },
      });
      expect(res.statusCode, res.body).toBe(200);
      const batches = res.json<{ data: { file_name: string; upload_type: string; row_count: number; import_type: string }[] }>().data;
      expect(batches.map((b) => [b.file_name, b.upload_type, b.import_type, b.row_count])).toEqual([
        ['a.csv', 'gdrive', 'leads', 2],
        ['b.csv', 'gdrive', 'leads', 1],
      ]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
