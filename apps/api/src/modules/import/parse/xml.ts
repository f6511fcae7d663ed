/**
 * A reader of the XML a workbook's parts are written in (ECMA-376 on XML 1.0), fed text as it is
 * unpacked and decoded: elements with their attributes, text and CDATA, answered as events. Comments
 * and processing instructions are passed over; a document type is refused (a workbook has none, and
 * its entities could expand a small part into a huge one). It checks what the reading depends on:
 * every element closed by its own end tag, one root, attributes quoted, references known; a part that
 * is not such XML is an error, never rows read wrongly.
 *
 * Made for the worksheet's tens of megabytes: it looks for the next '<' and '>' with indexOf instead
 * of taking the text a character at a time, which made reading a 100,000-row sheet several times
 * faster than a general streaming parser (docs/performance.md "The sheet's XML").
 */

/** The attributes of the element just opened (valid until the next event). */
export class XmlAttributes {
  count = 0;
  readonly names: string[] = [];
  readonly values: string[] = [];

  /** The value of the attribute of this qualified name, if the element has it. */
  get(name: string): string | undefined {
    for (let i = 0; i < this.count; i += 1) {
      if (this.names[i] === name) {
        return this.values[i];
      }
    }
    return undefined;
  }

  add(name: string, value: string): void {
    for (let i = 0; i < this.count; i += 1) {
      if (this.names[i] === name) {
        throw new XmlError(`the attribute ${name} is given twice`);
      }
    }
    this.names[this.count] = name;
    this.values[this.count] = value;
    this.count += 1;
  }
}

export interface XmlHandler {
  /** An element begins (its qualified name, as written). */
  open(name: string, attributes: XmlAttributes): void;
  /** Text inside the root, its references resolved and its line ends made "\n" (a run may come in parts). */
  text(text: string): void;
  /** An element ends (also right after `open` for an empty element). */
  close(name: string): void;
}

export class XmlError extends Error {}

const LT = 60;
const GT = 62;
const SLASH = 47;
const QUESTION = 63;
const BANG = 33;
const EQUALS = 61;
const APOSTROPHE = 39;
const QUOTE = 34;

const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;

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

/** An attribute's value as XML reads it: references resolved, each line end, tab or newline a space. */
function attributeValue(raw: string): string {
  if (raw.includes('<')) {
    throw new XmlError('a < inside an attribute value');
  }
  const spaced = /[\t\n\r]/.test(raw) ? raw.replace(/\r\n?/g, '\n').replace(/[\t\n]/g, ' ') : raw;
  return spaced.includes('&') ? resolved(spaced) : spaced;
}

export class XmlReader {
  private readonly attributes = new XmlAttributes();
  private readonly open: string[] = [];
  private rooted = false;
  /** The end of the text fed so far that could not be read yet (a tag or a text run that goes on). */
  private rest = '';

  constructor(private readonly handler: XmlHandler) {}

  /** Reads what is whole of the text fed so far. */
  write(chunk: string): void {
    const text = this.rest === '' ? chunk : this.rest + chunk;
    this.rest = text.slice(this.read(text, false));
  }

  /** The end of the document: anything unread or unclosed is an error. */
  close(): void {
    const text = this.rest;
    this.rest = '';
    if (this.read(text, true) < text.length) {
      throw new XmlError('the XML ends inside a tag');
    }
    if (this.open.length > 0) {
      throw new XmlError(`the XML ends before </${this.open[this.open.length - 1]}>`);
    }
    if (!this.rooted) {
      throw new XmlError('the XML has no element');
    }
  }

  /** Reads `s` up to what is whole; answers where it stopped. With `last`, text at the end is whole too. */
  private read(s: string, last: boolean): number {
    let i = 0;
    const n = s.length;
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        // Text to the end: it may go on in the next chunk (a reference cut in two), unless this is all.
        if (!last) {
          return i;
        }
        this.textOf(s, i, n);
        return n;
      }
      if (lt > i) {
        this.textOf(s, i, lt);
        i = lt;
      }
      if (lt + 1 >= n) {
        return i;
      }
      const c = s.charCodeAt(lt + 1);
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

  private textOf(s: string, from: number, to: number): void {
    if (this.open.length === 0) {
      for (let k = from; k < to; k += 1) {
        if (!isSpace(s.charCodeAt(k))) {
          throw new XmlError('text outside the root element');
        }
      }
      return;
    }
    let t = s.slice(from, to);
    if (t.includes('\r')) {
      t = t.replace(/\r\n?/g, '\n');
    }
    this.handler.text(t.includes('&') ? resolved(t) : t);
  }

