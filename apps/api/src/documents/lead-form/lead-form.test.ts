import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { tesseractOcr } from '../../integrations/ocr/index.ts';
import { createPdf } from '../pdf.ts';
import { LEAD_FORM_CONFIDENT, LEAD_FORM_FIELDS, leadFormPdf, pdfPages, readLeadForm, scanPages, type LeadFormField } from './index.ts';
import { agree, parsePgm, twinInserted, witnessedNumber } from './read.ts';
import { degrade, filledFormPng } from './test-scans.ts';
import { formatPhone, matchLocality, validateLeadForm, type RawFields } from './validate.ts';

/*
 * The paper lead form: printed, filled, scanned (or photographed) and read back. Every field comes back as
 * written, or below LEAD_FORM_CONFIDENT (the import sends it to review): never a wrong value taken as sure.
 */

const engine = tesseractOcr();

const ANNA: Record<LeadFormField, string> = {
  salutation: 'Frau',
  name: 'Anna',
  surname: 'Müller-Bänziger',
  address: 'Bahnhofstrasse 12',
  zipcode: '8001',
  city: 'Zürich',
  phone: '044 123 45 67',
  mobile_phone: '079 765 43 21',
  email: 'anna.mueller@bluewin.ch',
  age: '67',
  language: 'de',
  note: 'Bitte nur abends anrufen',
};

const JEAN: Partial<Record<LeadFormField, string>> = {
  salutation: 'Herr',
  name: 'Jean-Luc',
  surname: 'Métral',
  address: 'Chemin des Vignes 4',
  zipcode: '1003',
  city: 'Lausanne',
  mobile_phone: '+41 79 765 43 21',
  language: 'fr',
};

function expectNoSilentError(read: Awaited<ReturnType<typeof readLeadForm>>, written: Partial<Record<LeadFormField, string>>) {
  for (const field of LEAD_FORM_FIELDS) {
    const f = read.fields[field];
    if (f.value !== (written[field] ?? null)) {
      expect(f.confidence, `${field}: ${JSON.stringify(f.value)} taken for ${JSON.stringify(written[field])}`).toBeLessThan(
        LEAD_FORM_CONFIDENT,
      );
    }
  }
}

