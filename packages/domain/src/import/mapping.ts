import { PATTERNS } from '../validation.ts';
import { normalisePhone } from '../phone.ts';
import { IMPORT_FIELDS, type ImportField, type ImportRowData } from '../schemas/import.ts';

/** Column index (as text, JSON's object keys) → the field the column fills. */
export type ImportMapping = Record<string, ImportField>;

/**
 * A header as compared: lower case, accents folded (ß as ss), everything but letters and digits
 * dropped. `E-Mail-Adresse` → `emailadresse`, `Localité` → `localite`, `Tel.` → `tel`.
 */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * The signature of a file's column layout: its normalised headers joined. The mapping chosen for a
 * layout is remembered under it ("per source"): the next file with the same columns gets it again.
 */
export function headerSignature(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join('|');
}

type Kind = Exclude<ImportField, 'name'> | 'first_name' | 'ambiguous_name' | 'full_name' | 'zip_city';

/** Header synonyms in German, French, Italian and English (normalised). */
const SYNONYMS: Record<Kind, readonly string[]> = {
  salutation: ['anrede', 'civilite', 'titolo', 'salutation', 'appellativo', 'saluto', 'titel', 'title', 'herrfrau', 'madamemonsieur'],
  first_name: ['vorname', 'vornamen', 'rufname', 'prenom', 'prenoms', 'nome', 'firstname', 'givenname', 'forename'],
  ambiguous_name: ['name', 'nom'],
  surname: ['nachname', 'familienname', 'zuname', 'cognome', 'surname', 'lastname', 'familyname', 'nomdefamille', 'nomfamille'],
  full_name: [
    'vornamename',
    'namevorname',
    'vornameundname',
    'nameundvorname',
    'vornamenachname',
    'nachnamevorname',
    'vollstandigername',
    'fullname',
    'nomcomplet',
    'nomprenom',
    'prenomnom',
    'nomeecognome',
    'nomecognome',
    'cognomenome',
    'cognomeenome',
  ],
  phone: [
    'telefon',
    'tel',
    'telephone',
    'telefono',
    'phone',
    'telefonnummer',
    'telnr',
    'telno',
    'phonenumber',
    'festnetz',
    'telefonprivat',
    'telprivat',
    'numerodetelephone',
    'notelephone',
    'numeroditelefono',
    'numerotelefono',
    'landline',
  ],
  mobile_phone: [
    'mobile',
    'mobil',
    'natel',
    'handy',
    'mobiltelefon',
    'mobilnummer',
    'handynummer',
    'natelnummer',
    'natelnr',
    'portable',
    'telportable',
    'telephoneportable',
    'natelportable',
    'cellulaire',
    'cellulare',
    'cell',
    'cellphone',
    'mobilephone',
    'mobilenumber',
    'telmobile',
    'telefonomobile',
    'telefonocellulare',
  ],
  email: [
    'email',
    'mail',
    'courriel',
    'emailadresse',
    'mailadresse',
    'adresseemail',
    'adressemail',
    'adressecourriel',
    'emailaddress',
    'indirizzoemail',
    'postaelettronica',
  ],
  address: [
    'strasse',
    'str',
    'strassenr',
    'strasseundnr',
    'strassehausnummer',
    'strasseundhausnummer',
    'adresse',
    'adressezeile',
    'rue',
    'ruenumero',
    'rueetnumero',
    'via',
    'viaenumero',
    'indirizzo',
    'street',
    'streetaddress',
    'address',
    'addressline',
    'addressline1',
    'domicile',
  ],
  zipcode: ['plz', 'npa', 'cap', 'postleitzahl', 'zip', 'zipcode', 'postcode', 'postalcode', 'codepostal', 'codicepostale', 'numeropostal'],
  zip_city: [
    'plzort',
    'plzwohnort',
    'npalocalite',
    'npalieu',
    'npaville',
    'caplocalita',
    'capcitta',
    'zipcity',
    'postcodecity',
    'postcodetown',
  ],
  city: [
    'ort',
    'wohnort',
    'ortschaft',
    'stadt',
    'gemeinde',
    'localite',
    'lieu',
    'ville',
    'commune',
    'localita',
    'citta',
    'comune',
    'city',
    'town',
  ],
  age: ['alter', 'age', 'eta', 'jahre', 'years'],
  language: ['sprache', 'korrespondenzsprache', 'langue', 'lingua', 'language', 'idioma'],
  company: [
    'firma',
    'firmenname',
    'companyname',
    'nomentreprise',
    'ragionesociale',
    'unternehmen',
    'arbeitgeber',
    'entreprise',
    'societe',
    'societa',
    'azienda',
    'ditta',
    'company',
    'organisation',
    'organization',
  ],
  note: [
    'bemerkung',
    'bemerkungen',
    'notiz',
    'notizen',
    'kommentar',
    'hinweis',
    'remarque',
    'remarques',
    'commentaire',
    'nota',
    'note',
    'notes',
    'osservazioni',
    'commento',
    'comment',
    'comments',
    'remarks',
  ],
};

