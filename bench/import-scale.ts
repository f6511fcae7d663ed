/**
 * The import of a lead file at real scale (docs/performance.md "Import at 100,000 rows"): a 100,000-row,
 * 20-column lead file, as CSV and as XLSX, against the million generated clients, through real HTTP.
 *
 * The file is made of the generated clients themselves (Swiss names, streets, postcodes and places of
 * bench/generate.ts): most rows are new people (given name, surname and address of three different
 * clients, new phones and e-mail), some are clients already in the database (as stored or with
 * mistakes), some repeat an earlier row of the file, and some carry the errors real lead lists have
 * (a short phone, a broken e-mail, an unknown postcode, a place that does not fit, no contact, no name).
 *
 * Timed: upload → review ready (the check: validation and duplicates against the database), the review
 * page (50 rows; not reviewed / duplicates filters; the default order, location descending), the launch
 * of every row; the server's resident memory is sampled all along. The XLSX is checked and discarded;
 * the CSV is launched, and the clients it created are deleted afterwards, so the million stays as
 * generated.
 *
 * Alone: `BENCH_DATABASE_URL=postgres://… npx tsx bench/import-scale.ts` (creates `bo_bench` with the
 * million clients when it is missing, else reuses it); in the bench: `BENCH_CASES=import npm run bench`.
 * BENCH_IMPORT_ROWS changes the size (100,000).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/client.ts';
import type { Jobs } from '../apps/api/src/jobs/queue.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** The limits of the issue. */
const TARGET = { readyMs: 10_000, launchMs: 30_000, rssBytes: 1024 ** 3, pageP95Ms: 50 };

type Stats = { p50: number; p95: number; n: number };
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

/** A small seeded generator (mulberry32): the same file every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Client {
  id: number;
  name: string;
  surname: string;
  gender: string | null;
  age: number | null;
  zipcode: string | null;
  city: string | null;
  address: string | null;
  phone: string | null;
  mobile_phone: string | null;
  email: string | null;
  locale: string | null;
}

export const HEADERS = [
  'Anrede',
  'Vorname',
  'Nachname',
  'Strasse',
  'PLZ',
  'Ort',
  'Telefon',
  'Mobile',
  'E-Mail',
  'Alter',
  'Sprache',
  'Firma',
  'Bemerkung',
  'Kampagne',
  'Eingang',
  'Quelle',
  'Lead-Nr',
  'Interesse',
  'Kanal',
  'Partner',
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

/** What the file holds, by kind of row (printed with the figures). */
export type RowKinds = Record<'new' | 'known_exact' | 'known_mistakes' | 'file_repeat' | 'error', number>;

/**
 * The rows of the lead file (without its header), made from the generated clients: see the file's
 * comment. Deterministic for a database and a size.
 */
