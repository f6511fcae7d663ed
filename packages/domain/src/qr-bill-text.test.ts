import { describe, expect, it } from 'vitest';
import { isQrBillText, toQrBillText } from './qr-bill-text.ts';

describe('toQrBillText: the payment part of a QR-bill holds only the Latin characters the Swiss Payment Standards allow', () => {
  it.each([
    // Russian names and addresses, transliterated letter by letter.
    ['Иван Петров', 'Ivan Petrov'],
    ['Наталья Щербакова', 'Natalya Shcherbakova'],
    ['Юрий Жуков', 'Yuriy Zhukov'],
    ['Хабаровск, улица Чехова 12', 'Khabarovsk, ulitsa Chekhova 12'],
    ['Ёлка Эммы, подъезд 3', 'Elka Emmy, podezd 3'],
    ['ЩУКИН', 'SHCHUKIN'],
    ['Щукин', 'Shchukin'],
    // Ukrainian letters.
    ['Їжак Ґудзь Євген', 'Yizhak Gudz Yevgen'],
    // Latin-1 (umlauts, accents) stays as it is.
    ['Müller-Lüdenscheidt, Rue de l’Église 5', "Müller-Lüdenscheidt, Rue de l'Église 5"],
    ['Straße À la Côte ñ ç ø å æ', 'Straße À la Côte ñ ç ø å æ'],
    // Outside the set: letters with other marks lose the mark; typographic signs become plain ones.
    ['Łódź Dvořák Ștefan Bălan', 'Lódz Dvorák Stefan Balan'],
    ['„Haus“ – Nr. 5…', '"Haus" - Nr. 5...'],
    ['8001\u202fZürich\tKreis\u00a01', '8001 Zürich Kreis 1'],
    // Greek letters, and what no rule knows, become a question mark rather than vanish.
    ['Αθήνα 東京', 'Athina ??'],
    ['Œuvre Šimon Žofie Ÿves €5', 'Œuvre Šimon Žofie Ÿves €5'],
  ])('%s → %s', (input, expected) => {
    expect(toQrBillText(input)).toBe(expected);
    expect(isQrBillText(toQrBillText(input))).toBe(true);
  });

  it('knows which texts are inside the set', () => {
    expect(isQrBillText('Rue de la Gare 5B, 1003 Lausanne')).toBe(true);
    expect(isQrBillText('Иван')).toBe(false);
    expect(isQrBillText('Dvořák')).toBe(false);
    expect(isQrBillText('a\u202fb')).toBe(false);
    expect(isQrBillText('line\nbreak')).toBe(false);
  });
});
