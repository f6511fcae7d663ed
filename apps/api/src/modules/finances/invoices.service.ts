import { hasInvoice, splitPlace, splitStreet, toQrBillText, type GlobalSettingsDto, type OrderDto } from '@bo/domain';
import { calculateQRReferenceChecksum, calculateSCORReferenceChecksum, isQRIBAN } from 'swissqrbill/utils';
import type { Data as QrBillData, Debtor } from 'swissqrbill/types';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import type { FilesDeps } from '../files/index.ts';
import { globalSettings } from '../settings/index.ts';
import { companyLogo } from './company.service.ts';
import { invoiceTexts } from './documents.texts.ts';
import { invoicePdf } from './invoices.pdf.ts';
import { localeOfUser } from './orders.repo.ts';
import { orderDto } from './orders.service.ts';

export interface InvoiceDeps {
  db: Db;
  files: FilesDeps;
  /** The creditor account (INVOICE_IBAN), without spaces. */
  iban: string;
  now?: () => Date;
}

/**
 * A field of the QR-bill's payment part: within the Swiss Payment Standards' Latin set (a Cyrillic name
 * transliterated) and its length limit (Swiss Implementation Guidelines QR-bill). The readable parts of the
 * invoice keep the original text.
 */
const cut = (s: string, max: number) => toQrBillText(s).trim().slice(0, max).trim();

/**
 * The payment reference that lets the bank report which order was paid: with a QR-IBAN a QR reference
 * (26 digits of the order number and a check digit), with a plain IBAN an ISO 11649 creditor reference.
 */
export function paymentReference(iban: string, orderId: number): string {
  if (isQRIBAN(iban)) {
    const digits = String(orderId).padStart(26, '0');
    return `${digits}${calculateQRReferenceChecksum(digits)}`;
  }
  const ref = String(orderId);
  return `RF${calculateSCORReferenceChecksum(ref)}${ref}`;
}

function creditorOf(iban: string, s: GlobalSettingsDto): QrBillData['creditor'] {
  const name = s.receipt_company_name || s.company_name;
  const street = splitStreet(s.receipt_address);
  const place = splitPlace(s.receipt_city);
  if (!name.trim() || !place.zip || !place.city) {
    throw new AppError('INVOICE_SETTINGS_INCOMPLETE', {
      message: 'The global settings need the company name, address and postcode with place for the QR-bill.',
    });
  }
  return {
    account: iban,
    name: cut(name, 70),
    address: cut(street.street, 70),
    ...(street.buildingNumber ? { buildingNumber: cut(street.buildingNumber, 16) } : {}),
    zip: cut(place.zip, 16),
    city: cut(place.city, 35),
    country: 'CH',
  };
}

/** The client as payer; without postcode and place the payer's field stays empty for them to fill in. */
function debtorOf(client: OrderDto['client']): Debtor | undefined {
  const zip = (client.zipcode ?? '').trim();
  const city = (client.city ?? '').trim();
  if (!zip || !city) {
    return undefined;
  }
  const street = splitStreet(client.address);
  return {
    name: cut(`${client.name} ${client.surname}`, 70),
    address: cut(street.street, 70),
    ...(street.buildingNumber ? { buildingNumber: cut(street.buildingNumber, 16) } : {}),
    zip: cut(zip, 16),
    city: cut(city, 35),
    country: 'CH',
  };
}

/**
 * GET /api/finances/order/{id}/invoice.pdf: the invoice of an order paid by bill, with a QR-bill for
 * what is still owed. Seen by whoever sees the order; an order paid otherwise has no invoice.
 */
export async function orderInvoice(deps: InvoiceDeps, actor: Actor, id: number): Promise<{ filename: string; pdf: Buffer }> {
  const order = await orderDto(deps.db, actor, id);
  if (!hasInvoice(order.payment_method)) {
    throw new AppError('ORDER_NOT_PAID_BY_BILL', {
      message: `Order ${id} is paid by ${order.payment_method ?? 'no payment method'}; invoices are for orders paid by bill.`,
    });
  }
  const settings = await globalSettings(deps.db);
  const texts = invoiceTexts(await localeOfUser(deps.db, order.client.id));
  const creditor = creditorOf(deps.iban, settings);
  const debtor = debtorOf(order.client);
  const qrBill: QrBillData | null =
    order.dept > 0
      ? {
          currency: 'CHF',
          amount: order.dept / 100,
          creditor,
          ...(debtor ? { debtor } : {}),
          reference: paymentReference(deps.iban, order.id),
          message: cut(texts.qrMessage(order.id, order.contract_number), 140),
        }
      : null;
  const pdf = await invoicePdf({
    order,
    company: {
      name: (settings.receipt_company_name || settings.company_name).trim(),
      lines: [settings.receipt_address, settings.receipt_city].filter((l) => l.trim() !== ''),
      contact: [settings.company_phone, settings.company_email, settings.website_link].filter((l) => l.trim() !== ''),
    },
    recipient: [
      `${order.client.name} ${order.client.surname}`,
      order.client.address ?? '',
      `${order.client.zipcode ?? ''} ${order.client.city ?? ''}`,
    ]
      .map((l) => l.trim())
      .filter((l) => l !== ''),
    issuedAt: deps.now ? deps.now() : new Date(),
    qrBill,
    logo: await companyLogo(deps.files, settings),
    texts,
  });
  return { filename: `rechnung-${order.id}.pdf`, pdf };
}
