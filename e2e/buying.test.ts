import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
interface V { vidId: number; title: string; price: number }
let videos: V[];

beforeAll(async () => {
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl })).newPage();
  // the cheapest guides, so the demo customer's Ksh 1,000 covers them
  videos = ((await (await fetch(`${baseUrl}/api/videoDetails/?cartegory=guide&ordering=price&page_size=3`)).json()) as { results: V[] }).results;
});
afterAll(() => browser?.close());

describe('buying in the browser', () => {
  it('sends a visitor who taps Buy to the login page, and keeps what they put in the cart', async () => {
    await page.goto(`/video/${videos[1]!.vidId}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Movie in cart' }).waitFor();
    expect(await page.getByRole('button', { name: 'Movie in cart' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL('**/account/authenticate');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill('customer@demo.videostore.co.ke');
    await form.getByLabel('Password').fill('demo-customer-nairobi');
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto('/cart');
    await page.getByText(videos[1]!.title).waitFor();
  });

  it('buys a video after the confirmation with count, total and balance', async () => {
    const v = videos[0]!;
    await page.goto(`/video/${v.vidId}`);
    await page.getByRole('button', { name: 'Buy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.getByText(`1 video · total Ksh ${v.price}`).waitFor();
    await dialog.getByText(/Your balance: Ksh [\d,]+/).waitFor();
    // MUI fades the dialog's container in: judge and picture it once it is fully shown
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDialog-container')!).opacity === '1');
    await screenshot(page, 'phone-buy-dialog');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/purchased/')), dialog.getByRole('button', { name: `Pay Ksh ${v.price}` }).click()]);
    expect(res.status(), await res.text()).toBe(201);
    await page.waitForURL(`**/watch/${v.vidId}`);
    await page.getByRole('heading', { name: 'Resources' }).waitFor();
    await page.getByRole('heading', { name: 'Other Purchased Videos' }).waitFor();
  });

  it('checks out the cart and lists the videos in Your List', async () => {
    await page.goto('/cart');
    await page.getByText(`Total Ksh ${videos[1]!.price}`).waitFor();
    await screenshot(page, 'phone-cart');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Pay Ksh/ }).click();
    await page.waitForURL('**/account?section=list');
    await page.getByRole('link', { name: videos[0]!.title }).waitFor();
    await page.getByRole('link', { name: videos[1]!.title }).waitFor();
    await screenshot(page, 'phone-your-list');
    await page.goto('/cart');
    await page.getByText('Your cart is empty.').waitFor();
  });
});
