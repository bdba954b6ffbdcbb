/**
 * Issue 32's accountant, as a journey: from the back office's dashboard to the month's output VAT,
 * its CSV and the month's receipts with their eTIMS state, at 360 and 1280 px, in English and in
 * Kiswahili. Counts and prints the steps (taps); checks that what the screen says adds up (net =
 * tax invoices less credit notes) and that the CSV's VAT column sums to the net on screen, with its
 * dates as dd/mm/yyyy. Screenshots accountant-<viewport>-<language>-*.
 */
import fs from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, signInAsStaff, VIEWPORTS, type ViewportName } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const WORDS = {
  en: { month: 'Month', menu: 'Open menu', thisMonth: 'This month', csv: 'Download CSV', sales: 'Tax invoices', credit: 'Credit notes', net: 'Net output VAT', vat: 'VAT 16% (Ksh)', receipts: 'The month’s receipts', states: ['Signed', 'Waiting', 'Refused'] },
  sw: { month: 'Mwezi', menu: 'Fungua menyu', thisMonth: 'Mwezi huu', csv: 'Pakua CSV', sales: 'Ankara za kodi', credit: 'Hati za marejesho', net: 'VAT halisi ya mauzo', vat: 'VAT ya 16% (Ksh)', receipts: 'Risiti za mwezi', states: ['Imesainiwa', 'Inasubiri', 'Imekataliwa'] },
} as const;

/** Ksh 1,234.50 as cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/** A block's VAT figure, as the screen shows it. */
async function vatOf(page: Page, block: string, label: string): Promise<number> {
  const section = page.getByRole('region', { name: block });
  const value = section.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  return cents(await value.innerText());
}

describe('the accountant files a month’s VAT', () => {
  for (const language of ['en', 'sw'] as const) {
    for (const size of ['phone', 'desktop'] as ViewportName[]) {
      it(`reads the month's net VAT, downloads its CSV and checks the receipts' eTIMS state (${language}, ${VIEWPORTS[size].width} px)`, async () => {
        const words = WORDS[language];
        const context = await browser.newContext({ viewport: VIEWPORTS[size], baseURL: baseUrl, acceptDownloads: true });
        const page = await context.newPage();
        await signInAsStaff(page);
        if (language === 'sw') {
          // The accountant's language, chosen once (it is kept): not a step of the month's work.
          await page.getByRole('button', { name: 'English' }).click();
          await page.getByRole('menuitem', { name: 'Kiswahili' }).click();
          await page.getByRole('button', { name: 'Kiswahili' }).waitFor();
        }
        let steps = 0;
        const tap = async (target: Locator) => {
          steps++;
          await target.click();
        };
        const openMenuOnPhone = async () => {
          if (size === 'phone') await tap(page.getByRole('button', { name: words.menu }));
        };
        const shot = (name: string) => screenshot(page, `accountant-${size}-${language}-${name}`);

        // The month's VAT: from the menu, this month.
        await openMenuOnPhone();
        await tap(page.getByRole('menuitem', { name: 'VAT', exact: true }));
        await tap(page.getByRole('button', { name: words.thisMonth }));
        await page.getByRole('region', { name: words.net }).waitFor();
        const [sales, credit, net] = [await vatOf(page, words.sales, words.vat), await vatOf(page, words.credit, words.vat), await vatOf(page, words.net, words.vat)];
        expect(sales).toBeGreaterThan(0);
        expect(net).toBe(sales - credit);
        await shot('vat');

        // Its CSV: one line per receipt, the VAT column adding up to the net on screen.
        const [download] = await Promise.all([page.waitForEvent('download'), tap(page.getByRole('button', { name: words.csv }))]);
        const [header, ...lines] = (await fs.readFile((await download.path())!, 'utf8')).trim().split('\n');
        const columns = header!.split(',');
        expect(columns).toEqual(['invoice_no', 'date', 'kind', 'original_invoice_no', 'buyer', 'taxable', 'vat', 'total', 'etims_state']);
        const cell = (line: string, name: string) => line.split(',')[columns.indexOf(name)]!;
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.reduce((sum, line) => sum + cents(cell(line, 'vat')), 0)).toBe(net);
        for (const line of lines) expect(cell(line, 'date')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

        // The month's receipts themselves, from the VAT page: the list filtered to that month, each with its eTIMS state (a chip at 1280 px, the line's end on a phone).
        const month = await page.getByLabel(words.month).inputValue();
        await tap(page.getByRole('link', { name: words.receipts }));
        await page.waitForURL(/#\/receipts/);
        await expect.poll(() => page.getByLabel(words.month).inputValue()).toBe(month);
        const states = new RegExp(`\\b(${words.states.join('|')})\\b`, 'g');
        await expect.poll(async () => (await page.locator('#main-content').innerText()).match(states)?.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
        if (size === 'desktop') {
          // The state is on screen beside the menu, not past the right edge.
          const chip = (await page.locator('#main-content .MuiChip-root').first().boundingBox())!;
          expect(chip.x + chip.width).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
        }
        await shot('receipts');

        console.log(`accountant files the month's VAT (${language}, ${VIEWPORTS[size].width} px): ${steps} steps`);
        expect(steps).toBeLessThanOrEqual(size === 'phone' ? 5 : 4);
        await context.close();
      });
    }
  }
});
