import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, VIEWPORTS } from './browser.ts';
import { switchableNetwork } from './offline-network.ts';

const storeUrl = inject('baseUrl');
const OFFLINE = 'You are offline: showing what you have already seen';

interface WebManifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let network: Awaited<ReturnType<typeof switchableNetwork>>;
let baseUrl: string;
let offline = false;

/** No network at all: the relay drops every connection (the service worker's too) and the browser is told. */
async function setOffline(value: boolean) {
  offline = value;
  await network.set(context, !value);
}

/**
 * chrome-headless-shell (the npm browser, e2e/chromium.mjs) forgets Playwright's offline emulation at
 * each navigation: navigator.onLine was true again on the next page (Debian's Chromium keeps it). A
 * phone with no network says so on every page: the emulation is applied again after each one.
 */
async function stillOffline() {
  if (!offline) return;
  await context.setOffline(false);
  await context.setOffline(true);
}

beforeAll(async () => {
  browser = await launchChromium();
  network = await switchableNetwork(storeUrl);
  baseUrl = network.url;
  context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await network?.close();
});

/** The natural size of a picture as the page's browser decodes it (0 x 0 if it is not a picture). */
const pictureSize = (src: string) =>
  page.evaluate(
    (url) =>
      new Promise<[number, number]>((resolve) => {
        const img = new Image();
        img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
        img.onerror = () => resolve([0, 0]);
        img.src = url;
      }),
    src,
  );

describe('the storefront as an installed app, at 360 px', () => {
  let video: { vidId: number; title: string };

  it('meets the install criteria: a linked manifest with a name, start URL, standalone display and PNG icons of 192, 512 and maskable', async () => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await context.request.get(href!);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as WebManifest;
    expect(manifest).toMatchObject({ name: 'Video Store Kenya', start_url: '/', display: 'standalone', theme_color: '#101418', background_color: '#101418' });
    expect(manifest.short_name).toBeTruthy();
    const icons = manifest.icons ?? [];
    for (const size of [192, 512]) {
      const icon = icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').includes('any'));
      expect(icon, `a ${size} px icon`).toBeDefined();
      const file = await context.request.get(icon!.src);
      expect(file.headers()['content-type']).toBe('image/png');
      expect(await pictureSize(icon!.src)).toEqual([size, size]);
    }
    const maskable = icons.find((i) => i.purpose?.includes('maskable'));
    expect(maskable).toBeDefined();
    expect(await pictureSize(maskable!.src)).toEqual([512, 512]);

    // The worker script is always checked for a new version, never kept by the HTTP cache.
    const sw = await context.request.get('/sw.js');
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  it('is controlled by its service worker after a reload', async () => {
    await page.waitForFunction(() => navigator.serviceWorker.ready.then((r) => Boolean(r.active)), undefined, { timeout: 30_000 });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseUrl}/sw.js`);
    // Chromium's own install check (what Lighthouse's installable-manifest audit asked before Lighthouse 12
    // dropped it), on a page of its own so that its DevTools session goes with it. Playwright's contexts are
    // incognito, which Chromium reports as such: that one is the test browser's, every other would be ours.
    const checked = await context.newPage();
    try {
      await checked.goto('/');
      await checked.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      const cdp = await context.newCDPSession(checked);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
      const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
      expect(errors).toEqual([]);
    } finally {
      await checked.close();
    }
    // No notice while the network is there.
    await page.getByRole('heading', { name: 'Suggestions' }).waitFor();
    expect(await page.getByText(OFFLINE).count()).toBe(0);
  });

  it('opens a video page and the home page already seen with no network, saying it is offline, and the notice goes once back online', async () => {
    const list = (await (await fetch(`${baseUrl}/api/videoDetails/?page_size=1`)).json()) as { results: { vidId: number; title: string }[] };
    video = list.results[0]!;
    await page.goto(`/video/${video.vidId}`);
    await page.getByRole('heading', { level: 1, name: video.title, exact: true }).waitFor();
    await page.getByText(/^Ksh \d/).first().waitFor();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Suggestions' }).waitFor();

    await setOffline(true);
    await page.goto(`/video/${video.vidId}`);
    await stillOffline();
    await page.getByRole('heading', { level: 1, name: video.title, exact: true }).waitFor();
    await page.getByText(/^Ksh \d/).first().waitFor();
    await page.getByText(OFFLINE).waitFor();
    // The poster seen before comes from the worker's cache.
    await page.waitForFunction(() => Array.from(document.querySelectorAll('main img'), (img) => img as HTMLImageElement).some((img) => img.complete && img.naturalWidth > 0));
    await screenshot(page, 'phone-offline-video');

    await page.reload();
    await stillOffline();
    await page.getByRole('heading', { level: 1, name: video.title, exact: true }).waitFor();
    await page.getByText(OFFLINE).waitFor();

    await page.goto('/');
    await stillOffline();
    await page.getByRole('heading', { name: 'Suggestions' }).waitFor();
    await page.getByText(OFFLINE).waitFor();
    await screenshot(page, 'phone-offline-home');
    // Posters never loaded before (further down) cannot come now: each shows its title lettered on the
    // poster's ground, none an empty or broken picture (issue 32 item 10).
    for (let y = 0; y < 6; y++) {
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(150);
    }
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('main .vc-poster')).every((p) => {
        const img = p.querySelector('img');
        return img ? !(img.complete && img.naturalWidth === 0) : (p.querySelector('.vc-poster-lettered')?.textContent ?? '') !== '';
      }),
    );
    expect(await page.locator('main .vc-poster-lettered').count()).toBeGreaterThan(0);
    await page.locator('main .vc-poster-lettered').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-offline-home-unseen-posters');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.locator('main .vc-poster-lettered').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'desktop-offline-home-unseen-posters');
    await page.setViewportSize(VIEWPORTS.phone);

    await setOffline(false);
    await page.getByText(OFFLINE).waitFor({ state: 'detached' });
  });

  it('shows the shell and says that a page not seen before needs a connection, never a blank page, with no network', async () => {
    await setOffline(true);
    try {
      await page.goto('/about');
      await stillOffline();
      await page.getByRole('link', { name: 'VSK, Video Store Kenya' }).waitFor();
      await page.getByText(OFFLINE).waitFor();
      await page.getByText('You are offline, and this needs a connection. Try again once you are back online.').waitFor();
      await screenshot(page, 'phone-offline-unseen');
    } finally {
      await setOffline(false);
    }
  });

  it('offers a new version once it is deployed, and reloads into it when asked', async () => {
    // A deploy, as the browser sees it: the same address, other bytes.
    const swFile = path.resolve(import.meta.dirname, '../apps/web/dist/sw.js');
    const deployed = fs.readFileSync(swFile, 'utf8');
    fs.writeFileSync(swFile, `${deployed}\n// the next version\n`);
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Suggestions' }).waitFor();
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const prompt = page.getByRole('alert').filter({ hasText: 'A new version is ready' });
      await prompt.waitFor({ timeout: 30_000 });
      await screenshot(page, 'phone-update-prompt');
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByRole('heading', { name: 'Suggestions' }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.active) && !r?.waiting))).toBe(true);
      expect(await page.getByText('A new version is ready').count()).toBe(0);
    } finally {
      fs.writeFileSync(swFile, deployed);
    }
  });
});
