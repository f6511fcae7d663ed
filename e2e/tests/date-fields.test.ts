import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { formatDateTime, zurichClock, zurichInstant } from '@bo/domain';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO_PASSWORD, screenshot, signIn, textOf, typeDate, withPage } from '../support/browser.ts';
import type { Json } from '../support/contract.ts';
import { tr } from '../support/i18n.ts';

const pad = (n: number) => String(n).padStart(2, '0');

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()) as T;
}

type Language = Parameters<typeof tr>[0];

/** The language the interface shows now (the signed-in user's, whatever the browser's). */
async function interfaceLanguage(page: Page): Promise<Language> {
  const lang = await page.evaluate(() => document.documentElement.lang);
  assert.ok(['de', 'en', 'it', 'ru'].includes(lang), `an interface language: ${lang}`);
  return lang as Language;
}

void describe('date fields', { timeout: 120_000 }, () => {
  after(closeBrowser);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 768, height: 1024 },
  ]) {
    void it(
      `in an English-language browser a date still reads and is typed DD.MM.YYYY HH:mm, and the calendar speaks the interface's language (${viewport.width} px)`,
      withPage(
        async (page) => {
          await signIn(page, 'ca@demo.test', DEMO_PASSWORD);
          const { data } = await getJson<Json<'get', '/api/clients'>>(page, '/api/clients?tableName=b2c&limit=20');
          const lead = data.filter((r) => r.user.mobile_phone ?? r.user.phone)[viewport.width === 1440 ? 5 : 6];
          assert.ok(lead, 'the call agent has leads');

          await page.goto(`/ca-dashboard/lead-flow/${lead.id}`);
          await page.getByTestId('lead-flow-to-outcome').click();
          const lang = await interfaceLanguage(page);
          await page.getByRole('radio', { name: tr(lang, 'leadflow:outcomes.recall') }).check();
          const at = page.getByTestId('outcome-recall-at');
          // The proposal, tomorrow 10:00 Zurich time, in the spec's format, not the browser's "11/28/2026, 10:00 AM".
          const now = zurichClock(new Date());
          const tomorrow = zurichInstant(now.year, now.month, now.day + 1, 10);
          assert.equal(await at.inputValue(), formatDateTime(tomorrow));

          // The calendar of the picker names the month in the interface's language.
          const field = page.locator('.MuiPickersInputBase-root').filter({ has: page.locator('input[data-testid="outcome-recall-at"]') });
          await field.getByRole('button').click();
          const picker = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
          await picker.waitFor();
          const month = new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'Europe/Zurich' }).format(tomorrow);
          assert.match((await textOf(picker)).toLowerCase(), new RegExp(month.toLowerCase()));
          await screenshot(page, `date-fields-picker-en-browser-${viewport.width}`);
          await page.keyboard.press('Escape');
          await picker.waitFor({ state: 'detached' });

          // Typed as a Swiss office writes it; the summary shows the same time back.
          const when = zurichInstant(now.year, now.month, now.day + 3, 14, 30);
          const c = zurichClock(when);
          const typed = `${pad(c.day)}.${pad(c.month)}.${c.year} 14:30`;
          await typeDate(at, typed);
          await page.getByTestId('outcome-save').click();
          const summary = page.getByTestId('lead-flow-summary');
          await summary.waitFor();
          assert.match(await textOf(summary), new RegExp(typed.replace(/\./g, '\\.')));
          const record = (await getJson<Json<'get', '/api/user/{id}'>>(page, `/api/user/${lead.id}`)).data;
          assert.equal(record.next_recall_at && new Date(record.next_recall_at).toISOString(), when.toISOString());
        },
        { viewport, locale: 'en-US', touch: viewport.width < 1000 },
      ),
    );
  }
});
