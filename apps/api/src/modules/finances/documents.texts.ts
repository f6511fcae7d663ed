import { documentLanguage, type CommissionReason, type DocumentLanguage } from '@bo/domain';
import type { Language as QrBillLanguage } from 'swissqrbill/types';

/* The words of the invoice and the commission statement in the document languages (`documentLanguage`). */

export interface InvoiceTexts {
  qrBill: QrBillLanguage;
  title: (id: number) => string;
  date: string;
  order: string;
  contract: string;
  clientNumber: string;
  agent: string;
  product: string;
  quantity: string;
  price: string;
  amount: string;
  paidByRecommendations: string;
  gift: string;
  guarantee: (years: number) => string;
  subtotal: string;
  discount: (count: number) => string;
  processingFee: string;
  total: string;
  payment: (date: string) => string;
  refund: (date: string) => string;
  owed: string;
  schedule: (sum: string, count: number) => string;
  instalment: (month: string) => string;
  pleasePay: string;
  paid: string;
  /** The payment part's message to the creditor. */
  qrMessage: (id: number, contract: string | null) => string;
}

const INVOICE: Record<DocumentLanguage, InvoiceTexts> = {
  de: {
    qrBill: 'DE',
    title: (id) => `Rechnung Nr. ${id}`,
    date: 'Datum',
    order: 'Auftrag',
    contract: 'Vertrag',
    clientNumber: 'Kundennummer',
    agent: 'Berater/in',
    product: 'Produkt',
    quantity: 'Menge',
    price: 'Preis',
    amount: 'Betrag',
    paidByRecommendations: 'durch Empfehlungen bezahlt',
    gift: 'Geschenk',
    guarantee: (years) => `${years} Jahre Garantie`,
    subtotal: 'Zwischensumme',
    discount: (count) => `Rabatt für ${count} Empfehlungen`,
    processingFee: 'Bearbeitungsgebühr',
    total: 'Total',
    payment: (date) => `Zahlung vom ${date}`,
    refund: (date) => `Rückzahlung vom ${date}`,
    owed: 'Offener Betrag',
    schedule: (sum, count) => `Ratenplan: ${sum} in ${count} Raten`,
    instalment: (month) => `Rate ${month}`,
    pleasePay: 'Bitte überweisen Sie den offenen Betrag innert 30 Tagen mit dem untenstehenden QR-Einzahlungsschein.',
    paid: 'Diese Rechnung ist bezahlt. Vielen Dank.',
    qrMessage: (id, contract) => `Rechnung ${id}${contract ? `, Vertrag ${contract}` : ''}`,
  },
  en: {
    qrBill: 'EN',
    title: (id) => `Invoice no. ${id}`,
    date: 'Date',
    order: 'Order',
    contract: 'Contract',
    clientNumber: 'Client number',
    agent: 'Adviser',
    product: 'Product',
    quantity: 'Quantity',
    price: 'Price',
    amount: 'Amount',
    paidByRecommendations: 'paid by recommendations',
    gift: 'gift',
    guarantee: (years) => `${years} years guarantee`,
    subtotal: 'Subtotal',
    discount: (count) => `Discount for ${count} recommendations`,
    processingFee: 'Processing fee',
    total: 'Total',
    payment: (date) => `Payment of ${date}`,
    refund: (date) => `Refund of ${date}`,
    owed: 'Amount due',
    schedule: (sum, count) => `Instalments: ${sum} in ${count} instalments`,
    instalment: (month) => `Instalment ${month}`,
    pleasePay: 'Please pay the amount due within 30 days with the QR payment slip below.',
    paid: 'This invoice is paid. Thank you.',
    qrMessage: (id, contract) => `Invoice ${id}${contract ? `, contract ${contract}` : ''}`,
  },
  it: {
    qrBill: 'IT',
    title: (id) => `Fattura n. ${id}`,
    date: 'Data',
    order: 'Ordine',
    contract: 'Contratto',
    clientNumber: 'Numero cliente',
    agent: 'Consulente',
    product: 'Prodotto',
    quantity: 'Quantità',
    price: 'Prezzo',
    amount: 'Importo',
    paidByRecommendations: 'pagato con raccomandazioni',
    gift: 'regalo',
    guarantee: (years) => `${years} anni di garanzia`,
    subtotal: 'Subtotale',
    discount: (count) => `Sconto per ${count} raccomandazioni`,
    processingFee: 'Spese di elaborazione',
    total: 'Totale',
    payment: (date) => `Pagamento del ${date}`,
    refund: (date) => `Rimborso del ${date}`,
    owed: 'Importo aperto',
    schedule: (sum, count) => `Piano rateale: ${sum} in ${count} rate`,
    instalment: (month) => `Rata ${month}`,
    pleasePay: "Vi preghiamo di versare l'importo aperto entro 30 giorni con la polizza di versamento QR qui sotto.",
    paid: 'Questa fattura è pagata. Grazie.',
    qrMessage: (id, contract) => `Fattura ${id}${contract ? `, contratto ${contract}` : ''}`,
  },
  ru: {
    // The payment part exists in the Swiss languages and English only; its message stays within its Latin set.
    qrBill: 'EN',
    title: (id) => `Счёт № ${id}`,
    date: 'Дата',
    order: 'Заказ',
    contract: 'Договор',
    clientNumber: 'Номер клиента',
    agent: 'Консультант',
    product: 'Товар',
    quantity: 'Кол-во',
    price: 'Цена',
    amount: 'Сумма',
    paidByRecommendations: 'оплачено рекомендациями',
    gift: 'подарок',
    guarantee: (years) => `гарантия ${years} лет`,
    subtotal: 'Промежуточный итог',
    discount: (count) => `Скидка за рекомендации (${count})`,
    processingFee: 'Комиссия за обработку',
    total: 'Итого',
    payment: (date) => `Оплата от ${date}`,
    refund: (date) => `Возврат от ${date}`,
    owed: 'К оплате',
    schedule: (sum, count) => `План рассрочки: ${sum}, платежей: ${count}`,
    instalment: (month) => `Платёж ${month}`,
    pleasePay: 'Пожалуйста, оплатите сумму в течение 30 дней с помощью QR-квитанции ниже.',
    paid: 'Этот счёт оплачен. Спасибо.',
    qrMessage: (id, contract) => `Invoice ${id}${contract ? `, contract ${contract}` : ''}`,
  },
};

