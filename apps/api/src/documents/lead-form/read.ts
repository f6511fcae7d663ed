import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { OcrEngine, OcrText, RecognizeOptions } from '../../integrations/ocr/ocr.ts';
import { LEAD_FORM, LEAD_FORM_FIELDS, lineRects, MARKS, type LeadFormField, type Rect } from './layout.ts';
import { project, register, sampleRect, scaleHomography, wholeImage, type Gray, type Homography } from './registration.ts';
import { LEAD_FORM_CONFIDENT, validateLeadForm, type RawFields } from './validate.ts';

const run = promisify(execFile);

/** One field as read: the value (null: left empty or unreadable), the confidence 0–1, the crop shown for review. */
export interface ReadField {
  value: string | null;
  confidence: number;
  /** PNG of the field's box as it is on the page, straightened. */
  image: Buffer;
}

export interface LeadFormReading {
  fields: Record<LeadFormField, ReadField>;
  /** False when the registration marks were not found: the page was read as if it filled the image, every field uncertain. */
  template_found: boolean;
}

/**
 * Pixels per template point of the straightened crops (≈ 220 dpi): Tesseract reads them as well as at 4 (≈ 290 dpi)
 * in little more than half the time; at 2.5 it took a few more letters wrong.
 */
const SCALE = 3;
/** Pixels per point of the crops shown for review (≈ 145 dpi: legible, small). */
const VIEW_SCALE = 2;
/** The picture the marks are looked for in: its long side in pixels. */
const FIND_SIDE = 1000;
/** The long side a page is decoded at, at most (≈ 300 dpi for A4). */
const MAX_SIDE = 3600;
/**
 * The language models: every box is read with German's; text boxes a second time with French's (Italian's when
 * the writer ticked Italian), which knows the accents German's lacks (é, è, à, ç …) and reads differently enough
 * that two agreeing readings are rarely both wrong.
 */
const LANG = 'deu';
/** The characters of the number boxes (postcode, phones, age), read together. */
const NUMBERISH = '0123456789+ ';
/**
 * The model for number boxes: English's reads digits best (German's took `8 0 0 1` for `80071`); no whitelist,
 * because Tesseract then drops the spaces of a phone number; a letter it sees sends the field to review.
 */
const DIGITS_LANG = 'eng';

/**
 * A binary 8-bit PGM (`P5`, what `pdftoppm -gray` writes without `-png`): its pixels as they are, no decoding. Null
 * for anything else.
 */
export function parsePgm(file: Buffer): Gray | null {
  if (file.length < 8 || file[0] !== 0x50 || file[1] !== 0x35) {
    return null;
  }
  const header: number[] = [];
  let i = 2;
  while (header.length < 3 && i < file.length) {
    const c = file[i] as number;
    if (c === 0x23) {
      // A comment up to the end of its line.
      while (i < file.length && file[i] !== 0x0a) {
        i++;
      }
    } else if (c >= 0x30 && c <= 0x39) {
      let n = 0;
      while (i < file.length && (file[i] as number) >= 0x30 && (file[i] as number) <= 0x39) {
        n = n * 10 + (file[i] as number) - 0x30;
        i++;
      }
      header.push(n);
      continue;
    }
    i++;
  }
  const [width = 0, height = 0, max = 0] = header;
  // One whitespace byte ends the header.
  const start = i + 1;
  if (width < 1 || height < 1 || max !== 255 || file.length < start + width * height) {
    return null;
  }
  return { data: new Uint8Array(file.buffer, file.byteOffset + start, width * height), width, height };
}

