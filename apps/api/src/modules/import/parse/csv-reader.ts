/**
 * The reader of the lead import's CSV files. It reads a file exactly as `csv-parse` does with the options
 * the import has always used (`relax_column_count`, `relax_quotes`, `skip_empty_lines`,
 * `skip_records_with_empty_values`, `bom`): the same rows, the same fields, the same rows left out, and an
 * error where that reading fails, in a fraction of the time on the large exports of a CRM or of Excel.
 *
 * What it does with an office's files:
 *
 * - A byte order mark at the very start (Excel's "CSV UTF-8") is dropped; one further down is text.
 * - Line ends: the first line break met outside a quoted field fixes the file's line end, `\r\n` (Windows)
 *   before `\n` (Unix) before a lone `\r` (old Mac). Only that one ends rows from there on: the others are
 *   ordinary characters of a field. In a Windows file a lone `\n` (a line break typed into an Excel cell and
 *   saved unquoted) stays inside its field; in a Unix file a `\r` before the `\n` stays at the end of the
 *   field; in a `\r` file, `\r\n` ends the row and the `\n` starts the next row's first field.
 * - Fields are kept exactly as written: spaces before and after a value are kept, nothing is trimmed or
 *   converted; rows keep their own number of fields (a short or long row is not an error), and a delimiter
 *   at the end of a row gives it an empty last field.
 * - A field that starts with `"` is quoted: delimiters and line breaks (of any kind) in it are text, `""` in
 *   it is one `"`, and it ends at a `"` followed by the delimiter, the file's line end (or, before that is
 *   known, any line break), the end of the file, or a NUL character.
 * - A `"` anywhere else is an ordinary character: `Müller "Hans";Bern` gives `Müller "Hans"`.
 * - A quoted field whose closing `"` is followed by anything else goes on as an unquoted field and keeps
 *   its quotes: `"Anna" x;Bern` gives `"Anna" x`. Its doubled quotes stay single: `"a""b" x` gives
 *   `"a"b" x`. After a closing `"` followed by a NUL character the field goes on without its quotes.
 * - A row whose every field is blank (empty lines, `;;;`, spaces and tabs, `""`, a no-break space, a stray
 *   byte order mark: whatever JavaScript's `trim()` removes) is left out.
 * - A quote never closed (an odd `"` opening a field, to the end of the file) is an error: the file cannot
 *   be read reliably (`csv-parse` throws `CSV_QUOTE_NOT_CLOSED` there). It is the only error of a file.
 * - Text is read as `csv-parse` reads it, encoded to UTF-8 and back: a lone surrogate (half of an emoji, cut
 *   off by a broken export) becomes U+FFFD, the replacement character.
 *
 * The delimiter may be any text without quotes or line breaks (the import uses `;`, `,`, tab and `|`); an
 * empty delimiter is an error, as in `csv-parse` (`CSV_INVALID_OPTION_DELIMITER`). A delimiter with a quote
 * or a line break, which `csv-parse` would read in its own way, is refused as well.
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const BOM = 0xfeff;

/** `String.prototype.isWellFormed` / `toWellFormed` (ES2024, in Node since 20; the project's typings are ES2023). */
interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** The text as UTF-8 encoding gives it back: each lone surrogate replaced by U+FFFD. */
function wellFormed(text: string): string {
  const s = text as string & WellFormedString;
  return s.isWellFormed() ? text : s.toWellFormed();
}

/** Whether a field is blank: nothing in it that `trim()` keeps. */
function isBlank(field: string): boolean {
  if (field.length === 0) {
    return true;
  }
  const c = field.charCodeAt(0);
  // Printable ASCII and C1 controls are never white space: the common case, decided without trim().
  if (c > 0x20 && c < 0xa0) {
    return false;
  }
  return field.trim() === '';
}

/** Whether a row has nothing but blank fields. */
function isBlankRow(row: readonly string[]): boolean {
  for (const field of row) {
    if (!isBlank(field)) {
      return false;
    }
  }
  return true;
}

/** The line (from 1) of a position, counting `\r\n`, `\n` and `\r` as one line break each. */
function lineOf(text: string, position: number): number {
  let line = 1;
  for (let k = 0; k < position; k += 1) {
    const c = text.charCodeAt(k);
    if (c === LF || (c === CR && text.charCodeAt(k + 1) !== LF)) {
      line += 1;
    }
  }
  return line;
}

/**
 * The rows of a CSV text, read with the delimiter given (see the top of this file). Throws an `Error` on a
 * quote that is never closed and on an empty delimiter (or one with a quote or a line break).
 */
