import { documentLanguage, type DocumentLanguage, type PaymentMethod, type ProductLineStatus } from '@bo/domain';

/** The words of a presentation's receipt, handed to the client: in the client's document language. */
export interface ReceiptTexts {
  title: (id: number) => string;
  presentedOn: (date: string) => string;
  client: (name: string) => string;
  agent: (name: string) => string;
  contract: (number: string) => string;
  paymentMethod: (method: string) => string;
  paymentMethods: Record<PaymentMethod, string>;
  product: string;
  kind: string;
  quantity: string;
  price: string;
  amount: string;
  kinds: Record<ProductLineStatus, string>;
  sold: string;
  discount: string;
  bankFee: string;
  total: string;
}

const TEXTS: Record<DocumentLanguage, ReceiptTexts> = {
  de: {
    title: (id) => `Quittung Nr. ${id}`,
    presentedOn: (date) => `Datum der Präsentation: ${date}`,
    client: (name) => `Kunde: ${name}`,
    agent: (name) => `Berater: ${name}`,
    contract: (n) => `Vertragsnummer: ${n}`,
    paymentMethod: (m) => `Zahlungsart: ${m}`,
    paymentMethods: { bill: 'Rechnung', cash: 'Bar', card: 'Karte', byjuno: 'Byjuno', avior: 'Avior', omnicas: 'Omnicas' },
    product: 'Produkt',
    kind: 'Art',
    quantity: 'Menge',
    price: 'Preis',
    amount: 'Betrag',
    kinds: { sell: 'Kauf', rec: 'Empfehlungen', gift: 'Geschenk' },
    sold: 'Verkauft',
    discount: 'Rabatt Empfehlungen',
    bankFee: 'Bearbeitungsgebühr Bank',
    total: 'Total',
  },
  en: {
    title: (id) => `Receipt no. ${id}`,
    presentedOn: (date) => `Date of the presentation: ${date}`,
    client: (name) => `Client: ${name}`,
    agent: (name) => `Adviser: ${name}`,
    contract: (n) => `Contract number: ${n}`,
    paymentMethod: (m) => `Payment method: ${m}`,
    paymentMethods: { bill: 'Invoice', cash: 'Cash', card: 'Card', byjuno: 'Byjuno', avior: 'Avior', omnicas: 'Omnicas' },
    product: 'Product',
    kind: 'Kind',
    quantity: 'Quantity',
    price: 'Price',
    amount: 'Amount',
    kinds: { sell: 'Purchase', rec: 'Recommendations', gift: 'Gift' },
    sold: 'Sold',
    discount: 'Recommendation discount',
    bankFee: 'Bank processing fee',
    total: 'Total',
  },
  it: {
    title: (id) => `Ricevuta n. ${id}`,
    presentedOn: (date) => `Data della presentazione: ${date}`,
    client: (name) => `Cliente: ${name}`,
    agent: (name) => `Consulente: ${name}`,
    contract: (n) => `Numero di contratto: ${n}`,
    paymentMethod: (m) => `Metodo di pagamento: ${m}`,
    paymentMethods: { bill: 'Fattura', cash: 'Contanti', card: 'Carta', byjuno: 'Byjuno', avior: 'Avior', omnicas: 'Omnicas' },
    product: 'Prodotto',
    kind: 'Tipo',
    quantity: 'Quantità',
    price: 'Prezzo',
    amount: 'Importo',
    kinds: { sell: 'Acquisto', rec: 'Raccomandazioni', gift: 'Regalo' },
    sold: 'Venduto',
    discount: 'Sconto raccomandazioni',
    bankFee: 'Spese di elaborazione banca',
    total: 'Totale',
  },
  ru: {
    title: (id) => `Квитанция № ${id}`,
    presentedOn: (date) => `Дата презентации: ${date}`,
    client: (name) => `Клиент: ${name}`,
    agent: (name) => `Консультант: ${name}`,
    contract: (n) => `Номер договора: ${n}`,
    paymentMethod: (m) => `Способ оплаты: ${m}`,
    paymentMethods: { bill: 'Счёт', cash: 'Наличные', card: 'Карта', byjuno: 'Byjuno', avior: 'Avior', omnicas: 'Omnicas' },
    product: 'Товар',
    kind: 'Вид',
    quantity: 'Кол-во',
    price: 'Цена',
    amount: 'Сумма',
    kinds: { sell: 'Покупка', rec: 'Рекомендации', gift: 'Подарок' },
    sold: 'Продано',
    discount: 'Скидка за рекомендации',
    bankFee: 'Банковская комиссия',
    total: 'Итого',
  },
};

export function receiptTexts(locale: string | null | undefined): ReceiptTexts {
  return TEXTS[documentLanguage(locale)];
}
