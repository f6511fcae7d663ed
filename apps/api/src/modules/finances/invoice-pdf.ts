import { formatDate, formatMoney, type OrderDto } from '@bo/domain';
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data as QrBillData } from 'swissqrbill/types';

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
}

const LINE_STATUS: Record<OrderDto['lines'][number]['status'], string> = {
  sell: '',
  rec: 'durch Empfehlungen bezahlt',
  gift: 'Geschenk',
};

const monthLabel = (month: string) => {
  const [y, m] = month.split('-');
  return `${m}.${y}`;
};

/**
 * An A4 invoice in German for an order paid by bill: the company, the client's address where a window
 * envelope shows it, the lines, sum, payments and what is owed, the instalments if any, and the Swiss
 * QR-bill payment part for the amount owed at the foot of the last page (swissqrbill starts a page of
 * its own when the content leaves too little room).
 */
export function invoicePdf(input: InvoiceInput): Promise<Buffer> {
  const { order } = input;
  const qrBill = input.qrBill ? new SwissQRBill(input.qrBill, { language: 'DE' }) : null;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, left: 50, right: 50, bottom: 40 },
    info: { Title: `Rechnung ${order.id}`, Author: input.company.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (input.logo) {
    try {
      doc.image(input.logo, 445, 40, { fit: [100, 60] });
    } catch {
      // A logo pdfkit cannot read (an SVG, a WebP) is left out rather than failing the invoice.
    }
  }
  doc.font('Helvetica-Bold').fontSize(14).text(input.company.name, 50, 50, { width: 380 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text([...input.company.lines, ...input.company.contact].join('\n'), { width: 380 });

  // A left-hand window of a C5/6 envelope (SN 010130) shows the recipient about 45 mm from the top.
  doc.fontSize(10).text(input.recipient.join('\n'), 62, 150, { width: 240 });

  doc.font('Helvetica-Bold').fontSize(16).text(`Rechnung Nr. ${order.id}`, 50, 235);
  doc.font('Helvetica').fontSize(9);
  const facts: [string, string][] = [
    ['Datum', formatDate(input.issuedAt)],
    ['Auftrag', `#${order.id}`],
    ['Vertrag', order.contract_number ?? '–'],
    ['Kundennummer', String(order.client.id)],
    ['Berater/in', order.agent ? `${order.agent.name} ${order.agent.surname}` : '–'],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.text(label, 50, y, { width: 100 });
    doc.text(value, 150, y, { width: 300 });
  }
  doc.moveDown(0.6);

  const cols = [50, 300, 350, 445];
  const right = 545;
  const row = (cells: string[], opts: { bold?: boolean } = {}) => {
    const y = doc.y;
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => {
      const x = cols[i] ?? 0;
      doc.text(cell, x, y, { width: (cols[i + 1] ?? right) - x - 6, align: i === 0 ? 'left' : 'right' });
    });
    doc.moveDown(0.15);
  };
  const rule = () => {
    doc.moveTo(50, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#888888').stroke();
    doc.moveDown(0.3);
  };
  row(['Produkt', 'Menge', 'Preis', 'Betrag'], { bold: true });
  rule();
  for (const l of order.lines) {
    const note = LINE_STATUS[l.status];
    const name = `${l.product.name}${note ? ` (${note})` : ''}${l.years_of_guarantee ? `, ${l.years_of_guarantee} Jahre Garantie` : ''}`;
    const value = l.status === 'sell' ? l.price * l.quantity : 0;
    row([name, String(l.quantity), formatMoney(l.status === 'sell' ? l.price : 0), formatMoney(value)]);
  }
  rule();
  const subtotal = order.lines.filter((l) => l.status === 'sell').reduce((s, l) => s + l.price * l.quantity, 0);
  const totals: [string, number, boolean?][] = [['Zwischensumme', subtotal]];
  if (order.discount_rec_sum > 0) {
    totals.push([`Rabatt für ${order.discount_rec_count} Empfehlungen`, -Math.min(order.discount_rec_sum, subtotal)]);
  }
  if (order.bank_processing_commission !== 0) {
    totals.push(['Bearbeitungsgebühr', order.bank_processing_commission]);
  }
  totals.push(['Total', order.sum, true]);
  for (const p of order.order_payments) {
    totals.push([`${p.amount < 0 ? 'Rückzahlung' : 'Zahlung'} vom ${formatDate(p.paid_at)}`, -p.amount]);
  }
  totals.push(['Offener Betrag', order.dept, true]);
  for (const [label, amount, bold] of totals) {
    row([label, '', '', formatMoney(amount)], { bold: bold ?? false });
  }

  if (order.schedule.length > 0 && order.dept > 0) {
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').text(`Ratenplan: ${formatMoney(order.sum)} in ${order.schedule.length} Raten`, 50);
    doc.font('Helvetica');
    for (const i of order.schedule) {
      row([`Rate ${monthLabel(i.month)}`, '', '', formatMoney(i.amount)]);
    }
  }

  doc.moveDown(0.6);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      qrBill
        ? 'Bitte überweisen Sie den offenen Betrag innert 30 Tagen mit dem untenstehenden QR-Einzahlungsschein.'
        : 'Diese Rechnung ist bezahlt. Vielen Dank.',
      50,
      doc.y,
      { width: right - 50 },
    );

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