export async function leadRows(pool: pg.Pool, n: number): Promise<{ rows: string[][]; kinds: RowKinds }> {
  const { rows: people } = await pool.query<Client>(
    `SELECT id, name, surname, gender, age, zipcode, city, address, phone, mobile_phone, email, locale
     FROM users WHERE role_id = 2 AND id % 7 = 3 AND zipcode IS NOT NULL AND city IS NOT NULL ORDER BY id LIMIT $1`,
    [Math.max(2_000, n * 2)],
  );
  if (people.length < 1000) {
    throw new Error('the bench database holds too few clients for the import');
  }
  const rnd = random(20261126);
  const pick = () => people[Math.floor(rnd() * people.length)]!;
  const digits = (k: number) => Array.from({ length: k }, () => Math.floor(rnd() * 10)).join('');
  const kinds: RowKinds = { new: 0, known_exact: 0, known_mistakes: 0, file_repeat: 0, error: 0 };
  const campaigns = ['Frühling 2026', 'Messe Bern', 'Online Herbst', 'Mailing 12', 'Partneraktion'];
  const sources = ['Webformular', 'Messe', 'Partner', 'Telefonaktion'];
  const interests = ['Kochgeschirr', 'Staubsauger', 'Matratze', 'Luftreiniger', ''];
  const rows: string[][] = [];
  const rowOf = (c: Client, extra: { phone: string; mobile: string; email: string }, i: number): string[] => [
    c.gender === 'female' ? 'Frau' : c.gender === 'male' ? 'Herr' : '',
    c.name,
    c.surname,
    c.address ?? '',
    c.zipcode ?? '',
    c.city ?? '',
    extra.phone,
    extra.mobile,
    extra.email,
    c.age === null ? '' : String(c.age),
    (c.locale ?? 'de').toUpperCase(),
    rnd() < 0.05 ? `${c.surname} AG` : '',
    rnd() < 0.1 ? 'Bitte abends anrufen' : '',
    campaigns[i % campaigns.length]!,
    `${String(1 + (i % 28)).padStart(2, '0')}.${String(1 + (i % 12)).padStart(2, '0')}.2026`,
    sources[i % sources.length]!,
    `L-${String(100000 + i)}`,
    interests[i % interests.length]!,
    i % 3 === 0 ? 'Telefon' : 'Web',
    i % 11 === 0 ? 'Partner Nord' : '',
  ];
  for (let i = 0; i < n; i += 1) {
    const r = rnd();
    if (r < 0.08) {
      // A client already in the database, as stored (phones written another way, e-mail in capitals).
      const c = pick();
      const phone = c.phone?.replace(/^0/, '+41 ') ?? '';
      rows.push(rowOf(c, { phone, mobile: c.mobile_phone ?? '', email: c.email?.toUpperCase() ?? '' }, i));
      kinds.known_exact += 1;
    } else if (r < 0.12) {
      // A client already in the database, with mistakes: a letter of the surname dropped, no e-mail, 'Str.'.
      const c = pick();
      const surname = c.surname.length > 4 ? c.surname.slice(0, 3) + c.surname.slice(4) : c.surname;
      const row = rowOf(
        { ...c, surname, address: c.address?.replace(/strasse/i, 'str.') ?? null },
        {
          phone: c.phone ?? '',
          mobile: c.mobile_phone ?? '',
          email: '',
        },
        i,
      );
      rows.push(row);
      kinds.known_mistakes += 1;
    } else if (r < 0.14 && rows.length > 10) {
      // An earlier row of the file again (a lead list merged from two exports).
      const earlier = rows[Math.floor(rnd() * rows.length)]!;
      rows.push([...earlier.slice(0, 13), ...rowOf(pick(), { phone: '', mobile: '', email: '' }, i).slice(13)]);
      kinds.file_repeat += 1;
    } else {
      // A new person: the given name, surname and address of three clients, new numbers and e-mail.
      const a = pick();
      const b = pick();
      const place = pick();
      const person: Client = { ...place, name: a.name, gender: a.gender, surname: b.surname, age: 20 + Math.floor(rnd() * 60) };
      const mobile = `07${'5679'[Math.floor(rnd() * 4)]} ${digits(3)} ${digits(2)} ${digits(2)}`;
      const phone =
        rnd() < 0.3
          ? `0${['44', '31', '61', '21', '22', '91', '71', '41'][Math.floor(rnd() * 8)]} ${digits(3)} ${digits(2)} ${digits(2)}`
          : '';
      const email = rnd() < 0.6 ? `${fold(person.name)}.${fold(person.surname)}${i}@example.ch` : '';
      const row = rowOf(person, { phone, mobile, email }, i);
      const e = rnd();
      if (e < 0.09) {
        // The errors of a real list, one each.
        kinds.error += 1;
        if (e < 0.02) {
          row[7] = `079 ${digits(3)}`; // a short phone
        } else if (e < 0.035) {
          row[8] = `${fold(person.name)}@`; // a broken e-mail
        } else if (e < 0.05) {
          row[4] = '9999'; // no such postcode
        } else if (e < 0.065) {
          row[5] = pick().city ?? 'Bern'; // the place of another postcode
        } else if (e < 0.08) {
          row[6] = '';
          row[7] = '';
          row[8] = ''; // no contact
        } else {
          row[1] = '';
          row[2] = ''; // no name
        }
      } else {
        kinds.new += 1;
      }
      rows.push(row);
    }
  }
  return { rows, kinds };
}

