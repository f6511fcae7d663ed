/**
 * A reader of the XML a workbook's parts are written in (ECMA-376 on XML 1.0, in UTF-8), fed the bytes
 * as they are unpacked: elements with their attributes, text and CDATA, answered as events. Comments
 * and processing instructions are passed over; a document type is refused (a workbook has none, and
 * its entities could expand a small part into a huge one). It checks what the reading depends on:
 * every element closed by its own end tag, one root, attributes quoted, references known; a part that
 * is not such XML is an error, never rows read wrongly.
 *
 * Made for the worksheet's tens of megabytes: it reads the bytes themselves, never the whole text.
 * A tag's name is decoded once per distinct name; an attribute's value or a text is decoded only when
 * its handler asks for it, and a number written in digits is read from its bytes (a shared string's
 * index, most of a sheet's cells). Several times faster than decoding the text first and reading that
 * (docs/performance.md "The sheet's XML read as bytes").
 */

export class XmlError extends Error {}

const LT = 60;
const GT = 62;
const SLASH = 47;
const QUESTION = 63;
const BANG = 33;
const EQUALS = 61;
const APOSTROPHE = 39;
const QUOTE = 34;
const AMPERSAND = 38;
const CR = 13;

const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;

/** A tag, comment, CDATA or instruction longer than this is refused (no workbook writes one; a reader waiting for its end would read it again with each chunk). */
export const MAX_MARKUP_BYTES = 1 << 20;

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text or an attribute's value with its references resolved. */
function resolved(raw: string): string {
  return raw.replace(/&([^;&<]*);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) {
      throw new XmlError('an & that begins no reference');
    }
    const named = NAMED[ref];
    if (named !== undefined) {
      return named;
    }
    const code = /^#x[0-9a-fA-F]+$/.test(ref) ? parseInt(ref.slice(2), 16) : /^#[0-9]+$/.test(ref) ? parseInt(ref.slice(1), 10) : NaN;
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      throw new XmlError(`an unknown reference ${whole}`);
    }
    return String.fromCodePoint(code);
  });
}

/** Whether bytes [from, to) hold any of the two bytes given. */
function holds(bytes: Buffer, from: number, to: number, a: number, b: number): boolean {
  for (let k = from; k < to; k += 1) {
    const c = bytes[k]!;
    if (c === a || c === b) {
      return true;
    }
  }
  return false;
}

/** The whole number written in ASCII digits alone in bytes [from, to) (at most 15 of them), else NaN. */
function digitsOf(bytes: Buffer, from: number, to: number): number {
  if (to <= from || to - from > 15) {
    return NaN;
  }
  let n = 0;
  for (let k = from; k < to; k += 1) {
    const d = bytes[k]! - 48;
    if (d < 0 || d > 9) {
      return NaN;
    }
    n = n * 10 + d;
  }
  return n;
}

/** The attributes of the element just opened (valid until the next event). */
export class XmlAttributes {
  count = 0;
  readonly names: string[] = [];
  private bytes: Buffer = Buffer.alloc(0);
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** A value already decoded (one with references, tabs or line ends is decoded as it is read), else null. */
  private readonly texts: (string | null)[] = [];

  /** Where the attribute of this qualified name is, -1 when the element has none. */
  indexOf(name: string): number {
    for (let i = 0; i < this.count; i += 1) {
      if (this.names[i] === name) {
        return i;
      }
    }
    return -1;
  }

  /** The value of attribute `i`. */
  value(i: number): string {
    let text = this.texts[i];
    if (text === null || text === undefined) {
      text = this.bytes.toString('utf8', this.starts[i], this.ends[i]);
      this.texts[i] = text;
    }
    return text;
  }

  /** The value of the attribute of this qualified name, if the element has it. */
  get(name: string): string | undefined {
    const i = this.indexOf(name);
    return i < 0 ? undefined : this.value(i);
  }

  /** Attribute `i`'s value as a whole number when it is written in digits alone, else NaN (read from its bytes). */
  integer(i: number): number {
    const text = this.texts[i];
    return text === null || text === undefined
      ? digitsOf(this.bytes, this.starts[i]!, this.ends[i]!)
      : /^\d{1,15}$/.test(text)
        ? Number(text)
        : NaN;
  }