describe('the lead form', () => {
  it('prints one A4 page with German labels, French and Italian below, and its version', async () => {
    const pdf = await leadFormPdf();
    const text = pdfText(pdf);
    for (const words of ['Kontaktformular', 'Vorname', 'Prénom · Nome', 'PLZ', 'Bemerkung', 'Remarque · Osservazione', 'LF-1']) {
      expect(text).toContain(words);
    }
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(1);
    const meta = await sharp(pages[0]).metadata();
    // A4 at 300 dpi.
    expect([meta.width, meta.height]).toEqual([2481, 3508]);
  });

  it('reads a filled form back exactly, every field sure', async () => {
    const read = await readLeadForm(await filledFormPng(ANNA, { dpi: 200 }), engine);
    expect(read.template_found).toBe(true);
    const values = Object.fromEntries(LEAD_FORM_FIELDS.map((f) => [f, read.fields[f].value]));
    expect(values).toEqual(ANNA);
    for (const field of LEAD_FORM_FIELDS) {
      expect(read.fields[field].confidence, field).toBeGreaterThanOrEqual(LEAD_FORM_CONFIDENT);
      const crop = await sharp(read.fields[field].image).metadata();
      expect(crop.format).toBe('png');
    }
  }, 60_000);

  it('reads a scan turned 2°, blurred, scaled and saved as JPEG 60: exact or sent to review, empty boxes empty', async () => {
    const scan = await degrade(await filledFormPng(JEAN, { dpi: 200, style: 'hand' }), { rotate: 2, blur: 1.2, scale: 0.85, jpeg: 60 });
    const read = await readLeadForm(scan, engine);
    expect(read.template_found).toBe(true);
    expectNoSilentError(read, JEAN);
    // Postcode and place confirm each other.
    expect(read.fields.zipcode.value).toBe('1003');
    expect(read.fields.city.value).toBe('Lausanne');
    expect(read.fields.phone).toMatchObject({ value: null });
    expect(read.fields.phone.confidence).toBeGreaterThanOrEqual(LEAD_FORM_CONFIDENT);
  }, 60_000);

  it('reads a phone photo: upside down, in perspective, on a table, noisy', async () => {
    const photo = await degrade(await filledFormPng(ANNA, { dpi: 150 }), {
      upsideDown: true,
      photo: 0.03,
      blur: 1,
      noise: 6,
      jpeg: 70,
      scale: 1.3,
      seed: 7,
    });
    const read = await readLeadForm(photo, engine);
    expect(read.template_found).toBe(true);
    expectNoSilentError(read, ANNA);
    expect(read.fields.salutation.value).toBe('Frau');
    expect(read.fields.zipcode.value).toBe('8001');
  }, 60_000);

  it('says so when the page is not the form: nothing taken as sure', async () => {
    const blank = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const read = await readLeadForm(blank, engine);
    expect(read.template_found).toBe(false);
    for (const field of LEAD_FORM_FIELDS) {
      expect(read.fields[field].confidence, field).toBeLessThan(LEAD_FORM_CONFIDENT);
    }
  }, 60_000);

  it('renders each page of a PDF', async () => {
    const { doc, done } = createPdf({ size: 'A4' });
    doc.text('eins');
    doc.addPage().text('zwei');
    doc.end();
    const pdf = await done;
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect((await sharp(page).metadata()).format).toBe('png');
    }
    expect(await scanPages(pdf)).toHaveLength(2);
    const second = await pdfPages(pdf, { format: 'pgm', first: 2, last: 2 });
    expect(second).toHaveLength(1);
    expect(parsePgm(second[0] as Buffer)).toMatchObject({ width: 2481, height: 3508 });
  });

  it('reads a PDF page rendered as PGM, without decoding it', async () => {
    const [page] = await pdfPages(await leadFormPdf({ values: ANNA, style: 'hand' }), { format: 'pgm' });
    const read = await readLeadForm(page as Buffer, engine);
    expect(read.template_found).toBe(true);
    expect(Object.fromEntries(LEAD_FORM_FIELDS.map((f) => [f, read.fields[f].value]))).toEqual(ANNA);
  }, 60_000);

  it.each([
    [
      'a PNG',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
    ],
    ['a PGM cut short', () => Promise.resolve(Buffer.from('P5\n4 4\n255\n\x00\x00'))],
    ['a 16-bit PGM', () => Promise.resolve(Buffer.concat([Buffer.from('P5\n2 2\n65535\n'), Buffer.alloc(8)]))],
  ])('takes %s for no PGM', async (_, file) => {
    expect(parsePgm(await file())).toBeNull();
  });

  it('reads a PGM header with a comment', () => {
    const pgm = parsePgm(Buffer.concat([Buffer.from('P5\n# pdftoppm\n3 2\n255\n'), Buffer.from([0, 50, 100, 150, 200, 250])]));
    expect(pgm).toMatchObject({ width: 3, height: 2 });
    expect([...(pgm?.data ?? [])]).toEqual([0, 50, 100, 150, 200, 250]);
  });

  it('splits a multi-page TIFF into its pages and takes any other image as one page', async () => {
    const white = sharp({ create: { width: 120, height: 170, channels: 3, background: '#ffffff' } });
    const tiff = await sharp([await white.clone().png().toBuffer(), await white.clone().png().toBuffer()], { join: { animated: true } })
      .tiff()
      .toBuffer();
    const pages = await scanPages(tiff);
    expect(pages).toHaveLength(2);
    expect((await sharp(pages[1]).metadata()).format).toBe('png');
    const jpeg = await white.clone().jpeg().toBuffer();
    expect(await scanPages(jpeg)).toEqual([jpeg]);
  });
});

