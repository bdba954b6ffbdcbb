import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CatalogueVideo, dialogShown, enterPinOnPhone, launchChromium, screenshot, Steps, VIEWPORTS, videosForSale } from './browser.ts';
import { freshPhone } from './selling.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let video: CatalogueVideo;

beforeAll(async () => {
  browser = await launchChromium();
  [video] = (await videosForSale(baseUrl, 1)) as [CatalogueVideo];
});
afterAll(() => browser?.close());

/**
 * The English of the buying features' catalogs (the buy dialog, M-Pesa's progress, purchase done,
 * account, deposit): each message's words outside its placeholders, less the words Kiswahili keeps
 * (M-Pesa, Ksh, PIN, Video Store Kenya).
 */
function englishOfOurCatalogs(): string[] {
  const read = (feature: string, language: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../apps/web/src/features/${feature}/locales/${language}.json`), 'utf8')) as Record<string, string>;
  // Placeholders, plurals and selects, innermost first, become cuts between the literal words.
  const literal = (message: string) => {
    let text = message;
    while (/\{[^{}]*\}/.test(text)) text = text.replace(/\{[^{}]*\}/g, '\u0000');
    return text.split('\u0000');
  };
  const words = new Set<string>();
  for (const feature of ['cart', 'deposit', 'account', 'auth']) {
    const kiswahili = Object.values(read(feature, 'sw')).join('\n');
    for (const message of Object.values(read(feature, 'en'))) {
      for (const part of literal(message)) {
        const text = part.replace(/^[\s.,:;·()!?]+|[\s.,:;·()!?]+$/g, '');
        if (/[a-z]{2}/i.test(text) && !kiswahili.includes(text)) words.add(text);
      }
    }
  }
  return [...words];
}
const english = englishOfOurCatalogs();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The English words of our catalogs a part of the page still shows. */
async function englishLeft(part: Locator) {
  const text = await part.innerText();
  return english.filter((words) => new RegExp(`(?<![A-Za-z])${escape(words)}(?![A-Za-z])`).test(text));
}
/** Nothing is wider than the 360 px screen, the dialog included (MUI's hidden outline legends aside). */
const overflowing = (page: Page) =>
  page.evaluate(() => [document.documentElement, ...Array.from(document.querySelectorAll('.MuiDialog-paper, .MuiDialog-paper *'))].filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto' && getComputedStyle(el).visibility !== 'hidden').map((el) => `${el.tagName}.${el.className}`.slice(0, 80)));

describe('buying in Kiswahili', { timeout: 180_000 }, () => {
  it('takes a new customer on a phone set to Kiswahili from a store page to a playing video, every word of the purchase in Kiswahili (360 px)', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true, locale: 'sw-KE' });
    const untranslated: string[] = [];
    context.on('console', (msg) => {
      if (msg.type() === 'error' && msg.text().includes('Untranslated message')) untranslated.push(msg.text());
    });
    const page = await context.newPage();
    await page.goto(`/video/${video.vidId}`);
    await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    // The server's shell shows the title first; the store's own words follow with the app.
    await page.getByRole('button', { name: 'Weka kwenye kikapu' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    await screenshot(page, 'sw-phone-store-page');
    const steps = new Steps();

    await steps.tap(page.getByRole('button', { name: 'Nunua', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Thibitisha ununuzi' });
    await dialogShown(page);
    await dialog.getByText(`video 1 · jumla Ksh ${video.price}`).waitFor();
    await screenshot(page, 'sw-phone-buy-dialog');
    expect(await englishLeft(dialog)).toEqual([]);
    expect(await overflowing(page)).toEqual([]);

    // Only the phone (CONTRACT §16). A mistyped number: the contract's own check, in Kiswahili, before anything is sent.
    expect(await dialog.getByLabel('Barua pepe').count()).toBe(0);
    await dialog.getByText(/^Mgeni hapa\? Namba yako ya M-Pesa tu/).waitFor();
    const pay = dialog.getByRole('button', { name: `Lipa Ksh ${video.price} kwa M-Pesa` });
    await dialog.getByLabel('Namba ya simu ya M-Pesa').fill('0712 34');
    await pay.click();
    await dialog.getByText(/^Weka namba ya simu ya Kenya/).waitFor();
    await screenshot(page, 'sw-phone-buy-dialog-field-error');
    expect(await englishLeft(dialog)).toEqual([]);
    expect(await overflowing(page)).toEqual([]);

    await steps.fill(dialog.getByLabel('Namba ya simu ya M-Pesa'), freshPhone(23));
    const [pushed] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/purchased/') && r.request().method() === 'POST'), steps.tap(pay)]);
    expect(pushed.status(), await pushed.text()).toBe(202);
    await dialog.getByText('Angalia simu yako').waitFor();
    await dialog.getByText(`Weka PIN yako ya M-Pesa ili ulipe Ksh ${video.price} kwa Video Store Kenya.`, { exact: false }).waitFor();
    await screenshot(page, 'sw-phone-waiting-for-pin');
    expect(await englishLeft(dialog)).toEqual([]);
    expect(await overflowing(page)).toEqual([]);

    await enterPinOnPhone(context, ((await pushed.json()) as { CheckoutRequestID: string }).CheckoutRequestID, steps);
    await page.waitForURL('**/purchase/done', { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Asante! Ni yako sasa' }).waitFor();
    await page.getByText(`Umelipa Ksh ${video.price}. Risiti ya M-Pesa`).waitFor();
    expect(await page.getByTestId('mpesa-receipt').textContent()).toMatch(/^[A-Z0-9]{10}$/);
    await screenshot(page, 'sw-phone-purchase-done');
    expect(await englishLeft(page.locator('main'))).toEqual([]);
    expect(await overflowing(page)).toEqual([]);

    await steps.tap(page.getByRole('link', { name: `Cheza ${video.title}` }));
    await page.waitForURL(`**/watch/${video.vidId}?play=1`);
    await page.waitForFunction(() => ((document.querySelector('[data-media-player] video') as HTMLVideoElement | null)?.currentTime ?? 0) > 1, undefined, { timeout: 60_000 });
    await screenshot(page, 'sw-phone-playing');
    expect(untranslated).toEqual([]);
    console.log(`new customer in Kiswahili, store page to playing video: ${steps}`);
    expect(steps.total).toBeLessThanOrEqual(6);
    await context.close();
  });
});