async function decode(page: Buffer): Promise<Gray> {
  const pgm = parsePgm(page);
  if (pgm && Math.max(pgm.width, pgm.height) <= MAX_SIDE) {
    return pgm;
  }
  const img = sharp(page, { failOn: 'none' }).rotate().grayscale();
  const meta = await img.metadata();
  const long = Math.max(meta.autoOrient?.width ?? meta.width ?? 0, meta.autoOrient?.height ?? meta.height ?? 0);
  const resized = long > MAX_SIDE ? img.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside' }) : img;
  const { data, info } = await resized.raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

async function shrink(img: Gray): Promise<{ small: Gray; factor: number }> {
  const factor = Math.max(img.width, img.height) / FIND_SIDE;
  if (factor <= 1) {
    return { small: img, factor: 1 };
  }
  const { data, info } = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), {
    raw: { width: img.width, height: img.height, channels: 1 },
  })
    .resize({ width: Math.round(img.width / factor), height: Math.round(img.height / factor), fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    small: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height },
    factor: img.width / info.width,
  };
}

const inset = (r: Rect, d: number): Rect => ({ x: r.x + d, y: r.y + d, w: r.w - 2 * d, h: r.h - 2 * d });

/** The paper's grey: a high percentile of the crop (most of a box is paper). */
function paperLevel(img: Gray): number {
  const hist = new Uint32Array(256);
  for (const v of img.data) {
    hist[v] = (hist[v] as number) + 1;
  }
  let seen = 0;
  const target = img.data.length * 0.9;
  for (let v = 0; v < 256; v++) {
    seen += hist[v] as number;
    if (seen >= target) {
      return Math.max(v, 60);
    }
  }
  return 255;
}

/**
 * Ink only: what is lighter than 70 % of the paper's grey turns white (the dropout-blue lines of the boxes, shadows,
 * paper tone), the rest is stretched to black, keeping the grey of faint strokes (the dots of an ü after blur).
 * Answers the clean picture and how many pixels are clearly ink (darker than half the paper).
 */
function inkOnly(img: Gray): { clean: Gray; ink: number } {
  const paper = paperLevel(img);
  const cut = paper * 0.7;
  const dark = paper * 0.5;
  const data = new Uint8Array(img.data.length);
  let ink = 0;
  for (let i = 0; i < data.length; i++) {
    const v = img.data[i] as number;
    if (v < dark) {
      ink++;
    }
    data[i] = v >= cut ? 255 : Math.round((255 * v) / cut);
  }
  return { clean: { data, width: img.width, height: img.height }, ink };
}

function png(img: Gray, pad = 0, compressionLevel = 6): Promise<Buffer> {
  const s = sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), {
    raw: { width: img.width, height: img.height, channels: 1 },
  });
  return (pad ? s.extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#ffffff' }) : s)
    .toColourspace('b-w')
    .png({ compressionLevel })
    .toBuffer();
}

/** At most `limit` of the tasks at a time (the machine's cores: each Tesseract runs one thread). */
async function limited<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export interface ReadOptions {
  /**
   * Read text boxes with two language models and take a value only when they agree (up to accents one of them
   * lacks). Default: with Tesseract; a cloud engine reads once.
   */
  crossCheck?: boolean;
  /** Called with each engine reading of a box before the readings are combined (to see why a field went to review). */
  trace?: (field: LeadFormField, line: number, lang: string, read: OcrText) => void;
}

const NOTHING: OcrText = { text: '', confidence: 0 };

const fold = (t: string) => t.normalize('NFD').replace(/\p{Mn}/gu, '');
const marks = (t: string) => t.normalize('NFD').replace(/[^\p{Mn}]/gu, '');

/** A letter and its neighbour are twins: the same letter but for accents (u and ü), or i and a dotless ı. */
const twins = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a !== b && fold(a.replace('ı', 'i')) === fold(b.replace('ı', 'i'));

/**
 * Whether `longer` is `shorter` with one letter doubled by its twin beside it: a model unsure of an umlaut writes
 * both the plain and the accented letter ("Zuürcher" for "Zürcher"), or a dotless ı beside an i ("Riıchiamare").
 */
export function twinInserted(longer: string, shorter: string): boolean {
  const l = [...longer];
  const s = [...shorter];
  if (l.length !== s.length + 1) {
    return false;
  }
  let i = 0;
  while (i < s.length && l[i] === s[i]) {
    i++;
  }
  if (l.slice(i + 1).join('') !== s.slice(i).join('')) {
    return false;
  }
  return twins(l[i], l[i - 1]) || twins(l[i], l[i + 1]);
}