export function invoiceTexts(locale: string | null | undefined): InvoiceTexts {
  return INVOICE[documentLanguage(locale)];
}

export interface StatementTexts {
  title: (id: number) => string;
  period: (from: string, to: string) => string;
  status: (paid: boolean) => string;
  order: string;
  client: string;
  contract: string;
  reason: string;
  amount: string;
  reasons: Record<CommissionReason, string>;
  reversal: string;
  total: string;
}

const STATEMENT: Record<DocumentLanguage, StatementTexts> = {
  de: {
    title: (id) => `Provisionsabrechnung Nr. ${id}`,
    period: (from, to) => `Zeitraum: ${from} – ${to}`,
    status: (paid) => `Status: ${paid ? 'bezahlt' : 'offen'}`,
    order: 'Auftrag',
    client: 'Kunde',
    contract: 'Vertrag',
    reason: 'Grund',
    amount: 'Betrag',
    reasons: { sale: 'Verkauf', l1: 'Stufe 1', l2: 'Stufe 2', l3: 'Stufe 3', ca: 'Terminvereinbarung' },
    reversal: 'Storno',
    total: 'Total',
  },
  en: {
    title: (id) => `Commission statement no. ${id}`,
    period: (from, to) => `Period: ${from} – ${to}`,
    status: (paid) => `Status: ${paid ? 'paid' : 'open'}`,
    order: 'Order',
    client: 'Client',
    contract: 'Contract',
    reason: 'Reason',
    amount: 'Amount',
    reasons: { sale: 'Sale', l1: 'Level 1', l2: 'Level 2', l3: 'Level 3', ca: 'Appointment booked' },
    reversal: 'reversal',
    total: 'Total',
  },
  it: {
    title: (id) => `Conteggio provvigioni n. ${id}`,
    period: (from, to) => `Periodo: ${from} – ${to}`,
    status: (paid) => `Stato: ${paid ? 'pagato' : 'aperto'}`,
    order: 'Ordine',
    client: 'Cliente',
    contract: 'Contratto',
    reason: 'Motivo',
    amount: 'Importo',
    reasons: { sale: 'Vendita', l1: 'Livello 1', l2: 'Livello 2', l3: 'Livello 3', ca: 'Appuntamento fissato' },
    reversal: 'storno',
    total: 'Totale',
  },
  ru: {
    title: (id) => `Расчёт комиссионных № ${id}`,
    period: (from, to) => `Период: ${from} – ${to}`,
    status: (paid) => `Статус: ${paid ? 'оплачено' : 'открыто'}`,
    order: 'Заказ',
    client: 'Клиент',
    contract: 'Договор',
    reason: 'Основание',
    amount: 'Сумма',
    reasons: { sale: 'Продажа', l1: 'Уровень 1', l2: 'Уровень 2', l3: 'Уровень 3', ca: 'Назначение встречи' },
    reversal: 'сторно',
    total: 'Итого',
  },
};

export function statementTexts(locale: string | null | undefined): StatementTexts {
  return STATEMENT[documentLanguage(locale)];
}