export function readCsv(text: string, delimiter: string): string[][] {
  const source = wellFormed(text);
  const delim = wellFormed(delimiter);
  if (delim.length === 0) {
    throw new Error('The CSV delimiter is empty: give the character that separates the fields.');
  }
  if (delim.includes('"') || delim.includes('\n') || delim.includes('\r')) {
    throw new Error(`The CSV delimiter ${JSON.stringify(delim)} contains a quote or a line break, which cannot separate fields.`);
  }
  const delimLength = delim.length;
  const delimFirst = delim.charCodeAt(0);
  const n = source.length;
  const rows: string[][] = [];
  let i = source.charCodeAt(0) === BOM ? 1 : 0;
  if (i >= n) {
    return rows;
  }

  // The file's line end once met: '' until then, and its length.
  let lineEnd = '';
  let lineEndLength = 0;
  // Caches of the next delimiter / line end at or after i (n if there is none), found with indexOf and
  // looked for again only once passed, so that each part of the text is searched about once.
  let nextDelimiter = -1;
  let nextLineEnd = -1;
  // Before the line end is known: the next \r and the next \n, each cached apart.
  let nextCr = -1;
  let nextLf = -1;

  /** The length of the line end at `at` (0 if none), fixing the file's line end if not known yet. */
  const lineEndAt = (at: number): number => {
    const c = source.charCodeAt(at);
    if (lineEndLength === 0) {
      if (c === LF) {
        lineEnd = '\n';
      } else if (c === CR) {
        lineEnd = source.charCodeAt(at + 1) === LF ? '\r\n' : '\r';
      } else {
        return 0;
      }
      lineEndLength = lineEnd.length;
      nextLineEnd = -1;
      return lineEndLength;
    }
    if (lineEndLength === 2) {
      return c === CR && source.charCodeAt(at + 1) === LF ? 2 : 0;
    }
    return c === lineEnd.charCodeAt(0) ? 1 : 0;
  };

  let row: string[] = [];
  for (;;) {
    // i is the start of a field (i === n: an empty last field after a delimiter at the end).
    let head = '';
    if (i < n && source.charCodeAt(i) === QUOTE) {
      // A quoted field: up to a " that is not doubled.
      let at = i + 1;
      let value = '';
      let q: number;
      for (;;) {
        q = source.indexOf('"', at);
        if (q === -1) {
          throw new Error(`The quote that opens a field on line ${lineOf(source, i)} is never closed: the file ends inside that field.`);
        }
        if (q + 1 < n && source.charCodeAt(q + 1) === QUOTE) {
          value += source.slice(at, q + 1);
          at = q + 2;
          continue;
        }
        break;
      }
      value = value === '' ? source.slice(at, q) : value + source.slice(at, q);
      const after = q + 1;
      if (after === n) {
        row.push(value);
        if (!isBlankRow(row)) {
          rows.push(row);
        }
        return rows;
      }
      const c = source.charCodeAt(after);
      if (c === delimFirst && (delimLength === 1 || source.startsWith(delim, after))) {
        row.push(value);
        i = after + delimLength;
        continue;
      }
      const end = lineEndAt(after);
      if (end !== 0) {
        row.push(value);
        if (!isBlankRow(row)) {
          rows.push(row);
        }
        row = [];
        i = after + end;
        if (i >= n) {
          return rows;
        }
        continue;
      }
      // Something else after the closing quote: the field goes on unquoted, its quotes kept (not after NUL).
      head = c === NUL ? value : `"${value}"`;
      i = after;
    }

    // An unquoted field (or the rest of one): up to the next delimiter or line end.
    if (nextDelimiter < i) {
      nextDelimiter = source.indexOf(delim, i);
      if (nextDelimiter === -1) {
        nextDelimiter = n;
      }
    }
    if (nextLineEnd < i) {
      if (lineEndLength !== 0) {
        nextLineEnd = source.indexOf(lineEnd, i);
        if (nextLineEnd === -1) {
          nextLineEnd = n;
        }
      } else {
        if (nextCr < i) {
          nextCr = source.indexOf('\r', i);
          if (nextCr === -1) {
            nextCr = n;
          }
        }
        if (nextLf < i) {
          nextLf = source.indexOf('\n', i);
          if (nextLf === -1) {
            nextLf = n;
          }
        }
        // Only a candidate: the line end is fixed when a field actually ends there.
        nextLineEnd = nextCr < nextLf ? nextCr : nextLf;
      }
    }
    if (nextDelimiter < nextLineEnd) {
      row.push(head === '' ? source.slice(i, nextDelimiter) : head + source.slice(i, nextDelimiter));
      i = nextDelimiter + delimLength;
      continue;
    }
    const stop = nextLineEnd;
    row.push(head === '' ? source.slice(i, stop) : head + source.slice(i, stop));
    if (!isBlankRow(row)) {
      rows.push(row);
    }
    if (stop >= n) {
      return rows;
    }
    row = [];
    i = stop + lineEndAt(stop);
    if (i >= n) {
      return rows;
    }
  }
}
