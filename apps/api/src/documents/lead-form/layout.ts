import type { ImportField } from '@bo/domain';

/**
 * The paper lead form, in template coordinates: PDF points on an A4 page (595.28 × 841.89), origin top left,
 * y downwards. The one description of the form: the PDF is drawn from it and a scan is read with it.
 */
export const PAGE = { width: 595.28, height: 841.89 } as const;

/** The version printed on the form; a changed layout gets a new one. */
export const LEAD_FORM_VERSION = 'LF-1';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Registration marks: solid black squares in the four corners. Found on a scan or photo, they give the
 * projection of the page (rotation, scale, perspective) back onto the template.
 */
export const MARK_SIZE = 22;
const MARK_INSET = 26;
export const MARKS: readonly { x: number; y: number }[] = [
  { x: MARK_INSET + MARK_SIZE / 2, y: MARK_INSET + MARK_SIZE / 2 },
  { x: PAGE.width - MARK_INSET - MARK_SIZE / 2, y: MARK_INSET + MARK_SIZE / 2 },
  { x: PAGE.width - MARK_INSET - MARK_SIZE / 2, y: PAGE.height - MARK_INSET - MARK_SIZE / 2 },
  { x: MARK_INSET + MARK_SIZE / 2, y: PAGE.height - MARK_INSET - MARK_SIZE / 2 },
];

/**
 * A solid bar beside the title, top left only: it tells which way up the page lies (the four marks look alike
 * whichever way the sheet went through the scanner).
 */
export const ORIENTATION_BAR: Rect = { x: 60, y: 30, w: 120, h: 9 };

/** The lines of boxes print in a light "dropout" blue that the reader removes; ink is dark. */
export const DROPOUT_COLOR = '#9cc0e4';

export interface Label {
  de: string;
  fr: string;
  it: string;
}

interface FieldBase {
  label: Label;
  /** The box, where the writer writes. */
  box: Rect;
}

/** A box for free writing: one line, or a few ruled lines (each read as a line of its own). */
export interface TextField extends FieldBase {
  kind: 'text';
  lines: 1 | 3;
  /** The characters the field may hold, for the recogniser; none for free text. */
  whitelist?: string;
  /** Comb boxes: one box per character. */
  comb?: number;
}

/** Boxes to tick; the field's value is the ticked option's value. */
export interface ChoiceField extends FieldBase {
  kind: 'choice';
  options: { value: string; label: Label; box: Rect }[];
}

export type LeadFormFieldSpec = TextField | ChoiceField;

/** The fields of the form: every import field but `company` (a lead is a private person). */
export type LeadFormField = Exclude<ImportField, 'company'>;

const LEFT = 60;
const RIGHT = PAGE.width - 60;
const FULL = RIGHT - LEFT;
const HALF = (FULL - 15) / 2;
const BOX_H = 30;
const DIGITS = '0123456789';
const COMB_W = 26;

function choice(y: number, x0: number, opts: { value: string; label: Label }[], step: number) {
  return opts.map((o, i) => ({ ...o, box: { x: x0 + i * step, y: y + 8, w: 14, h: 14 } }));
}

export const LEAD_FORM: Record<LeadFormField, LeadFormFieldSpec> = {
  salutation: {
    kind: 'choice',
    label: { de: 'Anrede', fr: 'Civilité', it: 'Titolo' },
    box: { x: LEFT, y: 150, w: 250, h: BOX_H },
    options: choice(
      150,
      LEFT + 4,
      [
        { value: 'Herr', label: { de: 'Herr', fr: 'Monsieur', it: 'Signor' } },
        { value: 'Frau', label: { de: 'Frau', fr: 'Madame', it: 'Signora' } },
      ],
      110,
    ),
  },
  name: {
    kind: 'text',
    lines: 1,
    label: { de: 'Vorname', fr: 'Prénom', it: 'Nome' },
    box: { x: LEFT, y: 215, w: HALF, h: BOX_H },
  },
  surname: {
    kind: 'text',
    lines: 1,
    label: { de: 'Nachname', fr: 'Nom', it: 'Cognome' },
    box: { x: LEFT + HALF + 15, y: 215, w: HALF, h: BOX_H },
  },
  address: {
    kind: 'text',
    lines: 1,
    label: { de: 'Strasse und Nr.', fr: 'Rue et n°', it: 'Via e n.' },
    box: { x: LEFT, y: 280, w: FULL, h: BOX_H },
  },
  zipcode: {
    kind: 'text',
    lines: 1,
    label: { de: 'PLZ', fr: 'NPA', it: 'NPA' },
    box: { x: LEFT, y: 345, w: 4 * COMB_W, h: BOX_H },
    comb: 4,
    whitelist: DIGITS,
  },
  city: {
    kind: 'text',
    lines: 1,
    label: { de: 'Ort', fr: 'Localité', it: 'Località' },
    box: { x: LEFT + 4 * COMB_W + 15, y: 345, w: FULL - 4 * COMB_W - 15, h: BOX_H },
  },
  phone: {
    kind: 'text',
    lines: 1,
    label: { de: 'Telefon', fr: 'Téléphone', it: 'Telefono' },
    box: { x: LEFT, y: 410, w: HALF, h: BOX_H },
    whitelist: `${DIGITS}+ `,
  },
  mobile_phone: {
    kind: 'text',
    lines: 1,
    label: { de: 'Mobile', fr: 'Portable', it: 'Cellulare' },
    box: { x: LEFT + HALF + 15, y: 410, w: HALF, h: BOX_H },
    whitelist: `${DIGITS}+ `,
  },
  email: {
    kind: 'text',
    lines: 1,
    label: { de: 'E-Mail', fr: 'E-mail', it: 'E-mail' },
    box: { x: LEFT, y: 475, w: FULL, h: BOX_H },
    whitelist: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@.-_+',
  },
  age: {
    kind: 'text',
    lines: 1,
    label: { de: 'Alter', fr: 'Âge', it: 'Età' },
    box: { x: LEFT, y: 540, w: 3 * COMB_W, h: BOX_H },
    comb: 3,
    whitelist: DIGITS,
  },
  language: {
    kind: 'choice',
    label: { de: 'Sprache', fr: 'Langue', it: 'Lingua' },
    box: { x: LEFT + 3 * COMB_W + 30, y: 540, w: FULL - 3 * COMB_W - 30, h: BOX_H },
    options: choice(
      540,
      LEFT + 3 * COMB_W + 34,
      [
        { value: 'de', label: { de: 'Deutsch', fr: 'allemand', it: 'tedesco' } },
        { value: 'fr', label: { de: 'Französisch', fr: 'français', it: 'francese' } },
        { value: 'it', label: { de: 'Italienisch', fr: 'italien', it: 'italiano' } },
        { value: 'en', label: { de: 'Englisch', fr: 'anglais', it: 'inglese' } },
      ],
      95,
    ),
  },
  note: {
    kind: 'text',
    lines: 3,
    label: { de: 'Bemerkung', fr: 'Remarque', it: 'Osservazione' },
    box: { x: LEFT, y: 605, w: FULL, h: 108 },
  },
};

export const LEAD_FORM_FIELDS = Object.keys(LEAD_FORM) as LeadFormField[];

/** A box of several lines as its lines. */
export function lineRects(box: Rect, lines: number): Rect[] {
  return Array.from({ length: lines }, (_, i) => ({ x: box.x, y: box.y + (i * box.h) / lines, w: box.w, h: box.h / lines }));
}
