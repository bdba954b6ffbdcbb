import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, VIEWPORTS } from './browser.ts';
import { switchableNetwork } from './offline-network.ts';

const storeUrl = inject('baseUrl');
const NEEDS_CONNECTION = 'You are offline, and this needs a connection. Try again once you are back online.';

let browser: Browser;
let network: Awaited<ReturnType<typeof switchableNetwork>>;
let baseUrl: string;
beforeAll(async () => {
  browser = await launchChromium();
  network = await switchableNetwork(storeUrl);
  baseUrl = network.url;
});
afterAll(async () => {
  await browser?.close();
  await network?.close();
});

/**
 * One visit to the home page, as a new phone makes it, until the service worker has installed and
 * kept what that visit showed. Answers the bytes the visit took over the network (its responses'
 * encoded sizes, the worker's own downloads included).
 */
async function firstVisit(context: BrowserContext): Promise<{ page: Page; bytes: () => number }> {
  let bytes = 0;
  context.on('requestfinished', (req) => void req.sizes().then((s) => (bytes += s.responseBodySize + s.responseHeadersSize), () => undefined));
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('.rail').first().waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.ready.then((r) => Boolean(r.active)), undefined, { timeout: 30_000 });
  // The page itself and the answers written into it are kept (CACHE_URLS and the page's own copy).
  await page.waitForFunction(async () => Boolean(await caches.match('/', { ignoreSearch: true })) && Boolean(await caches.match('/api/dj/?page_size=100')), undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return { page, bytes: () => bytes };
}

const heroPicture = (page: Page) => page.waitForFunction(() => Array.from(document.querySelectorAll('main img'), (img) => img as HTMLImageElement).some((img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().top < 400));

async function homeAsLastSeen(page: Page) {
  await page.getByRole('navigation', { name: 'DJs' }).getByRole('link').first().waitFor();
  expect(await page.getByRole('navigation', { name: 'DJs' }).getByRole('link').count()).toBeGreaterThan(1);
  await page.getByRole('heading', { name: 'Suggestions' }).waitFor();
  await heroPicture(page);
  expect(await page.getByText('Error! loading results.').count()).toBe(0);
  expect(await page.getByText(NEEDS_CONNECTION).count()).toBe(0);
}

describe('after one visit to the home page, with no network, at 360 px', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const visit = await firstVisit(context);
    page = visit.page;
    // What one visit costs, the service worker's install included (decision 0035 records it).
    console.log(`first visit to the home page: ${Math.round(visit.bytes() / 1024)} KB over the network`);
    await network.set(context, false);
  });
  afterAll(() => context?.close());

  it('opens the home page as last seen: the hero with its picture, the DJ tabs and the rails', async () => {
    await page.reload();
    await homeAsLastSeen(page);
    await screenshot(page, 'phone-offline-first-visit-home');
  });

  it('opens the menu, and Saved videos from it', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByTestId('drawer');
    await drawer.waitFor({ state: 'visible' });
    await screenshot(page, 'phone-offline-drawer');
    await drawer.getByRole('link', { name: 'Saved videos' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Saved videos' }).waitFor();
    await page.getByText('Videos saved on this phone show to the account that saved them: log in to see yours.').waitFor();
    expect(await page.getByText('Error! loading results.').count()).toBe(0);
    await screenshot(page, 'phone-offline-saved-signed-out');
  });

  it('opens Saved videos reloaded with no network, and the home page from there with its tabs and hero', async () => {
    await page.goto('/saved');
    await page.getByRole('heading', { level: 1, name: 'Saved videos' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('drawer').getByRole('link', { name: 'Home' }).click();
    await homeAsLastSeen(page);
  });

  it('says that a page never seen needs a connection, with Try again, and shows it once back online', async () => {
    await page.goto('/about');
    const alert = page.getByRole('alert').filter({ hasText: NEEDS_CONNECTION });
    await alert.waitFor();
    await page.getByRole('link', { name: 'VSK, Video Store Kenya' }).waitFor();
    await screenshot(page, 'phone-offline-unseen-needs-connection');
    // Opened from the menu within the app, as well.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('drawer').getByRole('link', { name: 'Contact' }).click();
    await page.getByRole('alert').filter({ hasText: NEEDS_CONNECTION }).waitFor();

    await network.set(context, true);
    await page.getByRole('alert').filter({ hasText: NEEDS_CONNECTION }).getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText(NEEDS_CONNECTION).count()).toBe(0);
  });
});

describe('the same in Kiswahili', () => {
  it('says in Kiswahili that a page never seen needs a connection, and the menu opens', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, locale: 'sw-KE' });
    try {
      const { page } = await firstVisit(context);
      await network.set(context, false);
      await page.goto('/about');
      await page.getByRole('alert').filter({ hasText: 'Uko nje ya mtandao, na hiki kinahitaji mtandao. Jaribu tena ukirudi mtandaoni.' }).getByRole('button', { name: 'Jaribu tena' }).waitFor();
      await screenshot(page, 'sw-phone-offline-unseen-needs-connection');
      await page.getByRole('button', { name: 'Fungua menyu' }).click();
      await page.getByTestId('drawer').getByRole('link', { name: 'Video zilizohifadhiwa' }).click();
      await page.getByRole('heading', { level: 1, name: 'Video ulizohifadhi' }).waitFor();
      await page.getByText('Video zilizohifadhiwa kwenye simu hii huonekana kwa akaunti iliyozihifadhi: ingia uone zako.').waitFor();
      await screenshot(page, 'sw-phone-offline-saved-signed-out');
    } finally {
      await context.close();
    }
  });
});
