import { inflateSync } from 'node:zlib';

/** One piece of text as a PDF draws it (one TJ/Tj operator): where it starts, how wide it is. */
export interface PdfTextItem {
  text: string;
  /** 1-based page number. */
  page: number;
  /** Left edge in points from the page's left edge. */
  x: number;
  /** Baseline in points from the page's top edge (reading order: larger is lower). */
  y: number;
  /** Width in points; NaN for a standard font (its widths are not in the file). */
  width: number;
  /** Font size in points. */
  size: number;
  /** The font's name as the PDF names it (`DejaVuSans`, `Helvetica` …), without a subset prefix. */
  font: string;
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

interface FontInfo {
  name: string;
  /** Code → text, from the font's ToUnicode map; null for a simple font (one byte per character, WinAnsi ≈ Latin-1). */
  toUnicode: Map<number, string> | null;
  /** Code → width in thousandths of the font size; empty when the file does not carry them. */
  widths: Map<number, number>;
}

/** The objects of a PDF as pdfkit writes them (`N 0 obj … endobj`, streams with a direct /Length). */
function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const start = /(\d+) 0 obj\s*/g;
  let match: RegExpExecArray | null;
  while ((match = start.exec(raw)) !== null) {
    const from = match.index + match[0].length;
    const end = raw.indexOf('endobj', from);
    const streamAt = raw.indexOf('stream', from);
    if (streamAt >= 0 && (end < 0 || streamAt < end)) {
      const dict = raw.slice(from, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
      const dataFrom = streamAt + 'stream'.length + (raw[streamAt + 6] === '\r' ? 2 : 1);
      let data = pdf.subarray(dataFrom, dataFrom + length);
      if (dict.includes('/FlateDecode')) {
        try {
          data = inflateSync(data);
        } catch {
          // Not a stream this reader needs (an image it cannot inflate): keep the raw bytes.
        }
      }
      objects.set(Number(match[1]), { dict, stream: data });
      start.lastIndex = dataFrom + length;
    } else {
      objects.set(Number(match[1]), { dict: raw.slice(from, end < 0 ? undefined : end), stream: null });
      if (end >= 0) {
        start.lastIndex = end;
      }
    }
  }
  return objects;
}

const ref = (dict: string, key: string): number | null => {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : null;
};

const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');

function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, dst] of body!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const first = parseInt(lo!, 16);
      const last = parseInt(hi!, 16);
      if (dst!.startsWith('[')) {
        // A ligature maps to several characters: `<0066 0066>` is "ff".
        [...dst!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((d, i) => map.set(first + i, utf16(d[1]!)));
      } else {
        const base = parseInt(dst!.slice(1, -1), 16);
        for (let code = first; code <= last; code += 1) {
          map.set(code, String.fromCodePoint(base + code - first));
        }
      }
    }
  }
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, dst] of body!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) {
      map.set(parseInt(code!, 16), utf16(dst!));
    }
  }
  return map;
}

function widthsOf(w: string): Map<number, number> {
  const widths = new Map<number, number>();
  // `first [w w …]` groups (pdfkit writes one); `first last w` ranges are read too.
  for (const [, first, list, last, width] of w.matchAll(/(\d+)\s*(?:\[([^\]]*)\]|(\d+)\s+([\d.]+))/g)) {
    if (list !== undefined) {
      list
        .trim()
        .split(/\s+/)
        .forEach((v, i) => widths.set(Number(first) + i, Number(v)));
    } else {
      for (let code = Number(first); code <= Number(last); code += 1) {
        widths.set(code, Number(width));
      }
    }
  }
  return widths;
}

function fontOf(objects: Map<number, PdfObject>, id: number): FontInfo {
  const dict = objects.get(id)?.dict ?? '';
  const name = (/\/BaseFont \/(?:[A-Z]{6}\+)?([^\s/>]+)/.exec(dict)?.[1] ?? '').trim();
  const toUnicodeId = ref(dict, 'ToUnicode');
  const cmap = toUnicodeId !== null ? objects.get(toUnicodeId)?.stream?.toString('latin1') : undefined;
  const descendant = /\/DescendantFonts \[(\d+) 0 R\]/.exec(dict)?.[1];
  const cid = descendant ? (objects.get(Number(descendant))?.dict ?? '') : '';
  const w = /\/W \[([\s\S]*)\]/.exec(cid)?.[1] ?? '';
  return { name, toUnicode: cmap ? toUnicodeMap(cmap) : null, widths: widthsOf(w) };
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

const TOKEN = /\[|\]|<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|\/[^\s/[\]<>()]+|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+/g;

function unescapeLiteral(s: string): Buffer {
  const body = s.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return map[e] ?? String.fromCharCode(parseInt(e, 8));
  });
  return Buffer.from(body, 'latin1');
}

