import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

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

/** A cell's value as text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'number') {
    return numberText(value);
  }
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'boolean') {
    return value ? 'TRUE' : 'FALSE';
  }
  if (value instanceof Date) {
    return dateText(value);
  }
  if ('richText' in value) {
    return value.richText.map((r) => r.text).join('');
  }
  if ('text' in value && typeof value.text === 'string') {
    return value.text;
  }
  if ('result' in value) {
    const result = value.result;
    return result === undefined || (typeof result === 'object' && result !== null && 'error' in result) ? '' : cellText(result);
  }
  if ('error' in value) {
    return '';
  }
  return '';
}

/**
 * The rows of an XLSX's first sheet, read as a stream (the workbook is never held whole): each row's
 * cells as text, a missing cell as ''. Stops after `maxRows + 1` rows (the header and the limit),
 * answering `truncated`.
 */
export async function parseXlsx(bytes: Buffer, maxRows: number): Promise<{ rows: string[][]; truncated: boolean }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: string[][] = [];
  let truncated = false;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i += 1) {
        cells.push(cellText(values[i]).trim());
      }
      if (cells.some((c) => c !== '')) {
        rows.push(cells);
      }
      if (rows.length > maxRows + 1) {
        truncated = true;
        break;
      }
    }
    // Only the first sheet.
    break;
  }
  return { rows, truncated };
}