  /** The length of attribute `i`'s value, in bytes as written (in UTF-16 units once decoded). */
  length(i: number): number {
    const text = this.texts[i];
    return text === null || text === undefined ? this.ends[i]! - this.starts[i]! : text.length;
  }

  /** The code of the `k`-th byte of attribute `i`'s value as written (of its character once decoded): ASCII reads alike either way. */
  codeAt(i: number, k: number): number {
    const text = this.texts[i];
    return text === null || text === undefined ? this.bytes[this.starts[i]! + k]! : text.charCodeAt(k);
  }

  /** Forgets the element before (the reader, as it opens the next). */
  reset(bytes: Buffer): void {
    this.count = 0;
    this.bytes = bytes;
  }

  /** An attribute whose value is bytes [from, to), `special` when they hold a reference, tab or line end (the reader looked). */
  add(name: string, from: number, to: number, special: boolean): void {
    for (let i = 0; i < this.count; i += 1) {
      if (this.names[i] === name) {
        throw new XmlError(`the attribute ${name} is given twice`);
      }
    }
    const bytes = this.bytes;
    let text: string | null = null;
    // As XML reads a value: each line end, tab or newline a space, references resolved.
    if (special) {
      const raw = bytes.toString('utf8', from, to);
      const spaced = /[\t\n\r]/.test(raw) ? raw.replace(/\r\n?/g, '\n').replace(/[\t\n]/g, ' ') : raw;
      text = spaced.includes('&') ? resolved(spaced) : spaced;
    }
    const i = this.count;
    this.names[i] = name;
    this.starts[i] = from;
    this.ends[i] = to;
    this.texts[i] = text;
    this.count = i + 1;
  }
}

/** A run of text (valid until the next event): decoded only when asked. */
export class XmlText {
  private bytes: Buffer = Buffer.alloc(0);
  private from = 0;
  private to = 0;
  private decoded: string | null = null;

  /** The text, its references resolved and its line ends made "\n". */
  string(): string {
    if (this.decoded === null) {
      this.decoded = this.bytes.toString('utf8', this.from, this.to);
    }
    return this.decoded;
  }

  /** Its length in bytes as written (in UTF-16 units once decoded): a run of digits is as long either way. */
  get length(): number {
    return this.decoded === null ? this.to - this.from : this.decoded.length;
  }

  /** The text as a whole number when it is written in digits alone, else NaN (read from its bytes). */
  integer(): number {
    return this.decoded === null ? digitsOf(this.bytes, this.from, this.to) : /^\d{1,15}$/.test(this.decoded) ? Number(this.decoded) : NaN;
  }

  /** The reader's: the run's bytes, or its text when it had to be decoded to be read. */
  set(bytes: Buffer, from: number, to: number, decoded: string | null): this {
    this.bytes = bytes;
    this.from = from;
    this.to = to;
    this.decoded = decoded;
    return this;
  }
}

export interface XmlHandler {
  /** An element begins: its qualified name as written, and its local name (without the prefix: "x:row" → "row"). */
  open(name: string, attributes: XmlAttributes, local: string): void;
  /** Text inside the root, its references resolved and its line ends made "\n" (a run may come in parts). */
  text(text: XmlText): void;
  /** An element ends (also right after `open` for an empty element). */
  close(name: string, local: string): void;
}

/** A name as its bytes, as text, and without its prefix. */
interface Name {
  bytes: Buffer;
  text: string;
  local: string;
}

/** The slots of the names last met, by their hash: most names are found there, without a lookup in a map. */
const RECENT_SLOTS = 256;

/** Distinct names kept for their text: a workbook's parts use a few dozen. */
const MAX_NAMES = 4096;