/** Every piece of text of a PDF made by pdfkit (and swissqrbill through it), with its page, position and width. */
export function pdfTextItems(pdf: Buffer): PdfTextItem[] {
  const objects = objectsOf(pdf);
  const fonts = new Map<number, FontInfo>();
  const pagesRoot = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o.dict) && !/\/Parent /.test(o.dict));
  const kids = pagesRoot
    ? [...(/\/Kids \[([^\]]*)\]/.exec(pagesRoot.dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]))
    : [];
  const items: PdfTextItem[] = [];
  kids.forEach((pageId, index) => {
    const page = objects.get(pageId)?.dict ?? '';
    const height = Number(/\/MediaBox \[\s*[\d.]+\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s*\]/.exec(page)?.[1] ?? 841.89);
    const resourcesId = ref(page, 'Resources');
    const resources = resourcesId !== null ? (objects.get(resourcesId)?.dict ?? '') : page;
    const fontRefs = new Map<string, number>();
    for (const [, name, id] of (/\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\S+) (\d+) 0 R/g)) {
      fontRefs.set(name!, Number(id));
    }
    const contents = /\/Contents (?:(\d+) 0 R|\[([^\]]*)\])/.exec(page);
    const streamIds = contents?.[1] ? [Number(contents[1])] : [...(contents?.[2] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
    const content = streamIds.map((id) => objects.get(id)?.stream?.toString('latin1') ?? '').join('\n');

    let ctm: Matrix = IDENTITY;
    const saved: Matrix[] = [];
    let tm: Matrix = IDENTITY;
    let line: Matrix = IDENTITY;
    let leading = 0;
    let font: FontInfo | null = null;
    let size = 0;
    let charSpacing = 0;
    const operands: (string | string[])[] = [];
    let array: string[] | null = null;
    const num = (i: number) => Number(operands[operands.length - i]);

    const show = (parts: string[]) => {
      if (!font) {
        return;
      }
      let text = '';
      let advance = 0;
      for (const part of parts) {
        if (part.startsWith('<') || part.startsWith('(')) {
          const bytes = part.startsWith('<') ? Buffer.from(part.slice(1, -1).replace(/\s/g, ''), 'hex') : unescapeLiteral(part);
          const step = font.toUnicode ? 2 : 1;
          for (let i = 0; i + step <= bytes.length; i += step) {
            const code = step === 2 ? bytes.readUInt16BE(i) : bytes[i]!;
            text += font.toUnicode ? (font.toUnicode.get(code) ?? '\ufffd') : String.fromCharCode(code);
            advance += ((font.widths.get(code) ?? NaN) / 1000) * size + charSpacing;
          }
        } else {
          advance -= (Number(part) / 1000) * size;
        }
      }
      const at = multiply(tm, ctm);
      items.push({
        text: text.replace(/\u00a0/g, ' '),
        page: index + 1,
        x: at[4],
        y: height - at[5],
        width: font.widths.size > 0 ? advance * Math.hypot(at[0], at[1]) : NaN,
        size: size * Math.hypot(at[2], at[3]),
        font: font.name,
      });
      tm = [tm[0], tm[1], tm[2], tm[3], tm[4] + advance * tm[0], tm[5] + advance * tm[1]];
    };
    const newLine = (tx: number, ty: number) => {
      line = multiply([1, 0, 0, 1, tx, ty], line);
      tm = line;
    };

    for (const [token] of content.matchAll(TOKEN)) {
      if (token === '[') {
        array = [];
        continue;
      }
      if (token === ']') {
        operands.push(array ?? []);
        array = null;
        continue;
      }
      if (array) {
        array.push(token);
        continue;
      }
      if (!/^[A-Za-z'"*]/.test(token)) {
        operands.push(token);
        continue;
      }
      switch (token) {
        case 'q':
          saved.push(ctm);
          break;
        case 'Q':
          ctm = saved.pop() ?? IDENTITY;
          break;
        case 'cm':
          ctm = multiply([num(6), num(5), num(4), num(3), num(2), num(1)], ctm);
          break;
        case 'BT':
          tm = IDENTITY;
          line = IDENTITY;
          break;
        case 'Tm':
          line = [num(6), num(5), num(4), num(3), num(2), num(1)];
          tm = line;
          break;
        case 'Td':
          newLine(num(2), num(1));
          break;
        case 'TD':
          leading = -num(1);
          newLine(num(2), num(1));
          break;
        case 'TL':
          leading = num(1);
          break;
        case 'T*':
          newLine(0, -leading);
          break;
        case 'Tc':
          charSpacing = num(1);
          break;
        case 'Tf': {
          const name = String(operands[operands.length - 2]).slice(1);
          const id = fontRefs.get(name);
          if (id !== undefined && !fonts.has(id)) {
            fonts.set(id, fontOf(objects, id));
          }
          font = id !== undefined ? fonts.get(id)! : null;
          size = num(1);
          break;
        }
        case 'TJ':
          show((operands[operands.length - 1] as string[] | undefined) ?? []);
          break;
        case 'Tj':
          show([String(operands[operands.length - 1])]);
          break;
        case "'":
          newLine(0, -leading);
          show([String(operands[operands.length - 1])]);
          break;
        default:
          break;
      }
      operands.length = 0;
    }
  });
  return items;
}

/** The text a PDF shows, one line per piece of text, in the order it is drawn. */
export function pdfText(pdf: Buffer): string {
  return pdfTextItems(pdf)
    .map((i) => i.text)
    .join('\n');
}

/** The pieces of text that hold `needle`, for tests that check where and how a text is printed. */
export function itemsWith(items: PdfTextItem[], needle: string): PdfTextItem[] {
  return items.filter((i) => i.text.includes(needle));
}