  /** `</name>` at `at`: answers the index after it, -1 when it is not whole yet. */
  private endTag(s: string, at: number): number {
    const gt = s.indexOf('>', at + 2);
    if (gt < 0) {
      return -1;
    }
    const expected = this.open.pop();
    let end = at + 2 + (expected?.length ?? 0);
    while (end < gt && isSpace(s.charCodeAt(end))) {
      end += 1;
    }
    if (expected === undefined || end !== gt || !s.startsWith(expected, at + 2)) {
      const name = s.slice(at + 2, gt).trimEnd();
      throw new XmlError(`</${name}> closes ${expected === undefined ? 'no element' : `<${expected}>`}`);
    }
    this.handler.close(expected);
    return gt + 1;
  }

  /** A comment, CDATA or a document type at `at` ("<!"). */
  private markup(s: string, at: number): number {
    if (s.startsWith('<!--', at)) {
      const end = s.indexOf('-->', at + 4);
      return end < 0 ? -1 : end + 3;
    }
    if (s.startsWith('<![CDATA[', at)) {
      const end = s.indexOf(']]>', at + 9);
      if (end < 0) {
        return -1;
      }
      if (this.open.length === 0) {
        throw new XmlError('CDATA outside the root element');
      }
      const t = s.slice(at + 9, end);
      this.handler.text(t.includes('\r') ? t.replace(/\r\n?/g, '\n') : t);
      return end + 3;
    }
    if (s.length - at < 9) {
      // Perhaps the beginning of one of the above, cut by the chunk.
      return -1;
    }
    throw new XmlError(s.startsWith('<!DOCTYPE', at) ? 'a document type is not read' : 'an unknown <! declaration');
  }

  /** `<name attr="value" …>` or `<name … />` at `at`: answers the index after it, -1 when it is not whole yet. */
  private startTag(s: string, at: number): number {
    const n = s.length;
    let p = at + 1;
    while (p < n) {
      const c = s.charCodeAt(p);
      if (isSpace(c) || c === GT || c === SLASH) {
        break;
      }
      p += 1;
    }
    if (p >= n) {
      return -1;
    }
    const name = s.slice(at + 1, p);
    if (name === '' || name.includes('<') || name.includes('=')) {
      throw new XmlError('a tag without a name');
    }
    const attributes = this.attributes;
    attributes.count = 0;
    let empty = false;
    for (;;) {
      const spaced = p;
      while (p < n && isSpace(s.charCodeAt(p))) {
        p += 1;
      }
      if (p >= n) {
        return -1;
      }
      const c = s.charCodeAt(p);
      if (c === GT) {
        p += 1;
        break;
      }
      if (c === SLASH) {
        if (p + 1 >= n) {
          return -1;
        }
        if (s.charCodeAt(p + 1) !== GT) {
          throw new XmlError(`a / inside <${name}>`);
        }
        p += 2;
        empty = true;
        break;
      }
      if (p === spaced) {
        throw new XmlError(`no space before an attribute of <${name}>`);
      }
      const from = p;
      while (p < n) {
        const d = s.charCodeAt(p);
        if (d === EQUALS || isSpace(d) || d === GT || d === SLASH || d === LT) {
          break;
        }
        p += 1;
      }
      const attribute = s.slice(from, p);
      if (attribute === '') {
        throw new XmlError(`an attribute of <${name}> without a name`);
      }
      while (p < n && isSpace(s.charCodeAt(p))) {
        p += 1;
      }
      if (p >= n) {
        return -1;
      }
      if (s.charCodeAt(p) !== EQUALS) {
        throw new XmlError(`the attribute ${attribute} of <${name}> has no value`);
      }
      p += 1;
      while (p < n && isSpace(s.charCodeAt(p))) {
        p += 1;
      }
      if (p >= n) {
        return -1;
      }
      const quote = s.charCodeAt(p);
      if (quote !== QUOTE && quote !== APOSTROPHE) {
        throw new XmlError(`the attribute ${attribute} of <${name}> is not quoted`);
      }
      const end = s.indexOf(quote === QUOTE ? '"' : "'", p + 1);
      if (end < 0) {
        return -1;
      }
      attributes.add(attribute, attributeValue(s.slice(p + 1, end)));
      p = end + 1;
    }
    if (this.open.length === 0) {
      if (this.rooted) {
        throw new XmlError('a second root element');
      }
      this.rooted = true;
    }
    this.handler.open(name, attributes);
    if (empty) {
      this.handler.close(name);
    } else {
      this.open.push(name);
    }
    return p;
  }
}
