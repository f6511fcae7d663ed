/**
 * The offline address check on generated Swiss addresses (docs/performance.md "Address validation"):
 * a building directory of real postcodes and places with common Swiss street names (about 1,800
 * streets, 40,000 buildings), and 1,000 addresses drawn from it with the mistakes people make — a
 * misspelt street or place, two swapped postcode digits, a missing or non-existent house number, or
 * two of these at once — each with the severity spec 4 expects. Prints how often the verdict's
 * severity is the expected one, whether a non-existent house number was ever "success", and the time
 * per check (the check's own work; the directory is held in memory as the module's three indexed
 * queries would answer it).
 *
 *   npx tsx bench/address-validation.ts [addresses]
 */
import { addressSeverity, localityKeyOf, streetKeyOf, type AddressSeverity } from '../packages/domain/src/index.ts';
import { swissPostcodes } from '../apps/api/src/core/postcodes.ts';
import { offlineValidator, type KnownBuilding, type StreetKnowledge } from '../apps/api/src/integrations/address-validation/index.ts';

const COUNT = Number(process.argv[2] ?? 1000);
let seed = 17_2026;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const STREETS = {
  de: [
    'Bahnhofstrasse',
    'Hauptstrasse',
    'Dorfstrasse',
    'Kirchweg',
    'Schulstrasse',
    'Industriestrasse',
    'Seestrasse',
    'Bergstrasse',
    'Gartenstrasse',
    'Lindenweg',
    'Oberdorfstrasse',
    'Mühlegasse',
    'Rosenweg',
    'Sonnenbergstrasse',
    'Feldstrasse',
    'Poststrasse',
  ],
  fr: [
    'Rue de la Gare',
    'Chemin des Vignes',
    'Rue du Lac',
    'Avenue de la Gare',
    'Route de Lausanne',
    'Rue du Centre',
    'Chemin du Moulin',
    'Rue des Alpes',
  ],
  it: ['Via Cantonale', 'Via San Gottardo', 'Via della Stazione', 'Via ai Monti', 'Via Lucino', 'Via Principale'],
};
const FRENCH = new Set(['VD', 'GE', 'NE', 'JU']);

// The directory: 300 places (one row per postcode), 6 streets each, 5–40 numbers per street.
const rows = swissPostcodes().rows.filter((r) => r.canton !== 'FL' && !/\d/.test(r.locality));
const chosen = new Map<string, (typeof rows)[number]>();
while (chosen.size < 300) {
  const r = pick(rows);
  chosen.set(r.postcode, r);
}
const buildings: KnownBuilding[] = [];
for (const place of chosen.values()) {
  const names = place.canton === 'TI' ? STREETS.it : FRENCH.has(place.canton) ? STREETS.fr : STREETS.de;
  const streets = new Set<string>();
  while (streets.size < 6) {
    streets.add(pick(names));
  }
  for (const street of streets) {
    const n = 5 + Math.floor(rand() * 36);
    for (let i = 1; i <= n; i++) {
      const number = rand() < 0.05 ? `${i}a` : String(i);
      buildings.push({
        street,
        streetKey: streetKeyOf(street),
        number,
        postcode: place.postcode,
        lat: place.lat + (rand() - 0.5) * 0.01,
        lon: place.lng + (rand() - 0.5) * 0.01,
      });
    }
  }
}
const byPostcode = new Map<string, KnownBuilding[]>();
for (const b of buildings) {
  byPostcode.set(b.postcode, [...(byPostcode.get(b.postcode) ?? []), b]);
}
const known: StreetKnowledge = {
  // Distinct streets per postcode, as the module's SELECT DISTINCT answers them.
  streetsIn: (pcs) => Promise.resolve(pcs.flatMap((p) => [...new Map((byPostcode.get(p) ?? []).map((b) => [b.streetKey, b])).values()])),
  buildingsOn: (pairs) =>
    Promise.resolve(pairs.flatMap((p) => (byPostcode.get(p.postcode) ?? []).filter((b) => b.streetKey === p.streetKey))),
  coveredPostcodes: (pcs) => Promise.resolve(new Set(pcs.filter((p) => byPostcode.has(p)))),
};

