import { formatDate, formatMoney, isPaidInMoney, lineMoney, type OrderDto } from '@bo/domain';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data as QrBillData } from 'swissqrbill/types';
import { createPdf, pdfColumnWidth, pdfRow, PDF_FONT } from '../../documents/pdf.ts';
import type { InvoiceTexts } from './documents.texts.ts';

export interface InvoiceCompany {
  name: string;
  /** The address lines as the company writes them (street line, postcode and place). */
  lines: string[];
  contact: string[];
}

export interface InvoiceInput {
  order: OrderDto;
  company: InvoiceCompany;
  /** The client's address block: name, street line, postcode and place. */
  recipient: string[];
  issuedAt: Date;
  /** The QR-bill payment part; null when nothing is owed. */
  qrBill: QrBillData | null;
  logo: Buffer | null;
  /** The words, in the client's language. */
  texts: InvoiceTexts;
}

const monthLabel = (month: string) => {
  const [y, m] = month.split('-');
  return `${m}.${y}`;
};

/**
 * An A4 invoice in the client's language for an order paid by bill: the company, the client's address where a window
 * envelope shows it, the lines, sum, payments and what is owed, the instalments if any, and the Swiss
 * QR-bill payment part for the amount owed at the foot of the last page (swissqrbill starts a page of
 * its own when the content leaves too little room).
 */
export function invoicePdf(input: InvoiceInput): Promise<Buffer> {
  const { order, texts: w } = input;
  const qrBill = input.qrBill ? new SwissQRBill(input.qrBill, { language: w.qrBill }) : null;
  const lineNote: Record<OrderDto['lines'][number]['status'], string> = { sell: '', rec: w.paidByRecommendations, gift: w.gift };
  const { doc, done } = createPdf({
    size: 'A4',
    margins: { top: 50, left: 50, right: 50, bottom: 40 },
    info: { Title: w.title(order.id), Author: input.company.name },
  });

  if (input.logo) {
    try {
      doc.image(input.logo, 445, 40, { fit: [100, 60] });
    } catch {
      // A logo pdfkit cannot read (an SVG, a WebP) is left out rather than failing the invoice.
    }
  }
  doc.font(PDF_FONT.bold).fontSize(14).text(input.company.name, 50, 50, { width: 380 });
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .text([...input.company.lines, ...input.company.contact].join('\n'), { width: 380 });

  // A left-hand window of a C5/6 envelope (SN 010130) shows the recipient about 45 mm from the top.
  doc.fontSize(10).text(input.recipient.join('\n'), 62, 150, { width: 240 });

  doc.font(PDF_FONT.bold).fontSize(16).text(w.title(order.id), 50, 235);
  doc.font(PDF_FONT.regular).fontSize(9);
  const facts: [string, string][] = [
    [w.date, formatDate(input.issuedAt)],
    [w.order, `#${order.id}`],
    [w.contract, order.contract_number ?? '–'],
    [w.clientNumber, String(order.client.id)],
    [w.agent, order.agent ? `${order.agent.name} ${order.agent.surname}` : '–'],
  ];
  for (const [label, value] of facts) {
    pdfRow(
      doc,
      [
        { text: label, x: 50, width: 95 },
        { text: value, x: 150, width: 300 },
      ],
      0,
    );
  }
  doc.moveDown(0.6);

  // The number columns as wide as their widest text in any language (a seven-digit amount on one line).
  const right = 545;
  const money = order.lines.flatMap((l) => [formatMoney(l.price), formatMoney(l.price * l.quantity)]);
  const fit = (min: number, texts: string[]) => Math.max(min, pdfColumnWidth(doc, [...texts.map((text) => ({ text, bold: true }))]) + 1);
  const amountW = fit(90, [w.amount, ...money, formatMoney(order.sum), formatMoney(order.dept)]);
  const priceW = fit(80, [w.price, ...money]);
  const quantityW = fit(30, [w.quantity, ...order.lines.map((l) => String(l.quantity))]);
  const cols = [50, right - amountW - priceW - quantityW - 20, right - amountW - priceW - 10, right - amountW];
  const row = (cells: string[], opts: { bold?: boolean } = {}) =>
    pdfRow(
      doc,
      cells.map((text, i) => {
        const x = cols[i] ?? 0;
        const width = i === 0 ? (cols[1] ?? right) - x - 10 : (cols[i + 1] ?? right + 10) - x - 10;
        return { text, x, width, align: i === 0 ? 'left' : 'right', bold: opts.bold ?? false };
      }),
    );
  const rule = () => {
    doc.moveTo(50, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#888888').stroke();
    doc.moveDown(0.3);
  };
  row([w.product, w.quantity, w.price, w.amount], { bold: true });
  rule();
  for (const l of order.lines) {
    const note = lineNote[l.status];
    const name = `${l.product.name}${note ? ` (${note})` : ''}${l.years_of_guarantee ? `, ${w.guarantee(l.years_of_guarantee)}` : ''}`;
    row([name, String(l.quantity), formatMoney(isPaidInMoney(l) ? l.price : 0), formatMoney(lineMoney(l))]);
  }
  rule();
  const subtotal = order.lines.reduce((s, l) => s + lineMoney(l), 0);
  const totals: [string, number, boolean?][] = [[w.subtotal, subtotal]];
  if (order.discount_rec_sum > 0) {
    totals.push([w.discount(order.discount_rec_count), -Math.min(order.discount_rec_sum, subtotal)]);
  }
  if (order.bank_processing_commission !== 0) {
    totals.push([w.processingFee, order.bank_processing_commission]);
  }
  totals.push([w.total, order.sum, true]);
  for (const p of order.order_payments) {
    totals.push([p.amount < 0 ? w.refund(formatDate(p.paid_at)) : w.payment(formatDate(p.paid_at)), -p.amount]);
  }
  totals.push([w.owed, order.dept, true]);
  for (const [label, amount, bold] of totals) {
    row([label, '', '', formatMoney(amount)], { bold: bold ?? false });
  }

  if (order.schedule.length > 0 && order.dept > 0) {
    doc.moveDown(0.6);
    doc.font(PDF_FONT.bold).text(w.schedule(formatMoney(order.sum), order.schedule.length), 50);
    doc.font(PDF_FONT.regular);
    for (const i of order.schedule) {
      row([w.instalment(monthLabel(i.month)), '', '', formatMoney(i.amount)]);
    }
  }

  doc.moveDown(0.6);
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .text(qrBill ? w.pleasePay : w.paid, 50, doc.y, { width: right - 50 });

  if (qrBill) {
    // The payment part belongs at the foot of an A4 page (perforated paper); when the content leaves too
    // little room, a new A4 page rather than swissqrbill's own slip-sized one.
    if (!SwissQRBill.isSpaceSufficient(doc)) {
      doc.addPage();
    }
    qrBill.attachTo(doc);
  }
  doc.end();
  return done;
}
