import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogShown, enterPinOnPhone, launchChromium, screenshot, seriousAccessibilityViolations, Steps, VIEWPORTS } from './browser.ts';
import { familyVideos, freshPhone, playing } from './selling.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
interface RentableVideo {
  vidId: number;
  title: string;
  price: number;
  rent_price: number | null;
  rental_hours: number;
}
let video: RentableVideo;

beforeAll(async () => {
  browser = await launchChromium();
  // A playable video the demo rents out (CONTRACT §2: most are).
  const ready = await familyVideos(baseUrl, 1);
  const details = await Promise.all(ready.map(async (v) => (await (await fetch(`${baseUrl}/api/videoDetails/${v.vidId}/`)).json()) as RentableVideo));
  video = details.find((v) => v.rent_price !== null)!;
  expect(video).toBeDefined();
});
afterAll(() => browser?.close());

describe('renting in the browser', { timeout: 180_000 }, () => {
  it('takes a new customer with no balance from a store page to a rented video playing, with its time left, and never offers the download (360 px)', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true });
    const customer = { phone: freshPhone(1) };
    const page = await context.newPage();
    await page.goto(`/video/${video.vidId}`);
    await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    const rent = page.getByRole('button', { name: `Rent ${video.rental_hours} h · Ksh ${video.rent_price}` });
    await rent.waitFor();
    await screenshot(page, 'phone-rent-offer');
    const steps = new Steps();

    await steps.tap(rent);
    const dialog = page.getByRole('dialog', { name: 'Confirm rental' });
    await dialogShown(page);
    await dialog.getByText(`Rent for ${video.rental_hours} h · total Ksh ${video.rent_price}`).waitFor();
    await screenshot(page, 'phone-rent-dialog-new-customer');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Only the phone: the paying phone makes the account and signs this browser in (CONTRACT §16).
    expect(await dialog.getByLabel('Email').count()).toBe(0);
    await steps.fill(dialog.getByLabel('M-Pesa phone number'), customer.phone);
    const [pushed] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/rentals/') && r.request().method() === 'POST'),
      steps.tap(dialog.getByRole('button', { name: `Pay Ksh ${video.rent_price} with M-Pesa` })),
    ]);
    expect(pushed.status(), await pushed.text()).toBe(202);
    await dialog.getByText('Check your phone').waitFor();
    await screenshot(page, 'phone-rent-waiting-for-pin');

    await enterPinOnPhone(context, ((await pushed.json()) as { CheckoutRequestID: string }).CheckoutRequestID, steps);
    await page.waitForURL('**/purchase/done', { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Asante! It is rented' }).waitFor();
    await page.getByText(`Your ${video.rental_hours} h start when you press play, within 30 days.`).waitFor();
    await screenshot(page, 'phone-rent-done');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await steps.tap(page.getByRole('link', { name: `Play ${video.title}` }));
    await page.waitForURL(`**/watch/${video.vidId}?play=1`);
    await playing(page);
    // The first play started the clock on the server: the page says so.
    try {
      await page.getByTestId('rental-time-left').filter({ hasText: `Ends in ${video.rental_hours - 1} h` }).waitFor({ timeout: 30_000 });
    } catch (err) {
      await screenshot(page, 'phone-rent-playing-no-time-left');
      console.log('time left shown:', await page.getByTestId('rental-time-left').allTextContents());
      throw err;
    }
    expect(await page.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0);
    // The main video's download; a subtitles file's own ("Download … .vtt") stays.
    expect(await page.getByRole('link', { name: 'Download', exact: true }).count()).toBe(0);
    await screenshot(page, 'phone-rent-playing-time-left');
    console.log(`new customer, no balance, store page to a rented video playing: ${steps}`);
    expect(steps.total).toBeLessThanOrEqual(6);

    // Saved offline, the copy keeps the rental's end: Saved videos says the time left (CONTRACT §11).
    const offline = page.getByRole('region', { name: 'Save for offline' });
    await offline.getByTestId('offline-rental').waitFor();
    await offline.getByRole('button', { name: 'Save for offline' }).click();
    await expect.poll(() => offline.getByRole('status').textContent(), { timeout: 60_000 }).toMatch(/^Saved on this phone · [\d.,]+ MB$/);
    await offline.getByRole('link', { name: 'Saved videos' }).click();
    await page.waitForURL('**/saved');
    const row = page.getByRole('listitem').filter({ hasText: video.title });
    await row.getByTestId('rental-time-left').filter({ hasText: `Ends in ${video.rental_hours - 1} h` }).waitFor();
    await row.getByRole('button', { name: `Play ${video.title}` }).waitFor();
    await screenshot(page, 'phone-rent-saved-offline');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Rent, then own: the store page offers it for the price less the rent, and the account lists the rental.
    await page.goto(`/video/${video.vidId}`);
    await page.getByRole('button', { name: `Own it for Ksh ${(video.price - video.rent_price!).toLocaleString('en-KE')}` }).waitFor();
    await page.getByTestId('rental-time-left').filter({ hasText: /^Ends in \d+ h$/ }).waitFor();
    await screenshot(page, 'phone-rent-own-it');
    await page.goto('/account?section=rentals');
    const rentals = page.getByRole('list', { name: 'Rentals' });
    await rentals.getByRole('link', { name: video.title }).waitFor();
    await rentals.getByText(/^Ends in \d+ h$/).waitFor();
    await screenshot(page, 'phone-account-rentals');
    await context.close();
  });
});
