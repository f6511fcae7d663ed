/** Whether `ch` (possibly "" at either end of the name) is one of `set`. */
function among(set: string, ch: string): boolean {
  return ch !== '' && set.includes(ch);
}

/**
 * Kölner Phonetik (Postel 1969): a phonetic code made for German names. It keeps the consonant
 * skeleton by sound classes (Meier, Maier, Meyer → "67"; Müller, Mueller, Muller → "657"; Schmid,
 * Schmidt, Schmitt → "862") and drops vowels after the first letter, so umlaut spellings and vowel
 * typos fall on the same code. Unlike Soundex it knows German letter groups (ch, sch, ck, x, ph, dt)
 * and, unlike double metaphone, has one code and no English rules; French and Italian names of Swiss
 * clients (Favre, Rochat, Bernasconi) get a stable code too. Used for blocking keys, not for scores.
 */
export function colognePhonetic(input: string): string {
  const s = input
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');
  let digits = '';
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i]!;
    const prev = i > 0 ? s[i - 1]! : '';
    const next = s[i + 1] ?? '';
    let code: string;
    switch (c) {
      case 'a':
      case 'e':
      case 'i':
      case 'j':
      case 'o':
      case 'u':
      case 'y':
        code = '0';
        break;
      case 'h':
        code = '';
        break;
      case 'b':
        code = '1';
        break;
      case 'p':
        code = next === 'h' ? '3' : '1';
        break;
      case 'd':
      case 't':
        code = among('csz', next) ? '8' : '2';
        break;
      case 'f':
      case 'v':
      case 'w':
        code = '3';
        break;
      case 'g':
      case 'k':
      case 'q':
        code = '4';
        break;
      case 'c':
        if (i === 0) {
          code = among('ahkloqrux', next) ? '4' : '8';
        } else {
          code = among('sz', prev) || !among('ahkoqux', next) ? '8' : '4';
        }
        break;
      case 'x':
        code = among('ckq', prev) ? '8' : '48';
        break;
      case 'l':
        code = '5';
        break;
      case 'm':
      case 'n':
        code = '6';
        break;
      case 'r':
        code = '7';
        break;
      case 's':
      case 'z':
        code = '8';
        break;
      default:
        code = '';
    }
    digits += code;
  }
  // Collapse repeated codes (an "h" between them counts as nothing), then drop every vowel code but a leading one.
  let out = '';
  let last = '';
  for (const d of digits) {
    if (d !== last) {
      out += d;
    }
    last = d;
  }
  return out.length > 0 ? out[0] + out.slice(1).replace(/0/g, '') : '';
}