/**
 * Two readings of one box: the same text is surer than either; texts that differ only in accents are the one
 * with the accents (a model drops an accent it does not know far more often than it invents one); a text and the
 * same with a letter doubled by its twin are the shorter one, as sure as its own reading; other accents on the
 * same letters are the reading of the writer's language's model, when the writer ticked it; anything else is
 * uncertain.
 */
export function agree(
  a: OcrText | undefined,
  b: OcrText | undefined,
  lowResolution = false,
  /** The reading of the model of the language the writer ticked (`a` or `b`), if any: it knows that language's accents. */
  writersLanguage?: 'a' | 'b',
): OcrText {
  const x = a ?? NOTHING;
  const y = b ?? NOTHING;
  if (x.text === y.text) {
    return { text: x.text, confidence: (lowResolution ? Math.min : Math.max)(x.confidence, y.confidence) };
  }
  if (twinInserted(x.text, y.text)) {
    return y;
  }
  if (twinInserted(y.text, x.text)) {
    return x;
  }
  if (fold(x.text) === fold(y.text)) {
    const [more, less] = marks(x.text).length >= marks(y.text).length ? [x, y] : [y, x];
    if (marks(less.text).length === 0 || marks(more.text).includes(marks(less.text))) {
      return { text: more.text, confidence: Math.min(x.confidence, y.confidence) };
    }
    // Other accents on the same letters ("plutöt" by German's model, "plutôt" by French's): the writer's language's
    // model knows which.
    if (writersLanguage) {
      return { text: (writersLanguage === 'a' ? x : y).text, confidence: Math.min(x.confidence, y.confidence) };
    }
  }
  const best = x.confidence >= y.confidence ? x : y;
  return { text: best.text, confidence: Math.min(best.confidence, 0.3) };
}

/** Pixels per point under which a page counts as low-resolution (≈ 175 dpi). */
const LOW_RESOLUTION = 2.4;

/** The page's resolution in image pixels per template point, measured between the top marks. */
function resolution(h: Homography): number {
  const [a, b] = MARKS as [{ x: number; y: number }, { x: number; y: number }];
  const pa = project(h, a.x, a.y);
  const pb = project(h, b.x, b.y);
  return Math.hypot(pa.x - pb.x, pa.y - pb.y) / (b.x - a.x);
}

/** The least confidence of each of three agreeing readings of a number box that makes it sure. */
const UNANIMOUS = 0.6;

/** A number box's text: a letter O is the digit 0 there (the models read a round 0 as O now and then). */
const numberText = (t: string) => t.replace(/[Oo]/g, '0');
/**
 * What a number box says: its digits and `+`, the spaces and other marks aside (`041 4297775` and `041 429.7775`
 * are `041 429 77 75`).
 */
const digitsOf = (t: string) => numberText(t).replace(/[^\d+]/g, '');

/**
 * A number box read by the English model, with the German and French readings as witnesses: when one of them
 * read the same digits (spaces aside), the reading is as sure as the surer of the two, and written with the
 * witness's spaces when it has more groups (English's model runs groups together); else it keeps its own
 * confidence.
 */
export function witnessedNumber(read: OcrText, witnesses: (OcrText | undefined)[]): OcrText {
  const text = digitsOf(read.text);
  const same = witnesses.filter((w): w is OcrText => !!w && text !== '' && digitsOf(w.text) === text);
  if (!same.length) {
    return { text: numberText(read.text), confidence: read.confidence };
  }
  const groups = (t: string) => t.trim().split(/\s+/).length;
  const written = [read, ...same].reduce((best, w) => (groups(w.text) > groups(best.text) ? w : best));
  const confidence = Math.max(read.confidence, ...same.map((w) => w.confidence));
  // Three models of their own reading the same digits, none of them unsure: sure.
  const unanimous = same.length >= 2 && same.length === witnesses.length && [read, ...same].every((w) => w.confidence >= UNANIMOUS);
  return { text: numberText(written.text), confidence: unanimous ? Math.max(confidence, 0.9) : confidence };
}

