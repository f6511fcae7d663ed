import { describe, expect, it } from 'vitest';
import { exportCellText, tablesCsv, type CellKind, type ExportTable } from './stats-export.ts';

describe('exportCellText (de-CH, no currency sign)', () => {
  it.each<[CellKind, string | number | null, string]>([
    ['count', 0, '0'],
    ['count', 1234567, "1'234'567"],
    ['money', 123456, "1'234.56"],
    ['money', 5, '0.05'],
    ['money', -250000, "-2'500.00"],
    ['money', 0, '0.00'],
    ['percent', 12.5, '12.5'],
    ['percent', 100, '100.0'],
    ['percent', null, ''],
    ['percent', -3.25, '-3.3'],
    ['count', -1500, "-1'500"],
    ['money', null, ''],
    ['text', 'Zürich HB', 'Zürich HB'],
  ])('%s %s → %s', (kind, value, expected) => {
    expect(exportCellText(kind, value)).toBe(expected);
  });
});

describe('tablesCsv', () => {
  const table: ExportTable = {
    title: 'Pro Agent',
    columns: [
      { label: 'Agent', kind: 'text' },
      { label: 'Verkäufe', kind: 'count' },
      { label: 'Umsatz; verkauft', kind: 'money' },
    ],
    rows: [
      ['Anna "Ann" Alpha', 3, 300000],
      ['Bruno Beta', 1, 99],
    ],
    total: ['Total', 4, 300099],
  };

  it('writes a BOM, semicolons, CRLF, quotes where needed, and the total last', () => {
    expect(tablesCsv([table], ['Gesamtstatistik 2025'])).toBe(
      `\uFEFFGesamtstatistik 2025\r\n\r\nPro Agent\r\nAgent;Verkäufe;"Umsatz; verkauft"\r\n"Anna ""Ann"" Alpha";3;3'000.00\r\nBruno Beta;1;0.99\r\nTotal;4;3'000.99\r\n`,
    );
  });

  it('separates tables by a blank line', () => {
    const csv = tablesCsv([table, { ...table, title: 'Zwei', total: undefined, rows: [] }]);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFPro Agent',
      'Agent;Verkäufe;"Umsatz; verkauft"',
      `"Anna ""Ann"" Alpha";3;3'000.00`,
      'Bruno Beta;1;0.99',
      "Total;4;3'000.99",
      '',
      'Zwei',
      'Agent;Verkäufe;"Umsatz; verkauft"',
      '',
    ]);
  });
});
