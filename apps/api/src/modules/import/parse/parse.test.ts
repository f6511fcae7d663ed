import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { exe, pdf, png } from '../../../../test/fixtures.ts';
import { AppError } from '../../../core/errors.ts';
import { detectDelimiter, detectEncoding, isDateFormat, readLeadFile } from './index.ts';

const LIMITS = { maxBytes: 1024 * 1024, maxRows: 1000 };

/** An XLSX written by exceljs: rows as given (a Date, a number, a formula with its result). */
async function xlsx(rows: ExcelJS.CellValue[][], more?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Leads');
  for (const row of rows) {
    sheet.addRow(row);
  }
  more?.(sheet);
  book.addWorksheet('Other').addRow(['not', 'read']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function refusal(bytes: Buffer, limits = LIMITS): Promise<{ code: string; field: unknown }> {
  try {
    await readLeadFile(bytes, limits);
  } catch (err) {
    if (err instanceof AppError) {
      return { code: err.code, field: err.fieldValidation?.file };
    }
    throw err;
  }
  throw new Error('not refused');
}

describe('detectEncoding', () => {
  it.each<[string, Buffer, string]>([
    ['UTF-8', Buffer.from('Prénom;Ort\nRené;Zürich', 'utf8'), 'utf-8'],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a;b')]), 'utf-8-bom'],
    ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('a;b', 'utf-16le')]), 'utf-16le'],
    ['UTF-16 BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('a;b', 'utf-16be')]), 'utf-16be'],
    ['Windows-1252', iconv.encode('Prénom;Ort\nRené;Zürich', 'win1252'), 'windows-1252'],
    ['plain ASCII', Buffer.from('a;b'), 'utf-8'],
  ])('%s', (_, bytes, expected) => {
    expect(detectEncoding(bytes)).toBe(expected);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['Vorname;Name;Ort\nAnna;Muster;Bern', ';'],
    ['Vorname,Name,Ort\nAnna,Muster,Bern', ','],
    ['Vorname\tName\tOrt\nAnna\tMuster\tBern', '\t'],
    ['Vorname|Name|Ort\nAnna|Muster|Bern', '|'],
    ['Name;Adresse\n"Muster, Anna";"Weg 1, Bern"', ';'],
    ['Name,Bemerkung\nAnna,"a; b; c"\nBob,x', ','],
    ['Name\nAnna', ';'],
  ])('%j → %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('readLeadFile: CSV', () => {
  it.each<[string, Buffer]>([
    ['UTF-8 with semicolons', Buffer.from('Vorname;Name;Ort\nRené;Müller;Zürich\n', 'utf8')],
    [
      'UTF-8 with BOM and CRLF',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Vorname;Name;Ort\r\nRené;Müller;Zürich\r\n')]),
    ],
    ['Windows-1252 (ä, é, ü)', iconv.encode('Vorname;Name;Ort\r\nRené;Müller;Zürich\r\n', 'win1252')],
    [
      'UTF-16 LE with BOM and tabs',
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('Vorname\tName\tOrt\r\nRené\tMüller\tZürich\r\n', 'utf-16le')]),
    ],
    [
      'UTF-16 BE with BOM and commas',
      Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('Vorname,Name,Ort\nRené,Müller,Zürich\n', 'utf-16be')]),
    ],
    ['pipes', Buffer.from('Vorname|Name|Ort\nRené|Müller|Zürich')],
  ])('%s', async (_, bytes) => {
    const file = await readLeadFile(bytes, LIMITS);
    expect(file.kind).toBe('csv');
    expect(file.headers).toEqual(['Vorname', 'Name', 'Ort']);
    expect(file.rows).toEqual([['René', 'Müller', 'Zürich']]);
  });

  it('keeps quoted fields whole: delimiters, quotes and line breaks in them', async () => {
    const text = 'Name;Bemerkung;Ort\n"Muster; Anna";"Zeile 1\nZeile 2 mit ""Zitat""";Bern\nBob;;\n';
    const file = await readLeadFile(Buffer.from(text), LIMITS);
    expect(file.rows).toEqual([
      ['Muster; Anna', 'Zeile 1\nZeile 2 mit "Zitat"', 'Bern'],
      ['Bob', '', ''],
    ]);
  });

  it('pads short rows and cuts long ones to the header, skips empty lines and trims cells', async () => {
    const file = await readLeadFile(Buffer.from('A;B;C;\n1;2\n\n ; ; \n x ;y;z;extra\n'), LIMITS);
    expect(file.headers).toEqual(['A', 'B', 'C']);
    expect(file.rows).toEqual([
      ['1', '2', ''],
      ['x', 'y', 'z'],
    ]);
  });
});

