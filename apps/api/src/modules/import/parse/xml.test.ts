import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { MAX_MARKUP_BYTES, XmlError, XmlReader, type XmlAttributes, type XmlText } from './xml.ts';

/** Adds a text event to `out`, joined to the text just before it (readers may cut a text run anywhere). */
function addText(out: string[], t: string): void {
  if (out.length > 0 && out[out.length - 1]!.startsWith('"')) {
    out[out.length - 1] = `"${out[out.length - 1]!.slice(1, -1)}${t}"`;
  } else {
    out.push(`"${t}"`);
  }
}

/** The events of a document as lines ("<a x=1>", "text", "</a>"), adjacent texts joined; its UTF-8 bytes fed in chunks of the sizes given, cycled. */
function events(xml: string | Buffer, sizes?: number[]): string[] {
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  const out: string[] = [];
  const reader = new XmlReader({
    open: (name: string, a: XmlAttributes) =>
      out.push(
        `<${name}${a.names
          .slice(0, a.count)
          .map((n, i) => ` ${n}=${a.value(i)}`)
          .join('')}>`,
      ),
    text: (t: XmlText) => addText(out, t.string()),
    close: (name: string) => out.push(`</${name}>`),
  });
  const cuts = sizes ?? [bytes.length || 1];
  for (let at = 0, k = 0; at < bytes.length; k += 1) {
    const size = Math.max(1, cuts[k % cuts.length]!);
    // A copy, reused for the next chunk: the reader keeps nothing of a chunk it was given.
    const chunk = Buffer.from(bytes.subarray(at, at + size));
    reader.write(chunk);
    chunk.fill(0);
    at += size;
  }
  reader.close();
  return out;
}

/** The same events as saxes, a general XML parser, reads them. */
function saxesEvents(xml: string): string[] {
  const out: string[] = [];
  const text = (t: string) => addText(out, t);
  // One handler per event (saxes keeps the last one given); the blanks around the root are not read.
  let depth = 0;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    depth += 1;
    out.push(
      `<${tag.name}${Object.entries(tag.attributes)
        .map(([n, v]) => ` ${n}=${String(v)}`)
        .join('')}>`,
    );
  });
  parser.on('text', (t) => {
    if (depth > 0) {
      text(t);
    }
  });
  parser.on('cdata', text);
  parser.on('closetag', (tag) => {
    depth -= 1;
    out.push(`</${tag.name}>`);
  });
  parser.write(xml).close();
  return out;
}

describe('XmlReader: what it reads', () => {
  it.each<[string, string, string[]]>([
    ['an empty root', '<a/>', ['<a>', '</a>']],
    [
      'the declaration and a comment passed over',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- x > y --><a>t</a>\n',
      ['<a>', '"t"', '</a>'],
    ],
    ['attributes in either quote, spaces around =', `<c r="A1" t = 's' s='3'/>`, ['<c r=A1 t=s s=3>', '</c>']],
    ['prefixed names kept as written', '<x:c x:r="B2"><x:v>1</x:v></x:c>', ['<x:c x:r=B2>', '<x:v>', '"1"', '</x:v>', '</x:c>']],
    [
      'the five named references and numeric ones',
      '<t>&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#x1F600;</t>',
      ['<t>', `"<>&"' AB😀"`, '</t>'],
    ],
    ['references in attributes', '<f code="&quot;Nr. &quot;0"/>', ['<f code="Nr. "0>', '</f>']],
    ['CDATA as text, markup in it untouched', '<t><![CDATA[a<b>&amp;]]>c</t>', ['<t>', '"a<b>&amp;c"', '</t>']],
    ['line ends in text made \\n', '<t>a\r\nb\rc\n</t>', ['<t>', '"a\nb\nc\n"', '</t>']],
    ['tabs and line ends in attributes made spaces', '<a v="x\ty\r\nz"/>', ['<a v=x y z>', '</a>']],
    ['text kept with its spaces', '<t xml:space="preserve">  two  </t>', ['<t xml:space=preserve>', '"  two  "', '</t>']],
    ['an end tag with space before >', '<a><b></b ></a >', ['<a>', '<b>', '</b>', '</a>']],
    ['text of any script', '<t>Zürich ツーリッヒ Łódź</t>', ['<t>', '"Zürich ツーリッヒ Łódź"', '</t>']],
    ['a byte order mark before the document', '\uFEFF<a>x</a>', ['<a>', '"x"', '</a>']],
    ['names of any script', '<Straße Ort="Zürich"/>', ['<Straße Ort=Zürich>', '</Straße>']],
  ])('%s', (_, xml, expected) => {
    expect(events(xml)).toEqual(expected);
    expect(events(xml, [1]), 'a byte at a time').toEqual(expected);
  });

  it('reads a number written in digits from its bytes, and only such a number', () => {
    const seen: number[] = [];
    const reader = new XmlReader({
      open: (_name, a) => {
        for (let i = 0; i < a.count; i += 1) {
          seen.push(a.integer(i));
        }
      },
      text: (t) => seen.push(t.integer()),
      close: () => undefined,
    });
    reader.write(
      Buffer.from('<r a="12" b="007" c="" d=" 1" e="1.5" f="&#49;2" g="1234567890123456"><v>42</v><v>4 2</v><v>&#52;2</v><v>-1</v></r>'),
    );
    reader.close();
    expect(seen).toEqual([12, 7, NaN, NaN, NaN, 12, NaN, 42, NaN, 42, NaN]);
  });

  it('tells the length and the characters of an attribute, as written or as resolved', () => {
    const found: string[] = [];
    const reader = new XmlReader({
      open: (_name, a) => {
        for (let i = 0; i < a.count; i += 1) {
          found.push(String.fromCharCode(...Array.from({ length: a.length(i) }, (_, k) => a.codeAt(i, k))));
        }
      },
      text: () => undefined,
      close: () => undefined,
    });
    reader.write(Buffer.from('<c r="AB12" s="&#x41;1"/>'));
    reader.close();
    expect(found).toEqual(['AB12', 'A1']);
  });
});

