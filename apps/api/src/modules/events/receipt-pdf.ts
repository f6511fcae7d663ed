import { formatDate, formatMoney } from '@bo/domain';
import PDFDocument from 'pdfkit';
import type { Receipt } from './purchases.ts';
import type { ReceiptTexts } from './receipt-texts.ts';

/** The receipt as an A4 PDF in the client's language (`w`), amounts in de-CH CHF. */
export function receiptPdf(r: Receipt, w: ReceiptTexts): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: w.title(r.presentation.id) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const c = r.company;
  const company = c.receipt_company_name || c.company_name || '';
  doc.fontSize(16).text(company);
  doc.fontSize(10).text([c.receipt_address, c.receipt_city].filter(Boolean).join(', '));
  doc.text([c.company_phone, c.company_email].filter(Boolean).join(' · '));
  doc.moveDown(2);
  const client = r.presentation.client;
  doc.fontSize(14).text(w.title(r.presentation.id));
  doc.fontSize(10).text(w.presentedOn(formatDate(r.presentation.date)));
  if (client) {
    doc.text(w.client(`${client.name} ${client.surname}`));
    doc.text([client.address, [client.zipcode, client.city].filter(Boolean).join(' ')].filter(Boolean).join(', '));
  }
  if (r.presentation.agent) {
    doc.text(w.agent(`${r.presentation.agent.name} ${r.presentation.agent.surname}`));
  }
  if (r.presentation.contract_number) {
    doc.text(w.contract(r.presentation.contract_number));
  }
  doc.moveDown();
  const cols = [50, 280, 360, 410, 480];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) =>
      doc.text(cell, cols[i] ?? 0, y, { width: (cols[i + 1] ?? 545) - (cols[i] ?? 0) - 5, align: i >= 2 ? 'right' : 'left' }),
    );
    doc.moveDown(0.4);
  };
  row([w.product, w.kind, w.quantity, w.price, w.amount], true);
  for (const l of r.lines) {
    const amount = l.status === 'sell' ? l.price * l.quantity : 0;
    row([l.product.name, w.kinds[l.status], String(l.quantity), formatMoney(l.status === 'sell' ? l.price : 0), formatMoney(amount)]);
  }
  doc.moveDown();
  row([w.sold, '', '', '', formatMoney(r.totals.sold)]);
  if (r.totals.discount) {
    row([w.discount, '', '', '', formatMoney(-r.totals.discount)]);
  }
  if (r.totals.bank_commission) {
    row([w.bankFee, '', '', '', formatMoney(r.totals.bank_commission)]);
  }
  row([w.total, '', '', '', formatMoney(r.totals.total)], true);
  doc.end();
  return done;
}
