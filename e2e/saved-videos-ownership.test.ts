import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, logIn, screenshot, videosForSale, VIEWPORTS } from './browser.ts';
import { switchableNetwork } from './offline-network.ts';

const storeUrl = inject('baseUrl');
const json = { 'content-type': 'application/json' };

interface Customer {
  email: string;
  password: string;
}

async function post(url: string, body: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${storeUrl}${url}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
  expect(res.status, `${url}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

/** A customer of this journey only (no other journey refunds their video): signed up, and with `buys` bought on staff credit. */
async function newCustomer(tag: string, buys?: number): Promise<Customer> {
  const username = `${tag}${Date.now() % 1_000_000}`;
  const customer = { email: `${username}@example.co.ke`, password: 'simu-yangu-2026' };
  await post('/api/register/', { username, ...customer, password1: customer.password, password2: customer.password });
  if (buys === undefined) return customer;
  const login = (await post('/api/login/', customer)) as { tokens: { access: string } };
  const auth = { authorization: `Bearer ${login.tokens.access}` };
  const info = (await (await fetch(`${storeUrl}/api/info/`, { headers: auth })).json()) as { user: { id: number } };
  const staff = (await post('/api/login/', { email: 'staff@demo.videostore.co.ke', password: 'demo-staff-kilimanjaro' })) as { tokens: { access: string } };
  await post('/api/admin/adjustments', { user_id: info.user.id, amount: 1000, reason: 'Journey credit' }, { authorization: `Bearer ${staff.tokens.access}` });
  await post('/api/purchased/', { video_id: buys }, auth);
  return customer;
}

const savedFiles = (page: Page) => page.evaluate(async () => (await (await caches.open('saved-videos-v1')).keys()).length);
const savedRecords = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('savedVideos') ?? '[]') as { id: number; owner?: number }[]);

async function playsFromSavedList(page: Page, title: string) {
  const row = page.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: `Play ${title}` }).click();
  await page.waitForFunction(() => ((document.querySelector('[data-media-player] video') as HTMLVideoElement | null)?.currentTime ?? 0) > 1.5, undefined, { timeout: 30_000 });
}

let browser: Browser;
let network: Awaited<ReturnType<typeof switchableNetwork>>;
let context: BrowserContext;
let page: Page;
let video: { vidId: number; title: string };
let wanjiku: Customer;
let otieno: Customer;
const NO_LONGER_OWNED = /no longer own it/;

beforeAll(async () => {
  browser = await launchChromium();
  network = await switchableNetwork(storeUrl);
  video = (await videosForSale(storeUrl, 1))[0]!;
  wanjiku = await newCustomer('wanjikusaves', video!.vidId);
  otieno = await newCustomer('otienonext');
  context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: network.url });
  page = await context.newPage();
  await logIn(page, wanjiku);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await network?.close();
});

describe('videos saved on a shared phone belong to the account that saved them, at 360 px', () => {
  it('a saved video plays with no network after one visit to the home page', { timeout: 180_000 }, async () => {
    await page.goto(`/watch/${video.vidId}`);
    await page.locator('[data-media-player][data-can-play]').waitFor({ timeout: 120_000 });
    const section = page.getByRole('region', { name: 'Save for offline' });
    await section.getByRole('button', { name: 'Save for offline' }).click();
    await expect.poll(() => section.getByRole('status').textContent(), { timeout: 60_000 }).toMatch(/^Saved on this phone · [\d.,]+ MB$/);

    await page.goto('/');
    await page.locator('.rail').first().waitFor();
    await page.waitForLoadState('networkidle');
    await network.set(context, false);
    try {
      await page.goto('/saved');
      await page.getByRole('heading', { level: 1, name: 'Saved videos' }).waitFor();
      await playsFromSavedList(page, video.title);
      await screenshot(page, 'phone-saved-playing-offline-after-home');
    } finally {
      await network.set(context, true);
    }
  });

  it('logging out asks (in Kiswahili too) whether to keep them; kept, they are hidden and unplayable, and the next customer sees nothing of them', { timeout: 90_000 }, async () => {
    await page.goto('/account');
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    await page.getByRole('button', { name: 'Toka' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video zilizohifadhiwa kwenye simu hii' });
    await dialog.getByText('Video 1 uliyohifadhi iko kwenye simu hii.', { exact: false }).waitFor();
    await screenshot(page, 'sw-phone-logout-saved-videos');
    await dialog.getByRole('button', { name: 'Ghairi' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Signout' }).click();
    const english = page.getByRole('dialog', { name: 'Videos saved on this phone' });
    await english.getByText('1 video you saved is on this phone.', { exact: false }).waitFor();
    await screenshot(page, 'phone-logout-saved-videos');
    await english.getByRole('button', { name: 'Keep and log out' }).click();
    await page.getByRole('form', { name: 'Login' }).waitFor();

    await page.goto('/saved');
    await page.getByText('Videos saved on this phone show to the account that saved them: log in to see yours.').waitFor();
    expect(await page.locator('main').getByText(video.title).count()).toBe(0);
    expect(await savedFiles(page)).toBeGreaterThan(2);
    await screenshot(page, 'phone-saved-after-logout');
    // Its page is the store's, with no player.
    await page.goto(`/watch/${video.vidId}`);
    await page.getByRole('button', { name: 'Buy' }).waitFor();
    expect(await page.locator('[data-media-player]').count()).toBe(0);

    await logIn(page, otieno);
    await page.goto('/saved');
    await page.getByText('No videos saved on this phone yet.', { exact: false }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('main').getByText(video.title).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'phone-saved-next-customer');
    // Nothing of his saved here: signing out asks nothing.
    await page.goto('/account');
    await page.getByRole('button', { name: 'Signout' }).click();
    await page.getByRole('form', { name: 'Login' }).waitFor();
    expect(await savedFiles(page)).toBeGreaterThan(2);
  });

  it('are back, and play, when their account signs in again', { timeout: 60_000 }, async () => {
    await logIn(page, wanjiku);
    await page.goto('/saved');
    await playsFromSavedList(page, video.title);
    expect(await page.getByText(NO_LONGER_OWNED).count()).toBe(0);
  });

  it('stay when the session ends (the refresh cookie gone): nothing deleted, nobody told it was removed', { timeout: 60_000 }, async () => {
    await context.clearCookies();
    await page.goto('/saved');
    // The app finds the session over (the header's account answer is a 401) and signs out on this phone.
    await page.getByText('Videos saved on this phone show to the account that saved them: log in to see yours.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await savedRecords(page)).toEqual([expect.objectContaining({ id: video.vidId })]);
    expect(await savedFiles(page)).toBeGreaterThan(2);

    await logIn(page, wanjiku);
    await page.goto('/saved');
    await page.getByRole('listitem').filter({ hasText: video.title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(NO_LONGER_OWNED).count()).toBe(0);
    await screenshot(page, 'phone-saved-after-session-ended');
  });
});
