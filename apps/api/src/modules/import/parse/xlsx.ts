import { pipeline, type Readable, type TransformOptions } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { XmlReader, type XmlAttributes, type XmlHandler, type XmlText } from './xml.ts';

/**
 * An XLSX's first sheet as rows of text. The workbook is a ZIP of XML parts (ECMA-376): yauzl finds the
 * parts this needs, the platform's zlib inflates each as a stream, a megabyte at a time, and XmlReader
 * (xml.ts) reads its bytes as they come (the sheet is never held whole); reading stops once the row
 * limit is passed. Several times faster than a workbook library's reader on a 100,000-row sheet
 * (docs/performance.md "Import at 100,000 rows", "The workbook unpacked as it is read" and "The
 * sheet's XML read as bytes"),
 * with the same text for every kind of cell: shared and inline strings (rich text joined, phonetic
 * runs left out), numbers as a Swiss sheet shows them, dates by their number format, booleans,
 * formulas by their cached result, errors as empty.
 */

/** A part this large unpacked is refused (a ZIP bomb, or a sheet far beyond any lead list). */
export const MAX_PART_BYTES = 400 * 1024 * 1024;

/** Raised when the unpacked parts are too large (the caller's file_too_large). */
export class XlsxTooLarge extends Error {}

/** A number written the way a Swiss sheet shows it: no exponent, no grouping, a dot before decimals. */
function numberText(n: number): string {
  if (Number.isInteger(n)) {
    const digits = Math.abs(n).toFixed(0);
    // A Swiss phone number typed into a number cell loses its leading 0: 791234567 → 0791234567.
    return /^[1-9]\d{8}$/.test(digits) && n > 0 ? `0${digits}` : String(n);
  }
  return String(Math.round(n * 1e10) / 1e10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell as a Swiss sheet shows it: 31.12.2025 (with the time when it has one). */
function dateText(d: Date): string {
  const date = `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
  const time = d.getUTCHours() || d.getUTCMinutes() ? ` ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : '';
  return date + time;
}

/** A serial date (days since 1900, or since 1904 in a workbook that says so) as a UTC date. */
function serialDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial + (date1904 ? 1462 : 0) - 25569) * 86_400_000));
}

/** The built-in number formats that show a date or a time (ECMA-376 18.8.30). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a format code shows a date or time: a y, m, d, h or s outside quotes and brackets. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '');
  return /[ymdhs]/i.test(bare);
}

/** A cell's column from its reference, attribute `i` ("C12" → 2); -1 without one. */
function columnOf(attributes: XmlAttributes, i: number): number {
  if (i < 0) {
    return -1;
  }
  let col = 0;
  const length = attributes.length(i);
  for (let k = 0; k < length; k += 1) {
    const c = attributes.codeAt(i, k) & ~32; // upper case
    if (c < 65 || c > 90) {
      break;
    }
    col = col * 26 + (c - 64);
  }
  return col - 1;
}

/** The local name of a tag ("x:row" → "row"): some writers prefix the spreadsheet namespace. */
const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Feeds a part's unpacked UTF-8 XML to a reader as it comes, until it ends or `stop()` says so (the
 * rest is not unpacked). The event loop runs between chunks: a large sheet takes a second, and the
 * server answers others meanwhile.
 */
async function feed(handler: XmlHandler, part: Part, stop: () => boolean = () => false): Promise<void> {
  const parser = new XmlReader(handler);
  for await (const chunk of part) {
    parser.write(chunk);
    if (stop()) {
      // Leaving the loop stops the unpacking (the part's `finally`).
      return;
    }
  }
  parser.close();
}

/** A part's unpacked bytes, as they come. */
type Part = AsyncIterable<Buffer>;

/** The bytes unpacked at a time: a megabyte takes fewer turns of the event loop than zlib's 16 kB (docs/performance.md "The sheet's XML read as bytes"). */
const UNPACK_CHUNK = 1 << 20;