/**
 * Comb boxes side by side: each cell's writing cut out (its ink and a little paper) and put next to the others,
 * so a recogniser sees `8001` instead of four digits wide apart with the cells' walls between them.
 */
function combCrop(full: Gray, h: Homography, box: Rect, cells: number): Gray {
  const cell = box.w / cells;
  const pieces: Gray[] = [];
  for (let i = 0; i < cells; i++) {
    const piece = sampleRect(full, h, { x: box.x + i * cell + 2.5, y: box.y + 2.5, w: cell - 5, h: box.h - 5 }, SCALE);
    const paper = paperLevel(piece);
    let min = piece.width;
    let max = -1;
    for (let y = 0; y < piece.height; y++) {
      for (let x = 0; x < piece.width; x++) {
        if ((piece.data[y * piece.width + x] as number) < paper * 0.5) {
          min = Math.min(min, x);
          max = Math.max(max, x);
        }
      }
    }
    if (max < 0) {
      continue;
    }
    const pad = Math.round(1.5 * SCALE);
    const from = Math.max(0, min - pad);
    const to = Math.min(piece.width, max + pad + 1);
    const width = to - from;
    const data = new Uint8Array(width * piece.height);
    for (let y = 0; y < piece.height; y++) {
      data.set(piece.data.subarray(y * piece.width + from, y * piece.width + to), y * width);
    }
    pieces.push({ data, width, height: piece.height });
  }
  const height = Math.round((box.h - 5) * SCALE);
  const width = Math.max(
    1,
    pieces.reduce((sum, p) => sum + p.width, 0),
  );
  const data = new Uint8Array(width * height).fill(255);
  let x0 = 0;
  for (const p of pieces) {
    for (let y = 0; y < p.height; y++) {
      data.set(p.data.subarray(y * p.width, (y + 1) * p.width), y * width + x0);
    }
    x0 += p.width;
  }
  return { data, width, height };
}

interface Job {
  field: LeadFormField;
  /** The line of a box of several lines (each read alone), else 0. */
  line: number;
  image: Buffer;
}

/**
 * Ink pixels from which a box counts as written in: a few specks are no writing, a letter's stroke is hundreds
 * (60 at 4 pixels a point, in proportion to the area).
 */
const WRITING = Math.round((60 * SCALE * SCALE) / 16);

/**
 * Reads one page of the paper lead form (PNG, JPEG, TIFF, or a PDF page rendered by `pdfPages`, PNG or PGM): finds the
 * registration marks, straightens each field box onto the template, reads tick boxes by their ink and text boxes
 * with the engine (fields of one kind together, two kinds at a time), then checks the values against each other
 * and their rules (validate.ts).
 */
