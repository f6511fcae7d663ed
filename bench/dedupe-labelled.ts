/**
 * A labelled set for the duplicate engine: true persons (Swiss names and streets of the three language
 * regions, at real postcodes of db/seed/ch-postcodes.csv), corrupted copies of some of them with the
 * errors people make when they type a lead (labelled as the same person), and hard negatives: relatives
 * at the same address with the same landline and sometimes one e-mail, and namesakes elsewhere or in
 * the same postcode. Deterministic for a seed.
 *
 * Used by bench/dedupe-quality.ts; exported so a database test can load the same set
 * (`generateLabelledSet({ persons, seed })`, `postcodeLookup()`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGIONS } from '../apps/api/src/db/seed/names.ts';
import type { MatchRecord, PostcodeLookup } from '../packages/domain/src/dedupe/index.ts';
import { splitStreet } from '../packages/domain/src/swiss-address.ts';

const POSTCODES_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'apps',
  'api',
  'src',
  'db',
  'seed',
  'ch-postcodes.csv',
);

export interface PostcodeRow {
  postcode: string;
  locality: string;
  canton: string;
  lat: number;
  lng: number;
}

let rowsCache: PostcodeRow[] | undefined;

/** The rows of db/seed/ch-postcodes.csv (one postcode may have several places). */
export function postcodeRows(): PostcodeRow[] {
  rowsCache ??= fs
    .readFileSync(POSTCODES_FILE, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [postcode = '', locality = '', canton = '', lat = '0', lng = '0'] = line.split(',');
      return { postcode, locality, canton, lat: Number(lat), lng: Number(lng) };
    });
  return rowsCache;
}

/** Where a postcode lies: the mean of its places' coordinates. */
export function postcodeLookup(): PostcodeLookup {
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const r of postcodeRows()) {
    const s = sums.get(r.postcode) ?? { lat: 0, lng: 0, n: 0 };
    s.lat += r.lat;
    s.lng += r.lng;
    s.n += 1;
    sums.set(r.postcode, s);
  }
  const centres = new Map([...sums].map(([p, s]) => [p, { lat: s.lat / s.n, lng: s.lng / s.n }]));
  return { coordinates: (p) => centres.get(p) ?? null };
}

/** The kinds of error a corrupted copy carries. */
export type Corruption =
  | 'given_typo'
  | 'given_two_typos'
  | 'surname_typo'
  | 'surname_two_typos'
  | 'umlaut_spelling'
  | 'names_swapped'
  | 'full_name_one_field'
  | 'street_abbreviated'
  | 'street_typo'
  | 'number_missing'
  | 'postcode_swapped_digits'
  | 'postcode_typo'
  | 'phone_swapped_digits'
  | 'phone_typo'
  | 'phone_other_writing'
  | 'email_case'
  | 'email_typo'
  | 'contact_missing'
  | 'address_missing';

export interface LabelledRecord extends MatchRecord {
  id: number;
  /** The true person: records with the same `person` are one person. */
  person: number;
  /** What the record is: a person's first record, a corrupted copy, a relative of another person at their address, a namesake. */
  kind: 'original' | 'copy' | 'relative' | 'namesake';
  /** For copies: the errors made. */
  corruptions: Corruption[];
}

export interface LabelledSetOptions {
  /** True persons (relatives and namesakes included). Default 16,000 (about 22,000 records). */
  persons?: number;
  seed?: number;
  /** Share of persons with corrupted copies (default 0.3); each has 1–2 copies. */
  copyShare?: number;
}

