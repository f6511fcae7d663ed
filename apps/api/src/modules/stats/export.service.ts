import fs from 'node:fs';
import path from 'node:path';
import {
  exportCellText,
  formatDateTime,
  tablesCsv,
  type CallAgentStatsDto,
  type Cell,
  type CellKind,
  type ExportFormat,
  type ExportTable,
  type FinanceStatsDto,
  type Language,
  type LeadStatsDto,
  type SalesAgentStatsDto,
} from '@bo/domain';
import ExcelJS from 'exceljs';
import { createPdf, PDF_FONT, pdfRow } from '../../documents/pdf.ts';
import { LOCALES_DIR } from '../../paths.ts';

/**
 * The statistics exports (docs/statistics.md "Export"): the tables the screens show, as CSV, XLSX or
 * PDF, written on the server from the same answer the screen gets (same figures, same permission), in
 * the screen's language; the headings come from the screens' own translation files.
 */

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function namespace(lang: Language, ns: string): Tree {
  const key = `${lang}/${ns}`;
  let tree = cache.get(key);
  if (!tree) {
    try {
      tree = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lang, `${ns}.json`), 'utf8')) as Tree;
    } catch {
      tree = {};
    }
    cache.set(key, tree);
  }
  return tree;
}

/** A translated text `ns:a.b` with {{placeholders}}; German, then the key, when missing. */
export function text(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, dotted] = key.split(':') as [string, string];
  const find = (l: Language) =>
    dotted
      .split('.')
      .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), namespace(l, ns));
  const found = find(lang) ?? find('de');
  const template = typeof found === 'string' ? found : dotted;
  return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? ''));
}

const monthName = (lang: Language, month: number) =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : lang, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 15)),
  );

/** "Januar–März 2025", or "Juni 2025" for one month. */
export function periodText(lang: Language, year: number, from: number, to: number): string {
  return from === to ? `${monthName(lang, from)} ${year}` : `${monthName(lang, from)}–${monthName(lang, to)} ${year}`;
}

type Kind = Exclude<CellKind, 'text'>;
const SALES: [string, Kind][] = [
  ['leads_created', 'count'],
  ['demos_booked', 'count'],
  ['demos_held', 'count'],
  ['sales', 'count'],
  ['demo_to_sale', 'percent'],
  ['sold', 'money'],
  ['paid', 'money'],
  ['average_order', 'money'],
  ['cancellations', 'count'],
  ['returns', 'count'],
  ['commissions', 'money'],
];
const CALLS: [string, Kind][] = [
  ['calls', 'count'],
  ['reached', 'count'],
  ['reach_rate', 'percent'],
  ['leads_called', 'count'],
  ['demos_booked', 'count'],
  ['demos_held', 'count'],
  ['show_up_rate', 'percent'],
  ['lead_to_demo', 'percent'],
  ['sales', 'count'],
  ['demo_to_sale', 'percent'],
  ['sold', 'money'],
  ['commissions', 'money'],
];
const FINANCES: [string, Kind][] = [
  ['orders', 'count'],
  ['sold', 'money'],
  ['paid', 'money'],
  ['owed', 'money'],
  ['commissions', 'money'],
];

type Figures = Record<string, unknown>;
const cell = (v: unknown): Cell => (v === null || v === undefined ? null : (v as number));

