import { unzipSync, type UnzipFileInfo } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * An XLSX's first sheet as rows of text. The workbook is a ZIP of XML parts (ECMA-376): the parts this
 * needs are unpacked with fflate and read with saxes, a streaming XML parser; the sheet's XML is fed to
 * the parser a megabyte at a time and reading stops once the row limit is passed. Three times faster
 * than a workbook library's reader on a 100,000-row sheet (docs/performance.md "Import at 100,000 rows"),
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

/** A cell's column from its reference ("C12" → 2); -1 without one. */
function columnOf(ref: string | undefined): number {
  if (!ref) {
    return -1;
  }
  let col = 0;
  for (let i = 0; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i) & ~32; // upper case
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

const attribute = (tag: SaxesTagPlain, name: string): string | undefined => {
  const v = tag.attributes[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * Feeds bytes of UTF-8 XML to a parser a megabyte at a time (about 25 ms of parsing), until it is done
 * or `stop()` says so. With `yieldEvery`, the event loop runs between megabytes: a sheet of 100,000
 * rows takes seconds, and the server answers others meanwhile.
 */
async function feed(parser: SaxesParser, bytes: Uint8Array, stop: () => boolean = () => false, yieldEvery = false): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  const step = 1024 * 1024;
  for (let at = 0; at < bytes.length && !stop(); at += step) {
    parser.write(decoder.decode(bytes.subarray(at, at + step), { stream: true }));
    if (yieldEvery) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  if (!stop()) {
    parser.write(decoder.decode());
    parser.close();
  }
}

/** The shared strings (xl/sharedStrings.xml): each <si>'s text, runs joined, phonetic runs (<rPh>) left out. */
async function sharedStrings(bytes: Uint8Array | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!bytes) {
    return strings;
  }
  const parser = new SaxesParser();
  let text = '';
  let inText = false;
  let phonetic = 0;
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'si') {
      text = '';
    } else if (name === 't') {
      inText = phonetic === 0;
    } else if (name === 'rPh') {
      phonetic += 1;
    }
  });
  parser.on('text', (t) => {
    if (inText) {
      text += t;
    }
  });
  parser.on('cdata', (t) => {
    if (inText) {
      text += t;
    }
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    if (name === 't') {
      inText = false;
    } else if (name === 'rPh') {
      phonetic -= 1;
    } else if (name === 'si') {
      strings.push(text);
    }
  });
  await feed(parser, bytes, undefined, true);
  return strings;
}

/** Per cell style (the `s` of a cell), whether it shows a date (xl/styles.xml: cellXfs and numFmts). */
async function dateStyles(bytes: Uint8Array | undefined): Promise<boolean[]> {
  const styles: boolean[] = [];
  if (!bytes) {
    return styles;
  }
  const custom = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'numFmt') {
      custom.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
    } else if (name === 'cellXfs') {
      inCellXfs = true;
    } else if (name === 'xf' && inCellXfs) {
      formatIds.push(Number(attribute(tag, 'numFmtId') ?? 0));
    }
  });
  parser.on('closetag', (tag) => {
    if (local(tag.name) === 'cellXfs') {
      inCellXfs = false;
    }
  });
  await feed(parser, bytes);
  for (const id of formatIds) {
    const code = custom.get(id);
    styles.push(code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code));
  }
  return styles;
}

/** The workbook's first sheet's part name and whether its dates count from 1904 (workbook.xml and its relations). */
async function firstSheet(
  workbook: Uint8Array | undefined,
  relations: Uint8Array | undefined,
): Promise<{ part: string | null; date1904: boolean }> {
  let sheetRel: string | null = null;
  let date1904 = false;
  if (workbook) {
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => {
      const name = local(tag.name);
      if (name === 'workbookPr') {
        const v = attribute(tag, 'date1904');
        date1904 = v === '1' || v === 'true';
      } else if (name === 'sheet' && sheetRel === null) {
        const id = Object.entries(tag.attributes).find(([k]) => local(k) === 'id' && k !== 'sheetId');
        sheetRel = id && typeof id[1] === 'string' ? id[1] : null;
      }
    });
    await feed(parser, workbook);
  }
  let part: string | null = null;
  if (relations && sheetRel !== null) {
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => {
      if (local(tag.name) === 'Relationship' && attribute(tag, 'Id') === sheetRel) {
        const target = attribute(tag, 'Target') ?? '';
        part = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
      }
    });
    await feed(parser, relations);
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

