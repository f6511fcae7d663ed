/**
 * Swiss postal addresses in the structured form the QR-bill asks for: since November 2025 a payment
 * part carries street and building number in separate fields (address type "S"); combined address
 * lines ("K") are no longer accepted. The people we bill keep one free-text address line
 * ("Bahnhofstrasse 12"), so it is split here.
 */

export interface StreetAndNumber {
  street: string;
  /** Empty when the line names no number ("Im Gässli", "Postfach"). */
  buildingNumber: string;
}

/** The QR-bill allows at most 16 characters for a building number. */
export const BUILDING_NUMBER_MAX = 16;

// A house number: digits, an optional letter ("12a", "12 B"), an optional range or sub-number
// ("1-3", "12/14") and the French "bis"/"ter".
const NUMBER = String.raw`\d+(?:\s?[A-Za-z](?![A-Za-z]))?(?:\s?[-/]\s?\d+(?:\s?[A-Za-z](?![A-Za-z]))?)?(?:\s(?:bis|ter))?`;
const NUMBER_LAST = new RegExp(String.raw`^(.*?\D)\s*(${NUMBER})$`, 'i');
const NUMBER_FIRST = new RegExp(String.raw`^(${NUMBER})\s*,?\s+(\D.*)$`, 'i');
const PO_BOX = /^(postfach|case postale|casella postale|cp|po box)\b/i;

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * "Bahnhofstrasse 12" → street "Bahnhofstrasse", number "12". The number is usually last
 * ("Rue de la Gare 5B", "Via Cantonale 3/1", "Chemin des Roses 4 bis"); in French-speaking places it
 * sometimes comes first ("12, rue du Rhône"). A post-office box or a line without a number is all street.
 */
export function splitStreet(line: string | null | undefined): StreetAndNumber {
  const text = tidy(line ?? '');
  if (text === '' || PO_BOX.test(text)) {
    return { street: text, buildingNumber: '' };
  }
  const last = NUMBER_LAST.exec(text);
  if (last) {
    const street = tidy(last[1]!.replace(/,\s*$/, ''));
    const buildingNumber = last[2]!.replace(/\s+/g, ' ');
    if (street !== '' && buildingNumber.length <= BUILDING_NUMBER_MAX) {
      return { street, buildingNumber };
    }
  }
  const first = NUMBER_FIRST.exec(text);
  if (first) {
    return { street: tidy(first[2]!), buildingNumber: first[1]!.replace(/\s+/g, ' ') };
  }
  return { street: text, buildingNumber: '' };
}

export interface PostcodeAndPlace {
  zip: string;
  city: string;
}

/** "8604 Volketswil" or "CH-8604 Volketswil" → postcode "8604", place "Volketswil"; a place alone has no postcode. */
export function splitPlace(line: string | null | undefined): PostcodeAndPlace {
  const text = tidy(line ?? '');
  const m = /^(?:(?:CH|FL|LI)\s?-\s?)?(\d{4})\s+(.+)$/i.exec(text);
  return m ? { zip: m[1]!, city: tidy(m[2]!) } : { zip: '', city: text };
}
