import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createPdf, PDF_FONT } from '../pdf.ts';
import {
  DROPOUT_COLOR,
  LEAD_FORM,
  LEAD_FORM_FIELDS,
  LEAD_FORM_VERSION,
  lineRects,
  MARK_SIZE,
  MARKS,
  ORIENTATION_BAR,
  PAGE,
  type Label,
  type LeadFormField,
} from './layout.ts';

/** How filled values are written: upright (`plain`) or slanted like a hand (`hand`). */
export type FillStyle = 'plain' | 'hand';

export interface LeadFormOptions {
  /** Values to print into the boxes (a filled form, for tests and the labelled set); none: the blank form. */
  values?: Partial<Record<LeadFormField, string | null>>;
  style?: FillStyle;
}

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const HAND_FONT = 'DejaVuSans-Oblique';
let handFont: Buffer | null = null;

const INK = '#1a1a2e';

/**
 * The printable A4 lead form: German labels with French and Italian below, four registration marks, an
 * orientation bar, field boxes in a dropout blue (comb boxes for postcode and age, tick boxes for salutation and
 * language). With `values`, the same form filled in.
 */
export function leadFormPdf(opts: LeadFormOptions = {}): Promise<Buffer> {
  const { doc, done } = createPdf({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    info: { Title: `Kontaktformular ${LEAD_FORM_VERSION}`, Author: 'Back Office' },
  });
  drawTemplate(doc);
  if (opts.values) {
    fill(doc, opts.values, opts.style ?? 'plain');
  }
  doc.end();
  return done;
}

function drawTemplate(doc: PDFKit.PDFDocument): void {
  doc.fillColor('black');
  for (const m of MARKS) {
    doc.rect(m.x - MARK_SIZE / 2, m.y - MARK_SIZE / 2, MARK_SIZE, MARK_SIZE).fill('black');
  }
  const bar = ORIENTATION_BAR;
  doc.rect(bar.x, bar.y, bar.w, bar.h).fill('black');

  doc
    .fillColor('black')
    .font(PDF_FONT.bold)
    .fontSize(17)
    .text('Kontaktformular', bar.x + bar.w + 12, 25, { lineBreak: false });
  doc
    .font(PDF_FONT.regular)
    .fontSize(8.5)
    .fillColor('#444444')
    .text('Formulaire de contact · Modulo di contatto', bar.x + bar.w + 12, 46, { lineBreak: false });
  doc
    .fontSize(8.5)
    .fillColor('black')
    .text('Bitte in Druckschrift und mit dunklem Stift ausfüllen, ein Zeichen pro Kästchen bei PLZ und Alter.', 60, 82, {
      width: PAGE.width - 120,
    });
  doc
    .fontSize(7)
    .fillColor('#444444')
    .text(
      'Veuillez remplir en caractères d’imprimerie avec un stylo foncé. · Si prega di compilare in stampatello con una penna scura.',
      60,
      96,
      { width: PAGE.width - 120 },
    );

  for (const field of LEAD_FORM_FIELDS) {
    const spec = LEAD_FORM[field];
    const { box } = spec;
    label(doc, spec.label, box.x, box.y - 25, 9.5);
    if (spec.kind === 'choice') {
      for (const o of spec.options) {
        doc.lineWidth(1).rect(o.box.x, o.box.y, o.box.w, o.box.h).stroke(DROPOUT_COLOR);
        label(doc, o.label, o.box.x + o.box.w + 5, o.box.y - 1, 8.5);
      }
      continue;
    }
    doc.lineWidth(0.9).rect(box.x, box.y, box.w, box.h).stroke(DROPOUT_COLOR);
    for (const line of lineRects(box, spec.lines).slice(1)) {
      doc
        .moveTo(box.x, line.y)
        .lineTo(box.x + box.w, line.y)
        .lineWidth(0.6)
        .stroke(DROPOUT_COLOR);
    }
    if (spec.comb) {
      const cell = box.w / spec.comb;
      for (let i = 1; i < spec.comb; i++) {
        doc
          .moveTo(box.x + i * cell, box.y + box.h * 0.45)
          .lineTo(box.x + i * cell, box.y + box.h)
          .lineWidth(0.9)
          .stroke(DROPOUT_COLOR);
      }
    }
  }

  doc
    .font(PDF_FONT.regular)
    .fontSize(7)
    .fillColor('#444444')
    .text(
      `Formular ${LEAD_FORM_VERSION} · Die schwarzen Ecken nicht abdecken. · Ne pas couvrir les coins noirs. · Non coprire gli angoli neri.`,
      60,
      780,
      { width: 340 },
    );
  doc.fillColor('black');
}

/** Words into lines no wider than `width` at the document's current font. */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && doc.widthOfString(next) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) {
    lines.push(line);
  }
  return lines;
}

function label(doc: PDFKit.PDFDocument, l: Label, x: number, y: number, size: number): void {
  doc.font(PDF_FONT.bold).fontSize(size).fillColor('black').text(l.de, x, y, { lineBreak: false });
  doc
    .font(PDF_FONT.regular)
    .fontSize(size * 0.75)
    .fillColor('#555555')
    .text(`${l.fr} · ${l.it}`, x, y + size + 2, { lineBreak: false });
}

function fill(doc: PDFKit.PDFDocument, values: Partial<Record<LeadFormField, string | null>>, style: FillStyle): void {
  if (style === 'hand') {
    handFont ??= fs.readFileSync(path.join(fontDir, 'DejaVuSans-Oblique.ttf'));
    doc.registerFont(HAND_FONT, handFont);
  }
  const font = style === 'hand' ? HAND_FONT : PDF_FONT.regular;
  doc.fillColor(INK);
  for (const field of LEAD_FORM_FIELDS) {
    const value = values[field];
    if (!value) {
      continue;
    }
    const spec = LEAD_FORM[field];
    const { box } = spec;
    if (spec.kind === 'choice') {
      const option = spec.options.find((o) => o.value === value);
      if (option) {
        const b = option.box;
        doc
          .lineWidth(1.8)
          .moveTo(b.x + 2, b.y + 2)
          .lineTo(b.x + b.w - 2, b.y + b.h - 2)
          .moveTo(b.x + b.w - 2, b.y + 2)
          .lineTo(b.x + 2, b.y + b.h - 2)
          .stroke(INK);
      }
      continue;
    }
    doc.font(font);
    if (spec.comb) {
      const cell = box.w / spec.comb;
      doc.fontSize(15);
      [...value].slice(0, spec.comb).forEach((ch, i) => {
        const w = doc.widthOfString(ch);
        doc.text(ch, box.x + i * cell + (cell - w) / 2, box.y + 8, { lineBreak: false });
      });
      continue;
    }
    const rects = lineRects(box, spec.lines);
    const texts = spec.lines === 1 ? [value] : wrap(doc.fontSize(13), value, box.w - 12).slice(0, spec.lines);
    texts.forEach((text, i) => {
      const r = rects[i] as (typeof rects)[number];
      let size = spec.lines === 1 ? 14 : 13;
      doc.fontSize(size);
      while (size > 8 && doc.widthOfString(text) > r.w - 12) {
        size -= 0.5;
        doc.fontSize(size);
      }
      doc.text(text, r.x + 6, r.y + (r.h - size * 1.15) / 2 + 1, { lineBreak: false });
    });
  }
  doc.fillColor('black');
}