const csvCell = (v: string) => (/[";\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The lead file as CSV (UTF-8, semicolons, as Swiss Excel writes it). */
export function leadCsv(rows: string[][]): Buffer {
  const lines = [HEADERS, ...rows].map((r) => r.map(csvCell).join(';'));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The lead file as XLSX (one sheet, streamed to a buffer). */
export async function leadXlsx(rows: string[][], file: string): Promise<Buffer> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = book.addWorksheet('Leads');
  sheet.addRow(HEADERS).commit();
  for (const r of rows) {
    sheet.addRow(r).commit();
  }
  sheet.commit();
  await book.commit();
  return fs.readFile(file);
}

/** The server's resident memory (RSS): its peak since the last reset; and its CPU time (ms, all its threads) since then. */
export interface MemoryProbe {
  reset(): Promise<void>;
  peak(): Promise<number>;
  cpu(): Promise<number>;
}

/**
 * The CPU time (ms) the machine's PostgreSQL processes have used so far, from /proc (0 where there is
 * none): with the server's own, where a check's work goes on a machine whose load varies from run to run.
 * A backend that has ended counts in its parent's time of children waited for (the postmaster's), so
 * the sum only grows: without it, connections closed between two readings made the difference negative.
 */
async function postgresCpuMs(): Promise<number> {
  let ticks = 0;
  const pids = await fs.readdir('/proc').catch(() => [] as string[]);
  for (const pid of pids.filter((p) => /^\d+$/.test(p))) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (close < 0 || !stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) {
      continue;
    }
    // Fields after the command: state is the 3rd of the line; utime and stime the 14th and 15th,
    // cutime and cstime (its ended children's) the 16th and 17th.
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  // /proc counts in USER_HZ, 100 a second on every Linux (sysconf(_SC_CLK_TCK)).
  return (ticks * 1000) / 100;
}

/** This process's resident memory, sampled every 50 ms (the app in the bench's own process). */
export function inProcessMemory(): MemoryProbe & { stop(): void } {
  let peak = process.memoryUsage().rss;
  let cpuFrom = process.cpuUsage();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  timer.unref();
  return {
    reset: () => {
      peak = process.memoryUsage().rss;
      cpuFrom = process.cpuUsage();
      return Promise.resolve();
    },
    peak: () => Promise.resolve(Math.max(peak, process.memoryUsage().rss)),
    cpu: () => {
      const used = process.cpuUsage(cpuFrom);
      return Promise.resolve((used.user + used.system) / 1000);
    },
    stop: () => clearInterval(timer),
  };
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadAverage = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`;

interface BatchAnswer {
  id: number;
  stage: string;
  progress: number;
  error: string | null;
  row_count: number;
  mapping: Record<string, string>;
}

/**
 * The import case: the app must listen (real HTTP); `cookie` is an admin's session. Answers whether
 * every limit held.
 */
export async function benchImportScale(opts: {
  /** Where the app listens, e.g. http://127.0.0.1:4000. */
  base: string;
  /** An admin's session cookie. */
  cookie: string;
  database: Database;
  memory: MemoryProbe;
  rowsN?: number;
}): Promise<boolean> {
  const { base, cookie, database, memory } = opts;
  const rowsN = opts.rowsN ?? IMPORT_ROWS;
  const dataDir = path.join(here, '.data');
  await fs.mkdir(dataDir, { recursive: true });
  let started = Date.now();
  const { rows, kinds } = await leadRows(database.pool, rowsN);
  const csv = leadCsv(rows);
  const xlsx = await leadXlsx(rows, path.join(dataDir, `import-${rowsN}.xlsx`));
  await fs.writeFile(path.join(dataDir, `import-${rowsN}.csv`), csv);
  console.log(
    `\nimport at scale: ${rowsN.toLocaleString('de-CH')} rows × ${HEADERS.length} columns (CSV ${mb(csv.length)}, XLSX ${mb(xlsx.length)}), ` +
      `made in ${secs(Date.now() - started)}: ${Object.entries(kinds)
        .map(([k, v]) => `${v.toLocaleString('de-CH')} ${k}`)
        .join(', ')}`,
  );
  rows.length = 0;

  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(base + url, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) {
      throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    }
    return JSON.parse(text) as T;
  };
  const { rows: locs } = await database.pool.query<{ id: number }>(`SELECT id FROM locations ORDER BY id LIMIT 1`);
  const locationId = locs[0]?.id ?? null;

  // Leftovers of an interrupted run: the admin's pending rows would be counted with the new ones.
  const admin = (await database.pool.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@demo.test'`)).rows[0]!.id;
  await cleanUp(database, admin);
  // Each run from the same state: an earlier run's deleted rows (its hundred thousand import rows, the
  // clients its launch made) would otherwise weigh on this one's pages and lookups until autovacuum came.
  await database.pool.query('VACUUM ANALYZE users, import_rows, import_batches, status_history, user_info');
  await database.pool.query('CHECKPOINT');

  await memory.reset();
  const baseRss = await memory.peak();
  /** Upload → mapping → ready: the wall time and the check's own time. */
  async function uploadAndCheck(name: string, bytes: Buffer, type: string) {
    await memory.reset();
    const pgCpu0 = await postgresCpuMs();
    const t0 = Date.now();
    const form = new FormData();
    form.append('importType', 'leads');
    if (locationId !== null) {
      form.append('location_id', String(locationId));
    }
    form.append('file', new Blob([bytes], { type }), name);
    const res = await fetch(`${base}/api/import/upload-file`, { method: 'POST', headers: { cookie }, body: form });
    const uploaded = (await res.json()) as { data?: BatchAnswer[] };
    if (!res.ok || !uploaded.data?.[0]) {
      throw new Error(`upload of ${name}: ${res.status} ${JSON.stringify(uploaded).slice(0, 300)}`);
    }
    const batch = uploaded.data[0];
    const uploadMs = Date.now() - t0;
    await call('POST', `/api/import/batches/${batch.id}/mapping`, { mapping: batch.mapping, location_id: locationId });
    const mappedMs = Date.now() - t0;
    let state: BatchAnswer = batch;
    const bound = Date.now() + 30 * 60_000;
    // When the check's progress was first seen at each value: where its time goes.
    const seen: string[] = [`from ${new Date(t0).toISOString().slice(11, 19)}`, `upload ${secs(uploadMs)}`, `mapping ${secs(mappedMs)}`];
    let lastProgress = -1;
    while (state.stage !== 'ready' && Date.now() < bound) {
      await new Promise((r) => setTimeout(r, 100));
      state = await call<BatchAnswer>('GET', `/api/import/batches/${batch.id}`);
      if (state.stage === 'failed') {
        throw new Error(`the check of ${name} failed: ${state.error}`);
      }
      if (state.progress !== lastProgress && state.stage !== 'ready') {
        lastProgress = state.progress;
        seen.push(`${state.progress} % ${secs(Date.now() - t0)}`);
      }
    }
    const readyMs = Date.now() - t0;
    seen.push(`ready ${secs(readyMs)}`);
    const serverCpu = await memory.cpu();
    const pgCpu = (await postgresCpuMs()) - pgCpu0;
    console.log(`${name}: ${seen.join(' · ')}; CPU: server ${secs(serverCpu)}, PostgreSQL ${secs(pgCpu)}`);
    return { id: batch.id, uploadMs, readyMs, rows: state.row_count, peak: await memory.peak() };
  }

  type Page = { data: unknown[]; total: number; counts: Record<string, number> };
  async function pages(label: string, query: string, rounds: number) {
    const samples: number[] = [];
    let last: Page | null = null;
    for (let i = 0; i < rounds + 5; i += 1) {
      const offset = (i % 20) * 50;
      const t = process.hrtime.bigint();
      last = await call<Page>('GET', `/api/import/prepare-import?importType=leads&limit=50&offset=${offset}${query}`);
      if (i >= 5) {
        samples.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }
    return { label, s: stats(samples), total: last!.total, counts: last!.counts };
  }

  const results: { name: string; value: string; limit: string; ok: boolean }[] = [];
  const verdict = (name: string, value: string, limit: string, ok: boolean) => results.push({ name, value, limit, ok });
  console.log(`load average before: ${loadAverage()}; server RSS before the upload ${mb(baseRss)}`);

  // XLSX: checked, then discarded (BENCH_IMPORT_XLSX=0 leaves it out).
  if (process.env.BENCH_IMPORT_XLSX !== '0') {
    const x = await uploadAndCheck(`leads-${rowsN}.xlsx`, xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    verdict('XLSX upload → review ready', `${secs(x.readyMs)} (upload ${secs(x.uploadMs)})`, '≤ 10 s', x.readyMs <= TARGET.readyMs);
    verdict('XLSX peak RSS', mb(x.peak), '< 1024 MB', x.peak < TARGET.rssBytes);
    await call('DELETE', `/api/import/batches/${x.id}`);
  }

  // CSV: checked, the review pages read, launched.
  const c = await uploadAndCheck(`leads-${rowsN}.csv`, csv, 'text/csv');
  verdict('CSV upload → review ready', `${secs(c.readyMs)} (upload ${secs(c.uploadMs)})`, '≤ 10 s', c.readyMs <= TARGET.readyMs);
  await memory.reset();
  const rounds = Number(process.env.BENCH_IMPORT_PAGE_ROUNDS ?? 100);
  for (const p of [
    await pages('review page, default (all, location desc)', '', rounds),
    await pages('review page, not reviewed', '&review=not_reviewed', rounds),
    await pages('review page, duplicates', '&duplication=duplicates', rounds),
    await pages(
      'review page, not reviewed + duplicates, location desc',
      '&review=not_reviewed&duplication=duplicates&orderBy=location&orderMethod=desc',
      rounds,
    ),
  ]) {
    verdict(
      `${p.label} (${p.total.toLocaleString('de-CH')} rows)`,
      `p50 ${p.s.p50.toFixed(1)} ms, p95 ${p.s.p95.toFixed(1)} ms`,
      'p95 ≤ 50 ms',
      p.s.p95 <= TARGET.pageP95Ms,
    );
  }
  const counts = (await call<Page>('GET', '/api/import/prepare-import?importType=leads&limit=1')).counts;
  await explainReview(database, admin);
  const pagesPeak = await memory.peak();
  verdict('CSV peak RSS of the check', mb(c.peak), '< 1024 MB', c.peak < TARGET.rssBytes);
  verdict('peak RSS while the pages are read', mb(pagesPeak), '< 1024 MB', pagesPeak < TARGET.rssBytes);
  if (process.env.BENCH_IMPORT_KEEP === '1') {
    // The checked upload stays pending (for plans and profiles of the review); the next run discards it.
    for (const r of results) {
      console.log(`${r.name.padEnd(70)} ${r.value.padEnd(28)} ${r.ok ? 'met' : 'MISSED'} [${r.limit}]`);
    }
    return false;
  }
  await memory.reset();
  const t0 = Date.now();
  const launched = await call<{ updatedN: number; created: number; merged: number; skipped: number; errors: unknown[] }>(
    'POST',
    '/api/import/launch-import',
    { importType: 'leads', all: true },
  );
  const launchMs = Date.now() - t0;
  verdict('launch of all rows', secs(launchMs), '≤ 30 s', launchMs <= TARGET.launchMs);
  const launchPeak = await memory.peak();
  verdict('peak RSS of the launch', mb(launchPeak), '< 1024 MB', launchPeak < TARGET.rssBytes);
  console.log(
    `counts: ${JSON.stringify(counts)}; launch: ${launched.created} created, ${launched.skipped} skipped, ${launched.merged} merged, ${launched.errors.length} errors`,
  );
  console.log(`load average after: ${loadAverage()}`);
  for (const r of results) {
    console.log(`${r.name.padEnd(70)} ${r.value.padEnd(28)} ${r.ok ? 'met' : 'MISSED'} [${r.limit}]`);
  }

  // The million stays as generated: the launched clients and the bench's batches go.
  started = Date.now();
  const gone = await cleanUp(database, admin);
  console.log(`${gone.toLocaleString('de-CH')} imported clients deleted again in ${secs(Date.now() - started)}`);
  return results.every((r) => r.ok);
}

/** The bench's own uploads (the demo's imports are the admin's too). */
const BENCH_FILES = `file_name ~ '^leads-[0-9]+[.](csv|xlsx)$'`;

/**
 * Deletes the bench's uploads and the clients their launch created, except those something else came
 * to refer to meanwhile (another bench generating presentations picks clients at random): those stay.
 * The foreign-key checks are skipped for the delete (client_links has no index on user_a_id: a scan
 * of it per deleted client); every column referring to users is checked once, set-wise, before.
 * Answers how many clients were deleted.
 */
async function cleanUp(database: Database, admin: number): Promise<number> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `CREATE TEMP TABLE bench_import_created ON COMMIT DROP AS
       SELECT r.client_id AS id FROM import_rows r JOIN import_batches b ON b.id = r.batch_id
       WHERE b.created_by_id = $1 AND b.${BENCH_FILES} AND r.state = 'created' AND r.client_id IS NOT NULL`,
      [admin],
    );
    const { rows: refs } = await client.query<{ t: string; col: string }>(
      `SELECT c.conrelid::regclass::text AS t, a.attname AS col FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass`,
    );
    for (const { t, col } of refs) {
      const own = (t === 'status_history' || t === 'user_info') && col === 'user_id';
      if (!own) {
        await client.query(`DELETE FROM bench_import_created x WHERE EXISTS (SELECT 1 FROM ${t} y WHERE y."${col}" = x.id)`);
      }
    }
    // The batches go with their rows (the cascade) before the checks are skipped for the clients.
    await client.query(`DELETE FROM import_batches WHERE created_by_id = $1 AND ${BENCH_FILES}`, [admin]);
    await client.query(`SET LOCAL session_replication_role = replica`);
    await client.query(`DELETE FROM status_history WHERE user_id IN (SELECT id FROM bench_import_created)`);
    await client.query(`DELETE FROM user_info WHERE user_id IN (SELECT id FROM bench_import_created)`);
    const res = await client.query(`DELETE FROM users WHERE id IN (SELECT id FROM bench_import_created)`);
    await client.query('COMMIT');
    return res.rowCount ?? 0;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

/** The bench database `bo_bench`: created with the million clients when missing; its URL. */
async function benchDatabaseUrl(): Promise<string> {
  const { openDatabase, runMigrations } = await import('../apps/api/src/db/client.ts');
  const { seedDemo } = await import('../apps/api/src/db/seed/demo.ts');
  const { generateClients, generateStaff } = await import('./generate.ts');
  const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  const exists = ((await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'bo_bench'`)).rowCount ?? 0) > 0;
  if (!exists) {
    await admin.query('CREATE DATABASE bo_bench');
  }
  await admin.end();
  serverUrl.pathname = '/bo_bench';
  await runMigrations(serverUrl.toString());
  if (!exists) {
    const database = openDatabase(serverUrl.toString(), { max: 4 });
    const n = Number(process.env.BENCH_CLIENTS ?? 1_000_000);
    console.log(`generating ${n.toLocaleString('de-CH')} clients …`);
    const t = Date.now();
    await seedDemo(database.db, { clients: 50 });
    await generateClients(database.pool, n, await generateStaff(database.pool));
    await database.pool.query('VACUUM ANALYZE');
    console.log(`generated in ${secs(Date.now() - t)}`);
    await database.close();
  }
  return serverUrl.toString();
}

/** The app as the bench builds it (bench/run.ts), with its job workers, listening on a free port of 127.0.0.1. */
async function listeningApp(url: string): Promise<{ app: FastifyInstance; database: Database; base: string }> {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const { newBoss } = await import('../apps/api/src/jobs/queue.ts');
  const { registerImportCheckJobs } = await import('../apps/api/src/modules/import/index.ts');
  const { storageFor } = await import('../apps/api/src/integrations/storage/index.ts');
  const database = openDatabase(url, { max: 10 });
  const config = loadConfig({ NODE_ENV: 'test', LOGIN_MAX_FAILURES: '1000000' });
  // The check runs as in production (main.ts): a pg-boss job, woken by the mapping's request. The other
  // workers of an API process (the statistics' refresh: ten seconds of work every forty at this scale)
  // are left out, so that the figures are the import's own.
  const boss = newBoss(url);
  boss.on('error', (err) => console.error(`job error: ${err.message}`));
  await boss.start();
  const check = await registerImportCheckJobs(
    boss,
    { db: database.db, files: { db: database.db, storage: storageFor(config) }, limits: config.import },
    (err) => console.error(`job error: ${err.message}`),
  );
  const jobs: Jobs = {
    notifyMailQueued: () => undefined,
    notifySmsPlanned: () => undefined,
    notifyOcr: () => undefined,
    notifyImportCheck: (id) => check.notify(id),
    stop: () => boss.stop(),
  };
  const { app } = await buildApp({ config, database, jobs, localesDir: here, version: 'bench' });
  app.addHook('onClose', () => jobs.stop());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/** The server alone in a child process (`--serve`): its memory is then its own, sampled there. */
async function serve(url: string) {
  const { app, database, base } = await listeningApp(url);
  const memory = inProcessMemory();
  process.on('message', (m: { ask: 'reset' | 'peak' | 'cpu' | 'stop' }) => {
    if (m.ask === 'reset') {
      void memory.reset().then(() => process.send!({ reset: true }));
    } else if (m.ask === 'peak') {
      void memory.peak().then((peak) => process.send!({ peak }));
    } else if (m.ask === 'cpu') {
      void memory.cpu().then((cpu) => process.send!({ cpu }));
    } else {
      memory.stop();
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0));
    }
  });
  process.send!({ base });
}

/**
 * The review page's statements (modules/import/repo.ts reviewPage, batchCells) explained on the pending
 * rows of the bench's upload: the same texts as the app's, with the admin's values.
 */
async function explainReview(database: Database, admin: number) {
  const pending = `"import_rows"."created_by_id" = ${admin} AND "import_rows"."import_type" = 'leads' AND "import_rows"."state" = 'pending'`;
  // The ready batches are read first and named by id (idsByLocation: a join would lead the planner away
  // from the review index).
  const ready =
    (
      await database.pool.query<{ id: number }>(
        `SELECT id FROM import_batches WHERE stage = 'ready' AND import_type = 'leads' AND created_by_id = ${admin}`,
      )
    ).rows
      .map((r) => r.id)
      .join(',') || '0';
  const scope = `${pending} AND "import_rows"."batch_id" IN (${ready})`;
  const locations = `WITH RECURSIVE loc AS (
      (SELECT "import_rows"."location_id" AS location_id, "import_rows"."id" AS first_id FROM "import_rows" WHERE ${pending}
        ORDER BY "import_rows"."location_id" DESC NULLS LAST, "import_rows"."id" LIMIT 1)
      UNION ALL
      SELECT n.location_id, n.first_id FROM loc CROSS JOIN LATERAL (
        SELECT "import_rows"."location_id" AS location_id, "import_rows"."id" AS first_id FROM "import_rows"
        WHERE ${pending} AND "import_rows"."location_id" < loc.location_id
        ORDER BY "import_rows"."location_id" DESC NULLS LAST, "import_rows"."id" LIMIT 1) n
      WHERE loc.location_id IS NOT NULL)
    SELECT loc.location_id, l.code, loc.first_id FROM loc LEFT JOIN locations l ON l.id = loc.location_id WHERE loc.location_id IS NOT NULL
    UNION ALL
    (SELECT NULL, NULL, "import_rows"."id" FROM "import_rows" WHERE ${pending} AND "import_rows"."location_id" IS NULL
      ORDER BY "import_rows"."location_id" DESC NULLS LAST, "import_rows"."id" LIMIT 1)`;
  const first = (await database.pool.query<{ location_id: number | null; first_id: string }>(locations)).rows.find(
    (r) => r.location_id !== null,
  );
  const location = first?.location_id ?? 0;
  const located = (filter: string) =>
    `SELECT "import_rows"."id" FROM "import_rows" WHERE ${scope}${filter} AND "import_rows"."location_id" = ${location}
      AND "import_rows"."id" >= ${first?.first_id ?? 0} ORDER BY "import_rows"."id" LIMIT 50`;
  const ids = (await database.pool.query<{ id: string }>(located(''))).rows.map((r) => r.id).join(',') || '0';
  const statements: [string, string][] = [
    ['the locations of the pending rows (skip scan of the review index)', locations],
    ["a location's page ids, no filter", located('')],
    [
      "a location's page ids, not reviewed + duplicates",
      located(` AND "import_rows"."review_status" = 'not_reviewed' AND "import_rows"."duplication_status" = 'duplicates'`),
    ],
    [
      'the page rows by id, with file and location',
      `SELECT r.*, b.file_name, l.id, l.code, l.display_name FROM import_rows r JOIN import_batches b ON b.id = r.batch_id
       LEFT JOIN locations l ON l.id = r.location_id WHERE r.id IN (${ids})`,
    ],
    [
      'the kept counts of the batches',
      `SELECT id, review_counts, counts_version FROM import_batches WHERE created_by_id = ${admin} AND import_type = 'leads' AND stage = 'ready'`,
    ],
    [
      'a batch counted again (after a launch; a check adds the rows it wrote instead)',
      `SELECT count(*) FILTER (WHERE review_status = 'not_reviewed' AND duplication_status = 'duplicates'), count(*) FILTER (WHERE has_errors)
       FROM import_rows WHERE batch_id = (SELECT max(id) FROM import_batches WHERE created_by_id = ${admin}) AND state = 'pending'`,
    ],
    [
      'order by surname (not the default), for comparison',
      `SELECT "import_rows"."id" FROM "import_rows" WHERE ${pending}
        AND EXISTS (SELECT 1 FROM import_batches b WHERE b.id = "import_rows"."batch_id" AND b.stage = 'ready')
        ORDER BY lower("import_rows"."data"->>'surname'), "import_rows"."id" LIMIT 50`,
    ],
  ];
  console.log('\nthe review page statements at this size (EXPLAIN ANALYZE):');
  for (const [name, text] of statements) {
    const plan = (
      await database.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${text}`)
    ).rows.map((r) => r['QUERY PLAN']);
    console.log(`-- ${name}`);
    for (const line of plan.filter((l) => !/^\s*(Output|Buffers|Worker)/.test(l)).slice(0, 18)) {
      console.log(`   ${line}`);
    }
  }
}

