import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogShown, launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS } from './browser.ts';
import { asCustomer, familyVideos, newCustomer, playing, signInOnPage, type Customer } from './selling.ts';

const baseUrl = inject('baseUrl');
const json = { 'content-type': 'application/json' };
const PIN = '2580';
let browser: Browser;
let staff: Record<string, string>;

interface RatedVideo {
  vidId: number;
  title: string;
  price: number;
  rating: string;
  for_sale: boolean;
}

/**
 * A demo video rated 18 that plays. The journeys' store makes only a few clips (DEMO_CLIPS), which may
 * all be GE or PG: then one of them is rated 18 by the staff API for this journey, and back after.
 */
async function playable18(): Promise<{ film: RatedVideo; undo: () => Promise<void> }> {
  const page = (await (await fetch(`${baseUrl}/api/videoDetails/?rating=18&page_size=100&ordering=-date_uploaded`)).json()) as { results: RatedVideo[] };
  const ready = page.results.find((v) => v.for_sale && v.rating === '18');
  if (ready) return { film: ready, undo: async () => undefined };
  const [chosen] = (await familyVideos(baseUrl, 1)) as unknown as RatedVideo[];
  const rate = (rating: string) => fetch(`${baseUrl}/api/admin/videos/${chosen!.vidId}`, { method: 'PUT', headers: staff, body: JSON.stringify({ rating }) });
  const rated = await rate('18');
  expect(rated.status, await rated.text()).toBe(200);
  return { film: { ...chosen!, rating: '18' }, undo: async () => void (await rate(chosen!.rating)) };
}

beforeAll(async () => {
  browser = await launchChromium();
  const login = (await (await fetch(`${baseUrl}/api/login/`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'staff@demo.videostore.co.ke', password: 'demo-staff-kilimanjaro' }) })).json()) as { tokens: { access: string } };
  staff = { ...json, authorization: `Bearer ${login.tokens.access}` };
});
afterAll(() => browser?.close());

describe('the family lock on a shared phone', { timeout: 240_000 }, () => {
  it('a parent turns it on, hands the phone over (no 16 or 18 on the home page), then unlocks and plays an 18 film they own (360 px)', async () => {
    const { film, undo } = await playable18();
    // A parent of this journey's own, who owns the 18 film: the staff credit its price, the parent buys it.
    const parent: Customer = await newCustomer(baseUrl, 'mzazi');
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true });
    try {
      const me = await asCustomer<{ user: { id: number } }>(baseUrl, parent, 'GET', '/info/');
      const credited = await fetch(`${baseUrl}/api/admin/adjustments`, { method: 'POST', headers: staff, body: JSON.stringify({ user_id: me.body.user.id, amount: film.price, reason: 'Family lock journey: the price of an 18 film' }) });
      expect(credited.status, await credited.text()).toBe(201);
      const bought = await asCustomer(baseUrl, parent, 'POST', '/purchased/', { video_id: film.vidId, age_confirmed: true });
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      const page = await context.newPage();
      await signInOnPage(page, parent);

      // The parent turns the lock on in the account.
      await page.goto('/account?section=family');
      const card = page.getByTestId('family-lock');
      await card.getByRole('status').filter({ hasText: 'Off' }).waitFor();
      await card.getByTestId('family-new-pin').fill(PIN);
      await card.getByTestId('family-password').fill(parent.password);
      await screenshot(page, 'phone-family-lock-turning-on');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'Turn on the family lock' }).click();
      await card.getByText('The family lock is on.').waitFor();
      await screenshot(page, 'phone-family-lock-on');

      // The phone handed over: the home page shows no 16 or 18 poster.
      await page.goto('/');
      await page.locator('.vc-card .rating-badge').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const shown = await page.locator('.rating-badge').evaluateAll((els) => els.map((e) => e.textContent));
      expect(shown.length).toBeGreaterThan(5);
      expect(shown.filter((r) => r === '16' || r === '18')).toEqual([]);
      expect(await page.locator(`a[href$="/${film.vidId}"]`).count()).toBe(0);
      await screenshot(page, 'phone-family-home-locked');

      // Nor does the account's own list name it: it says one is hidden.
      await page.goto('/account?section=list');
      await page.getByRole('note').filter({ hasText: '1 video rated 16 or 18 is hidden while the family lock is on.' }).waitFor();
      expect(await page.getByText(film.title).count()).toBe(0);
      await screenshot(page, 'phone-family-list-locked');

      // The 18 film they own: no player until the PIN is given.
      await page.goto(`/watch/${film.vidId}`);
      await page.getByRole('heading', { level: 1, name: film.title }).waitFor();
      await page.getByText('The family lock is on: enter the PIN to watch or buy this video.').waitFor();
      expect(await page.locator('[data-media-player]').count()).toBe(0);
      await screenshot(page, 'phone-family-watch-locked');
      await page.getByRole('button', { name: 'Enter PIN' }).click();
      const dialog = page.getByRole('dialog', { name: 'Family lock' });
      await dialogShown(page);
      await dialog.getByTestId('family-pin').fill('1111');
      await dialog.getByRole('button', { name: 'Unlock' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'That PIN is not right.' }).waitFor();
      await dialog.getByTestId('family-pin').fill(PIN);
      await screenshot(page, 'phone-family-pin');
      await dialog.getByRole('button', { name: 'Unlock' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Unlocked, the player is there; the unlock is kept on this phone, so Play works as anywhere.
      await page.locator('[data-media-player]').waitFor({ timeout: 60_000 });
      await page.goto(`/watch/${film.vidId}?play=1`);
      await playing(page);
      await page.locator('.rating-badge.rating-18').first().waitFor();
      await screenshot(page, 'phone-family-unlocked-playing');
      // Unlocked, the list names it again.
      await page.goto('/account?section=list');
      await page.getByRole('link', { name: film.title }).waitFor();
    } finally {
      await context.close();
      // Nothing shared left changed: the lock is the parent's own; the purchase goes back.
      await asCustomer(baseUrl, parent, 'DELETE', '/family-lock/', { password: parent.password });
      const purchases = (await (await fetch(`${baseUrl}/api/admin/purchases?filter=${encodeURIComponent(JSON.stringify({ video_id: film.vidId }))}`, { headers: staff })).json()) as { id: number; username: string; refunded_at: string | null }[];
      const mine = purchases.find((p) => p.username === parent.username && !p.refunded_at);
      if (mine) await fetch(`${baseUrl}/api/admin/purchases/${mine.id}/refund`, { method: 'POST', headers: staff, body: JSON.stringify({ reason: 'Family lock journey: undone' }) });
      await undo();
    }
  });
});