export async function readLeadForm(page: Buffer, engine: OcrEngine, opts: ReadOptions = {}): Promise<LeadFormReading> {
  const full = await decode(page);
  const { small, factor } = await shrink(full);
  const reg = register(small);
  const h: Homography = reg ? scaleHomography(reg.h, factor) : wholeImage(full.width, full.height);

  const raw = {} as RawFields;
  const images = {} as Record<LeadFormField, Buffer>;
  const textJobs: Job[] = [];
  const digitJobs: Job[] = [];
  const pending: Promise<void>[] = [];

  for (const field of LEAD_FORM_FIELDS) {
    const spec = LEAD_FORM[field];
    const view = sampleRect(full, h, inset(spec.box, -3), VIEW_SCALE);
    pending.push(
      png(view).then((b) => {
        images[field] = b;
      }),
    );
    if (spec.kind === 'choice') {
      const ticks = spec.options.map((o) => {
        const { clean, ink } = inkOnly(sampleRect(full, h, inset(o.box, 2.5), SCALE));
        return { value: o.value, share: ink / clean.data.length };
      });
      const ticked = ticks.filter((t) => t.share > 0.12);
      const doubtful = ticks.some((t) => t.share > 0.03 && t.share <= 0.12);
      raw[field] =
        ticked.length === 1 && !doubtful
          ? { value: (ticked[0] as { value: string }).value, confidence: 0.97 }
          : ticked.length === 0 && !doubtful
            ? { value: null, confidence: 0.95 }
            : { value: ticked.length === 1 ? (ticked[0] as { value: string }).value : null, confidence: 0.3 };
      continue;
    }
    const lines = lineRects(spec.box, spec.lines);
    let any = false;
    let faint = false;
    lines.forEach((rect, line) => {
      const { clean, ink } = inkOnly(spec.comb ? combCrop(full, h, rect, spec.comb) : sampleRect(full, h, inset(rect, 2.5), SCALE));
      // A few specks are no writing; a stroke of a letter at this scale is some hundred pixels.
      if (ink < WRITING) {
        faint ||= ink >= WRITING / 3;
        return;
      }
      any = true;
      const jobs = spec.whitelist?.split('').every((c) => NUMBERISH.includes(c)) ? digitJobs : textJobs;
      pending.push(
        png(clean, 12, 1).then((image) => {
          jobs.push({ field, line, image });
        }),
      );
    });
    if (!any) {
      raw[field] = { value: null, confidence: faint ? 0.5 : 0.95 };
    }
  }
  await Promise.all(pending);

  const second = raw.language.value === 'it' ? 'ita' : 'fra';
  // Below about 175 dpi both models lose an umlaut alike ("Kälin" read "Kalin" by both): there two readings that
  // agree count only as sure as the less sure of them.
  const low = resolution(h) < LOW_RESOLUTION;
  const ticked = raw.language.confidence >= LEAD_FORM_CONFIDENT ? raw.language.value : null;
  const writers = ticked === 'de' ? 'a' : (ticked === 'fr' && second === 'fra') || ticked === 'it' ? 'b' : undefined;
  const crossCheck = opts.crossCheck ?? engine.provider === 'tesseract';
  // With the cross-check the language models also read the number boxes (cheap: the model is loaded anyway), as
  // witnesses of the English reading.
  const witnessed = crossCheck ? [...textJobs, ...digitJobs] : textJobs;
  const runs: { jobs: Job[]; opts: RecognizeOptions }[] = [
    { jobs: witnessed, opts: { lang: LANG, psm: 7 } },
    ...(crossCheck ? [{ jobs: witnessed, opts: { lang: second, psm: 7 as const } }] : []),
    { jobs: digitJobs, opts: { lang: DIGITS_LANG, psm: 7 } },
  ];
  const results = await limited(
    runs.map(
      (r) => () =>
        r.jobs.length
          ? engine.recognizeMany(
              r.jobs.map((j) => j.image),
              r.opts,
            )
          : Promise.resolve([]),
    ),
    Math.max(1, Math.min(2, os.availableParallelism())),
  );
  if (opts.trace) {
    runs.forEach((r, k) => r.jobs.forEach((j, i) => opts.trace?.(j.field, j.line, r.opts.lang, results[k]?.[i] ?? NOTHING)));
  }
  const [first = [], ...others] = results;
  const readings: { job: Job; read: OcrText; each?: OcrText[] }[] = [
    ...textJobs.map((job, i) => ({
      job,
      read: crossCheck ? agree(first[i], others[0]?.[i], low, writers) : (first[i] ?? NOTHING),
      each: crossCheck ? [first[i] ?? NOTHING, others[0]?.[i] ?? NOTHING] : [],
    })),
    ...digitJobs.map((job, i) => {
      const read = results[results.length - 1]?.[i] ?? NOTHING;
      const witnesses = crossCheck ? [first[textJobs.length + i], others[0]?.[textJobs.length + i]] : [];
      return { job, read: witnessedNumber(read, witnesses) };
    }),
  ];
  const byField = new Map<LeadFormField, { line: number; read: OcrText; each: OcrText[] }[]>();
  for (const { job, read, each } of readings) {
    byField.set(job.field, [...(byField.get(job.field) ?? []), { line: job.line, read, each: each ?? [] }]);
  }
  for (const [field, reads] of byField) {
    const parts = reads.sort((a, b) => a.line - b.line).map((r) => fromText(field, r.read));
    const values = parts.flatMap((p) => (p.value === null ? [] : [p.value]));
    const one = reads.length === 1 ? (reads[0] as { each: OcrText[] }).each : [];
    raw[field] = {
      value: values.length ? values.join(' ') : null,
      confidence: Math.min(...parts.map((p) => p.confidence)),
      ...(one.length > 1 ? { readings: one.map((r) => fromText(field, r).value ?? '') } : {}),
    };
  }

  const checked = validateLeadForm(raw);
  // Below about 175 dpi both models lose accents alike ("après" read "apres" by both): the remark, free text full
  // of them, is then always checked by a person.
  if (low && checked.note.value !== null) {
    checked.note = { value: checked.note.value, confidence: Math.min(checked.note.confidence, 0.4) };
  }
  const fields = {} as Record<LeadFormField, ReadField>;
  for (const field of LEAD_FORM_FIELDS) {
    const f = checked[field];
    fields[field] = { value: f.value, confidence: reg ? f.confidence : Math.min(f.confidence, 0.3), image: images[field] };
  }
  return { fields, template_found: reg !== null };
}