export class XmlReader {
  private readonly attributes = new XmlAttributes();
  private readonly textEvent = new XmlText();
  private readonly open: Name[] = [];
  private readonly names = new Map<number, Name[]>();
  private readonly recent: (Name | undefined)[] = new Array<Name | undefined>(RECENT_SLOTS);
  private namesKept = 0;
  private rooted = false;
  /** The bytes fed and not yet read (a tag that goes on, or the end of a text run): the first `pending` of `work`, reused from chunk to chunk. */
  private work: Buffer = Buffer.allocUnsafe(1 << 16);
  private pending = 0;
  /** Whether the document's first bytes were looked at (for a byte order mark). */
  private started = false;

  constructor(private readonly handler: XmlHandler) {}

  /** Reads what is whole of the bytes fed so far (the chunk is not kept: its memory may be reused once this returns). */
  write(chunk: Uint8Array): void {
    const need = this.pending + chunk.length;
    if (need > this.work.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.work.length * 2));
      this.work.copy(grown, 0, 0, this.pending);
      this.work = grown;
    }
    this.work.set(chunk, this.pending);
    this.pending = need;
    if (!this.started && need < 3) {
      return;
    }
    const s = this.work.subarray(0, need);
    const at = this.read(s, this.start(s), false);
    if (need - at > MAX_MARKUP_BYTES) {
      throw new XmlError('a tag or markup longer than a megabyte');
    }
    this.work.copyWithin(0, at, need);
    this.pending = need - at;
  }

  /** The end of the document: anything unread or unclosed is an error. */
  close(): void {
    const s = this.work.subarray(0, this.pending);
    this.pending = 0;
    if (this.read(s, this.start(s), true) < s.length) {
      throw new XmlError('the XML ends inside a tag');
    }
    if (this.open.length > 0) {
      throw new XmlError(`the XML ends before </${this.open[this.open.length - 1]!.text}>`);
    }
    if (!this.rooted) {
      throw new XmlError('the XML has no element');
    }
  }

  /** Where the document begins in its first bytes: after a byte order mark, which is not part of it. */
  private start(s: Buffer): number {
    if (this.started) {
      return 0;
    }
    this.started = true;
    return s[0] === 0xef && s[1] === 0xbb && s[2] === 0xbf ? 3 : 0;
  }

  /** Reads `s` from `from` up to what is whole; answers where it stopped. With `last`, text at the end is whole too. */
  private read(s: Buffer, from: number, last: boolean): number {
    let i = from;
    const n = s.length;
    while (i < n) {
      // The next < is most often a few bytes on (a sheet's values are short): looked for here first.
      let lt = i;
      const near = Math.min(n, i + 16);
      while (lt < near && s[lt] !== LT) {
        lt += 1;
      }
      if (lt === near) {
        lt = near === n ? -1 : s.indexOf(LT, near);
      }
      if (lt < 0) {
        if (last) {
          this.textOf(s, i, n);
          return n;
        }
        // Text to the end: what may go on in the next chunk stays (a reference, a character or a line end cut in two).
        const cut = this.textCut(s, i, n);
        if (cut > i) {
          this.textOf(s, i, cut);
        }
        return cut;
      }
      if (lt > i) {
        this.textOf(s, i, lt);
        i = lt;
      }
      if (lt + 1 >= n) {
        return i;
      }
      const c = s[lt + 1]!;
      let next: number;
      if (c === SLASH) {
        next = this.endTag(s, lt);
      } else if (c === QUESTION) {
        const end = s.indexOf('?>', lt + 2);
        next = end < 0 ? -1 : end + 2;
      } else if (c === BANG) {
        next = this.markup(s, lt);
      } else {
        next = this.startTag(s, lt);
      }
      if (next < 0) {
        return i;
      }
      i = next;
    }
    return i;
  }

  /** Where a text run that may go on can be cut: before its last & (a reference may be cut), a character not yet whole, or a CR (its LF may follow). */
  private textCut(s: Buffer, from: number, to: number): number {
    let cut = to;
    const amp = s.lastIndexOf(AMPERSAND, to - 1);
    if (amp >= from && s.indexOf(';', amp) < 0) {
      cut = amp;
    }
    // A character of UTF-8 is a lead byte and up to three continuation bytes (10xxxxxx).
    let lead = cut - 1;
    while (lead >= from && lead > cut - 4 && (s[lead]! & 0xc0) === 0x80) {
      lead -= 1;
    }
    if (lead >= from && s[lead]! >= 0xc0) {
      const length = s[lead]! >= 0xf0 ? 4 : s[lead]! >= 0xe0 ? 3 : 2;
      if (cut - lead < length) {
        cut = lead;
      }
    }
    if (cut > from && s[cut - 1] === CR) {
      cut -= 1;
    }
    return cut;
  }

  private textOf(s: Buffer, from: number, to: number): void {
    if (this.open.length === 0) {
      for (let k = from; k < to; k += 1) {
        if (!isSpace(s[k]!)) {
          throw new XmlError('text outside the root element');
        }
      }
      return;
    }
    let decoded: string | null = null;
    if (holds(s, from, to, AMPERSAND, CR)) {
      let t = s.toString('utf8', from, to);
      if (t.includes('\r')) {
        t = t.replace(/\r\n?/g, '\n');
      }
      decoded = t.includes('&') ? resolved(t) : t;
    }
    this.handler.text(this.textEvent.set(s, from, to, decoded));
  }

  /** The name of bytes [from, to) (`hash` made of them as the caller read them), one text per distinct name. */
  private nameOf(s: Buffer, from: number, to: number, hash: number): Name {
    const slot = hash & (RECENT_SLOTS - 1);
    const recent = this.recent[slot];
    if (recent !== undefined && sameBytes(s, from, to, recent.bytes)) {
      return recent;
    }
    const same = this.names.get(hash);
    if (same) {
      for (const name of same) {
        if (sameBytes(s, from, to, name.bytes)) {
          this.recent[slot] = name;
          return name;
        }
      }
    }
    const text = s.toString('utf8', from, to);
    const colon = text.indexOf(':');
    const name = { bytes: Buffer.from(s.subarray(from, to)), text, local: colon < 0 ? text : text.slice(colon + 1) };
    this.recent[slot] = name;
    if (this.namesKept < MAX_NAMES) {
      this.namesKept += 1;
      if (same) {
        same.push(name);
      } else {
        this.names.set(hash, [name]);
      }
    }
    return name;
  }

  /** `</name>` at `at`: answers the index after it, -1 when it is not whole yet. */
  private endTag(s: Buffer, at: number): number {
    // Its > is a few bytes on: looked for here, sooner than by a call into the runtime.
    let gt = at + 2;
    while (gt < s.length && s[gt] !== GT) {
      gt += 1;
    }
    if (gt >= s.length) {
      return -1;
    }
    const expected = this.open.pop();
    const length = expected?.bytes.length ?? 0;
    let end = at + 2 + length;
    while (end < gt && isSpace(s[end]!)) {
      end += 1;
    }
    if (expected === undefined || end !== gt || !sameBytes(s, at + 2, at + 2 + length, expected.bytes)) {
      const name = s.toString('utf8', at + 2, gt).trimEnd();
      throw new XmlError(`</${name}> closes ${expected === undefined ? 'no element' : `<${expected.text}>`}`);
    }
    this.handler.close(expected.text, expected.local);
    return gt + 1;
  }

  /** A comment, CDATA or a document type at `at` ("<!"). */
  private markup(s: Buffer, at: number): number {
    if (startsWith(s, '<!--', at)) {
      const end = s.indexOf('-->', at + 4);
      return end < 0 ? -1 : end + 3;
    }
    if (startsWith(s, '<![CDATA[', at)) {
      const end = s.indexOf(']]>', at + 9);
      if (end < 0) {
        return -1;
      }
      if (this.open.length === 0) {
        throw new XmlError('CDATA outside the root element');
      }
      const t = s.toString('utf8', at + 9, end);
      const text = t.includes('\r') ? t.replace(/\r\n?/g, '\n') : t;
      this.handler.text(this.textEvent.set(s, at + 9, end, text));
      return end + 3;
    }
    if (s.length - at < 9) {
      // Perhaps the beginning of one of the above, cut by the chunk.
      return -1;
    }
    throw new XmlError(startsWith(s, '<!DOCTYPE', at) ? 'a document type is not read' : 'an unknown <! declaration');
  }

  /** `<name attr="value" …>` or `<name … />` at `at`: answers the index after it, -1 when it is not whole yet. */
  private startTag(s: Buffer, at: number): number {
    const n = s.length;
    let p = at + 1;
    let hash = 0;
    let named = true;
    while (p < n) {
      const c = s[p]!;
      if (isSpace(c) || c === GT || c === SLASH) {
        break;
      }
      named &&= c !== LT && c !== EQUALS;
      hash = (Math.imul(hash, 31) + c) | 0;
      p += 1;
    }
    if (p >= n) {
      return -1;
    }
    if (p === at + 1 || !named) {
      throw new XmlError('a tag without a name');
    }
    const name = this.nameOf(s, at + 1, p, hash);
    const attributes = this.attributes;
    attributes.reset(s);
    let empty = false;
    for (;;) {
      const spaced = p;
      while (p < n && isSpace(s[p]!)) {
        p += 1;
      }
      if (p >= n) {
        return -1;
      }
      const c = s[p]!;
      if (c === GT) {
        p += 1;
        break;
      }
      if (c === SLASH) {
        if (p + 1 >= n) {
          return -1;
        }
        if (s[p + 1] !== GT) {
          throw new XmlError(`a / inside <${name.text}>`);
        }
        p += 2;
        empty = true;
        break;
      }
      if (p === spaced) {
        throw new XmlError(`no space before an attribute of <${name.text}>`);
      }
      const from = p;
      let attributeHash = 0;
      while (p < n) {
        const d = s[p]!;
        if (d === EQUALS || isSpace(d) || d === GT || d === SLASH || d === LT) {
          break;
        }
        attributeHash = (Math.imul(attributeHash, 31) + d) | 0;
        p += 1;
      }
      if (p === from) {
        throw new XmlError(`an attribute of <${name.text}> without a name`);
      }
      const attribute = this.nameOf(s, from, p, attributeHash).text;
      while (p < n && isSpace(s[p]!)) {
        p += 1;
      }
      if (p >= n) {
        return -1;
      }
      if (s[p] !== EQUALS) {
        throw new XmlError(`the attribute ${attribute} of <${name.text}> has no value`);
      }
      p += 1;
      while (p < n && isSpace(s[p]!)) {
        p += 1;
      }
      if (p >= n) {
        return -1;
      }
      const quote = s[p]!;
      if (quote !== QUOTE && quote !== APOSTROPHE) {
        throw new XmlError(`the attribute ${attribute} of <${name.text}> is not quoted`);
      }
      // The value's end, looking at each byte once: a value is short, and must hold no <.
      let end = p + 1;
      let special = false;
      while (end < n) {
        const v = s[end]!;
        if (v === quote) {
          break;
        }
        if (v === LT) {
          throw new XmlError('a < inside an attribute value');
        }
        special ||= v === AMPERSAND || v === 9 || v === 10 || v === CR;
        end += 1;
      }
      if (end >= n) {
        return -1;
      }
      attributes.add(attribute, p + 1, end, special);
      p = end + 1;
    }
    if (this.open.length === 0) {
      if (this.rooted) {
        throw new XmlError('a second root element');
      }
      this.rooted = true;
    }
    this.handler.open(name.text, attributes, name.local);
    if (empty) {
      this.handler.close(name.text, name.local);
    } else {
      this.open.push(name);
    }
    return p;
  }
}

/** Whether bytes [from, to) of `s` are `bytes` (a name: a few bytes, compared here sooner than by a call into the runtime). */
function sameBytes(s: Buffer, from: number, to: number, bytes: Buffer): boolean {
  if (to - from !== bytes.length) {
    return false;
  }
  for (let k = 0; k < bytes.length; k += 1) {
    if (s[from + k] !== bytes[k]) {
      return false;
    }
  }
  return true;
}

/** Whether `s` has the ASCII text `prefix` at `at`. */
function startsWith(s: Buffer, prefix: string, at: number): boolean {
  if (at + prefix.length > s.length) {
    return false;
  }
  for (let k = 0; k < prefix.length; k += 1) {
    if (s[at + k] !== prefix.charCodeAt(k)) {
      return false;
    }
  }
  return true;
}
