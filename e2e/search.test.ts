import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS, type ViewportName } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('search at %s width', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    // axe goes in as an inline script, which the store's CSP refuses; content-security.test.ts checks the CSP.
    context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl, bypassCSP: true });
  });
  afterAll(() => context.close());

  it('suggests titles with posters while typing a typo, and opens one from the keyboard', async () => {
    page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/search/suggestions/') && asked.push(new URL(r.url()).searchParams.get('q')!));
    await page.goto('/new');
    const box = page.getByRole('combobox', { name: 'Search videos by title' });
    await box.pressSequentially('d');
    await page.waitForTimeout(600);
    expect(asked).toEqual([]); // nothing for one letter
    // The whole hint and what is typed are in view: on a phone the box covers the toolbar's row while it has the focus.
    expect((await box.boundingBox())!.width).toBeGreaterThan(viewport === 'phone' ? 320 : 400);
    await box.pressSequentially('emn sl', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    const option = list.getByRole('option', { name: /Demon Slayer: Hunter\u2019s Oath/ });
    await option.waitFor();
    // One request for the burst of typing (a busy machine may pause between two keys longer than the
    // debounce: never one request per key, six here), and the last for all of it.
    expect(asked.length).toBeLessThanOrEqual(2);
    expect(asked.at(-1)).toBe('demn sl');
    await expect.poll(() => option.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /suggestions?:/ }).textContent()).toMatch(/^\d+ suggestions?: up and down arrows/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${viewport}-search-suggestions`);
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await list.getByRole('option').first().getAttribute('id'));
    await box.press('Enter');
    await page.waitForURL(/\/video\/\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.close();
  });

  it('on no result, offers "Did you mean" and popular videos', async () => {
    page = await context.newPage();
    await page.goto('/new');
    const box = page.getByRole('combobox', { name: 'Search videos by title' });
    await box.fill('demon slxyzr');
    await box.press('Enter');
    await page.waitForURL('**/search/demon%20slxyzr');
    await page.getByText('No video by name demon slxyzr found.').waitFor();
    const fix = page.getByRole('link', { name: 'demon slayer' });
    await fix.waitFor();
    await page.getByRole('heading', { name: 'Popular videos' }).waitFor();
    await page.locator('main ul li').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${viewport}-search-did-you-mean`);
    await fix.click();
    await page.waitForURL('**/search/demon%20slayer');
    await page.locator('main ul li').first().getByText('Demon Slayer: Hunter\u2019s Oath').waitFor();
    await page.close();
  });
});
