import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, seriousAccessibilityViolations, signInAsStaff, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/**
 * The bars have grown and the report menu has faded out: MUI X Charts animates bars from JavaScript
 * (no Web Animation to wait for), for about half a second.
 */
const chartDrawn = (page: Page) => page.waitForTimeout(1200);

describe('reports in the back office', { timeout: 180_000 }, () => {
  for (const size of ['desktop', 'phone'] as const) {
    it(`shows revenue by day and by DJ as charts with their rows, in Nairobi days, at ${VIEWPORTS[size].width} px`, async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS[size], baseURL: baseUrl, ...(size === 'phone' ? { hasTouch: true, isMobile: true } : {}) });
      const page = await context.newPage();
      // Signed in at a computer's width (the dashboard's tiles), then the page at the size under test.
      await page.setViewportSize(VIEWPORTS.desktop);
      await signInAsStaff(page);
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto('/admin/#/reports');
      const byDay = page.getByRole('table', { name: 'Revenue by day' });
      await byDay.waitFor();
      // The demo store's month of trade: 30 days, each a row, and a chart drawn above them.
      expect(await byDay.getByRole('row').count()).toBe(31);
      await page.locator('.MuiBarChart-root, svg .MuiBarElement-root').first().waitFor();
      await page.getByText('Days in Nairobi time (EAT, UTC+3). Money in Ksh, VAT included.').waitFor();
      await page.waitForLoadState('networkidle');
      await chartDrawn(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await screenshot(page, `${size}-admin-reports-by-day`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('combobox', { name: 'Report' }).click();
      await page.getByRole('option', { name: 'By DJ' }).click();
      await page.getByRole('table', { name: 'By DJ' }).waitFor();
      await page.waitForLoadState('networkidle');
      await chartDrawn(page);
      await screenshot(page, `${size}-admin-reports-by-dj`);
      await context.close();
    });
  }
});