/** The total statistics of a tab: per agent and per month, each with the total (the team's for an agent). */
export function agentTables(
  lang: Language,
  tab: 'sales' | 'call',
  d: SalesAgentStatsDto['data'] | CallAgentStatsDto['data'],
): ExportTable[] {
  const figures = tab === 'sales' ? SALES : CALLS;
  const columns = figures.map(([key, kind]) => ({ label: text(lang, `totalstats:figures.${key}`), kind }));
  const totalLabel = text(lang, d.scope === 'own' ? 'totalstats:teamTotal' : 'totalstats:total');
  const total = d.table.total as Figures;
  const tabName = text(lang, `totalstats:tabs.${tab}`);
  return [
    {
      title: `${tabName}: ${text(lang, 'totalstats:tableTitle')}`,
      columns: [{ label: text(lang, 'totalstats:agent'), kind: 'text' }, ...columns],
      rows: d.table.rows.map((r) => [`${r.agent.name} ${r.agent.surname}`, ...figures.map(([key]) => cell((r as Figures)[key]))]),
      total: [totalLabel, ...figures.map(([key]) => cell(total[key]))],
    },
    {
      title: `${tabName}: ${text(lang, d.scope === 'own' ? 'totalstats:chartTitleOwn' : 'totalstats:chartTitle')}`,
      columns: [{ label: text(lang, 'totalstats:month'), kind: 'text' }, ...columns],
      rows: d.charts.months.map((m) => [
        `${monthName(lang, Number(m.month.slice(5)))} ${m.month.slice(0, 4)}`,
        ...figures.map(([key]) => cell((m as Figures)[key])),
      ]),
    },
  ];
}

/** The finances statistics: per agent with the total, and per month. */
export function financeTables(lang: Language, d: FinanceStatsDto['data']): ExportTable[] {
  const columns = FINANCES.map(([key, kind]) => ({ label: text(lang, `finstats:figures.${key}`), kind }));
  return [
    {
      title: text(lang, 'finstats:tableTitle'),
      columns: [{ label: text(lang, 'finstats:agent'), kind: 'text' }, ...columns],
      rows: d.table.map((r) => [`${r.agent.name} ${r.agent.surname}`, ...FINANCES.map(([key]) => cell((r as Figures)[key]))]),
      total: [text(lang, 'finstats:total'), ...FINANCES.map(([key]) => cell((d.totals as Figures)[key]))],
    },
    {
      title: text(lang, 'totalstats:chartTitle'),
      columns: [{ label: text(lang, 'totalstats:month'), kind: 'text' }, ...columns],
      rows: d.charts.months.map((m) => [
        `${monthName(lang, Number(m.month.slice(5)))} ${m.month.slice(0, 4)}`,
        ...FINANCES.map(([key]) => cell((m as Figures)[key])),
      ]),
    },
  ];
}