/** A deflated part's bytes inflated as they are read, refused when they come to more or less than its entry says. */
async function* inflated(raw: Readable, size: number): Part {
  // Up to a few chunks unpacked ahead, on zlib's thread, while this one reads (zlib passes the stream's
  // options on to its Transform; its typings name only its own).
  const ahead: Pick<TransformOptions, 'readableHighWaterMark'> = { readableHighWaterMark: 4 * UNPACK_CHUNK };
  const inflate = zlib.createInflateRaw({ chunkSize: UNPACK_CHUNK, ...ahead });
  pipeline(raw, inflate, () => undefined);
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > size) {
        throw new Error('a part unpacks to more than its entry says');
      }
      yield chunk;
    }
    if (total !== size) {
      throw new Error('a part unpacks to less than its entry says');
    }
  } finally {
    inflate.destroy();
    raw.destroy();
  }
}

/** A workbook's ZIP: the names of its parts (from its central directory), each part unpacked as a stream when asked. */
class Workbook {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
  ) {}

  static async open(bytes: Buffer): Promise<Workbook> {
    const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once('end', resolve);
      zip.once('error', reject);
      zip.readEntry();
    });
    return new Workbook(zip, entries);
  }

  get names(): string[] {
    return [...this.entries.keys()];
  }

  /** A part's unpacked bytes as they come; XlsxTooLarge before unpacking one that says it is larger than MAX_PART_BYTES (it cannot unpack to more than it says). */
  async part(name: string): Promise<Part | undefined> {
    const entry = this.entries.get(name);
    if (!entry) {
      return undefined;
    }
    if (entry.uncompressedSize > MAX_PART_BYTES) {
      throw new XlsxTooLarge(`${name} unpacks to ${entry.uncompressedSize} bytes`);
    }
    // A deflated part is inflated here, in larger chunks than yauzl's; a stored one is as yauzl reads it (its size checked by yauzl).
    return entry.compressionMethod === 8
      ? inflated(await this.zip.openReadStreamPromise(entry, { decompress: false }), entry.uncompressedSize)
      : (this.zip.openReadStreamPromise(entry) as Promise<Part>);
  }
}

/** A handler of the events it names; the others pass. */
function handler(on: Partial<XmlHandler>): XmlHandler {
  return { open: on.open ?? (() => undefined), text: on.text ?? (() => undefined), close: on.close ?? (() => undefined) };
}

/** The shared strings (xl/sharedStrings.xml): each <si>'s text, runs joined, phonetic runs (<rPh>) left out. */
async function sharedStrings(part: Part | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!part) {
    return strings;
  }
  let text = '';
  let inText = false;
  let phonetic = 0;
  const open = (_tagName: string, _attributes: XmlAttributes, name: string) => {
    if (name === 'si') {
      text = '';
    } else if (name === 't') {
      inText = phonetic === 0;
    } else if (name === 'rPh') {
      phonetic += 1;
    }
  };
  const close = (_tagName: string, name: string) => {
    if (name === 't') {
      inText = false;
    } else if (name === 'rPh') {
      phonetic -= 1;
    } else if (name === 'si') {
      strings.push(text);
    }
  };
  const onText = (t: XmlText) => {
    if (inText) {
      text += t.string();
    }
  };
  await feed({ open, text: onText, close }, part);
  return strings;
}

/** Per cell style (the `s` of a cell), whether it shows a date (xl/styles.xml: cellXfs and numFmts). */
async function dateStyles(part: Part | undefined): Promise<boolean[]> {
  const styles: boolean[] = [];
  if (!part) {
    return styles;
  }
  const custom = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  const open = (_tagName: string, attributes: XmlAttributes, name: string) => {
    if (name === 'numFmt') {
      custom.set(Number(attributes.get('numFmtId')), attributes.get('formatCode') ?? '');
    } else if (name === 'cellXfs') {
      inCellXfs = true;
    } else if (name === 'xf' && inCellXfs) {
      formatIds.push(Number(attributes.get('numFmtId') ?? 0));
    }
  };
  const close = (_tagName: string, name: string) => {
    if (name === 'cellXfs') {
      inCellXfs = false;
    }
  };
  await feed(handler({ open, close }), part);
  for (const id of formatIds) {
    const code = custom.get(id);
    styles.push(code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code));
  }
  return styles;
}