/** The entries of the ZIP that `wanted` names, unpacked; `seen` hears every entry's name. */
function unzip(bytes: Buffer, wanted: (name: string) => boolean, seen?: (name: string) => void): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), {
    filter: (file: UnzipFileInfo) => {
      seen?.(file.name);
      if (!wanted(file.name)) {
        return false;
      }
      if (file.originalSize > MAX_PART_BYTES) {
        throw new XlsxTooLarge(`${file.name} unpacks to ${file.originalSize} bytes`);
      }
      return true;
    },
  });
}

/**
 * The rows of an XLSX's first sheet: each row's cells as text (trimmed), a missing cell as '', rows
 * without any text left out. Stops after `maxRows + 1` rows (the header and the limit), answering
 * `truncated`. Throws on a damaged workbook, XlsxTooLarge on parts beyond MAX_PART_BYTES.
 */
export async function parseXlsx(bytes: Buffer, maxRows: number): Promise<{ rows: string[][]; truncated: boolean }> {
  const names: string[] = [];
  const meta = unzip(
    bytes,
    (name) =>
      name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels' || name === 'xl/styles.xml' || name === 'xl/sharedStrings.xml',
    (name) => names.push(name),
  );
  const found = await firstSheet(meta['xl/workbook.xml'], meta['xl/_rels/workbook.xml.rels']);
  const part = found.part && names.includes(found.part) ? found.part : lowestSheet(names);
  if (!part) {
    throw new Error('the workbook has no worksheet');
  }
  const strings = await sharedStrings(meta['xl/sharedStrings.xml']);
  const isDate = await dateStyles(meta['xl/styles.xml']);
  const sheet = unzip(bytes, (name) => name === part)[part];
  if (!sheet) {
    throw new Error('the worksheet cannot be read');
  }
  const rows: string[][] = [];
  let truncated = false;
  let row: string[] = [];
  let nextColumn = 0;
  let type = '';
  let style = 0;
  let column = 0;
  let value = '';
  let collecting = false;
  let inInline = false;
  let inFormula = false;
  let phonetic = 0;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'c') {
      type = attribute(tag, 't') ?? 'n';
      style = Number(attribute(tag, 's') ?? 0);
      const at = columnOf(attribute(tag, 'r'));
      column = at >= 0 ? at : nextColumn;
      value = '';
    } else if (name === 'row') {
      row = [];
      nextColumn = 0;
    } else if (name === 'v') {
      collecting = !inFormula;
    } else if (name === 'is') {
      inInline = true;
    } else if (name === 't' && inInline) {
      collecting = phonetic === 0;
    } else if (name === 'rPh') {
      phonetic += 1;
    } else if (name === 'f') {
      inFormula = true;
    }
  });
  const onText = (t: string) => {
    if (collecting) {
      value += t;
    }
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    if (name === 'v' || name === 't') {
      collecting = false;
    } else if (name === 'f') {
      inFormula = false;
    } else if (name === 'rPh') {
      phonetic -= 1;
    } else if (name === 'is') {
      inInline = false;
    } else if (name === 'c') {
      while (row.length < column) {
        row.push('');
      }
      row[column] = cellText(type, value, strings, isDate[style] === true, found.date1904).trim();
      nextColumn = column + 1;
    } else if (name === 'row') {
      if (row.some((c) => c !== '')) {
        rows.push(row);
        if (rows.length > maxRows + 1) {
          truncated = true;
        }
      }
    }
  });
  await feed(parser, sheet, () => truncated, true);
  return { rows, truncated };
}

/** A cell's text from its type, its value as written in the sheet, and whether its style shows a date. */
function cellText(type: string, value: string, strings: readonly string[], date: boolean, date1904: boolean): string {
  switch (type) {
    case 's':
      return value === '' ? '' : (strings[Number(value)] ?? '');
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
      if (!Number.isFinite(n)) {
        return value;
      }
      return date ? dateText(serialDate(n, date1904)) : numberText(n);
    }
  }
}