/** When no synonym matches exactly, a header containing one is tried in this order (mobile before phone …). */
const CONTAINS_ORDER: readonly Kind[] = [
  'email',
  'mobile_phone',
  'phone',
  'zip_city',
  'zipcode',
  'full_name',
  'first_name',
  'surname',
  'address',
  'city',
  'salutation',
  'language',
  'company',
  'note',
];

function kindOf(normalised: string): Kind | undefined {
  if (!normalised) {
    return undefined;
  }
  for (const kind of Object.keys(SYNONYMS) as Kind[]) {
    if (SYNONYMS[kind].includes(normalised)) {
      return kind;
    }
  }
  for (const kind of CONTAINS_ORDER) {
    for (const synonym of SYNONYMS[kind]) {
      const long = synonym.length >= 5 && normalised.includes(synonym);
      const start = synonym.length >= 3 && normalised.startsWith(synonym);
      if (long || start) {
        return kind;
      }
    }
  }
  return undefined;
}

function fieldOfKind(kind: Kind, hasFirstName: boolean): ImportField {
  if (kind === 'first_name' || kind === 'full_name') {
    return 'name';
  }
  // "Name" beside "Vorname" (or "Nom" beside "Prénom") is the surname; alone it holds the whole name.
  if (kind === 'ambiguous_name') {
    return hasFirstName ? 'surname' : 'name';
  }
  return kind === 'zip_city' ? 'zipcode' : kind;
}

const looksLike: Partial<Record<ImportField, (value: string) => boolean>> = {
  email: (v) => PATTERNS.email.test(v),
  zipcode: (v) => /^(CH-?)?[1-9]\d{3}$/i.test(v),
  mobile_phone: (v) => /^(\+41|0041|0)?\s*7[5-9]/.test(v.replace(/\s/g, '')) && normalisePhone(v) !== undefined,
  phone: (v) => normalisePhone(v) !== undefined,
};

/**
 * The mapping proposed for a file's headers: each column whose header is a known name of a field
 * (German, French, Italian, English; exact or contained) gets that field, each field once (the first
 * column wins). Columns whose header says nothing may be recognised by their sample values (e-mails,
 * postcodes, phones).
 */
export function proposeMapping(headers: readonly string[], sample: readonly (readonly string[])[] = []): ImportMapping {
  const kinds = headers.map((h) => kindOf(normaliseHeader(h)));
  const hasFirstName = kinds.includes('first_name');
  const mapping: ImportMapping = {};
  const taken = new Set<ImportField>();
  // Exact and unambiguous kinds first, so "Name" yields to a later "Nachname" for the surname.
  const order = kinds.map((kind, i) => ({ kind, i })).sort((a, b) => rank(a.kind) - rank(b.kind) || a.i - b.i);
  for (const { kind, i } of order) {
    if (!kind) {
      continue;
    }
    let field = fieldOfKind(kind, hasFirstName);
    if (taken.has(field) && kind === 'ambiguous_name' && !taken.has('surname')) {
      field = 'surname';
    }
    if (!taken.has(field)) {
      mapping[String(i)] = field;
      taken.add(field);
    }
  }
  headers.forEach((_, i) => {
    if (mapping[String(i)] || kinds[i]) {
      return;
    }
    const values = sample.map((row) => (row[i] ?? '').trim()).filter(Boolean);
    if (values.length === 0) {
      return;
    }
    for (const field of ['email', 'zipcode', 'mobile_phone', 'phone'] as const) {
      const test = looksLike[field]!;
      if (!taken.has(field) && values.filter(test).length / values.length >= 0.8) {
        mapping[String(i)] = field;
        taken.add(field);
        return;
      }
    }
  });
  return mapping;
}

function rank(kind: Kind | undefined): number {
  return kind === 'ambiguous_name' ? 1 : 0;
}

/** Whether a mapping is usable: known fields, each at most once, on columns the file has. */
export function mappingProblems(mapping: ImportMapping, columnCount: number): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [column, field] of Object.entries(mapping)) {
    const i = Number(column);
    if (!Number.isInteger(i) || i < 0 || i >= columnCount) {
      problems.push(`column:${column}`);
    }
    if (!(IMPORT_FIELDS as readonly string[]).includes(field)) {
      problems.push(`field:${field}`);
    }
    if (seen.has(field)) {
      problems.push(`twice:${field}`);
    }
    seen.add(field);
  }
  return problems;
}

const SURNAME_PARTICLES = new Set([
  'von',
  'van',
  'de',
  'di',
  'da',
  'del',
  'della',
  'dei',
  'des',
  'du',
  'le',
  'la',
  'lo',
  'zu',
  'zur',
  'dos',
  'do',
  'dal',
  'dalla',
]);

/**
 * A whole name split into first name and surname: "Müller, Hans" (surname first when a comma
 * follows it), else the last word with the particles before it is the surname ("Anna de Souza",
 * "Hans Peter von Allmen"), the rest the first name. One word alone is a surname.
 */