/** The workbook's first sheet's part name and whether its dates count from 1904 (workbook.xml and its relations). */
async function firstSheet(
  workbook: Part | undefined,
  relations: (() => Promise<Part | undefined>) | undefined,
): Promise<{ part: string | null; date1904: boolean }> {
  let sheetRel: string | null = null;
  let date1904 = false;
  if (workbook) {
    const open = (_tagName: string, attributes: XmlAttributes, name: string) => {
      if (name === 'workbookPr') {
        const v = attributes.get('date1904');
        date1904 = v === '1' || v === 'true';
      } else if (name === 'sheet' && sheetRel === null) {
        const at = attributes.names.slice(0, attributes.count).findIndex((k) => local(k) === 'id' && k !== 'sheetId');
        sheetRel = at < 0 ? null : attributes.value(at);
      }
    };
    await feed(handler({ open }), workbook);
  }
  let part: string | null = null;
  const relationsPart = sheetRel === null ? undefined : await relations?.();
  if (relationsPart) {
    const open = (_tagName: string, attributes: XmlAttributes, name: string) => {
      if (name === 'Relationship' && attributes.get('Id') === sheetRel) {
        const target = attributes.get('Target') ?? '';
        part = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
      }
    };
    await feed(handler({ open }), relationsPart);
  }
  return { part, date1904 };
}

/** The lowest-numbered worksheet part, for a workbook whose relations do not name its first sheet. */
function lowestSheet(names: readonly string[]): string | null {
  const sheets = names
    .map((n) => ({ n, m: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(n) }))
    .filter((x) => x.m)
    .sort((a, b) => Number(a.m![1]) - Number(b.m![1]));
  return sheets[0]?.n ?? null;
}

/**
 * The rows of an XLSX's first sheet: each row's cells as text (trimmed), a missing cell as '', rows
 * without any text left out. Stops after `maxRows + 1` rows (the header and the limit), answering
 * `truncated`. Throws on a damaged workbook, XlsxTooLarge on parts beyond MAX_PART_BYTES.
 */
export async function parseXlsx(bytes: Buffer, maxRows: number): Promise<{ rows: string[][]; truncated: boolean }> {
  const book = await Workbook.open(bytes);
  const names = book.names;
  const found = await firstSheet(await book.part('xl/workbook.xml'), () => book.part('xl/_rels/workbook.xml.rels'));
  const part = found.part && names.includes(found.part) ? found.part : lowestSheet(names);
  if (!part) {
    throw new Error('the workbook has no worksheet');
  }
  const strings = await sharedStrings(await book.part('xl/sharedStrings.xml'));
  const isDate = await dateStyles(await book.part('xl/styles.xml'));
  const sheet = await book.part(part);
  if (!sheet) {
    throw new Error('the worksheet cannot be read');
  }
  const reader = new SheetRows(strings, isDate, found.date1904, maxRows);
  await feed(reader, sheet, () => reader.truncated);
  return { rows: reader.rows, truncated: reader.truncated };
}

/** A worksheet's XML read as rows of text (the handler of its reader). */
class SheetRows implements XmlHandler {
  readonly rows: string[][] = [];
  truncated = false;
  private row: string[] = [];
  /** The cells of the row so far (its length once it ends), and the most of any row before: a new row's room. */
  private width = 0;
  private room = 0;
  private nextColumn = 0;
  private type = '';
  private style = 0;
  private column = 0;
  // A cell's value: its text, or for a number or a shared string's index written in one run of
  // digits, that number (read from the bytes, no text made) and how many digits it had.
  private value = '';
  private digits = NaN;
  private digitCount = 0;
  private collecting = false;
  private inInline = false;
  private inFormula = false;
  private phonetic = 0;

  constructor(
    private readonly strings: readonly string[],
    private readonly isDate: readonly boolean[],
    private readonly date1904: boolean,
    private readonly maxRows: number,
  ) {}

