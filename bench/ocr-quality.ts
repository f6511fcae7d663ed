/**
 * Quality and speed of reading the paper lead form (apps/api/src/documents/lead-form) on a labelled set:
 * forms filled with generated people (names and streets of apps/api/src/db/seed/names.ts, places of the postcode
 * table), printed and given back as an office scan, a fax-like low-resolution scan, a sheet upside down in the
 * feeder or a phone photo (perspective, shadow, noise, JPEG), then read with the local Tesseract engine.
 *
 * Prints the share of fields exact after validation (taken automatically, and in all), the fields sent to review,
 * the wrong values taken as sure (must be 0: every field not exact goes to review) and the median seconds a page.
 *
 * `npm run bench:ocr -w bench` (or `npm run bench -w bench -- ocr`) runs only this; OCR_FORMS (default 40) and
 * OCR_SEED change the set, OCR_HARD=1 adds harder kinds of page, OCR_SHOW_REVIEW=1 lists what went to review with each
 * model's reading. `runOcrQuality()` is also called at the end of the main benchmark.
 */
import fs from 'node:fs';
import os from 'node:os';
import { REGIONS, type RegionKey } from '../apps/api/src/db/seed/names.ts';
import { LEAD_FORM_CONFIDENT, LEAD_FORM_FIELDS, readLeadForm, type LeadFormField } from '../apps/api/src/documents/lead-form/index.ts';
import { degrade, filledFormPng, random, type Degradation } from '../apps/api/src/documents/lead-form/test-scans.ts';
import { postcodeTable } from '../apps/api/src/documents/lead-form/validate.ts';
import { tesseractOcr } from '../apps/api/src/integrations/ocr/index.ts';

type Values = Record<LeadFormField, string | null>;

interface Profile {
  name: string;
  dpi: number;
  degradation: (rnd: () => number) => Degradation;
}

const PROFILES: Profile[] = [
  {
    name: 'office scan 200 dpi, turned, JPEG',
    dpi: 200,
    degradation: (rnd) => ({ rotate: (rnd() * 2 - 1) * 2, blur: 0.7, jpeg: 75, seed: Math.floor(rnd() * 1e9) }),
  },
  {
    name: 'low-resolution scan 150 dpi, blurred, JPEG 60',
    dpi: 150,
    degradation: (rnd) => ({ rotate: (rnd() * 2 - 1) * 1.5, blur: 1, scale: 0.9, jpeg: 60, seed: Math.floor(rnd() * 1e9) }),
  },
  {
    name: 'upside down in the feeder, 200 dpi',
    dpi: 200,
    degradation: (rnd) => ({
      upsideDown: true,
      rotate: (rnd() * 2 - 1) * 1.5,
      blur: 0.6,
      noise: 4,
      jpeg: 80,
      seed: Math.floor(rnd() * 1e9),
    }),
  },
  {
    name: 'phone photo: perspective, shadow, noise, JPEG 70',
    dpi: 150,
    degradation: (rnd) => ({
      photo: 0.03,
      rotate: (rnd() * 2 - 1) * 3,
      blur: 1.1,
      noise: 7,
      scale: 1.2 + rnd() * 0.3,
      jpeg: 70,
      seed: Math.floor(rnd() * 1e9),
    }),
  },
];

/**
 * Harder pages, added to the rotation with OCR_HARD=1 (the four kinds above stay as they are): a fax-like 100 dpi
 * scan, blurred and saved as JPEG 50, and a dim phone photo from further away (1.0×, more blur and noise).
 */
const HARD: Profile[] = [
  {
    name: 'fax-like scan 100 dpi, blurred, JPEG 50',
    dpi: 100,
    degradation: (rnd) => ({ rotate: (rnd() * 2 - 1) * 1.5, blur: 0.8, jpeg: 50, seed: Math.floor(rnd() * 1e9) }),
  },
  {
    name: 'phone photo from further: 150 dpi, blur 1.4, noise 10',
    dpi: 150,
    degradation: (rnd) => ({
      photo: 0.04,
      rotate: (rnd() * 2 - 1) * 3,
      blur: 1.4,
      noise: 10,
      scale: 1.0,
      jpeg: 65,
      seed: Math.floor(rnd() * 1e9),
    }),
  },
];

const NOTES: Record<RegionKey, string[]> = {
  de: ['Bitte nur abends anrufen', 'Interessiert an einer Vorführung zu Hause', 'Hat einen Termin im Frühling gewünscht'],
  fr: ['Appeler plutôt le matin', 'Intéressée par une démonstration à domicile', 'Rappeler après les vacances'],
  it: ['Chiamare solo la sera', 'Interessato a una dimostrazione a casa', 'Richiamare dopo le vacanze'],
};
const LANDLINE = ['044', '043', '031', '061', '041', '071', '052', '021', '022', '024', '027', '032', '091'];
const MOBILE = ['079', '078', '076', '077'];
const MAIL = ['bluewin.ch', 'gmail.com', 'hispeed.ch', 'sunrise.ch', 'gmx.ch'];

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

