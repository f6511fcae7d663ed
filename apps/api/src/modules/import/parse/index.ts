import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../../core/errors.ts';
import { parseCsv } from './csv.ts';
import { decodeText, looksLikeText, type TextEncoding } from './decode.ts';
import { parseXlsx, XlsxTooLarge } from './xlsx.ts';

export { detectDelimiter, parseCsv } from './csv.ts';
export { decodeText, detectEncoding } from './decode.ts';
export { isDateFormat, parseXlsx } from './xlsx.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface LeadFileLimits {
  maxBytes: number;
  maxRows: number;
}

export interface ParsedLeadFile {
  kind: 'csv' | 'xlsx';
  contentType: string;
  encoding: TextEncoding | null;
  headers: string[];
  /** The data rows (the header excluded), each padded or cut to the headers' length. */
  rows: string[][];
}

const fileError = (
  code: 'EMPTY_FILE' | 'FILE_TOO_LARGE' | 'UNSUPPORTED_FILE_TYPE' | 'VALIDATION_ERROR',
  key: Parameters<typeof fieldOf>[0],
  message: string,
) => new AppError(code, { message, fieldValidation: fieldOf(key) });

function fieldOf(
  key: 'file_empty' | 'file_no_header' | 'file_unreadable' | 'file_type_unsupported' | 'file_too_large' | 'file_too_many_rows',
) {
  return { file: key };
}

/** What a data cell looks like (a number, a date, an e-mail, a phone): a header line has words. */
const DATA_CELL = /^([+\d][\d\s./'()-]*|[^\s@]+@[^\s@]+)$/;

/** Whether a first row is a header: some cell holds a word, and no cell holds what only data holds. */
export function isHeaderRow(cells: readonly string[]): boolean {
  const filled = cells.map((c) => c.trim()).filter(Boolean);
  return filled.length > 0 && filled.every((c) => !DATA_CELL.test(c)) && filled.some((c) => /\p{L}/u.test(c));
}

/**
 * A lead file's header and rows: its type sniffed from the bytes (XLSX by its content, CSV as text in
 * UTF-8, UTF-8 or UTF-16 with BOM, or Windows-1252), never from its name. Refuses, with `file` named
 * in `field_validation`: an empty file or one with a header alone (`file_empty`), too many bytes or
 * rows, another type (`file_type_unsupported`), a damaged file (`file_unreadable`), a first line that
 * is data rather than column names (`file_no_header`).
 */
export async function readLeadFile(bytes: Buffer, limits: LeadFileLimits): Promise<ParsedLeadFile> {
  if (bytes.length === 0) {
    throw fileError('EMPTY_FILE', 'file_empty', 'The file is empty.');
  }
  if (bytes.length > limits.maxBytes) {
    throw fileError('FILE_TOO_LARGE', 'file_too_large', `At most ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`);
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  let all: string[][];
  let kind: ParsedLeadFile['kind'];
  let encoding: TextEncoding | null = null;
  if (sniffed && (sniffed.mime === XLSX_TYPE || sniffed.mime === 'application/zip')) {
    kind = 'xlsx';
    try {
      const read = await parseXlsx(bytes, limits.maxRows);
      if (read.truncated) {
        throw fileError('FILE_TOO_LARGE', 'file_too_many_rows', `At most ${limits.maxRows} rows.`);
      }
      all = read.rows;
    } catch (err) {
      if (err instanceof AppError) {
        throw err;
      }
      if (err instanceof XlsxTooLarge) {
        throw fileError('FILE_TOO_LARGE', 'file_too_large', 'The spreadsheet unpacks to more than can be read.');
      }
      throw fileError('VALIDATION_ERROR', 'file_unreadable', 'The spreadsheet cannot be read (damaged, or not an XLSX).');
    }
  } else if (sniffed) {
    throw fileError('UNSUPPORTED_FILE_TYPE', 'file_type_unsupported', `Expected a CSV or XLSX file; got ${sniffed.mime}.`);
  } else {
    kind = 'csv';
    const decoded = decodeText(bytes);
    encoding = decoded.encoding;
    if (!looksLikeText(decoded.text)) {
      throw fileError('UNSUPPORTED_FILE_TYPE', 'file_type_unsupported', 'Expected a CSV or XLSX file; got binary data.');
    }
    if (decoded.text.trim() === '') {
      throw fileError('EMPTY_FILE', 'file_empty', 'The file is empty.');
    }
    try {
      all = parseCsv(decoded.text);
    } catch {
      throw fileError('VALIDATION_ERROR', 'file_unreadable', 'The CSV cannot be read (a quote that is never closed?).');
    }
    // Trimmed in place: a copy of 100,000 rows of cells would double what the parse holds.
    for (const r of all) {
      for (let i = 0; i < r.length; i += 1) {
        r[i] = r[i]!.trim();
      }
    }
    all = all.filter((r) => r.some((c) => c !== ''));
    if (all.length > limits.maxRows + 1) {
      throw fileError('FILE_TOO_LARGE', 'file_too_many_rows', `At most ${limits.maxRows} rows.`);
    }
  }
  if (all.length === 0) {
    throw fileError('EMPTY_FILE', 'file_empty', 'The file holds no rows.');
  }
  const header = all[0]!;
  if (!isHeaderRow(header)) {
    throw fileError('VALIDATION_ERROR', 'file_no_header', 'The first line must name the columns.');
  }
  let width = header.length;
  while (width > 0 && header[width - 1] === '') {
    width -= 1;
  }
  const headers = header.slice(0, width);
  const rows = all.slice(1).map((r) => (r.length === width ? r : Array.from({ length: width }, (_, i) => r[i] ?? '')));
  if (rows.length === 0) {
    throw fileError('EMPTY_FILE', 'file_empty', 'The file holds a header but no rows.');
  }
  return { kind, contentType: kind === 'xlsx' ? XLSX_TYPE : 'text/csv', encoding, headers, rows };
}
