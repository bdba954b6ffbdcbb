import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, VIEWPORTS, type ViewportName } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function open(viewport: ViewportName, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl, ...(viewport === 'phone' ? { hasTouch: true, isMobile: true } : {}) });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('navigation', { name: 'DJs' }).getByRole('link').nth(3).waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

/** Where each DJ tab is, whether it is wholly inside the row and not under something else at its centre. */
const tabsOf = (page: Page) =>
  page.getByRole('navigation', { name: 'DJs' }).evaluate((nav) => {
    const row = nav.getBoundingClientRect();
    const lang = document.querySelector('.lang-switch')!.getBoundingClientRect();
    return Array.from(nav.querySelectorAll('a')).map((a) => {
      const r = a.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { name: a.textContent, inRow: r.left >= row.left - 0.5 && r.right <= row.right + 0.5, uncovered: hit === a || a.contains(hit), clearOfLanguage: r.right <= lang.left || r.left >= lang.right || r.right <= row.right };
    });
  });

describe('the header’s DJ tabs and the posters’ rating badges (issue 32 item 26)', { timeout: 120_000 }, () => {
  it('at 360 px every DJ tab is reachable: an arrow says more lie to the right and brings the fourth into view, clear of the language switch', async () => {
    const page = await open('phone', '/');
    try {
      const before = await tabsOf(page);
      expect(before).toHaveLength(4);
      // The row is wider than a phone: the last tab is not all in sight, and the arrow says so.
      expect(before[3]!.inRow).toBe(false);
      const more = page.locator('.dj-scroll-more');
      expect(await more.isVisible()).toBe(true);
      await screenshot(page, 'phone-dj-tabs');
      await more.tap();
      await page.waitForFunction(() => document.querySelector('.dj-tabs-box')?.getAttribute('data-more') === 'false');
      await page.waitForTimeout(400);
      const after = await tabsOf(page);
      expect(after[3]).toMatchObject({ inRow: true, uncovered: true, clearOfLanguage: true });
      // And the way back is shown too.
      expect(await page.locator('.dj-scroll-less').isVisible()).toBe(true);
      await screenshot(page, 'phone-dj-tabs-scrolled');
      // The fourth DJ's own page opens with its tab in sight.
      await page.getByRole('navigation', { name: 'DJs' }).getByRole('link').nth(3).tap();
      await page.waitForURL((url) => url.pathname.startsWith('/dj/'));
      await page.reload();
      await page.getByRole('navigation', { name: 'DJs' }).locator('a[aria-current="page"]').waitFor();
      await page.waitForTimeout(300);
      expect((await tabsOf(page))[3]).toMatchObject({ inRow: true, uncovered: true });
      await screenshot(page, 'phone-dj-page-tab-in-sight');
    } finally {
      await page.context().close();
    }
  });

  it('at 1280 px the four tabs show whole, with no arrows', async () => {
    const page = await open('desktop', '/');
    try {
      const tabs = await tabsOf(page);
      expect(tabs.map((t) => t.inRow && t.uncovered)).toEqual([true, true, true, true]);
      expect(await page.locator('.dj-scroll-more').isVisible()).toBe(false);
      expect(await page.locator('.dj-scroll-less').isVisible()).toBe(false);
      await screenshot(page, 'desktop-dj-tabs');
    } finally {
      await page.context().close();
    }
  });

  it('a poster’s rating badge sits clear of the label the poster prints at its top left and of its bottom band (360 px)', async () => {
    const page = await open('phone', '/');
    try {
      await page.locator('.vc-card .rating-badge').first().waitFor();
      const placed = await page.locator('.vc-card .vc-poster').evaluateAll((posters) =>
        posters
          .filter((p) => p.querySelector('.rating-badge'))
          .map((p) => {
            const box = p.getBoundingClientRect();
            const badge = p.querySelector('.rating-badge')!.getBoundingClientRect();
            // The demo posters print a season or category at the top left (within the left half, the top
            // tenth) and the DJ in a band along the bottom seventh (apps/server/src/demo/art.ts).
            return { rightHalf: badge.left >= box.left + box.width / 2, aboveBand: badge.bottom <= box.top + box.height * 0.86, inside: badge.right <= box.right && badge.top >= box.top };
          }),
      );
      expect(placed.length).toBeGreaterThan(5);
      expect(placed.filter((p) => !(p.rightHalf && p.aboveBand && p.inside))).toEqual([]);
      await page.locator('.vc-card').first().scrollIntoViewIfNeeded();
      await screenshot(page, 'phone-poster-badges');
    } finally {
      await page.context().close();
    }
  });
});