describe('the checks after reading', () => {
  const sure = (value: string | null) => ({ value, confidence: 0.95 });
  const base = (): RawFields =>
    Object.fromEntries(LEAD_FORM_FIELDS.map((f) => [f, { value: null, confidence: 0.95 }])) as unknown as RawFields;

  it.each([
    ['8001', 'Zurich', 'Zürich'],
    ['8001', 'Zürlch', 'Zürich'],
    ['1003', 'LAUSANNE', 'Lausanne'],
    ['2502', 'Bienne', 'Biel/Bienne'],
    ['8001', 'Bern', null],
    ['9999', 'Zürich', null],
  ])('postcode %s with place %s → %s', (postcode, city, place) => {
    expect(matchLocality(postcode, city)).toBe(place);
  });

  it('takes postcode and place when they fit each other, writing the place as the table does', () => {
    const out = validateLeadForm({ ...base(), zipcode: sure('8001'), city: { value: 'Zurich', confidence: 0.7 } });
    expect(out.zipcode).toEqual({ value: '8001', confidence: 0.95 });
    expect(out.city).toEqual({ value: 'Zürich', confidence: 0.95 });
  });

  it('takes a place the two models read differently when both readings are that place of the postcode', () => {
    const read = (readings: string[]) =>
      validateLeadForm({ ...base(), zipcode: sure('6872'), city: { value: readings[0] ?? null, confidence: 0.3, readings } });
    expect(read(['Salorıno', 'Salorino']).city).toEqual({ value: 'Salorino', confidence: 0.95 });
    // One reading another place, or nothing: review.
    expect(read(['Salorino', 'Mendrisio']).city.confidence).toBeLessThan(LEAD_FORM_CONFIDENT);
    expect(read(['Salorino', '']).city.confidence).toBeLessThan(LEAD_FORM_CONFIDENT);
    expect(read(['Salorino']).city.confidence).toBeLessThan(LEAD_FORM_CONFIDENT);
  });

  it.each([
    ['041 4297775', '041 429 77 75'],
    ['0414297775', '041 429 77 75'],
    ['+41 775761110', '+41 77 576 11 10'],
    ['0041 79 1234567', '0041 79 123 45 67'],
    ['+49 30 1234567', '+49 30 1234567'],
  ])('writes the phone number %s as %s', (read, written) => {
    expect(formatPhone(read)).toBe(written);
    const out = validateLeadForm({ ...base(), phone: sure(read) });
    expect(out.phone.value).toBe(read.startsWith('+49') ? read : written);
  });

  it('takes the digits of a number box witnessed by another model, spaces and a letter O aside', () => {
    const w = witnessedNumber({ text: '044 755 88 O1', confidence: 0.82 }, [{ text: '044 755 88 01', confidence: 0.93 }, undefined]);
    expect(w).toEqual({ text: '044 755 88 01', confidence: 0.93 });
    expect(witnessedNumber({ text: '0414297775', confidence: 0.79 }, [{ text: '041 429 77 75', confidence: 0.94 }]).text).toBe(
      '041 429 77 75',
    );
    // Other digits are no witness; three readings alike make the number sure.
    expect(witnessedNumber({ text: '041 429 77 75', confidence: 0.79 }, [{ text: '041 429 77 76', confidence: 0.94 }]).confidence).toBe(
      0.79,
    );
    const three = witnessedNumber({ text: '+41 775761110', confidence: 0.84 }, [
      { text: '+41 775761110', confidence: 0.69 },
      { text: '+41 77576 11 10', confidence: 0.8 },
    ]);
    expect(three.confidence).toBeGreaterThanOrEqual(0.9);
    const unsure = witnessedNumber({ text: '+41 775761110', confidence: 0.84 }, [
      { text: '+41 775761110', confidence: 0.4 },
      { text: '+41 775761110', confidence: 0.8 },
    ]);
    expect(unsure.confidence).toBe(0.84);
  });

  it.each([
    ['Zuürcher', 'Zürcher', true],
    ['Riıchiamare', 'Richiamare', true],
    ['Densbuüren', 'Densbüren', true],
    ['Zürcher', 'Zürher', false],
    ['Muüller', 'Miller', false],
    ['Anna', 'Ana', false],
  ])('%s is %s with a letter doubled by its twin: %s', (longer, shorter, yes) => {
    expect(twinInserted(longer, shorter)).toBe(yes);
  });

  it.each<[string, Partial<RawFields>, LeadFormField[]]>([
    ['an unknown postcode', { zipcode: sure('8999'), city: sure('Zürich') }, ['zipcode', 'city']],
    ['a place of another postcode', { zipcode: sure('8001'), city: sure('Basel') }, ['zipcode', 'city']],
    ['a number that is no phone number', { phone: sure('044 123 45') }, ['phone']],
    ['an e-mail without a domain', { email: sure('anna.mueller@bluewin') }, ['email']],
    ['an e-mail with a capital (l and I look alike)', { email: sure('jI.metral@gmail.com') }, ['email']],
    ['an age of 200', { age: sure('200') }, ['age']],
    ['a name in small letters', { name: sure('anna') }, ['name']],
    ['a surname read unsure', { surname: { value: 'Müller', confidence: 0.6 } }, ['surname']],
  ])('sends %s to review', (_, fields, uncertain) => {
    const out = validateLeadForm({ ...base(), ...fields });
    for (const field of LEAD_FORM_FIELDS) {
      if (uncertain.includes(field)) {
        expect(out[field].confidence, field).toBeLessThan(LEAD_FORM_CONFIDENT);
      } else {
        expect(out[field].confidence, field).toBeGreaterThanOrEqual(LEAD_FORM_CONFIDENT);
      }
    }
  });

  it.each([
    ['Anna', 'Anna', 'Anna', true],
    ['Metral', 'Métral', 'Métral', true],
    ['Schönenberger', 'Schonenberger', 'Schönenberger', true],
    ['Müller', 'Miller', 'Müller', false],
    ['Métral', 'Mêtral', 'Métral', false],
    ['Zürcher', 'Zuürcher', 'Zürcher', true],
    ['Kalın', 'Kalin', 'Kalın', false],
  ])('two readings %s and %s → %s (sure: %s)', (a, b, text, sure) => {
    const r = agree({ text: a, confidence: 0.9 }, { text: b, confidence: 0.85 });
    expect(r.text).toBe(text);
    expect(r.confidence >= 0.85).toBe(sure);
  });

  it('takes the accents of the model of the language the writer ticked when the two read other accents', () => {
    const de = { text: 'Appeler plutöt le matin', confidence: 0.92 };
    const fr = { text: 'Appeler plutôt le matin', confidence: 0.96 };
    expect(agree(de, fr).confidence).toBeLessThan(0.85);
    expect(agree(de, fr, false, 'b')).toEqual({ text: 'Appeler plutôt le matin', confidence: 0.92 });
    expect(agree(de, fr, false, 'a').text).toBe('Appeler plutöt le matin');
    // An accent one of them lost is still the other's, whichever language was ticked.
    expect(agree({ text: 'Muller', confidence: 0.9 }, { text: 'Müller', confidence: 0.9 }, false, 'a').text).toBe('Müller');
    // Other letters are no accents.
    expect(agree({ text: 'Miller', confidence: 0.9 }, { text: 'Müller', confidence: 0.9 }, false, 'a').confidence).toBeLessThan(0.85);
  });

  it('counts two readings alike only as the less sure of them on a low-resolution page', () => {
    const a = { text: 'Kalin', confidence: 0.92 };
    const b = { text: 'Kalin', confidence: 0.7 };
    expect(agree(a, b).confidence).toBe(0.92);
    expect(agree(a, b, true).confidence).toBe(0.7);
  });
});
