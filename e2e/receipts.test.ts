import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS, videosForSale } from './browser.ts';
import { freshPhone, newCustomer, signInOnPage, topUp } from './selling.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

// A customer of this journey only: nothing shared changes but a video's purchase count, as any sale does.
describe('the tax receipt in the browser', { timeout: 180_000 }, () => {
  it('a customer buys, opens the receipt from the success screen at 360 px, and sees it signed by eTIMS with its QR code', async () => {
    const [video] = await videosForSale(baseUrl, 1);
    const customer = await newCustomer(baseUrl, 'receipt');
    await topUp(baseUrl, customer, video!.price, freshPhone(26));
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      await signInOnPage(page, customer);
      await page.goto(`/video/${video!.vidId}`);
      // The customer reads to the end of the page before buying.
      await page.getByRole('button', { name: 'Buy' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Buy' }).click();
      await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: `Pay Ksh ${video!.price}` }).click();
      await page.waitForURL('**/purchase/done');
      const link = page.getByTestId('receipt-link');
      await link.waitFor();
      // A new page opens at its top (issue 32), not where the video's page was scrolled.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await screenshot(page, 'phone-purchase-done-receipt-link');
      await link.click();
      await page.waitForURL(/\/receipt\/\d+$/);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      const receipt = page.getByTestId('receipt');
      await receipt.getByRole('heading', { level: 1, name: 'Tax invoice' }).waitFor();
      await expect.poll(() => receipt.getByTestId('cu-invoice-no').count(), { timeout: 30_000 }).toBe(1); // signed within seconds
      // Numbered by the submitter just before KRA signed it (decision 0047): a number by now, not the "follows" text.
      expect(await receipt.getByTestId('invoice-no').textContent()).toMatch(/^\d+$/);
      expect(await receipt.getByTestId('total').textContent()).toBe(`Ksh ${video!.price.toLocaleString('en')}.00`);
      expect(await receipt.textContent()).toContain(video!.title);
      expect(await receipt.getByTestId('receipt-qr').getAttribute('href')).toMatch(/^https:\/\/etims-sbx\.kra\.go\.ke\/common\/link\/etims\/receipt\/indexEtimsReceiptData\?Data=[AP]\d{9}[A-Z]\d{2}[A-Z2-7]{16}$/);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await screenshot(page, 'phone-receipt');
      await receipt.getByTestId('receipt-qr').scrollIntoViewIfNeeded();
      await screenshot(page, 'phone-receipt-qr');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Printed, only the receipt shows: no header, menus or buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await screenshot(page, 'phone-receipt-print');
    } finally {
      await context.close();
    }
  });
});