describe('readLeadFile: XLSX', () => {
  it('reads the first sheet, with dates and numbers as text, a Swiss phone stored as a number with its 0', async () => {
    const bytes = await xlsx([
      ['Vorname', 'Name', 'PLZ', 'Natel', 'Geburtstag', 'Betrag', 'Formel'],
      ['Anna', 'Muster', 8001, 791234567, new Date(Date.UTC(1960, 4, 17)), 12.5, { formula: 'C2+1', result: 8002 }],
      [{ richText: [{ text: 'Bo' }, { text: 'b' }] }, 'Meier', '3000', '+41 78 765 43 21', null, 3, null],
    ]);
    const file = await readLeadFile(bytes, LIMITS);
    expect(file.kind).toBe('xlsx');
    expect(file.headers).toEqual(['Vorname', 'Name', 'PLZ', 'Natel', 'Geburtstag', 'Betrag', 'Formel']);
    expect(file.rows).toEqual([
      ['Anna', 'Muster', '8001', '0791234567', '17.05.1960', '12.5', '8002'],
      ['Bob', 'Meier', '3000', '+41 78 765 43 21', '', '3', ''],
    ]);
  });

  it('refuses a sheet with more rows than allowed', async () => {
    const rows = [['Name'], ...Array.from({ length: 12 }, (_, i) => [`P${i}`])];
    expect(await refusal(await xlsx(rows), { ...LIMITS, maxRows: 10 })).toEqual({ code: 'FILE_TOO_LARGE', field: 'file_too_many_rows' });
  });

  it('refuses a damaged spreadsheet as unreadable', async () => {
    const good = await xlsx([['Name'], ['Anna']]);
    const damaged = Buffer.concat([good.subarray(0, 200), Buffer.alloc(500, 7)]);
    expect(await refusal(damaged)).toEqual({ code: 'VALIDATION_ERROR', field: 'file_unreadable' });
  });

  it('refuses a spreadsheet whose sheet is damaged inside an intact ZIP, and one whose sheet is cut short', async () => {
    const rows = [['Vorname', 'Name'], ...Array.from({ length: 3_000 }, (_, i) => [`Anna${i}`, `Muster ${i * 7919}`])];
    const good = await xlsx(rows);
    expect((await readLeadFile(good, { ...LIMITS, maxRows: 10_000 })).rows).toHaveLength(3_000);
    // The sheet's compressed bytes: after its local header ("PK\x03\x04"), name and extra field.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const header = good.indexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04])]), 0);
    let at = header;
    while (at >= 0 && !good.subarray(at + 30, at + 30 + good.readUInt16LE(at + 26)).equals(name)) {
      at = good.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), at + 4);
    }
    expect(at).toBeGreaterThanOrEqual(0);
    const data = at + 30 + good.readUInt16LE(at + 26) + good.readUInt16LE(at + 28);
    const scrambled = Buffer.from(good);
    for (let i = data + 200; i < data + 400; i += 1) {
      scrambled[i] = (scrambled[i]! * 31 + 17) & 0xff;
    }
    expect(await refusal(scrambled, { ...LIMITS, maxRows: 10_000 })).toEqual({ code: 'VALIDATION_ERROR', field: 'file_unreadable' });
    // The central directory says the sheet unpacks to less than it does: the reading stops there, refused.
    const short = saidToUnpack(good, name, (size) => Math.floor(size / 2));
    expect(await refusal(short, { ...LIMITS, maxRows: 10_000 })).toEqual({ code: 'VALIDATION_ERROR', field: 'file_unreadable' });
    // It says the sheet unpacks to more than it does: refused at the end of the sheet.
    const long = saidToUnpack(good, name, (size) => size + 1);
    expect(await refusal(long, { ...LIMITS, maxRows: 10_000 })).toEqual({ code: 'VALIDATION_ERROR', field: 'file_unreadable' });
  });
});

