/**
 * The text of a Swiss QR-bill's payment part (creditor, debtor, message). The Swiss Payment Standards
 * (QR-bill 2.3, SPS 2025) allow the Latin set: Basic Latin U+0020–U+007E, Latin-1 Supplement U+00A0–U+00FF,
 * Latin Extended-A U+0100–U+017F, Ș ș Ț ț and €. The payment part must be printed in one of the fonts the
 * standard names (Helvetica here, PDF's standard font with WinAnsi encoding), which of Latin Extended-A
 * holds only Œ œ Š š Ÿ Ž ž: so the set used is the standard's set limited to what that font prints, and
 * the QR code and the printed part say the same. Everything else is transliterated: Cyrillic and Greek
 * letter by letter, other Latin letters without their marks, typographic signs as plain ones, and what no
 * rule knows becomes "?". The readable parts of a document keep the original text.
 */

const EXTENDED_A_PRINTABLE = new Set(['Œ', 'œ', 'Š', 'š', 'Ÿ', 'Ž', 'ž', '€']);

function inSet(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff && code !== 0xad) || EXTENDED_A_PRINTABLE.has(ch);
}

/** Russian, Ukrainian and Belarusian letters (lower case; capitals follow), a practical passport-style scheme. */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** Latin letters whose base letter is not reached by taking marks away, and typographic signs. */
const OTHERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ĸ: 'k',
  Ŋ: 'N',
  ŋ: 'n',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ŉ: 'n',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2026': '...',
  '\u00ad': '',
};

const isSpace = (ch: string) => /\s/u.test(ch) || ch === '\u00a0';
const isUpper = (ch: string | undefined) => ch !== undefined && ch !== ch.toLowerCase();

/** One letter of an alphabet table, in the case of the source: "Щ" gives "Shch", or "SHCH" inside a word in capitals. */
function fromTable(table: Record<string, string>, chars: string[], i: number): string | undefined {
  const ch = chars[i]!;
  const lower = ch.toLowerCase();
  const latin = table[lower];
  if (latin === undefined || !isUpper(ch)) {
    return latin;
  }
  const capitals = isUpper(chars[i + 1]) || (isUpper(chars[i - 1]) && !isUpper(chars[i + 1]) && /\p{L}/u.test(chars[i - 1] ?? ''));
  return capitals ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1);
}

/** The text as the payment part of a QR-bill may hold it. */
export function toQrBillText(text: string): string {
  // Letters with marks as base letter + mark, so the mark can go where the letter with it may not stay.
  const chars = [...text.normalize('NFC')];
  let out = '';
  chars.forEach((ch, i) => {
    if (inSet(ch)) {
      out += ch;
      return;
    }
    if (isSpace(ch)) {
      out += ' ';
      return;
    }
    const mapped = OTHERS[ch] ?? fromTable(CYRILLIC, chars, i);
    if (mapped !== undefined) {
      out += mapped;
      return;
    }
    const bare = [...ch.normalize('NFD')].filter((c) => !/\p{M}/u.test(c));
    const greek = bare.length === 1 ? fromTable(GREEK, [...chars.slice(0, i), bare[0]!, ...chars.slice(i + 1)], i) : undefined;
    if (greek !== undefined) {
      out += greek;
      return;
    }
    out += bare.length > 0 && bare.every(inSet) ? bare.join('') : /\p{M}/u.test(ch) ? '' : '?';
  });
  return out;
}

/** Whether every character of the text may stand in the payment part of a QR-bill. */
export function isQrBillText(text: string): boolean {
  return [...text].every(inSet);
}