const digits = (rnd: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');

/** The places of a region: postcodes whose one place has no district number, by canton. */
function placesOf(region: RegionKey): { postcode: string; city: string }[] {
  const cantons = new Set<string>(REGIONS[region].cantons);
  const byCanton = new Map<string, string>();
  // The canton is not in the lookup the reader uses; read it from the same file.
  for (const [postcode, places] of postcodeTable()) {
    if (places.length === 1 && !/\d$/.test(places[0] as string)) {
      byCanton.set(postcode, places[0] as string);
    }
  }
  return [...byCanton]
    .filter(([postcode]) => {
      const first = Number(postcode[0]);
      // Postcode areas roughly by region: 1 and 2 West, 6 (65xx–69xx) Ticino, the rest German-speaking.
      if (region === 'fr') {
        return first === 1 || (first === 2 && Number(postcode) < 2900);
      }
      if (region === 'it') {
        return Number(postcode) >= 6500 && Number(postcode) < 7000;
      }
      return first >= 3 && !(Number(postcode) >= 6500 && Number(postcode) < 7000) && cantons.size > 0;
    })
    .map(([postcode, city]) => ({ postcode, city }));
}

export function generateForms(count: number, seed: number): { values: Values; region: RegionKey }[] {
  const rnd = random(seed);
  const regions: RegionKey[] = ['de', 'de', 'fr', 'it'];
  const places = { de: placesOf('de'), fr: placesOf('fr'), it: placesOf('it') };
  return Array.from({ length: count }, () => {
    const region = pick(rnd, regions);
    const r = REGIONS[region];
    const female = rnd() < 0.5;
    const name = pick(rnd, female ? r.female : r.male);
    const surname = pick(rnd, r.surnames);
    const place = pick(rnd, places[region]);
    const hasPhone = rnd() < 0.7;
    const hasMobile = !hasPhone || rnd() < 0.6;
    const hasMail = rnd() < 0.6;
    const mobile = `${pick(rnd, MOBILE)} ${digits(rnd, 3)} ${digits(rnd, 2)} ${digits(rnd, 2)}`;
    const values: Values = {
      salutation: female ? 'Frau' : 'Herr',
      name,
      surname,
      address: `${pick(rnd, r.streets)} ${1 + Math.floor(rnd() * 120)}`,
      zipcode: place.postcode,
      city: place.city,
      phone: hasPhone ? `${pick(rnd, LANDLINE)} ${digits(rnd, 3)} ${digits(rnd, 2)} ${digits(rnd, 2)}` : null,
      mobile_phone: hasMobile ? (rnd() < 0.2 ? `+41 ${mobile.slice(1)}` : mobile) : null,
      email: hasMail ? `${ascii(name)}.${ascii(surname)}@${pick(rnd, MAIL)}` : null,
      age: rnd() < 0.8 ? String(25 + Math.floor(rnd() * 60)) : null,
      language: rnd() < 0.9 ? (region === 'de' ? 'de' : region) : null,
      note: rnd() < 0.5 ? pick(rnd, NOTES[region]) : null,
    };
    return { values, region };
  });
}

/** CPU seconds of this process and of its ended children (the Tesseract runs): Linux's /proc/self/stat. */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children: number;
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // cutime and cstime (fields 16 and 17 of the line, counted after the command), in clock ticks of 1/100 s.
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    children = Number.NaN;
  }
  return (own.user + own.system) / 1e6 + children;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length
    ? s.length % 2
      ? (s[(s.length - 1) / 2] as number)
      : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2
    : 0;
}

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;

export interface OcrQuality {
  pages: number;
  fields: number;
  exactAccepted: number;
  exact: number;
  review: number;
  wrongAccepted: number;
  medianSeconds: number;
  medianCpuSeconds: number;
  ok: boolean;
}