export function splitFullName(full: string): { name: string | null; surname: string | null } {
  const text = full.trim().replace(/\s+/g, ' ');
  if (!text) {
    return { name: null, surname: null };
  }
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const surname = text.slice(0, comma).trim();
    const name = text.slice(comma + 1).trim();
    return { name: name || null, surname: surname || null };
  }
  const words = text.split(' ');
  if (words.length === 1) {
    return { name: null, surname: text };
  }
  let start = words.length - 1;
  while (start > 1 && SURNAME_PARTICLES.has(words[start - 1]!.toLowerCase())) {
    start -= 1;
  }
  return { name: words.slice(0, start).join(' '), surname: words.slice(start).join(' ') };
}

const EMPTY_ROW: ImportRowData = {
  salutation: null,
  name: null,
  surname: null,
  phone: null,
  mobile_phone: null,
  email: null,
  address: null,
  zipcode: null,
  city: null,
  age: null,
  language: null,
  company: null,
  note: null,
};

const FIELD_MAX: Record<ImportField, number> = {
  salutation: 40,
  name: 100,
  surname: 100,
  phone: 40,
  mobile_phone: 40,
  email: 200,
  address: 200,
  zipcode: 10,
  city: 100,
  age: 10,
  language: 10,
  company: 200,
  note: 2000,
};

/**
 * A row's cells into the fields of the mapping: trimmed, empty as null, NUL characters dropped, cut to
 * the field's length. A name column with no surname column holds whole names and is split; a postcode
 * column with no locality column that holds "8000 Zürich" gives both.
 */
export function applyMapping(mapping: ImportMapping, cells: readonly string[]): ImportRowData {
  return mappingApplier(mapping)(cells);
}

/**
 * applyMapping for many rows of one mapping: what the mapping says (its columns, whether names and
 * postcodes are split) worked out once, then each row's cells into its fields.
 */
export function mappingApplier(mapping: ImportMapping): (cells: readonly string[]) => ImportRowData {
  const columns = Object.entries(mapping).map(([column, field]) => ({ column: Number(column), field }));
  const fields = new Set(columns.map((c) => c.field));
  const splitName = !fields.has('surname');
  const splitZip = !fields.has('city');
  return (cells) => {
    const row: ImportRowData = { ...EMPTY_ROW };
    for (const { column, field } of columns) {
      let value = cells[column] ?? '';
      if (value.includes('\0')) {
        value = value.replace(/\0/g, '');
      }
      value = value.trim();
      row[field] = value || null;
    }
    if (splitName && row.name) {
      const { name, surname } = splitFullName(row.name);
      row.name = name;
      row.surname = surname;
    }
    if (splitZip && row.zipcode) {
      const m = /^((?:CH-?)?\d{4})[\s,]+(.+)$/i.exec(row.zipcode);
      if (m) {
        row.zipcode = m[1]!;
        row.city = m[2]!.trim();
      }
    }
    for (const field of IMPORT_FIELDS) {
      const value = row[field];
      if (value && value.length > FIELD_MAX[field]) {
        row[field] = value.slice(0, FIELD_MAX[field]);
      }
    }
    return row;
  };
}

const LANGUAGE_WORDS: Record<string, readonly string[]> = {
  de: ['de', 'd', 'deutsch', 'german', 'allemand', 'tedesco', 'ger', 'deu', 'dt'],
  fr: ['fr', 'f', 'franzosisch', 'french', 'francais', 'francese', 'fra'],
  it: ['it', 'i', 'italienisch', 'italian', 'italien', 'italiano', 'ita'],
  en: ['en', 'e', 'englisch', 'english', 'anglais', 'inglese', 'eng'],
  ru: ['ru', 'russisch', 'russian', 'russe', 'russo', 'rus'],
};

/** A language cell ("Deutsch", "F", "italiano") as a language code, or null when it names none. */
export function languageCode(value: string | null): string | null {
  if (!value) {
    return null;
  }
  const n = normaliseHeader(value);
  for (const [code, words] of Object.entries(LANGUAGE_WORDS)) {
    if (words.includes(n)) {
      return code;
    }
  }
  return null;
}

const SALUTATION_GENDER: Record<string, 'male' | 'female'> = {
  herr: 'male',
  hr: 'male',
  monsieur: 'male',
  m: 'male',
  signor: 'male',
  signore: 'male',
  sig: 'male',
  mr: 'male',
  frau: 'female',
  fr: 'female',
  madame: 'female',
  mme: 'female',
  signora: 'female',
  sigra: 'female',
  mrs: 'female',
  ms: 'female',
};

/** The gender a salutation says ("Herr", "Madame", "Sig.ra", "Mr."), or null. */
export function genderOfSalutation(value: string | null): 'male' | 'female' | null {
  return value ? (SALUTATION_GENDER[normaliseHeader(value)] ?? null) : null;
}