describe('XmlReader: what it refuses', () => {
  it.each<[string, string]>([
    ['an element not closed', '<a><b></a>'],
    ['an end tag of another element', '<a></b>'],
    ['the document ending inside a tag', '<a><b'],
    ['the document ending inside an element', '<a><b></b>'],
    ['no element at all', '  '],
    ['a second root', '<a/><b/>'],
    ['text outside the root', '<a/>x'],
    ['an unknown reference', '<a>&nbsp;</a>'],
    ['an & on its own', '<a>Müller & Söhne</a>'],
    ['a reference to no character', '<a>&#0;</a>'],
    ['an attribute without quotes', '<a v=1/>'],
    ['an attribute without a value', '<a v/>'],
    ['an attribute given twice', '<a v="1" v="2"/>'],
    ['attributes without space between', '<a v="1"w="2"/>'],
    ['a < in an attribute', '<a v="<"/>'],
    ['a document type (its entities could expand)', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['a tag without a name', '< a/>'],
    ['an end tag cut short', '<ab></a>'],
    ['an end tag that goes on', '<a></ab>'],
  ])('%s', (_, xml) => {
    expect(() => events(xml)).toThrow(XmlError);
    expect(() => events(xml, [1]), 'a byte at a time').toThrow(XmlError);
  });

  it('refuses a tag longer than a megabyte, fed in chunks as it is unpacked', () => {
    const xml = `<a v="${'x'.repeat(MAX_MARKUP_BYTES + 100_000)}"/>`;
    expect(() => events(xml, [16_384])).toThrow(/longer than a megabyte/);
  });

  it('reads a text of more than a megabyte without a single ASCII byte, cut inside its characters', () => {
    const long = 'ツーリッヒ😀'.repeat(60_000);
    expect(events(`<t>${long}</t>`, [16_384, 5, 1, 2])).toEqual(['<t>', `"${long}"`, '</t>']);
  });

  it('reads a long text in parts, however it is cut', () => {
    const long = `Zürich &amp; ${'Grüezi\r\n'.repeat(50_000)}`;
    const expected = ['<t>', `"${long.replace(/&amp;/g, '&').replace(/\r\n/g, '\n')}"`, '</t>'];
    expect(events(`<t>${long}</t>`, [16_384, 7, 1, 3])).toEqual(expected);
  });
});

/** A document with every kind of thing the reader reads, made from a seed. */
function generated(seed: number): string {
  let s = seed;
  const random = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const texts = ['Anna', ' Müller &amp; Söhne ', '&lt;&gt;', '&#x41;&#66;', 'a\r\nb', 'ツーリッヒ', '  ', '&quot;x&apos;', '8001'];
  const names = ['c', 'x:v', 'row', 't', 'si', 'is', 'r'];
  const element = (depth: number): string => {
    const name = pick(names);
    const attributes = Array.from({ length: Math.floor(random() * 3) }, (_, i) => {
      const quote = random() < 0.5 ? '"' : "'";
      return `${pick([' ', '\n  ', '\t'])}a${i}${pick(['=', ' = '])}${quote}${pick(texts).replace(/'/g, '')}${quote}`;
    }).join('');
    if (random() < 0.2) {
      return `<${name}${attributes}/>`;
    }
    const children = Array.from({ length: depth > 3 ? 0 : Math.floor(random() * 4) }, () => {
      const r = random();
      return r < 0.45
        ? element(depth + 1)
        : r < 0.8
          ? pick(texts)
          : r < 0.9
            ? `<![CDATA[${pick(['a<b', ']]', 'x&amp;', ''])}]]>`
            : pick(['<!-- note -->', '<?pi data?>']);
    }).join('');
    return `<${name}${attributes}>${children}</${name}>`;
  };
  return `<?xml version="1.0"?>\n<root>${Array.from({ length: 20 }, () => element(0)).join('')}</root>\n`;
}

describe('XmlReader: as a general parser reads the same', () => {
  it('200 generated documents, fed whole and cut into chunks of many sizes', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const xml = generated(seed);
      const expected = saxesEvents(xml);
      expect(events(xml), `seed ${seed}`).toEqual(expected);
      expect(events(xml, [1]), `seed ${seed}, a character at a time`).toEqual(expected);
      expect(events(xml, [7, 3, 64, 1, 13]), `seed ${seed}, in uneven chunks`).toEqual(expected);
    }
  });
});
