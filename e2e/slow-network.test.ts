import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type CatalogueVideo, launchChromium, logInAsDemoCustomer, ownedVideoIds, screenshot, seriousAccessibilityViolations, VIEWPORTS, videosForSale } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let video: CatalogueVideo;

/** Kenyan 3G on a bad day: 400 kbit/s each way and a second before each answer starts. */
const SLOW_3G = { offline: false, latency: 1000, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

const playing = (p: Page) =>
  p.waitForFunction(
    () => {
      const v = document.querySelector('[data-media-player] video') as HTMLVideoElement | null;
      if (v === null || v.paused || v.readyState < 2) return false;
      // Half a second really played (its played ranges), not a position: it resumes at 0:04.
      let played = 0;
      for (let i = 0; i < v.played.length; i++) played += v.played.end(i) - v.played.start(i);
      return played > 0.5;
    },
    undefined,
    // Generous: at 400 kbit/s the player's code and the first segment alone take seconds, and CI runs other tests beside.
    { timeout: 90_000 },
  );

/** The player's own Play button, once the player has loaded (the page's code arrives slowly too). */
async function tapPlay(p: Page) {
  const play = p.locator('[data-media-player]').getByRole('button', { name: 'Play', exact: true }).first();
  await play.waitFor({ timeout: 60_000 });
  await play.tap();
}

beforeAll(async () => {
  browser = await launchChromium();
  // No service worker: every request of the page, the player's too, goes through the emulated network.
  context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  await logInAsDemoCustomer(page);
  const owned = await ownedVideoIds(page);
  const forSale = await videosForSale(baseUrl, 1);
  video = forSale.find((v) => owned.includes(v.vidId)) ?? forSale[0]!;
  if (!owned.includes(video.vidId)) {
    const status = await page.evaluate(async (id) => {
      const { access } = (await (await fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access: string };
      return (await fetch('/api/purchased/', { method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body: JSON.stringify({ video_id: id }) })).status;
    }, video.vidId);
    expect(status, 'the demo customer buys a video to watch').toBe(201);
  }
  await page.close();
}, 180_000);
afterAll(() => browser?.close());

/** Each test starts where a customer who stopped halfway would: at 0:04 of the 8-second clip, so the player resumes there. */
beforeEach(async () => {
  const page = await context.newPage();
  await page.goto('/about');
  const status = await page.evaluate(async (id) => {
    const { access } = (await (await fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access: string };
    return (await fetch(`/api/progress/${id}/`, { method: 'PUT', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body: JSON.stringify({ position: 4 }) })).status;
  }, video.vidId);
  expect(status, 'the position is kept on the server').toBeLessThan(300);
  await page.close();
});

describe('an owned video on a slow, far network, at 360 px', () => {
  it('shows it is loading from the tap on Play, then plays, at 400 kbit/s and a second per request', { timeout: 150_000 }, async () => {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await page.goto(`/watch/${video.vidId}`, { timeout: 90_000 });
    await tapPlay(page);
    const loading = page.getByRole('progressbar', { name: 'Loading the video…' });
    await loading.waitFor({ timeout: 10_000 });
    expect(await page.getByRole('status').filter({ hasText: 'Loading the video…' }).isVisible()).toBe(true);
    await screenshot(page, 'phone-slow-network-loading');
    await playing(page);
    await loading.waitFor({ state: 'hidden' });
    await screenshot(page, 'phone-slow-network-playing');
    await page.close();
  });

  it("plays when the page's Play is tapped before the player's code has even arrived", { timeout: 150_000 }, async () => {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    // The player's code is held back until the customer has tapped, as a slow network does at its worst
    // (on a busy machine it could otherwise arrive first, and this would test nothing).
    let tapped!: () => void;
    const tap = new Promise<void>((resolve) => (tapped = resolve));
    await page.route(/\/assets\/video-player-[^/]*\.js$/, async (route) => {
      await tap;
      await route.continue();
    });
    await page.goto(`/watch/${video.vidId}`, { timeout: 90_000 });
    const play = page.getByRole('region', { name: 'Resources' }).getByRole('button', { name: 'Play' });
    await play.waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-media-player]').count(), 'the player is still on its way').toBe(0);
    await play.tap();
    tapped();
    await page.getByRole('progressbar', { name: 'Loading the video…' }).waitFor({ timeout: 30_000 });
    await playing(page);
    await page.close();
  });

  it('says it cannot load when media requests fail, and Try again plays it once the network is back', { timeout: 150_000 }, async () => {
    const page = await context.newPage();
    let networkDown = true;
    await page.route('**/media/private/**', (route) => (networkDown ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`/watch/${video.vidId}`);
    // The player offers no Play of its own while nothing loads: the customer taps the page's.
    await page.getByRole('region', { name: 'Resources' }).getByRole('button', { name: 'Play' }).tap();
    const alert = page.getByRole('alert').filter({ hasText: 'The video could not load. Check your connection, then try again.' });
    await alert.waitFor({ timeout: 60_000 });
    await screenshot(page, 'phone-player-cannot-load');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    networkDown = false;
    await page.getByRole('button', { name: 'Try again' }).tap();
    await playing(page);
    expect(await alert.count()).toBe(0);
    await screenshot(page, 'phone-player-after-try-again');
    await page.close();
  });
});
