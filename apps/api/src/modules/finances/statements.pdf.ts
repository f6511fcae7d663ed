import { formatDate, formatMoney, type CommissionDto, type ReceiptRowDto } from '@bo/domain';
import { createPdf, pdfRow, PDF_FONT } from '../../documents/pdf.ts';
import type { StatementTexts } from './documents.texts.ts';

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
  const { doc, done } = createPdf({ size: 'A4', margin: 50, info: { Title: w.title(s.receipt.id) } });
  const c = s.company;
  if (s.logo) {
    try {
      doc.image(s.logo, 445, 40, { fit: [100, 60] });
    } catch {
      // A logo pdfkit cannot read (an SVG, a WebP) is left out rather than failing the statement.
    }
  }
  doc
    .font(PDF_FONT.bold)
    .fontSize(16)
    .text(c.receipt_company_name || c.company_name || '', 50, 50, { width: 380 });
  doc.font(PDF_FONT.regular);
  doc.fontSize(10).text([c.receipt_address, c.receipt_city].filter(Boolean).join(', '));
  doc.moveDown(2);
  doc.font(PDF_FONT.bold).fontSize(14).text(w.title(s.receipt.id));
  doc.font(PDF_FONT.regular);
  doc.fontSize(10).text(`${s.receipt.agent.name} ${s.receipt.agent.surname}`);
  doc.text(w.period(formatDate(s.receipt.period_from), formatDate(s.receipt.period_to)));
  doc.text(w.status(s.receipt.status === 'paid'));
  doc.moveDown();
  // The amount column holds a seven-digit amount on one line; the client's name wraps within its column.
  const cols = [50, 105, 245, 345, 440];
  const row = (cells: string[], bold = false) =>
    pdfRow(
      doc,
      cells.map((text, i) => {
        const x = cols[i] ?? 0;
        return { text, x, width: (cols[i + 1] ?? 545) - x - 6, align: i === 4 ? 'right' : 'left', bold };
      }),
      4,
    );
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
