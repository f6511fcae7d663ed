import { formatDate, formatMoney, orderSum, type EventDetailDto, type PaymentMethod, type ProductLineDto } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { createPdf, pdfColumnWidth, pdfRow, PDF_FONT } from '../../documents/pdf.ts';
import { globalSettings } from '../settings/index.ts';
import { receiptTexts, type ReceiptTexts } from './receipt.texts.ts';
import * as repo from './repo.ts';
import { eventDetail } from './service.ts';

export interface Receipt {
  presentation: EventDetailDto;
  lines: ProductLineDto[];
  totals: { sold: number; discount: number; bank_commission: number; total: number };
  company: Record<string, string>;
}

/**
 * The receipt of a presentation: what was sold, in Rappen. Sold is the sum of the lines paid in money
 * (price × quantity); lines paid by recommendations and gifts are listed at no charge. The total is sold
 * less the recommendation discount, plus the bank's processing commission.
 */
export async function receiptOf(db: Db, actor: Actor, id: number): Promise<Receipt> {
  const presentation = await eventDetail(db, actor, id, 'presentation');
  if (presentation.status !== 'success') {
    throw new AppError('NOT_FOUND', { message: 'Only a successful presentation has a receipt.' });
  }
  const lines = presentation.presentation_products;
  const sold = orderSum(lines, 0, 0);
  const discount = presentation.discount_rec_sum ?? 0;
  const bank = presentation.bank_processing_commission;
  const settings = await globalSettings(db);
  return {
    presentation,
    lines,
    totals: { sold, discount, bank_commission: bank, total: orderSum(lines, discount, bank) },
    company: { ...settings },
  };
}

/** The receipt's words, in the language of the client it is handed to. */
export async function receiptTextsOf(db: Db, r: Receipt): Promise<ReceiptTexts> {
  const client = r.presentation.client ? await repo.userById(db, r.presentation.client.id) : null;
  return receiptTexts(client?.locale);
}

const LEFT = 50;
const RIGHT = 545;
const GAP = 10;

/**
 * The receipt as an A4 PDF in the client's language (`w`), amounts in de-CH CHF: the lines and totals
 * the receipt screen shows (sold, discount, bank fee, total, also when zero). The number columns are as
 * wide as their widest amount, so an amount never wraps; the product column takes the rest and wraps.
 */
export function receiptPdf(r: Receipt, w: ReceiptTexts): Promise<Buffer> {
  const { doc, done } = createPdf({ size: 'A4', margin: 50, info: { Title: w.title(r.presentation.id) } });
  const c = r.company;
  const p = r.presentation;
  const company = c.receipt_company_name || c.company_name || '';
  doc
    .font(PDF_FONT.bold)
    .fontSize(16)
    .text(company, LEFT, 50, { width: RIGHT - LEFT });
  doc.font(PDF_FONT.regular).fontSize(10);
  for (const text of [
    [c.receipt_address, c.receipt_city].filter(Boolean).join(', '),
    [c.company_phone, c.company_email].filter(Boolean).join(' · '),
  ]) {
    if (text) {
      doc.text(text, { width: RIGHT - LEFT });
    }
  }
  doc.moveDown(2);
  doc
    .font(PDF_FONT.bold)
    .fontSize(14)
    .text(w.title(p.id), { width: RIGHT - LEFT });
  doc.font(PDF_FONT.regular).fontSize(10);
  const facts = [
    w.presentedOn(formatDate(p.date)),
    p.client ? w.client(`${p.client.name} ${p.client.surname}`) : '',
    p.client ? [p.client.address, [p.client.zipcode, p.client.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '',
    p.agent ? w.agent(`${p.agent.name} ${p.agent.surname}`) : '',
    p.payment_method ? w.paymentMethod(w.paymentMethods[p.payment_method as PaymentMethod] ?? p.payment_method) : '',
    p.contract_number ? w.contract(p.contract_number) : '',
  ];
  for (const fact of facts.filter(Boolean)) {
    doc.text(fact, { width: RIGHT - LEFT });
  }
  doc.moveDown();

  const lines = r.lines.map((l) => ({
    product: l.product.name,
    kind: w.kinds[l.status],
    quantity: String(l.quantity),
    price: formatMoney(l.status === 'sell' ? l.price : 0),
    amount: formatMoney(l.status === 'sell' ? l.price * l.quantity : 0),
  }));
  // A deduction, written "− CHF 200.00" as the screen writes it.
  const totals: [string, string, boolean][] = [
    [w.sold, formatMoney(r.totals.sold), false],
    [w.discount, r.totals.discount ? `− ${formatMoney(r.totals.discount)}` : formatMoney(0), false],
    [w.bankFee, formatMoney(r.totals.bank_commission), false],
    [w.total, formatMoney(r.totals.total), true],
  ];
  const fit = (texts: { text: string; bold?: boolean }[]) => pdfColumnWidth(doc, texts) + 1;
  const amountW = fit([
    { text: w.amount, bold: true },
    ...lines.map((l) => ({ text: l.amount })),
    ...totals.map(([, text, bold]) => ({ text, bold })),
  ]);
  const priceW = fit([{ text: w.price, bold: true }, ...lines.map((l) => ({ text: l.price }))]);
  const quantityW = fit([{ text: w.quantity, bold: true }, ...lines.map((l) => ({ text: l.quantity }))]);
  const amountX = RIGHT - amountW;
  const priceX = amountX - GAP - priceW;
  const quantityX = priceX - GAP - quantityW;
  // The kind column as wide as its longest word list, but it leaves the product column at least 120 pt.
  const kindW = Math.min(fit([{ text: w.kind, bold: true }, ...lines.map((l) => ({ text: l.kind }))]), quantityX - GAP - LEFT - GAP - 120);
  const kindX = quantityX - GAP - kindW;
  const productW = kindX - GAP - LEFT;
  const row = (cells: [string, string, string, string, string], bold = false) =>
    pdfRow(doc, [
      { text: cells[0], x: LEFT, width: productW, bold },
      { text: cells[1], x: kindX, width: kindW, bold },
      { text: cells[2], x: quantityX, width: quantityW, align: 'right', bold },
      { text: cells[3], x: priceX, width: priceW, align: 'right', bold },
      { text: cells[4], x: amountX, width: amountW, align: 'right', bold },
    ]);
  const rule = () => {
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor('#888888').stroke();
    doc.y += 4;
  };

  row([w.product, w.kind, w.quantity, w.price, w.amount], true);
  rule();
  for (const l of lines) {
    row([l.product, l.kind, l.quantity, l.price, l.amount]);
  }
  rule();
  for (const [label, amount, bold] of totals) {
    pdfRow(doc, [
      { text: label, x: LEFT, width: amountX - GAP - LEFT, align: 'right', bold },
      { text: amount, x: amountX, width: amountW, align: 'right', bold },
    ]);
  }
  doc.end();
  return done;
}
