import { describe, expect, it } from 'vitest';
import { csvCell, localWorkboard } from './local-workboard.ts';
import type { ExportClient } from './workboard.ts';

const client = (over: Partial<ExportClient> = {}): ExportClient => ({
  id: 17,
  name: 'Jürg',
  surname: 'Müller',
  email: 'juerg.mueller@example.ch',
  phone: '+41 44 123 45 67',
  mobile_phone: null,
  zipcode: '8001',
  city: 'Zürich',
  address: 'Bahnhofstrasse 1',
  status: 'Termin',
  type: 'private',
  company: null,
  ...over,
});

// 31 March 2025, 12:05 UTC is 14:05 in Zurich (summer time).
const workboard = () => localWorkboard({ now: () => new Date('2025-03-31T12:05:00Z') });

describe('local workboard (CSV export)', () => {
  it('writes UTF-8 with a byte order mark, German headers, semicolons and CRLF', async () => {
    const { exported, file } = await workboard().exportClients([client()]);

    expect(exported).toBe(1);
    expect(file?.name).toBe('Kunden-Export-2025-03-31-1405.csv');
    expect(file?.contentType).toBe('text/csv; charset=utf-8');
    expect([...file!.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file!.body.toString('utf8')).toBe(
      '\uFEFFId;Vorname;Nachname;E-Mail;Telefon;Mobile;PLZ;Ort;Adresse;Status;Typ;Firma\r\n' +
        "17;Jürg;Müller;juerg.mueller@example.ch;'+41 44 123 45 67;;8001;Zürich;Bahnhofstrasse 1;Termin;private;\r\n",
    );
  });

  it('keeps umlauts and accents as UTF-8 bytes', async () => {
    const { file } = await workboard().exportClients([client({ name: 'Zoë', surname: 'Schärer-Gâteau', city: 'Genève' })]);
    const body = file!.body;
    expect(body.includes(Buffer.from('Schärer-Gâteau', 'utf8'))).toBe(true);
    expect(body.includes(Buffer.from('Genève', 'utf8'))).toBe(true);
    expect(body.includes(Buffer.from('Zo\u00eb', 'latin1'))).toBe(false);
  });

  it('quotes values with a separator, a quote or a line break', async () => {
    const { file } = await workboard().exportClients([
      client({ company: 'Meier; Söhne AG', address: 'Im "Hof" 3', city: 'Bern\nBümpliz', status: null }),
    ]);
    const row = file!.body.toString('utf8').split('\r\n')[1];
    expect(row).toBe(
      '17;Jürg;Müller;juerg.mueller@example.ch;\'+41 44 123 45 67;;8001;"Bern\nBümpliz";"Im ""Hof"" 3";;private;"Meier; Söhne AG"',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+41 79 123 45 67', "'+41 79 123 45 67"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['Müller-Meier', 'Müller-Meier'],
    ['', ''],
  ])('keeps a spreadsheet from running %j as a formula', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes only the header for no clients', async () => {
    const { exported, file } = await workboard().exportClients([]);
    expect(exported).toBe(0);
    expect(file!.body.toString('utf8')).toBe('\uFEFFId;Vorname;Nachname;E-Mail;Telefon;Mobile;PLZ;Ort;Adresse;Status;Typ;Firma\r\n');
  });
});