  open(_tagName: string, attributes: XmlAttributes, name: string): void {
    if (name === 'c') {
      const t = attributes.indexOf('t');
      this.type = t < 0 ? 'n' : attributes.length(t) === 1 && attributes.codeAt(t, 0) === 115 ? 's' : attributes.value(t);
      const s = attributes.indexOf('s');
      const written = s < 0 ? 0 : attributes.integer(s);
      this.style = Number.isNaN(written) ? Number(attributes.value(s)) : written;
      const at = columnOf(attributes, attributes.indexOf('r'));
      this.column = at >= 0 ? at : this.nextColumn;
      this.value = '';
      this.digits = NaN;
    } else if (name === 'row') {
      // Made as long as the rows before (all the same, as a rule) and cut to its own at its end: an
      // array grown cell by cell is made again as it grows, a large part of the garbage of a sheet.
      this.row = new Array<string>(this.room);
      this.width = 0;
      this.nextColumn = 0;
    } else if (name === 'v') {
      this.collecting = !this.inFormula;
    } else if (name === 'is') {
      this.inInline = true;
    } else if (name === 't' && this.inInline) {
      this.collecting = this.phonetic === 0;
    } else if (name === 'rPh') {
      this.phonetic += 1;
    } else if (name === 'f') {
      this.inFormula = true;
    }
  }

  text(t: XmlText): void {
    if (!this.collecting) {
      return;
    }
    if (this.value === '' && Number.isNaN(this.digits) && (this.type === 's' || this.type === 'n')) {
      this.digits = t.integer();
      this.digitCount = t.length;
      if (!Number.isNaN(this.digits)) {
        return;
      }
    }
    if (!Number.isNaN(this.digits)) {
      // The value goes on after its digits (a run cut by the chunks): as text from here.
      this.value = String(this.digits).padStart(this.digitCount, '0');
      this.digits = NaN;
    }
    this.value += t.string();
  }

  close(_tagName: string, name: string): void {
    if (name === 'v' || name === 't') {
      this.collecting = false;
    } else if (name === 'f') {
      this.inFormula = false;
    } else if (name === 'rPh') {
      this.phonetic -= 1;
    } else if (name === 'is') {
      this.inInline = false;
    } else if (name === 'c') {
      this.endCell();
    } else if (name === 'row') {
      this.endRow();
    }
  }

  private endCell(): void {
    const row = this.row;
    while (this.width < this.column) {
      row[this.width] = '';
      this.width += 1;
    }
    if (this.width === this.column) {
      this.width += 1;
    }
    const date = this.isDate[this.style] === true;
    row[this.column] = (
      Number.isNaN(this.digits)
        ? cellText(this.type, this.value, this.strings, date, this.date1904)
        : cellNumber(this.type, this.digits, this.strings, date, this.date1904)
    ).trim();
    this.nextColumn = this.column + 1;
  }

  private endRow(): void {
    this.row.length = this.width;
    // (Not beyond a lead list's width: one row with a cell far to the right makes no room for all.)
    this.room = Math.min(Math.max(this.room, this.width), 256);
    if (this.row.some((c) => c !== '')) {
      this.rows.push(this.row);
      if (this.rows.length > this.maxRows + 1) {
        this.truncated = true;
      }
    }
  }
}

/** A cell's text from its type (a shared string or a number) and its value as a number (a shared string's index). */
function cellNumber(type: string, n: number, strings: readonly string[], date: boolean, date1904: boolean): string {
  return type === 's' ? (strings[n] ?? '') : date ? dateText(serialDate(n, date1904)) : numberText(n);
}

/** A cell's text from its type, its value as written in the sheet, and whether its style shows a date. */
function cellText(type: string, value: string, strings: readonly string[], date: boolean, date1904: boolean): string {
  switch (type) {
    case 's':
      return value === '' ? '' : cellNumber(type, Number(value), strings, date, date1904);
    case 'inlineStr':
    case 'str':
      return value;
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : '';
    case 'e':
      return '';
    case 'd': {
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? value : dateText(d);
    }
    default: {
      if (value === '') {
        return '';
      }
      const n = Number(value);
      return Number.isFinite(n) ? cellNumber(type, n, strings, date, date1904) : value;
    }
  }
}
