import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, signInAsStaff, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the back office in Kiswahili', () => {
  it('switches to Kiswahili from the app bar, keeps it after a reload and at phone width, and back to English', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl })).newPage();
    await signInAsStaff(page);
    await page.goto('/admin/#/videos');
    await page.getByRole('columnheader', { name: 'Price' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Kiswahili' }).click();
    await page.getByRole('columnheader', { name: 'Bei' }).waitFor();
    await expect.poll(() => page.getByRole('menuitem').allTextContents()).toEqual(expect.arrayContaining(['Wateja', 'Malipo ya M-Pesa', 'Manunuzi', 'Aina']));
    await screenshot(page, 'desktop-admin-kiswahili-videos');

    await page.reload();
    await page.getByRole('columnheader', { name: 'Bei' }).waitFor();
    expect(await page.getByRole('button', { name: 'Kiswahili' }).count()).toBe(1);

    // At phone width too: the list of genres, in Kiswahili.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/admin/#/genres');
    await page.getByText('Comedy').first().waitFor();
    await screenshot(page, 'phone-admin-kiswahili-genres');
    expect(await page.getByText('Iliongezwa').count()).toBeGreaterThan(0);

    // Back to English: the same words as before.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/admin/#/videos');
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('columnheader', { name: 'Price' }).waitFor();
  });
});