/** Alone: the bench database, the server in a child process, the case. */
async function main() {
  const { DEMO_PASSWORD } = await import('../apps/api/src/db/seed/demo.ts');
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const url = await benchDatabaseUrl();
  if (process.argv.includes('--prepare')) {
    return;
  }
  // BENCH_SERVER_HEAP (MB): the server's V8 heap limit (--max-old-space-size), to see what it needs.
  const heap = process.env.BENCH_SERVER_HEAP ? [`--max-old-space-size=${Number(process.env.BENCH_SERVER_HEAP)}`] : [];
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    env: { ...process.env, BENCH_URL: url },
    execArgv: [...process.execArgv, ...heap],
  });
  const answer = <T>(ask?: string) =>
    new Promise<T>((resolve, reject) => {
      const stopped = (code: number | null) => reject(new Error(`the server stopped (${code})`));
      child.once('exit', stopped);
      child.once('message', (m) => {
        child.off('exit', stopped);
        resolve(m as T);
      });
      if (ask) {
        child.send({ ask });
      }
    });
  const { base } = await answer<{ base: string }>();
  const memory: MemoryProbe = {
    reset: async () => {
      await answer('reset');
    },
    peak: async () => (await answer<{ peak: number }>('peak')).peak,
    cpu: async () => (await answer<{ cpu: number }>('cpu')).cpu,
  };
  const database = openDatabase(url, { max: 4 });
  try {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    process.exitCode = (await benchImportScale({ base, cookie, database, memory })) ? 0 : 1;
  } finally {
    child.send({ ask: 'stop' });
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--serve')) {
    await serve(process.env.BENCH_URL!);
  } else {
    await main();
  }
}
