import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-reader.ts';

/** What csv-parse gives with the options of the import (csv.ts): the rows, or that it throws. */
function reference(text: string, delimiter: string): string[][] | 'throws' {
  try {
    const rows: string[][] = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      bom: true,
    });
    return rows;
  } catch {
    return 'throws';
  }
}

/** What the reader gives: the rows, or that it throws (an Error, nothing else). */
function read(text: string, delimiter: string): string[][] | 'throws' {
  try {
    return readCsv(text, delimiter);
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return 'throws';
  }
}

describe('readCsv: what it reads', () => {
  it.each<[string, string, string, string[][]]>([
    ['a plain row', 'Anna;Müller;8001 Zürich', ';', [['Anna', 'Müller', '8001 Zürich']]],
    [
      'Windows line ends',
      'a;b\r\nc;d\r\n',
      ';',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'Unix line ends',
      'a;b\nc;d',
      ';',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'old Mac line ends',
      'a;b\rc;d\r',
      ';',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a lone \\n in a Windows file stays in its field',
      'a;b\r\nc\nd;e\r\n',
      ';',
      [
        ['a', 'b'],
        ['c\nd', 'e'],
      ],
    ],
    ['a \\r before \\n in a Unix file stays at the end of its field', 'a;b\nc\r\nd', ';', [['a', 'b'], ['c\r'], ['d']]],
    ['in a \\r file, \\r\\n ends the row and its \\n starts the next field', 'a\rb\r\nc', ';', [['a'], ['b'], ['\nc']]],
    ['the line end fixed by the first break outside quotes', '"x\ny";z\r\nw\nv', ';', [['x\ny', 'z'], ['w\nv']]],
    ['no line break at the end', 'a;b', ';', [['a', 'b']]],
    ['line breaks at the end', 'a;b\n\n\n', ';', [['a', 'b']]],
    ['a delimiter and a line break in a quoted field', '"Müller; Hans\r\nBern";x\r\n', ';', [['Müller; Hans\r\nBern', 'x']]],
    ['doubled quotes in a quoted field', '"Schreinerei ""Holzwurm""";AG', ';', [['Schreinerei "Holzwurm"', 'AG']]],
    ['a quoted field of one quote', '""""', ';', [['"']]],
    ['an empty quoted field', 'x;"";y', ';', [['x', '', 'y']]],
    ['a quote inside an unquoted field is text', 'Müller "Hans";Bern', ';', [['Müller "Hans"', 'Bern']]],
    ['a quote after a space is text', ' "a";b', ';', [[' "a"', 'b']]],
    ['text after a closing quote: the field goes on, its quotes kept', '"Anna" x;Bern', ';', [['"Anna" x', 'Bern']]],
    ['the doubled quotes of such a field stay single', '"a""b" x;y', ';', [['"a"b" x', 'y']]],
    ['a space after a closing quote', '"a" ;b', ';', [['"a" ', 'b']]],
    ['a lone \\r after a closing quote in a Windows file', 'a\r\n"b\rc"\r', ';', [['a'], ['"b\rc"\r']]],
    ['NUL after a closing quote: the field goes on without its quotes', '"a"\0b;c', ';', [['a\0b', 'c']]],
    ['spaces and tabs around values kept', '  a  ; b \t', ';', [['  a  ', ' b \t']]],
    ['rows of differing lengths', 'a\nb;c;d\ne;', ';', [['a'], ['b', 'c', 'd'], ['e', '']]],
    ['a delimiter at the end gives an empty last field', 'a;b;', ';', [['a', 'b', '']]],
    ['empty lines left out', '\n\na;b\n\n\nc\n', ';', [['a', 'b'], ['c']]],
    ['lines of only delimiters, spaces and tabs left out', ';;\n  ; \t\n;\nx', ';', [['x']]],
    ['blank quoted fields, a no-break space, a byte order mark: left out', '"";"  "\n\u00a0;\ufeff\n"\r\n"\nx', ';', [['x']]],
    ['a row with one field not blank kept', ';;x;\n', ';', [['', '', 'x', '']]],
    [
      'the byte order mark dropped',
      '\ufeffid;name\n1;Anna',
      ';',
      [
        ['id', 'name'],
        ['1', 'Anna'],
      ],
    ],
    ['only the first byte order mark dropped', '\ufeff\ufeffa', ';', [['\ufeffa']]],
    ['a file of only a byte order mark', '\ufeff', ';', []],
    ['an empty file', '', ';', []],
    ['a lone surrogate read as U+FFFD', 'a;\ud83db', ';', [['a', '\ufffdb']]],
    ['letters of any script and emoji kept', 'Zoë;ツーリッヒ;😀', ';', [['Zoë', 'ツーリッヒ', '😀']]],
    ['with commas, a semicolon is text', 'a;b,"c,d"', ',', [['a;b', 'c,d']]],
    ['with tabs', 'a\t"b\tc"\t d', '\t', [['a', 'b\tc', ' d']]],
    ['with pipes', 'a|b||c', '|', [['a', 'b', '', 'c']]],
    ['a delimiter of two characters', 'a::b:c::"d::e"', '::', [['a', 'b:c', 'd::e']]],
  ])('%s', (_, text, delimiter, expected) => {
    expect(readCsv(text, delimiter)).toEqual(expected);
    expect(reference(text, delimiter)).toEqual(expected);
  });
});