/** One slip of the keyboard in a word, past its first two letters: two letters swapped, one dropped, one doubled or one replaced. */
function typo(word: string): string {
  const at = 2 + Math.floor(rand() * Math.max(1, word.length - 3));
  const kind = Math.floor(rand() * 4);
  if (kind === 0 && word[at + 1] && word[at] !== word[at + 1] && word[at + 1] !== ' ') {
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  }
  if (kind === 1) {
    return word.slice(0, at) + word.slice(at + 1);
  }
  if (kind === 2) {
    return word.slice(0, at) + word[at] + word.slice(at);
  }
  const letter = 'aeioutnrsl'[Math.floor(rand() * 10)]!;
  return word.slice(0, at) + (word[at] === letter ? 'x' : letter) + word.slice(at + 1);
}

function swapDigits(pc: string): string | null {
  for (const i of [1, 2, 0].sort(() => rand() - 0.5)) {
    if (pc[i] !== pc[i + 1]) {
      return pc.slice(0, i) + pc[i + 1] + pc[i] + pc.slice(i + 2);
    }
  }
  return null;
}

type Fault = 'street' | 'locality' | 'postcode' | 'missing_number' | 'unknown_number';
const MIXES: Fault[][] = [
  [],
  ['street'],
  ['locality'],
  ['postcode'],
  ['missing_number'],
  ['unknown_number'],
  ['street', 'postcode'],
  ['locality', 'missing_number'],
  ['street', 'locality'],
  ['postcode', 'unknown_number'],
];

interface Case {
  faults: Fault[];
  expected: AddressSeverity;
  query: { route: string; street_number: string; postal_code: string; locality: string };
}
const cases: Case[] = [];
while (cases.length < COUNT) {
  const b = pick(buildings);
  const place = chosen.get(b.postcode)!;
  const faults = pick(MIXES);
  const query = { route: b.street, street_number: b.number, postal_code: b.postcode, locality: place.locality };
  let ok = true;
  for (const f of faults) {
    if (f === 'street') {
      query.route = typo(b.street);
      ok &&= streetKeyOf(query.route) !== b.streetKey;
    } else if (f === 'locality') {
      query.locality = typo(place.locality);
      ok &&= localityKeyOf(place.locality).length >= 5 && localityKeyOf(query.locality) !== localityKeyOf(place.locality);
    } else if (f === 'postcode') {
      const swapped = swapDigits(b.postcode);
      ok &&= swapped !== null;
      query.postal_code = swapped ?? b.postcode;
    } else if (f === 'missing_number') {
      query.street_number = '';
    } else {
      query.street_number = String(500 + Math.floor(rand() * 400));
    }
  }
  if (!ok) {
    continue;
  }
  const number = faults.includes('missing_number') || faults.includes('unknown_number');
  const expected: AddressSeverity = number ? 'warning' : faults.length > 0 ? 'info' : 'success';
  cases.push({ faults, expected, query });
}

const validator = offlineValidator();
const times: number[] = [];
let matches = 0;
let unknownNumberSuccess = 0;
const misses = new Map<string, number>();
const examples: string[] = [];
for (const [i, c] of cases.entries()) {
  const started = performance.now();
  const check = await validator.validate(c.query, known);
  const took = performance.now() - started;
  if (i >= 20) {
    times.push(took);
  }
  const suspicious = check.components.some((k) => k.confirmationLevel === 'UNCONFIRMED_AND_SUSPICIOUS');
  const severity = addressSeverity({ addressComplete: check.missing.length === 0 && !suspicious, components: check.components });
  if (severity === c.expected) {
    matches += 1;
  } else {
    const key = `${c.faults.join('+') || 'clean'}: expected ${c.expected}, got ${severity}`;
    misses.set(key, (misses.get(key) ?? 0) + 1);
    if (examples.length < 8) {
      examples.push(
        `  ${JSON.stringify(c.query)} → ${check.components.map((k) => `${k.type}=${k.text}/${k.confirmationLevel[0]}${k.spellCorrected ? 'c' : ''}`).join(' ')}`,
      );
    }
  }
  if (c.faults.includes('unknown_number') && severity === 'success') {
    unknownNumberSuccess += 1;
  }
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
console.log(`offline address check, ${cases.length} generated addresses (${buildings.length} buildings in ${chosen.size} postcodes):`);
console.log(`  severity as expected: ${matches} of ${cases.length} (${((100 * matches) / cases.length).toFixed(1)} %)`);
console.log(`  non-existent house number called "success": ${unknownNumberSuccess}`);
console.log(`  time per check: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${times.at(-1)!.toFixed(2)} ms`);
for (const [k, n] of misses) {
  console.log(`  miss ${n}× ${k}`);
}
examples.forEach((e) => console.log(e));
if (matches / cases.length < 0.99 || unknownNumberSuccess > 0) {
  process.exitCode = 1;
}
