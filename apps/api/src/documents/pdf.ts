import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The fonts of every PDF the server writes (invoice, presentation receipt, commission statement).
 * pdfkit's standard fonts hold Latin-1 only, so a Cyrillic name came out garbled; DejaVu Sans (from the
 * `dejavu-fonts-ttf` package, read from node_modules, nothing downloaded) writes Latin, Cyrillic and Greek.
 * Only the glyphs a document uses are embedded.
 */
export const PDF_FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fontFiles: { regular: Buffer; bold: Buffer } | null = null;

function fonts(): { regular: Buffer; bold: Buffer } {
  fontFiles ??= {
    regular: fs.readFileSync(path.join(fontDir, 'DejaVuSans.ttf')),
    bold: fs.readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
  };
  return fontFiles;
}

/** A new PDF with the document fonts registered (regular selected) and the promise of its bytes. */
export function createPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = fonts();
  doc.registerFont(PDF_FONT.regular, regular);
  doc.registerFont(PDF_FONT.bold, bold);
  doc.font(PDF_FONT.regular);
  return { doc, done };
}

export interface PdfCell {
  text: string;
  x: number;
  width: number;
  align?: 'left' | 'right';
  bold?: boolean;
}

/**
 * One row of a table at the current line: each cell wraps within its width, the row is as tall as its
 * tallest cell (so a wrapped cell never overprints the next row), and a row that does not fit on the
 * page starts a new one.
 */
export function pdfRow(doc: PDFKit.PDFDocument, cells: PdfCell[], gap = 2): void {
  const height = Math.max(
    ...cells.map((c) => {
      doc.font(c.bold ? PDF_FONT.bold : PDF_FONT.regular);
      return c.text ? doc.heightOfString(c.text, { width: c.width }) : 0;
    }),
  );
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
  }
  const y = doc.y;
  for (const c of cells) {
    doc.font(c.bold ? PDF_FONT.bold : PDF_FONT.regular);
    if (c.text) {
      doc.text(c.text, c.x, y, { width: c.width, align: c.align ?? 'left' });
    }
  }
  doc.font(PDF_FONT.regular);
  doc.x = doc.page.margins.left;
  doc.y = y + height + gap;
}

/** The width a column needs for the widest of its texts on one line (bold where a text is bold). */
export function pdfColumnWidth(doc: PDFKit.PDFDocument, texts: { text: string; bold?: boolean }[]): number {
  return Math.ceil(
    Math.max(
      0,
      ...texts.map((t) => {
        doc.font(t.bold ? PDF_FONT.bold : PDF_FONT.regular);
        return doc.widthOfString(t.text);
      }),
    ),
  );
}