describe('readCsv: what it refuses', () => {
  it.each<[string, string, string]>([
    ['a quote never closed', '"abc', ';'],
    ['a quote opening the last field', 'a;"b', ';'],
    ['three quotes', '"""', ';'],
    ['a doubled quote before the delimiter', 'a;"b"";c', ';'],
    ['a quote at the very end', 'a;b\n"', ';'],
    ['a quote opening a field after a line break', 'a;b\r\n"c;d\r\n', ';'],
    ['an empty delimiter', 'a;b', ''],
  ])('%s', (_, text, delimiter) => {
    expect(() => readCsv(text, delimiter)).toThrow(Error);
    expect(reference(text, delimiter)).toBe('throws');
  });

  it('says on which line the quote opens', () => {
    expect(() => readCsv('id;name\r\n1;Anna\r\n2;"Hans', ';')).toThrow(/quote that opens a field on line 3 is never closed/);
  });

  it('refuses a delimiter with a quote or a line break', () => {
    expect(() => readCsv('a"b', '"')).toThrow(/delimiter/);
    expect(() => readCsv('a\nb', '\n')).toThrow(/delimiter/);
  });
});

/** A PRNG from a seed (mulberry32): the same documents on every run. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A document made from a seed: rows of plain, quoted and broken fields, odd characters strewn in. */
function generated(seed: number, delimiter: string): string {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const odd = ['"', '"', delimiter, delimiter, '\r', '\n', '\r\n', ' ', ' ', ';', ',', '\t', '|', '\0', '\u00a0', '\ufeff', '\ud83d', '😀'];
  const letters = ['a', 'Z', 'ä', 'ö', 'ü', 'É', 'ß', 'Müller', 'Zürich', '8001', '@', '.'];
  const chars = (count: number, oddShare: number) =>
    Array.from({ length: count }, () => (random() < oddShare ? pick(odd) : pick(letters))).join('');
  const lineEnds = ['\r\n', '\n', '\r'];
  const mainEnd = pick(lineEnds);
  const field = (): string => {
    const r = random();
    if (r < 0.3) {
      return chars(Math.floor(random() * 5), 0.15);
    }
    if (r < 0.55) {
      return `"${chars(Math.floor(random() * 6), 0.3).replace(/"/g, '""')}"`;
    }
    if (r < 0.65) {
      return `"${chars(Math.floor(random() * 3), 0.2)}"${chars(1 + Math.floor(random() * 2), 0.5)}`;
    }
    if (r < 0.75) {
      return pick(['', ' ', '  ', '\t', '""', '"  "']);
    }
    return chars(Math.floor(random() * 8), 0.4);
  };
  const rows = Array.from({ length: Math.floor(random() * 10) }, () =>
    Array.from({ length: Math.floor(random() * 6) }, field).join(random() < 0.9 ? delimiter : pick(odd)),
  );
  const text = rows.map((row) => row + (random() < 0.85 ? mainEnd : pick(lineEnds))).join('');
  return (random() < 0.25 ? '\ufeff' : '') + (random() < 0.5 ? text : text.slice(0, Math.floor(random() * text.length)));
}

describe('readCsv: as csv-parse reads the same', () => {
  it.each([';', ',', '\t', '|'])('600 generated documents with the delimiter %j', (delimiter) => {
    let thrown = 0;
    let rows = 0;
    for (let seed = 1; seed <= 600; seed += 1) {
      const text = generated(seed, delimiter);
      const expected = reference(text, delimiter);
      expect(read(text, delimiter), `seed ${seed}: ${JSON.stringify(text)}`).toEqual(expected);
      if (expected === 'throws') {
        thrown += 1;
      } else {
        rows += expected.length;
      }
    }
    // Both outcomes are well tried: documents that read and documents with a quote never closed.
    expect(thrown).toBeGreaterThan(60);
    expect(thrown).toBeLessThan(400);
    expect(rows).toBeGreaterThan(1000);
  });

  it('a large export with quoted fields everywhere', () => {
    const random = prng(42);
    const values = [
      'Anna',
      'Müller AG',
      '"Garage Huber; Occasionen"',
      '"sagt ""vielleicht""\r\nim Herbst"',
      '',
      ' 8001 ',
      'anna@example.ch',
    ];
    const text = `\ufeff${Array.from({ length: 3000 }, () => Array.from({ length: 12 }, () => values[Math.floor(random() * values.length)]!).join(';')).join('\r\n')}\r\n`;
    const expected = reference(text, ';');
    expect(expected).not.toBe('throws');
    expect(readCsv(text, ';')).toEqual(expected);
  });
});
