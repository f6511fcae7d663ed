/**
 * A statistics table as the exports write it (CSV, XLSX, PDF; docs/statistics.md "Export"): headed
 * columns of a kind, rows of cells and the total row. Money is in integer Rappen until a writer turns
 * it into francs; a rate is a percentage with one decimal or null (nothing to divide by).
 */
export type CellKind = 'text' | 'count' | 'money' | 'percent';
export type Cell = string | number | null;

export interface ExportTable {
  title: string;
  columns: { label: string; kind: CellKind }[];
  rows: Cell[][];
  total?: Cell[];
}

/** Whole digits grouped by threes with an apostrophe, as de-CH writes them (the same in every runtime). */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

/**
 * A cell in de-CH form without a currency sign: 1'234 · 1'234.50 (francs from Rappen, exact) · 12.5 ·
 * empty for none. The apostrophe is the ASCII one, whatever the runtime's locale data says.
 */
export function exportCellText(kind: CellKind, value: Cell): string {
  if (value === null || value === '') {
    return '';
  }
  if (kind === 'text' || typeof value === 'string') {
    return String(value);
  }
  const sign = value < 0 ? '-' : '';
  if (kind === 'money') {
    const rappen = Math.round(Math.abs(value));
    return `${sign}${grouped(String(Math.floor(rappen / 100)))}.${String(rappen % 100).padStart(2, '0')}`;
  }
  if (kind === 'percent') {
    const tenths = Math.round(Math.abs(value) * 10);
    return `${tenths === 0 ? '' : sign}${grouped(String(Math.floor(tenths / 10)))}.${tenths % 10}`;
  }
  return `${Math.round(value) === 0 ? '' : sign}${grouped(String(Math.round(Math.abs(value))))}`;
}

const quoted = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The tables as one CSV file for a Swiss spreadsheet: a byte-order mark (UTF-8), semicolons between
 * cells, CRLF between lines, de-CH numbers (`exportCellText`); each table under its title with a blank
 * line between tables; `heading` lines (what and when) first.
 */
export function tablesCsv(tables: ExportTable[], heading: string[] = []): string {
  const lines: string[] = heading.map(quoted);
  if (heading.length > 0) {
    lines.push('');
  }
  tables.forEach((table, i) => {
    if (i > 0) {
      lines.push('');
    }
    lines.push(quoted(table.title));
    lines.push(table.columns.map((c) => quoted(c.label)).join(';'));
    for (const row of [...table.rows, ...(table.total ? [table.total] : [])]) {
      lines.push(row.map((cell, k) => quoted(exportCellText(table.columns[k]?.kind ?? 'text', cell))).join(';'));
    }
  });
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