/** A copy of a ZIP whose central directory says the part `name` unpacks to `size(what it said)` bytes. */
function saidToUnpack(zip: Buffer, name: Buffer, size: (said: number) => number): Buffer {
  const copy = Buffer.from(zip);
  const entry = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = copy.indexOf(entry); at >= 0; at = copy.indexOf(entry, at + 4)) {
    if (copy.subarray(at + 46, at + 46 + copy.readUInt16LE(at + 28)).equals(name)) {
      copy.writeUInt32LE(size(copy.readUInt32LE(at + 24)), at + 24);
    }
  }
  return copy;
}

/**
 * A workbook written by hand, as other programs write them: the spreadsheet namespace prefixed ("x:"),
 * the first sheet in sheet2.xml, dates counted from 1904, inline and rich strings, a phonetic run.
 */
function handWrittenXlsx(level: 0 | 6 = 6): Buffer {
  const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const files = {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': `<?xml version="1.0"?><x:workbook ${ns} ${rel}><x:workbookPr date1904="1"/><x:sheets><x:sheet name="Leads" sheetId="1" r:id="rId7"/><x:sheet name="Alt" sheetId="2" r:id="rId1"/></x:sheets></x:workbook>`,
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
    'xl/styles.xml': `<?xml version="1.0"?><x:styleSheet ${ns}><x:numFmts count="1"><x:numFmt numFmtId="170" formatCode="[$-807]dd/mm/yy;@"/><x:numFmt numFmtId="171" formatCode="&quot;Nr. &quot;0"/></x:numFmts><x:cellStyleXfs count="1"><x:xf numFmtId="14"/></x:cellStyleXfs><x:cellXfs count="4"><x:xf numFmtId="0"/><x:xf numFmtId="170"/><x:xf numFmtId="14"/><x:xf numFmtId="171"/></x:cellXfs></x:styleSheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0"?><x:sst ${ns}><x:si><x:t>Vorname</x:t></x:si><x:si><x:t>Name</x:t></x:si><x:si><x:r><x:t>Zü</x:t></x:r><x:r><x:t xml:space="preserve">rich </x:t></x:r><x:rPh><x:t>ツーリッヒ</x:t></x:rPh></x:si><x:si><x:t>Müller &amp; Söhne</x:t></x:si></x:sst>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><x:worksheet ${ns}><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>not read</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
    'xl/worksheets/sheet2.xml': `<?xml version="1.0"?><x:worksheet ${ns}><x:sheetData>
      <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>Ort</x:t></x:is></x:c><x:c r="D1" t="inlineStr"><x:is><x:t>Seit</x:t></x:is></x:c><x:c r="E1" t="inlineStr"><x:is><x:t>Am</x:t></x:is></x:c><x:c r="F1" t="inlineStr"><x:is><x:t>Aktiv</x:t></x:is></x:c><x:c r="G1" t="inlineStr"><x:is><x:t>Fehler</x:t></x:is></x:c><x:c r="H1" t="inlineStr"><x:is><x:t>Formel</x:t></x:is></x:c><x:c r="I1" t="inlineStr"><x:is><x:t>Kunde</x:t></x:is></x:c></x:row>
      <x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:r><x:t>An</x:t></x:r><x:r><x:t>na</x:t></x:r></x:is></x:c><x:c r="B2" t="s"><x:v>3</x:v></x:c><x:c r="C2" t="s"><x:v>2</x:v></x:c><x:c r="D2" s="1"><x:v>43830</x:v></x:c><x:c r="E2" s="2"><x:v>43830.5</x:v></x:c><x:c r="F2" t="b"><x:v>1</x:v></x:c><x:c r="G2" t="e"><x:v>#DIV/0!</x:v></x:c><x:c r="H2" t="str"><x:f>A2&amp;"!"</x:f><x:v>Anna!</x:v></x:c><x:c r="I2" s="3"><x:v>42</x:v></x:c></x:row>
      <x:row r="4"><x:c t="inlineStr"><x:is><x:t>  Bob </x:t></x:is></x:c><x:c><x:v>791234567</x:v></x:c></x:row>
      <x:row r="5"><x:c r="C5" t="inlineStr"><x:is><x:t> </x:t></x:is></x:c></x:row>
    </x:sheetData></x:worksheet>`,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])), { level }));
}

describe('readLeadFile: XLSX of other programs', () => {
  it.each<[string, 0 | 6]>([
    ['deflated', 6],
    ['stored without compression', 0],
  ])(
    'reads the first sheet the workbook names, prefixed tags, rich and inline strings, 1904 dates, booleans, errors and formulas (%s)',
    async (_, level) => {
      const file = await readLeadFile(handWrittenXlsx(level), LIMITS);
      expect(file.headers).toEqual(['Vorname', 'Name', 'Ort', 'Seit', 'Am', 'Aktiv', 'Fehler', 'Formel', 'Kunde']);
      expect(file.rows).toEqual([
        // 43830 days after 1.1.1904 is 1.1.2024; the phonetic run of the shared string is not part of its text.
        ['Anna', 'Müller & Söhne', 'Zürich', '01.01.2024', '01.01.2024 12:00', 'TRUE', '', 'Anna!', '42'],
        // Cells without a reference follow each other; a blank row is left out.
        ['Bob', '0791234567', '', '', '', '', '', '', ''],
      ]);
    },
  );

  it('refuses a part that unpacks to more than can be read, before unpacking it', async () => {
    // The central directory's entry of the sheet says 500 MB unpacked (a ZIP bomb says so truthfully).
    const bytes = saidToUnpack(handWrittenXlsx(), Buffer.from('xl/worksheets/sheet2.xml'), () => 500 * 1024 * 1024);
    expect(await refusal(bytes)).toEqual({ code: 'FILE_TOO_LARGE', field: 'file_too_large' });
  });

  it.each<[string, boolean]>([
    ['dd.mm.yyyy', true],
    ['[$-807]dd/mm/yy;@', true],
    ['h:mm', true],
    ['0.00', false],
    ['"Nr. "0', false],
    ['[Red]#,##0', false],
    ['#,##0 "CHF"', false],
    ['\\d0', false],
  ])('a number format %s shows a date: %s', (code, date) => {
    expect(isDateFormat(code)).toBe(date);
  });
});

describe('readLeadFile: refusals', () => {
  it.each<[string, Buffer, string, string]>([
    ['an empty file', Buffer.alloc(0), 'EMPTY_FILE', 'file_empty'],
    ['blank lines only', Buffer.from('\n\n  \n'), 'EMPTY_FILE', 'file_empty'],
    ['a header without rows', Buffer.from('Vorname;Name\n'), 'EMPTY_FILE', 'file_empty'],
    [
      'data in the first line',
      Buffer.from('Anna;anna@example.ch;079 123 45 67\nBob;bob@example.ch;078 123 45 67'),
      'VALIDATION_ERROR',
      'file_no_header',
    ],
    ['a PNG named .csv', png(), 'UNSUPPORTED_FILE_TYPE', 'file_type_unsupported'],
    ['a PDF', pdf(), 'UNSUPPORTED_FILE_TYPE', 'file_type_unsupported'],
    ['a program', exe(), 'UNSUPPORTED_FILE_TYPE', 'file_type_unsupported'],
    [
      'binary noise',
      Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 32)),
      'UNSUPPORTED_FILE_TYPE',
      'file_type_unsupported',
    ],
    ['a quote never closed', Buffer.from('Name;Ort\n"Anna;Bern\nBob;Zug'), 'VALIDATION_ERROR', 'file_unreadable'],
    [
      'a NUL far past the first 64 KB',
      Buffer.from('Vorname;Name\n' + 'Anna;Muster\n'.repeat(8_000) + 'Bob;Nu\u0000ll\n'),
      'UNSUPPORTED_FILE_TYPE',
      'file_type_unsupported',
    ],
  ])('%s', async (_, bytes, code, field) => {
    expect(await refusal(bytes)).toEqual({ code, field });
  });

  it('refuses more bytes than allowed before reading them', async () => {
    expect(await refusal(Buffer.from('Name\n' + 'Anna\n'.repeat(300)), { maxBytes: 1024, maxRows: 10_000 })).toEqual({
      code: 'FILE_TOO_LARGE',
      field: 'file_too_large',
    });
  });

  it('refuses more rows than allowed', async () => {
    expect(await refusal(Buffer.from('Name\n' + 'Anna\n'.repeat(11)), { ...LIMITS, maxRows: 10 })).toEqual({
      code: 'FILE_TOO_LARGE',
      field: 'file_too_many_rows',
    });
  });
});
