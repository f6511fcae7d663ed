import { isQrBillText, type OrderDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { zurichToday } from '../../test/factories.ts';
import { itemsWith, pdfText, pdfTextItems, type PdfTextItem } from '../../test/pdf-text.ts';
import { salesWorld } from '../../test/sales-world.ts';

/*
 * The three PDFs (invoice, presentation receipt, commission statement) read back as text with positions:
 * every name prints as it is written, amounts stay on one line, nothing overprints.
 */

let t: TestApp;
let world: Awaited<ReturnType<typeof salesWorld>>;
let main = 0;
let other = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (who: string, method: Method, url: string, payload?: unknown) => world.as(who, method, url, payload);

const CYRILLIC = { name: 'Иван', surname: 'Петров', address: 'Улица Ленина 5', zipcode: '8001', city: 'Zürich' };

function sale(client: Record<string, string>, lines: { product_id: number; quantity?: number; price?: number }[]): Promise<OrderDto> {
  return world.sale({ seller: 'ia', lines, payment_method: 'bill', client: () => client });
}

async function pdf(url: string): Promise<Buffer> {
  const res = await as('admin', 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** Two pieces of text overprint when their boxes (width × a line of their size) share any area. */
function overlaps(a: PdfTextItem, b: PdfTextItem): boolean {
  if (a.page !== b.page) {
    return false;
  }
  const xs = a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5;
  const ys = a.y - 0.75 * a.size < b.y + 0.2 * b.size && b.y - 0.75 * b.size < a.y + 0.2 * a.size;
  return xs && ys;
}

function overprinted(items: PdfTextItem[]): string[] {
  const found: string[] = [];
  items.forEach((a, i) =>
    items.slice(i + 1).forEach((b) => {
      if (a.text.trim() && b.text.trim() && overlaps(a, b)) {
        found.push(`"${a.text}" and "${b.text}"`);
      }
    }),
  );
  return found;
}

beforeAll(async () => {
  world = await salesWorld([['ia', 'independent_agent']], { named: true });
  t = world.t;
  main = await world.product('DM', 'main');
  other = await world.product('DO', 'other');
  await t.pool.query(
    `INSERT INTO app_settings (key, value) VALUES
       ('receipt_company_name', 'Alpenquell Wasser & Luft AG'), ('receipt_address', 'Industriestrasse 12'),
       ('receipt_city', '8604 Volketswil') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
  );
});

afterAll(async () => {
  await t?.close();
});

describe('documents print every name', () => {
  it('a Cyrillic name and address print verbatim on the invoice; its payment part holds them transliterated', async () => {
    const o = await sale(CYRILLIC, [{ product_id: main, price: 249_000 }]);
    const items = pdfTextItems(await pdf(`/api/finances/order/${o.id}/invoice.pdf`));
    const text = items.map((i) => i.text).join('\n');
    expect(text).toContain('Иван Петров');
    expect(text).toContain('Улица Ленина 5');
    expect(text).toContain("CHF 2'490.00");
    expect(overprinted(items.filter((i) => i.font.startsWith('DejaVu')))).toEqual([]);
    // The payment part (in its standard font) carries the payer in the Swiss Payment Standards' Latin set.
    const paymentPart = items.filter((i) => i.font.startsWith('Helvetica'));
    expect(paymentPart.map((i) => i.text)).toContain('Ivan Petrov');
    expect(paymentPart.map((i) => i.text).join('\n')).toContain('Ulitsa Lenina 5');
    expect(paymentPart.filter((i) => !isQrBillText(i.text)).map((i) => i.text)).toEqual([]);
  });

  it('a Cyrillic name prints verbatim on the presentation receipt and the commission statement, Latin text beside it intact', async () => {
    const o = await sale(CYRILLIC, [{ product_id: main, price: 249_000 }]);
    const receipt = pdfText(await pdf(`/api/receipt/${o.event_id}/pdf`));
    expect(receipt).toContain('Иван Петров');
    expect(receipt).toContain('Улица Ленина 5, 8001 Zürich');
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true });
    const today = zurichToday();
    const created = await as('admin', 'POST', `/api/finances/receipt/${world.users.get('ia')!.id}`, { from: '2020-01-01', to: today });
    expect(created.statusCode, created.body).toBe(201);
    const statementItems = pdfTextItems(await pdf(`/api/finances/receipt/${created.json<{ data: { id: number } }>().data.id}/pdf`));
    const statement = statementItems.map((i) => i.text).join('\n');
    expect(overprinted(statementItems)).toEqual([]);
    expect(statement).toContain('Иван Петров');
    expect(statement).toContain(`V-${o.event_id}`);
  });
});

describe('Russian documents', () => {
  it('a Russian client gets the receipt and invoice in Russian, an agent reading Russian the statement; nothing overprints', async () => {
    const o = await sale(CYRILLIC, [{ product_id: main, price: 249_000 }]);
    await t.pool.query("UPDATE users SET locale = 'ru' WHERE id = ANY($1)", [[o.client.id, world.users.get('ia')!.id]]);
    const receipt = pdfTextItems(await pdf(`/api/receipt/${o.event_id}/pdf`));
    const receiptText = receipt.map((i) => i.text).join('\n');
    for (const piece of [`Квитанция № ${o.event_id}`, 'Клиент: Иван Петров', 'Скидка за рекомендации', 'Банковская комиссия', 'Итого']) {
      expect(receiptText, piece).toContain(piece);
    }
    expect(overprinted(receipt)).toEqual([]);
    const invoice = pdfTextItems(await pdf(`/api/finances/order/${o.id}/invoice.pdf`));
    const invoiceText = invoice.map((i) => i.text).join('\n');
    expect(invoiceText).toContain(`Счёт № ${o.id}`);
    expect(invoiceText).toContain('Payment part');
    expect(overprinted(invoice.filter((i) => i.font.startsWith('DejaVu')))).toEqual([]);
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true });
    const today = zurichToday();
    const created = await as('admin', 'POST', `/api/finances/receipt/${world.users.get('ia')!.id}`, { from: '2020-01-01', to: today });
    expect(created.statusCode, created.body).toBe(201);
    const statement = pdfText(await pdf(`/api/finances/receipt/${created.json<{ data: { id: number } }>().data.id}/pdf`));
    expect(statement).toContain('Расчёт комиссионных №');
    expect(statement).toContain('Продажа');
    await t.pool.query("UPDATE users SET locale = 'de' WHERE id = $1", [world.users.get('ia')!.id]);
  });
});

describe('the presentation receipt', () => {
  it('keeps four- and seven-digit amounts on one line, prints every line the screen shows, and nothing overprints in Italian', async () => {
    const o = await sale({ name: 'Giulia', surname: 'Bernasconi-Cattaneo', address: 'Via Nassa 21', zipcode: '6900', city: 'Lugano' }, [
      { product_id: main, price: 249_000 },
      { product_id: other, price: 100_000_000, quantity: 3 },
    ]);
    await t.pool.query("UPDATE users SET locale = 'it' WHERE id = $1", [o.client.id]);
    await t.pool.query(
      'UPDATE events SET discount_rec_sum = 120000, discount_rec_count = 6, bank_processing_commission = 4990 WHERE id = $1',
      [o.event_id],
    );
    const items = pdfTextItems(await pdf(`/api/receipt/${o.event_id}/pdf`));
    for (const amount of ["CHF 2'490.00", "CHF 3'000'000.00", "CHF 3'002'490.00", "CHF 3'001'339.90", "CHF 1'200.00", 'CHF 49.90']) {
      const found = items.filter((i) => i.text.trim() === amount || i.text.trim() === `− ${amount}`);
      expect(found.length, `${amount} as one piece of text`).toBeGreaterThan(0);
      for (const i of found) {
        expect(i.x + i.width, `${amount} inside the right margin`).toBeLessThanOrEqual(595.28 - 40);
      }
    }
    // Every line of the screen's totals, with the payment method and the contract.
    for (const label of ['Venduto', 'Sconto raccomandazioni', 'Spese di elaborazione banca', 'Totale', 'Fattura', 'V-']) {
      expect(itemsWith(items, label).length, label).toBeGreaterThan(0);
    }
    expect(overprinted(items)).toEqual([]);
  });

  it('shows the discount and bank-fee lines at zero too, as the screen does', async () => {
    const o = await sale({ name: 'Anna', surname: 'Muster', address: 'Gasse 1', zipcode: '3000', city: 'Bern' }, [
      { product_id: main, price: 100_000 },
    ]);
    const items = pdfTextItems(await pdf(`/api/receipt/${o.event_id}/pdf`));
    for (const label of ['Verkauft', 'Rabatt Empfehlungen', 'Bearbeitungsgebühr Bank', 'Total']) {
      expect(itemsWith(items, label).length, label).toBeGreaterThan(0);
    }
    expect(items.filter((i) => i.text.trim() === 'CHF 0.00').length).toBeGreaterThanOrEqual(2);
    expect(overprinted(items)).toEqual([]);
  });

  it('only a successful presentation the admin asks for has a receipt: others are refused', async () => {
    expect((await as('ia', 'GET', '/api/receipt/1/pdf')).statusCode).toBe(403);
    expect((await as('admin', 'GET', '/api/receipt/999999/pdf')).statusCode).toBe(404);
    expect((await as('admin', 'GET', '/api/receipt/abc/pdf')).statusCode).toBe(400);
  });
});