/** The leads statistics: by source, by location and by status, a column per month and the sum. */
export function leadTables(lang: Language, d: LeadStatsDto['data']): ExportTable[] {
  const months = d.charts.months.map((m) => ({ label: monthName(lang, Number(m.month.slice(5))), kind: 'count' as const }));
  const columns = (first: string) => [
    { label: first, kind: 'text' as const },
    ...months,
    { label: text(lang, 'totalstats:total'), kind: 'count' as const },
  ];
  const total = [text(lang, 'totalstats:total'), ...d.table.total.months, d.table.total.total];
  const none = text(lang, 'totalstats:leads.none');
  return [
    {
      title: text(lang, 'totalstats:leads.bySource'),
      columns: columns(text(lang, 'totalstats:leads.source')),
      rows: d.table.by_source.map((r) => [r.lead_source ? text(lang, `tables:leadSources.${r.lead_source}`) : none, ...r.months, r.total]),
      total,
    },
    {
      title: text(lang, 'totalstats:leads.byLocation'),
      columns: columns(text(lang, 'totalstats:leads.location')),
      rows: d.table.by_location.map((r) => [r.location?.name ?? none, ...r.months, r.total]),
      total,
    },
    {
      title: text(lang, 'totalstats:leads.byStatus'),
      columns: columns(text(lang, 'totalstats:leads.status')),
      rows: d.table.by_status.map((r) => [r.status ? text(lang, `tables:clientStatuses.${r.status}`) : none, ...r.months, r.total]),
      total,
    },
  ];
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Excel number formats; a de-CH Excel shows the group separator as an apostrophe. */
const XLSX_FORMATS: Record<CellKind, string | undefined> = { text: undefined, count: '#,##0', money: '#,##0.00', percent: '0.0' };

async function xlsxOf(title: string, heading: string[], tables: ExportTable[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Back Office';
  tables.forEach((table, i) => {
    // A sheet name: at most 31 characters, none of : \ / ? * [ ].
    const sheet = book.addWorksheet(`${i + 1} ${table.title}`.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
    for (const line of [title, ...heading]) {
      sheet.addRow([line]);
    }
    sheet.getRow(1).font = { bold: true, size: 13 };
    sheet.addRow([]);
    const head = sheet.addRow(table.columns.map((c) => c.label));
    head.font = { bold: true };
    const put = (cells: Cell[], bold: boolean) => {
      const row = sheet.addRow(cells.map((c, k) => (typeof c === 'number' && table.columns[k]?.kind === 'money' ? c / 100 : c)));
      row.eachCell((c, col) => {
        const format = XLSX_FORMATS[table.columns[col - 1]?.kind ?? 'text'];
        if (format) {
          c.numFmt = format;
          c.alignment = { horizontal: 'right' };
        }
      });
      if (bold) {
        row.font = { bold: true };
      }
    };
    table.rows.forEach((r) => put(r, false));
    if (table.total) {
      put(table.total, true);
    }
    sheet.columns.forEach((column, k) => {
      const widest = Math.max(
        table.columns[k]?.label.length ?? 0,
        ...[...table.rows, ...(table.total ? [table.total] : [])].map(
          (r) => exportCellText(table.columns[k]?.kind ?? 'text', r[k] ?? null).length,
        ),
      );
      column.width = Math.min(40, Math.max(8, widest + 2));
    });
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function pdfOf(title: string, heading: string[], tables: ExportTable[]): Promise<Buffer> {
  const { doc, done } = createPdf({ size: 'A4', layout: 'landscape', margin: 32, info: { Title: title } });
  doc.font(PDF_FONT.bold).fontSize(14).text(title);
  doc.font(PDF_FONT.regular).fontSize(9);
  for (const line of heading) {
    doc.text(line);
  }
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  for (const table of tables) {
    doc.moveDown(1);
    doc.font(PDF_FONT.bold).fontSize(10).text(table.title);
    doc.moveDown(0.3);
    doc.fontSize(7);
    const first = Math.min(120, width / 4);
    const rest = (width - first) / Math.max(1, table.columns.length - 1);
    const x = (k: number) => doc.page.margins.left + (k === 0 ? 0 : first + (k - 1) * rest);
    const w = (k: number) => (k === 0 ? first : rest) - 3;
    pdfRow(
      doc,
      table.columns.map((c, k) => ({ text: c.label, x: x(k), width: w(k), align: k === 0 ? 'left' : 'right', bold: true })),
    );
    const line = (cells: Cell[], bold: boolean) =>
      pdfRow(
        doc,
        cells.map((c, k) => ({
          text: exportCellText(table.columns[k]?.kind ?? 'text', c),
          x: x(k),
          width: w(k),
          align: k === 0 ? 'left' : 'right',
          bold,
        })),
      );
    table.rows.forEach((r) => line(r, false));
    if (table.total) {
      line(table.total, true);
    }
  }
  doc.end();
  return done;
}

/** The file of the tables in the format asked for; `name` is the file's name without extension. */
export async function exportFile(
  format: ExportFormat,
  f: { name: string; title: string; heading: string[]; tables: ExportTable[] },
): Promise<ExportFile> {
  const body =
    format === 'csv'
      ? Buffer.from(tablesCsv(f.tables, [f.title, ...f.heading]), 'utf8')
      : format === 'xlsx'
        ? await xlsxOf(f.title, f.heading, f.tables)
        : await pdfOf(f.title, f.heading, f.tables);
  return { body, contentType: CONTENT_TYPES[format], filename: `${f.name}.${format}` };
}

/** The lines under the title: the period, the agent, when the figures were computed. */
export function headingOf(
  lang: Language,
  p: { year: number; from: number; to: number; day?: string | null; agent?: string | null; computedAt: string },
): string[] {
  return [
    p.day ? p.day.split('-').reverse().join('.') : periodText(lang, p.year, p.from, p.to),
    ...(p.agent ? [`${text(lang, 'totalstats:agent')}: ${p.agent}`] : []),
    text(lang, 'totalstats:computedAt', { at: formatDateTime(p.computedAt) }),
  ];
}