/** Mulberry32: a small seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// More names and streets than the demo's pools: Swiss German, French and Italian.
const EXTRA = {
  de: {
    male: [
      'Bruno',
      'Walter',
      'Ernst',
      'Kurt',
      'Werner',
      'Heinz',
      'Rolf',
      'Jürg',
      'Ueli',
      'Adrian',
      'Patrick',
      'Michael',
      'Marcel',
      'Oliver',
      'Pascal',
      'Samuel',
      'Tobias',
      'Dominik',
      'Florian',
      'Philipp',
      'Raphael',
      'Kevin',
      'Manuel',
      'Severin',
      'Niklaus',
      'Gottfried',
      'Joël',
      'Noah',
      'Luca',
      'Elias',
    ],
    female: [
      'Heidi',
      'Vreni',
      'Rosmarie',
      'Elisabeth',
      'Margrit',
      'Brigitte',
      'Susanne',
      'Regula',
      'Corinne',
      'Sabine',
      'Karin',
      'Jacqueline',
      'Manuela',
      'Tamara',
      'Jasmin',
      'Nadine',
      'Michelle',
      'Seraina',
      'Mirjam',
      'Priska',
      'Jolanda',
      'Theres',
      'Annemarie',
      'Lara',
      'Mia',
      'Noemi',
      'Alina',
      'Jana',
      'Chantal',
      'Bettina',
    ],
    surnames: [
      'Bachmann',
      'Hofmann',
      'Lüthi',
      'Ammann',
      'Bieri',
      'Gasser',
      'Hess',
      'Kaufmann',
      'Marti',
      'Sutter',
      'Schärer',
      'Wenger',
      'Zbinden',
      'Stucki',
      'Hofer',
      'Kunz',
      'Leuenberger',
      'Rüegg',
      'Jäggi',
      'Grob',
      'Egli',
      'Aebischer',
      'Blaser',
      'Bosshard',
      'Bürgi',
      'Christen',
      'Fankhauser',
      'Gisler',
      'Hählen',
      'Imhof',
      'Kälin',
      'Locher',
      'Lehmann',
      'Maurer',
      'Nussbaum',
      'Ochsner',
      'Probst',
      'Rüfenacht',
      'Schönenberger',
      'Tschudi',
      'Vogel',
      'Wälti',
      'Zaugg',
      'Zollinger',
      'Stöckli',
      'Sommer',
      'Graber',
      'Hürlimann',
      'Küng',
      'Bächler',
      'Furrer',
      'Geissbühler',
      'Jenni',
      'Rohrer',
      'Scheidegger',
      'Siegrist',
      'Spörri',
      'Studer',
      'Wüthrich',
      'Zürcher',
    ],
    streets: [
      'Poststrasse',
      'Sonnenweg',
      'Mühlestrasse',
      'Feldstrasse',
      'Rebbergstrasse',
      'Oberdorfstrasse',
      'Unterdorfstrasse',
      'Alte Landstrasse',
      'Zürcherstrasse',
      'Bernstrasse',
      'Luzernerstrasse',
      'Schützenstrasse',
      'Ringstrasse',
      'Talstrasse',
      'Wiesenstrasse',
      'Buchenweg',
      'Eichenweg',
      'Ahornweg',
      'Tannenweg',
      'Schlossstrasse',
      'Kirchgasse',
      'Mattenweg',
      'Juraweg',
      'Alpenstrasse',
      'Grabenstrasse',
      'Weiherweg',
      'Hofstrasse',
      'Gewerbestrasse',
      'St. Gallerstrasse',
      'Höhenweg',
    ],
  },
  fr: {
    male: [
      'Michel',
      'Daniel',
      'Patrick',
      'Claude',
      'Bernard',
      'André',
      'Yves',
      'Gérard',
      'Luc',
      'Thierry',
      'Frédéric',
      'Cédric',
      'Raphaël',
      'Loïc',
      'Gaël',
      'Joël',
      'Hugo',
      'Maxime',
      'Romain',
      'Antoine',
      'Vincent',
      'Stéphane',
      'Fabien',
      'Benoît',
      'Jérôme',
    ],
    female: [
      'Monique',
      'Françoise',
      'Christine',
      'Catherine',
      'Anne',
      'Brigitte',
      'Danielle',
      'Josiane',
      'Mireille',
      'Nadia',
      'Sandrine',
      'Stéphanie',
      'Virginie',
      'Émilie',
      'Mélanie',
      'Léa',
      'Manon',
      'Océane',
      'Noémie',
      'Justine',
      'Hélène',
      'Geneviève',
      'Agnès',
      'Patricia',
      'Corinne',
    ],
    surnames: [
      'Rochat',
      'Bovet',
      'Cretegny',
      'Chappuis',
      'Mermoud',
      'Jaccard',
      'Golay',
      'Gay',
      'Bonnet',
      'Maillard',
      'Burnier',
      'Pasche',
      'Vuilleumier',
      'Reymond',
      'Rossier',
      'Fellay',
      'Michellod',
      'Carron',
      'Délèze',
      'Fournier',
      'Zufferey',
      'Theytaz',
      'Crettenand',
      'Bornet',
      'Clément',
      'Roulin',
      'Magnin',
      'Dévaud',
      'Aubert',
      'Mottier',
      'Baud',
      'Sauthier',
      'Vouilloz',
      'Droz',
      'Jeanneret',
      'Matthey',
      'Huguenin',
      'Robert',
      'Perret',
      'Gindrat',
    ],
    streets: [
      'Rue de la Poste',
      'Rue du Temple',
      'Rue des Alpes',
      'Rue Centrale',
      'Rue du Midi',
      'Chemin des Roses',
      'Chemin de la Forêt',
      'Chemin du Moulin',
      'Avenue de la Gare',
      'Avenue du Léman',
      'Avenue de Rumine',
      'Route de Genève',
      'Route de Berne',
      'Route du Village',
      'Route cantonale',
      'Rue du Collège',
      'Rue de l’Église',
      'Place du Marché',
      'Chemin des Pâquerettes',
      'Rue des Écoles',
    ],
  },
  it: {
    male: [
      'Fabio',
      'Roberto',
      'Claudio',
      'Franco',
      'Mario',
      'Sergio',
      'Massimo',
      'Renato',
      'Gianni',
      'Nicola',
      'Simone',
      'Lorenzo',
      'Michele',
      'Federico',
      'Riccardo',
      'Fabrizio',
      'Mirko',
      'Tiziano',
      'Ivo',
      'Aldo',
    ],
    female: [
      'Anna',
      'Carla',
      'Daniela',
      'Federica',
      'Giovanna',
      'Lucia',
      'Manuela',
      'Monica',
      'Patrizia',
      'Roberta',
      'Sabrina',
      'Tiziana',
      'Alessia',
      'Martina',
      'Sofia',
      'Aurora',
      'Alice',
      'Ginevra',
      'Noemi',
      'Raffaella',
    ],
    surnames: [
      'Bernasconi',
      'Bianchi',
      'Rezzonico',
      'Quadri',
      'Pellandini',
      'Lepori',
      'Gianini',
      'Beffa',
      'Croci',
      'Moretti',
      'Rusconi',
      'Sala',
      'Poretti',
      'Pedrazzi',
      'Delcò',
      'Ghisletta',
      'Storni',
      'Balestra',
      'Antognini',
      'Righetti',
      'Cavadini',
      'Pozzi',
      'Ortelli',
      'Zanetti',
      'Leoni',
      'Ferretti',
      'Castelli',
      'Mariotta',
      'Gendotti',
      'Bottinelli',
    ],
    streets: [
      'Via Stazione',
      'Via Cantonale',
      'Via Chiesa',
      'Via ai Ronchi',
      'Via dei Faggi',
      'Via Borgo',
      'Via Motta',
      'Via Industria',
      'Via Ceresio',
      'Via Locarno',
      'Via Bellinzona',
      'Via Ticino',
      'Via San Gottardo',
      'Via Trevano',
      'Viale Franscini',
      'Via Pessina',
      'Via Ghiringhelli',
      'Via Municipio',
      'Via Ospedale',
      'Via Monte Ceneri',
    ],
  },
} as const;

type Region = 'de' | 'fr' | 'it';
const FR_CANTONS = new Set(['GE', 'VD', 'NE', 'JU']);

function regionOf(row: PostcodeRow): Region {
  if (row.canton === 'TI') {
    return 'it';
  }
  if (FR_CANTONS.has(row.canton)) {
    return 'fr';
  }
  const n = Number(row.postcode);
  // Bilingual cantons: French-speaking Fribourg/Valais postcodes lie in 16xx–17xx and 18xx–19xx.
  if ((row.canton === 'FR' && n < 1720) || (row.canton === 'VS' && n < 1950) || (row.canton === 'BE' && n >= 2500 && n < 2800)) {
    return 'fr';
  }
  return 'de';
}

const pools = (r: Region) => ({
  male: [...REGIONS[r].male, ...EXTRA[r].male],
  female: [...REGIONS[r].female, ...EXTRA[r].female],
  surnames: [...REGIONS[r].surnames, ...EXTRA[r].surnames],
  streets: [...REGIONS[r].streets, ...EXTRA[r].streets],
});

const AREA_CODES: Record<string, string> = {
  '1': '021',
  '2': '032',
  '3': '031',
  '4': '061',
  '5': '062',
  '6': '041',
  '7': '081',
  '8': '044',
  '9': '071',
};
const MAIL_DOMAINS = ['bluewin.ch', 'gmail.com', 'gmx.ch', 'hispeed.ch', 'sunrise.ch', 'outlook.com', 'yahoo.com', 'protonmail.ch'];

function mailPart(s: string): string {
  return s
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/g, '');
}

/** Swiss writings of a number: "044 312 45 67", "+41 44 312 45 67", "0443124567". */
function writePhone(digits10: string, style: number): string {
  const d = digits10;
  switch (style) {
    case 0:
      return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8)}`;
    case 1:
      return `+41 ${d.slice(1, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8)}`;
    case 2:
      return d;
    default:
      return `0041 ${d.slice(1, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8)}`;
  }
}

const KEYBOARD_NEIGHBOURS: Record<string, string> = {
  a: 'sqwy',
  b: 'vghn',
  c: 'xdfv',
  d: 'serfcx',
  e: 'wsdr',
  f: 'drtgvc',
  g: 'ftyhbv',
  h: 'gzujnb',
  i: 'ujko',
  j: 'huikmn',
  k: 'jiolm',
  l: 'kop',
  m: 'njk',
  n: 'bhjm',
  o: 'iklp',
  p: 'ol',
  q: 'wa',
  r: 'edft',
  s: 'awedxy',
  t: 'rfgz',
  u: 'zhji',
  v: 'cfgb',
  w: 'qase',
  x: 'ysdc',
  y: 'asx',
  z: 'tghu',
};

/** The lead sets the engine is measured on. */
export function generateLabelledSet(options: LabelledSetOptions = {}): LabelledRecord[] {
  const persons = options.persons ?? 16_000;
  const copyShare = options.copyShare ?? 0.3;
  const random = prng(options.seed ?? 20261126);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const chance = (p: number) => random() < p;
  const rows = postcodeRows().filter((r) => r.canton !== 'FL');
  const usedPhones = new Set<string>();
  const usedMails = new Set<string>();

  const newPhone = (prefix: string): string => {
    for (;;) {
      const digits = prefix + String(Math.floor(random() * 10_000_000)).padStart(7, '0');
      if (!usedPhones.has(digits) && !/^0\d\d0/.test(digits)) {
        usedPhones.add(digits);
        return digits;
      }
    }
  };
  const newMail = (given: string, surname: string): string => {
    const base = pick([
      `${mailPart(given)}.${mailPart(surname)}`,
      `${mailPart(given)[0]}.${mailPart(surname)}`,
      `${mailPart(surname)}${mailPart(given)}`,
      `${mailPart(given)}${Math.floor(random() * 90 + 10)}`,
    ]);
    for (let n = 0; ; n += 1) {
      const mail = `${base}${n === 0 ? '' : n}@${pick(MAIL_DOMAINS)}`;
      if (!usedMails.has(mail)) {
        usedMails.add(mail);
        return mail;
      }
    }
  };

  interface Person {
    record: LabelledRecord;
    region: Region;
    female: boolean;
  }
  const people: Person[] = [];
  const records: LabelledRecord[] = [];
  let nextId = 1;
  const add = (r: Omit<LabelledRecord, 'id'>): LabelledRecord => {
    const record = { ...r, id: nextId };
    nextId += 1;
    records.push(record);
    return record;
  };

  const fresh = (region: Region | undefined, place?: PostcodeRow): Person => {
    const row = place ?? (region ? pick(rows.filter((r) => regionOf(r) === region)) : pick(rows));
    const reg = regionOf(row);
    const pool = pools(reg);
    const female = chance(0.5);
    const given = pick(female ? pool.female : pool.male);
    const surname = pick(pool.surnames);
    const landline = chance(0.45) ? writePhone(newPhone(AREA_CODES[row.postcode[0]!] ?? '044'), Math.floor(random() * 4)) : null;
    const mobile = chance(0.7) ? writePhone(newPhone(pick(['075', '076', '077', '078', '079'])), Math.floor(random() * 4)) : null;
    const number = `${1 + Math.floor(random() * (chance(0.8) ? 40 : 150))}${chance(0.08) ? pick(['a', 'b', 'c']) : ''}`;
    const street = pick(pool.streets);
    return {
      region: reg,
      female,
      record: {
        id: 0,
        person: people.length + 1,
        kind: 'original',
        corruptions: [],
        name: given,
        surname,
        email: chance(0.6) ? newMail(given, surname) : null,
        phone: landline,
        mobile_phone: mobile,
        zipcode: row.postcode,
        city: row.locality,
        address: chance(0.95)
          ? reg === 'fr' && chance(0.1)
            ? `${number}, ${street.charAt(0).toLowerCase()}${street.slice(1)}`
            : `${street} ${number}`
          : null,
      },
    };
  };

  const cohort = (p: Person) => {
    p.record = add({ ...p.record, person: people.length + 1 });
    people.push(p);
  };

  while (people.length < persons) {
    const roll = random();
    const p = fresh(undefined);
    cohort(p);
    if (roll < 0.25 && people.length < persons) {
      // Relatives at the same address: the same surname and landline, sometimes the family's e-mail;
      // another given name (never the same) and their own mobile.
      const relatives = chance(0.3) ? 2 : 1;
      const household = new Set([mailPart(p.record.name ?? '')]);
      for (let k = 0; k < relatives && people.length < persons; k += 1) {
        const pool = pools(p.region);
        const female = chance(0.5);
        let given = pick(female ? pool.female : pool.male);
        while (household.has(mailPart(given))) {
          given = pick(female ? pool.female : pool.male);
        }
        household.add(mailPart(given));
        cohort({
          region: p.region,
          female,
          record: {
            ...p.record,
            kind: 'relative',
            name: given,
            email: p.record.email && chance(0.3) ? p.record.email : chance(0.5) ? newMail(given, p.record.surname ?? '') : null,
            mobile_phone: chance(0.6) ? writePhone(newPhone(pick(['076', '078', '079'])), Math.floor(random() * 4)) : null,
          },
        });
      }
    } else if (roll < 0.35 && people.length < persons) {
      // A namesake: the same given and family name, elsewhere (a third in the same postcode, another street).
      const here = chance(0.33);
      const other = fresh(p.region, here ? rows.find((r) => r.postcode === p.record.zipcode && r.locality === p.record.city) : undefined);
      other.record = {
        ...other.record,
        kind: 'namesake',
        name: p.record.name,
        surname: p.record.surname,
        email: other.record.email ? newMail(p.record.name ?? '', p.record.surname ?? '') : null,
      };
      if (here && other.record.address === p.record.address) {
        other.record.address = `${pick(pools(p.region).streets)} ${77 + Math.floor(random() * 20)}`;
      }
      cohort(other);
    }
  }

  // Corrupted copies.
  const typo = (s: string, firstLetterToo = false): string => {
    const letters = [...s];
    if (letters.length < 2) {
      return s;
    }
    const at = firstLetterToo || chance(0.1) ? Math.floor(random() * letters.length) : 1 + Math.floor(random() * (letters.length - 1));
    const c = letters[at]!.toLowerCase();
    switch (Math.floor(random() * 4)) {
      case 0: // substitution by a neighbouring key
        letters[at] = pick([...(KEYBOARD_NEIGHBOURS[c] ?? 'e')]);
        break;
      case 1: // deletion
        letters.splice(at, 1);
        break;
      case 2: // insertion (a doubled letter)
        letters.splice(at, 0, c);
        break;
      default: // neighbouring letters swapped
        if (at + 1 < letters.length) {
          [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
        } else {
          [letters[at - 1], letters[at]] = [letters[at]!, letters[at - 1]!];
        }
    }
    const out = letters.join('');
    return at === 0 ? out.charAt(0).toUpperCase() + out.slice(1) : out;
  };
  const umlaut = (s: string): string | null => {
    if (/[äöü]/i.test(s)) {
      return chance(0.7)
        ? s.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ü/g, 'Ue')
        : s.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u');
    }
    if (/[aou]e/.test(s)) {
      return s.replace(/ae/, 'ä').replace(/oe/, 'ö').replace(/ue/, 'ü');
    }
    if (/[éèàç]/.test(s)) {
      return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    }
    return null;
  };
  const abbreviate = (line: string): string | null => {
    const rules: [RegExp, string[]][] = [
      [/strasse\b/i, ['str.', 'str', 'straße', 'Str.']],
      [/\bChemin\b/i, ['Ch.', 'ch.', 'Chem.']],
      [/\bAvenue\b/i, ['Av.', 'av.', 'Ave']],
      [/\bRoute\b/i, ['Rte', 'rte']],
      [/\bVia\b/, ['V.', 'v.']],
      [/weg\b/, ['w.']],
    ];
    for (const [re, outs] of rules) {
      if (re.test(line)) {
        return line.replace(re, pick(outs));
      }
    }
    return null;
  };
  const digitSwap = (s: string, from: number): string => {
    const idx = [...s].map((c, i) => (/\d/.test(c) && i >= from ? i : -1)).filter((i) => i >= 0);
    for (let tries = 0; tries < 10; tries += 1) {
      const k = Math.floor(random() * (idx.length - 1));
      const i = idx[k]!;
      const j = idx[k + 1]!;
      if (s[i] !== s[j]) {
        const c = [...s];
        [c[i], c[j]] = [c[j]!, c[i]!];
        return c.join('');
      }
    }
    return s;
  };
  const digitTypo = (s: string, from: number): string => {
    const idx = [...s].map((c, i) => (/\d/.test(c) && i >= from ? i : -1)).filter((i) => i >= 0);
    const i = pick(idx);
    const c = [...s];
    c[i] = String((Number(c[i]) + 1 + Math.floor(random() * 9)) % 10);
    return c.join('');
  };
  const rewritePhone = (s: string): string => {
    const digits = s.replace(/\D/g, '');
    const ten = digits.startsWith('0041') ? `0${digits.slice(4)}` : digits.startsWith('41') ? `0${digits.slice(2)}` : digits;
    return writePhone(ten, Math.floor(random() * 4));
  };

  const originals = [...records];
  const corruptions: [Corruption, number, (r: LabelledRecord) => boolean][] = [
    ['given_typo', 10, (r) => !!r.name && ((r.name = typo(r.name)), true)],
    ['given_two_typos', 2, (r) => (r.name ?? '').length >= 6 && ((r.name = typo(typo(r.name ?? ''))), true)],
    ['surname_typo', 10, (r) => !!r.surname && ((r.surname = typo(r.surname)), true)],
    ['surname_two_typos', 3, (r) => (r.surname ?? '').length >= 6 && ((r.surname = typo(typo(r.surname ?? ''))), true)],
    [
      'umlaut_spelling',
      8,
      (r) => {
        const s = umlaut(r.surname ?? '');
        const g = umlaut(r.name ?? '');
        if (s === null && g === null) {
          return false;
        }
        r.surname = s ?? r.surname;
        r.name = g ?? r.name;
        return true;
      },
    ],
    ['names_swapped', 6, (r) => (([r.name, r.surname] = [r.surname, r.name]), true)],
    [
      'full_name_one_field',
      3,
      (r) => {
        // The whole name typed into one field: "Hans Müller" as the given name, or "Müller Hans" as the surname.
        if (chance(0.5)) {
          [r.name, r.surname] = [`${r.name} ${r.surname}`, null];
        } else {
          [r.name, r.surname] = [null, `${r.surname} ${r.name}`];
        }
        return true;
      },
    ],
    [
      'street_abbreviated',
      10,
      (r) => {
        const a = r.address ? abbreviate(r.address) : null;
        return a !== null && ((r.address = a), true);
      },
    ],
    [
      'street_typo',
      5,
      (r) => {
        if (!r.address) {
          return false;
        }
        const { street, buildingNumber } = splitStreet(r.address);
        r.address = r.address.replace(street, typo(street));
        return buildingNumber === '' || r.address.includes(buildingNumber);
      },
    ],
    [
      'number_missing',
      8,
      (r) => {
        const a = r.address?.replace(/^\d+\w?,\s*/, '').replace(/\s+\d+\w?$/, '');
        return !!a && a !== r.address && ((r.address = a), true);
      },
    ],
    ['postcode_swapped_digits', 5, (r) => !!r.zipcode && /(\d)(?!\1)\d/.test(r.zipcode) && ((r.zipcode = digitSwap(r.zipcode, 0)), true)],
    ['postcode_typo', 5, (r) => !!r.zipcode && ((r.zipcode = digitTypo(r.zipcode, 1)), true)],
    [
      'phone_swapped_digits',
      5,
      (r) => {
        const field = r.mobile_phone ? 'mobile_phone' : r.phone ? 'phone' : null;
        return field !== null && ((r[field] = digitSwap(r[field]!, r[field]!.length - 7)), true);
      },
    ],
    [
      'phone_typo',
      4,
      (r) => {
        const field = r.mobile_phone ? 'mobile_phone' : r.phone ? 'phone' : null;
        return field !== null && ((r[field] = digitTypo(r[field]!, r[field]!.length - 7)), true);
      },
    ],
    [
      'phone_other_writing',
      8,
      (r) => {
        if (!r.phone && !r.mobile_phone) {
          return false;
        }
        const [a, b] = [r.phone, r.mobile_phone];
        // Rewritten, and sometimes typed into the other field.
        r.phone = a ? rewritePhone(a) : null;
        r.mobile_phone = b ? rewritePhone(b) : null;
        if (chance(0.4)) {
          [r.phone, r.mobile_phone] = [r.mobile_phone, r.phone];
        }
        return true;
      },
    ],
    [
      'email_case',
      4,
      (r) =>
        !!r.email &&
        ((r.email = ` ${r.email.charAt(0).toUpperCase()}${r.email.slice(1).replace(/@(.)/, (_, c: string) => `@${c.toUpperCase()}`)}`),
        true),
    ],
    ['email_typo', 3, (r) => !!r.email && ((r.email = `${typo(r.email.split('@')[0]!)}@${r.email.split('@')[1]!}`), true)],
    [
      'contact_missing',
      10,
      (r) => {
        const fields = (['email', 'phone', 'mobile_phone'] as const).filter((f) => r[f]);
        if (fields.length === 0) {
          return false;
        }
        r[pick(fields)] = null;
        return true;
      },
    ],
    ['address_missing', 3, (r) => !!r.address && ((r.address = null), true)],
  ];
  const totalWeight = corruptions.reduce((s, c) => s + c[1], 0);
  const drawCorruption = () => {
    let x = random() * totalWeight;
    for (const c of corruptions) {
      x -= c[1];
      if (x < 0) {
        return c;
      }
    }
    return corruptions[0]!;
  };

  // Errors of one field that exclude each other (one postcode typo per copy, not two).
  const group = (c: Corruption) =>
    c === 'names_swapped' || c === 'full_name_one_field'
      ? 'names'
      : c.startsWith('given_')
        ? 'given'
        : c.startsWith('surname_')
          ? 'surname'
          : c.startsWith('postcode_')
            ? 'postcode'
            : c === 'phone_typo' || c === 'phone_swapped_digits'
              ? 'phone'
              : c === 'address_missing' || c === 'number_missing' || c === 'street_typo'
                ? 'address'
                : c;

  for (const original of originals) {
    if (!chance(copyShare)) {
      continue;
    }
    const copies = chance(0.25) ? 2 : 1;
    for (let c = 0; c < copies; c += 1) {
      const copy: LabelledRecord = { ...original, kind: 'copy', corruptions: [] };
      const errors = 1 + Math.floor(random() * 3);
      for (let tries = 0; copy.corruptions.length < errors && tries < 20; tries += 1) {
        const [kind, , apply] = drawCorruption();
        if (!copy.corruptions.some((k) => group(k) === group(kind)) && apply(copy)) {
          copy.corruptions.push(kind);
        }
      }
      add(copy);
    }
  }
  return records;
}

/** How many records of each kind, and the true pairs (records of one person). */
export function describeLabelledSet(records: readonly LabelledRecord[]): string {
  const kinds = new Map<string, number>();
  const perPerson = new Map<number, number>();
  for (const r of records) {
    kinds.set(r.kind, (kinds.get(r.kind) ?? 0) + 1);
    perPerson.set(r.person, (perPerson.get(r.person) ?? 0) + 1);
  }
  let truePairs = 0;
  for (const n of perPerson.values()) {
    truePairs += (n * (n - 1)) / 2;
  }
  return `${records.length} records of ${perPerson.size} persons (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}), ${truePairs} true pairs`;
}
