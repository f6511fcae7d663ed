import { formatDate, formatMoney, type CommissionDto, type ReceiptRowDto } from '@bo/domain';
import PDFDocument from 'pdfkit';
import type { StatementTexts } from './pdf-texts.ts';

export interface StatementInput {
  receipt: ReceiptRowDto;
  lines: CommissionDto[];
  company: Record<string, string>;
  logo: Buffer | null;
  /** The words, in the agent's language. */
  texts: StatementTexts;
}

/** The commission statement of a receipt: A4, in the agent's language, amounts in de-CH CHF, with the company's logo. */
export function statementPdf(s: StatementInput): Promise<Buffer> {
  const w = s.texts;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: w.title(s.receipt.id) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const c = s.company;
  if (s.logo) {
    try {
      doc.image(s.logo, 445, 40, { fit: [100, 60] });
    } catch {
      // A logo pdfkit cannot read (an SVG, a WebP) is left out rather than failing the statement.
    }
  }
  doc.fontSize(16).text(c.receipt_company_name || c.company_name || '', 50, 50);
  doc.fontSize(10).text([c.receipt_address, c.receipt_city].filter(Boolean).join(', '));
  doc.moveDown(2);
  doc.fontSize(14).text(w.title(s.receipt.id));
  doc.fontSize(10).text(`${s.receipt.agent.name} ${s.receipt.agent.surname}`);
  doc.text(w.period(formatDate(s.receipt.period_from), formatDate(s.receipt.period_to)));
  doc.text(w.status(s.receipt.status === 'paid'));
  doc.moveDown();
  const cols = [50, 120, 260, 380, 460];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) =>
      doc.text(cell, cols[i] ?? 0, y, { width: (cols[i + 1] ?? 545) - (cols[i] ?? 0) - 5, align: i === 4 ? 'right' : 'left' }),
    );
    doc.moveDown(0.4);
  };
  row([w.order, w.client, w.contract, w.reason, w.amount], true);
  for (const l of s.lines) {
    row([
      `#${l.order.id}`,
      `${l.order.client.name} ${l.order.client.surname}`,
      l.order.contract_number ?? '',
      `${w.reasons[l.reason]}${l.reverses_id ? ` (${w.reversal})` : ''}`,
      formatMoney(l.amount),
    ]);
  }
  doc.moveDown();
  row([w.total, '', '', '', formatMoney(s.receipt.total)], true);
  doc.end();
  return done;
}