export async function runOcrQuality(options: { forms?: number; seed?: number; log?: (line: string) => void } = {}): Promise<OcrQuality> {
  const log = options.log ?? console.log;
  const count = options.forms ?? Number(process.env.OCR_FORMS ?? 40);
  const seed = options.seed ?? Number(process.env.OCR_SEED ?? 20261126);
  const engine = tesseractOcr();
  const forms = generateForms(count, seed);
  const rnd = random(seed + 1);
  const profiles = process.env.OCR_HARD ? [...PROFILES, ...HARD] : PROFILES;
  log(
    `\n== OCR of the paper lead form: ${count} filled forms, ${profiles.length} kinds of scan and photo, Tesseract, ${os.availableParallelism()} cores (load ${os.loadavg()[0]?.toFixed(1)}) ==`,
  );

  const seconds: number[] = [];
  const cpu: number[] = [];
  const perProfile = new Map<string, { fields: number; exact: number; accepted: number; wrong: number; seconds: number[] }>();
  const perField = new Map<LeadFormField, { exact: number; accepted: number; review: number; wrong: number }>();
  const wrongs: string[] = [];
  const reviews: string[] = [];
  let templateMissed = 0;
  const total = { fields: 0, exact: 0, exactAccepted: 0, review: 0, wrong: 0 };

  for (const [i, form] of forms.entries()) {
    const profile = profiles[i % profiles.length] as Profile;
    const style = i % 2 === 0 ? 'hand' : 'plain';
    const page = await degrade(await filledFormPng(form.values, { dpi: profile.dpi, style }), profile.degradation(rnd));
    const started = performance.now();
    const cpuBefore = cpuSeconds();
    const traces = new Map<LeadFormField, string[]>();
    const read = await readLeadForm(page, engine, {
      trace: (field, line, lang, r) =>
        traces.set(field, [
          ...(traces.get(field) ?? []),
          `${lang}${line ? `#${line}` : ''} ${JSON.stringify(r.text)} ${r.confidence.toFixed(2)}`,
        ]),
    });
    const s = (performance.now() - started) / 1000;
    seconds.push(s);
    cpu.push(cpuSeconds() - cpuBefore);
    if (!read.template_found) {
      templateMissed++;
    }
    const p = perProfile.get(profile.name) ?? { fields: 0, exact: 0, accepted: 0, wrong: 0, seconds: [] };
    perProfile.set(profile.name, p);
    p.seconds.push(s);
    for (const field of LEAD_FORM_FIELDS) {
      const expected = form.values[field];
      const got = read.fields[field];
      const exact = got.value === expected;
      const accepted = got.confidence >= LEAD_FORM_CONFIDENT;
      const f = perField.get(field) ?? { exact: 0, accepted: 0, review: 0, wrong: 0 };
      perField.set(field, f);
      total.fields++;
      p.fields++;
      if (exact) {
        total.exact++;
        f.exact++;
        p.exact++;
      }
      if (accepted && exact) {
        total.exactAccepted++;
        f.accepted++;
        p.accepted++;
      }
      if (!accepted) {
        total.review++;
        f.review++;
        reviews.push(
          `  ${profile.name.slice(0, 12)} / ${style}: ${field}: ${JSON.stringify(got.value)} (${got.confidence.toFixed(2)}) for ${JSON.stringify(expected)}  [${(traces.get(field) ?? []).join(' | ')}]`,
        );
      }
      if (accepted && !exact) {
        total.wrong++;
        f.wrong++;
        p.wrong++;
        wrongs.push(
          `  ${profile.name} / ${style}: ${field} ${JSON.stringify(got.value)} taken (${got.confidence.toFixed(2)}) for ${JSON.stringify(expected)}`,
        );
      }
    }
  }

  log(
    `fields exact after validation and taken automatically: ${pct(total.exactAccepted, total.fields)} (${total.exactAccepted} of ${total.fields})`,
  );
  log(`fields exact after validation (taken or in review):    ${pct(total.exact, total.fields)}`);
  log(`fields sent to review (ocr_uncertain):                 ${pct(total.review, total.fields)} (${total.review})`);
  log(`wrong values taken silently:                           ${total.wrong}${total.wrong ? '   <-- must be 0' : ''}`);
  log(`registration marks not found:                          ${templateMissed} of ${count} pages`);
  log(`seconds a page (reading only): median ${median(seconds).toFixed(2)} s, max ${Math.max(...seconds).toFixed(2)} s`);
  log(
    `CPU seconds a page (the reader and its Tesseract runs): median ${median(cpu).toFixed(2)} s — on two idle cores at best ${(median(cpu) / 2).toFixed(2)} s a page`,
  );
  log('by kind of page:');
  for (const [name, p] of perProfile) {
    log(
      `  ${name.padEnd(50)} exact and taken ${pct(p.accepted, p.fields).padStart(7)}, exact ${pct(p.exact, p.fields).padStart(7)}, wrong taken ${p.wrong}, median ${median(p.seconds).toFixed(2)} s`,
    );
  }
  log('by field (exact and taken / sent to review / wrong taken):');
  for (const [field, f] of perField) {
    log(`  ${field.padEnd(13)} ${pct(f.accepted, count).padStart(7)} / ${pct(f.review, count).padStart(7)} / ${f.wrong}`);
  }
  for (const line of wrongs.slice(0, 20)) {
    log(line);
  }
  if (process.env.OCR_SHOW_REVIEW) {
    log('sent to review:');
    for (const line of reviews) {
      log(line);
    }
  }
  const medianSeconds = median(seconds);
  return {
    pages: count,
    fields: total.fields,
    exactAccepted: total.exactAccepted,
    exact: total.exact,
    review: total.review,
    wrongAccepted: total.wrong,
    medianSeconds,
    medianCpuSeconds: median(cpu),
    ok: total.wrong === 0,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runOcrQuality();
  process.exit(result.ok ? 0 : 1);
}