function fromText(field: LeadFormField, read: OcrText): { value: string | null; confidence: number } {
  const spec = LEAD_FORM[field];
  let text = spec.kind === 'text' && spec.comb ? read.text.replace(/\s+/g, '') : read.text;
  if (spec.kind === 'text' && spec.whitelist) {
    const allowed = new Set(spec.whitelist);
    if ([...text].some((c) => !allowed.has(c) && c !== '\n')) {
      return { value: text.replace(/\n/g, ' ').trim() || null, confidence: Math.min(read.confidence, 0.3) };
    }
  }
  if (spec.kind === 'text' && spec.lines === 1) {
    text = text.replace(/\n/g, ' ');
  }
  text = text.trim();
  return text ? { value: text, confidence: read.confidence } : { value: null, confidence: 0.3 };
}

/**
 * Each page of a PDF at 300 dpi (poppler's `pdftoppm`): as PNG by default; as PGM (`format: 'pgm'`), which costs
 * a quarter of the CPU to write and nothing to decode (`readLeadForm` takes it as it is) but is some 8.7 MB a page
 * in memory: for one page at a time (`first`/`last`), not a whole batch.
 */
export async function pdfPages(pdf: Buffer, opts: { format?: 'png' | 'pgm'; first?: number; last?: number } = {}): Promise<Buffer[]> {
  const format = opts.format ?? 'png';
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-pages-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await fs.writeFile(input, pdf);
    const range = [...(opts.first ? ['-f', String(opts.first)] : []), ...(opts.last ? ['-l', String(opts.last)] : [])];
    await run('pdftoppm', ['-r', '300', '-gray', ...(format === 'png' ? ['-png'] : []), ...range, input, path.join(dir, 'page')], {
      timeout: 120_000,
    });
    const ext = `.${format}`;
    const names = (await fs.readdir(dir)).filter((n) => n.startsWith('page') && n.endsWith(ext));
    const num = (n: string) => Number(/(\d+)\.\w+$/.exec(n)?.[1]);
    names.sort((a, b) => num(a) - num(b));
    return await Promise.all(names.map((n) => fs.readFile(path.join(dir, n))));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The pages of an uploaded scan, each readable by `readLeadForm`: a PDF's pages rendered (`pdfPages`), a
 * multi-page TIFF's pages as PNGs, any other image (PNG, JPEG, one-page TIFF) as it is.
 */
export async function scanPages(file: Buffer): Promise<Buffer[]> {
  if (file.subarray(0, 5).toString('latin1') === '%PDF-') {
    return pdfPages(file);
  }
  const meta = await sharp(file, { failOn: 'none' }).metadata();
  const pages = meta.pages ?? 1;
  if (pages <= 1) {
    return [file];
  }
  return Promise.all(
    Array.from({ length: pages }, (_, page) => sharp(file, { page, failOn: 'none' }).png({ compressionLevel: 1 }).toBuffer()),
  );
}
