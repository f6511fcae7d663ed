import { remembered } from '../dedupe/normalise.ts';
import type { ValidationKey } from '../errors.ts';
import { isPhone } from '../phone.ts';
import type { ImportRowData } from '../schemas/import.ts';
import { PATTERNS } from '../validation.ts';

/** The Swiss postcodes with their localities (apps/api/src/db/seed/ch-postcodes.csv), as the rules read them. */
export interface PostcodeTable {
  /** The localities of a postcode (four digits); undefined when the postcode does not exist. */
  localities(postcode: string): readonly string[] | undefined;
}

export function postcodeTableFrom(rows: Iterable<{ postcode: string; locality: string }>): PostcodeTable {
  const map = new Map<string, string[]>();
  for (const { postcode, locality } of rows) {
    const list = map.get(postcode);
    if (list) {
      list.push(locality);
    } else {
      map.set(postcode, [locality]);
    }
  }
  return { localities: (postcode) => map.get(postcode) };
}

/** "8000", "CH-8000", "CH 8000" → "8000"; anything else as it is. */
export function cleanPostcode(value: string): string {
  const m = /^(?:CH[-\s]?)?(\d{4})$/i.exec(value.trim());
  return m ? m[1]! : value.trim();
}

/** The other languages' names of Swiss places (normalised), to the name the postcode table uses. */
const EXONYMS: Record<string, string> = {
  genf: 'geneve',
  geneva: 'geneve',
  ginevra: 'geneve',
  berne: 'bern',
  berna: 'bern',
  bale: 'basel',
  basilea: 'basel',
  basle: 'basel',
  lucerne: 'luzern',
  lucerna: 'luzern',
  neuenburg: 'neuchatel',
  freiburg: 'fribourg',
  friburgo: 'fribourg',
  sitten: 'sion',
  zurigo: 'zurich',
  soleure: 'solothurn',
  soletta: 'solothurn',
  coira: 'chur',
  coire: 'chur',
  schaffhouse: 'schaffhausen',
  sciaffusa: 'schaffhausen',
  stgall: 'stgallen',
  sangallo: 'stgallen',
  saintgall: 'stgallen',
  sanktgallen: 'stgallen',
  biel: 'biel',
  bienne: 'biel',
};

/** A place's name as the rules compare it; remembered (a file's hundred thousand rows name a few thousand places). */
const normalisePlace = remembered((value: string): string => {
  const folded = value
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u')
    .replace(/\bsankt\b|\bsaint\b|\bste?\b/g, 'st')
    .replace(/[^a-z]+/g, '');
  return EXONYMS[folded] ?? folded;
});

/** The names a locality of the postcode table is known by (its parts of a bilingual name, without a district number), normalised; remembered. */
const localityNames = remembered((locality: string): readonly string[] =>
  [locality, ...locality.split('/')].map((n) => normalisePlace(n.replace(/\s+\d+$/, ''))),
);

/**
 * Whether a written locality fits one of the postcode's: the same place in any writing (accents,
 * "ue" for "ü", "St." for "Sankt", the German, French or Italian name of a city), a locality with a
 * district number ("Lausanne 25" for "Lausanne"), either part of a bilingual name ("Biel/Bienne").
 */
export function localityFits(city: string, localities: readonly string[]): boolean {
  const written = normalisePlace(city);
  if (!written) {
    return true;
  }
  for (const locality of localities) {
    for (const n of localityNames(locality)) {
      if (n === written || (written.length >= 4 && n.startsWith(written)) || (n.length >= 4 && written.startsWith(n))) {
        return true;
      }
    }
  }
  return false;
}

/** Whether an age cell is a plausible age in years. */
function isAge(value: string): boolean {
  return /^\d{1,3}$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 120;
}

/**
 * What is wrong with an import row, per field (empty when nothing): name or surname required; a way
 * to reach (phone, mobile or e-mail) required; phones by the one phone rule, e-mail by the product's
 * rule; the postcode must exist and the locality fit it; an age must be a number of years.
 */
export function validateImportRow(data: ImportRowData, postcodes: PostcodeTable): Partial<Record<keyof ImportRowData, ValidationKey>> {
  const errors: Partial<Record<keyof ImportRowData, ValidationKey>> = {};
  if (!data.name && !data.surname) {
    errors.surname = 'name_missing';
  }
  if (!data.phone && !data.mobile_phone && !data.email) {
    errors.phone = 'contact_missing';
  }
  if (data.phone && !isPhone(data.phone)) {
    errors.phone = 'invalid_phone';
  }
  if (data.mobile_phone && !isPhone(data.mobile_phone)) {
    errors.mobile_phone = 'invalid_phone';
  }
  if (data.email && !PATTERNS.email.test(data.email)) {
    errors.email = 'invalid_email';
  }
  if (data.zipcode) {
    const localities = postcodes.localities(cleanPostcode(data.zipcode));
    if (!localities) {
      errors.zipcode = 'postcode_unknown';
    } else if (data.city && !localityFits(data.city, localities)) {
      errors.city = 'locality_mismatch';
    }
  }
  if (data.age && !isAge(data.age)) {
    errors.age = 'invalid_value';
  }
  return errors;
}
