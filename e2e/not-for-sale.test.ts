import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CatalogueVideo, dialogShown, explainFailures, launchChromium, logIn, screenshot, seriousAccessibilityViolations, VIEWPORTS, videosForSale } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let staff: Record<string, string>;
/** Published, with no file yet: the store says "Coming soon" (CONTRACT §8). */
let comingSoon: { id: number; title: string };
let forSale: CatalogueVideo[];
const customer = { username: `akinyi${Date.now()}`, email: `akinyi.${Date.now()}@example.co.ke`, password: 'baobab-harbour-2026' };

const json = { 'content-type': 'application/json' };
const api = async (method: string, url: string, body?: object, headers: Record<string, string> = staff) => {
  const res = await fetch(`${baseUrl}${url}`, { method, headers: { ...json, ...headers }, ...(body ? { body: JSON.stringify(body) } : {}) });
  expect(res.status, `${method} ${url}: ${res.status}`).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown> & { id: number }>;
};

beforeAll(async () => {
  browser = await launchChromium();
  forSale = await videosForSale(baseUrl, 2);
  const login = (await api('POST', '/api/login/', { email: 'staff@demo.videostore.co.ke', password: 'demo-staff-kilimanjaro' }, {})) as unknown as { tokens: { access: string } };
  staff = { authorization: `Bearer ${login.tokens.access}` };
  const [dj] = (await (await fetch(`${baseUrl}/api/admin/djs`, { headers: staff })).json()) as { id: number }[];
  const [genre] = (await (await fetch(`${baseUrl}/api/admin/genres`, { headers: staff })).json()) as { id: number }[];
  comingSoon = (await api('POST', '/api/admin/videos', { title: 'Lamu Tides', dj_id: dj!.id, genre_id: genre!.id, cartegory: 'movie', price: 90, published: true })) as unknown as { id: number; title: string };
  // A customer of their own, with a balance that covers the price (the demo customer's cart is the buying journey's).
  await api('POST', '/api/register/', { username: customer.username, email: customer.email, password1: customer.password, password2: customer.password }, {});
  const [account] = (await (await fetch(`${baseUrl}/api/admin/customers?filter=${encodeURIComponent(JSON.stringify({ q: customer.email }))}`, { headers: staff })).json()) as { id: number }[];
  await api('POST', '/api/admin/adjustments', { user_id: account!.id, amount: 1000, reason: 'Journey: a balance to buy with' });
});
afterAll(async () => {
  await browser?.close();
  if (staff && comingSoon) await fetch(`${baseUrl}/api/admin/videos/${comingSoon.id}`, { method: 'DELETE', headers: staff });
});

describe('a video that is not for sale (360 px)', { timeout: 180_000 }, () => {
  it('offers neither Buy nor Add to cart on its page, to a visitor or a customer, and says it is coming', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    for (const who of ['visitor', 'customer']) {
      if (who === 'customer') await logIn(page, customer);
      await page.goto(`/video/${comingSoon.id}`);
      await page.getByRole('heading', { level: 1, name: comingSoon.title }).waitFor();
      await page.getByText('Coming soon').waitFor();
      await page.getByText('This video is still being prepared. It goes on sale as soon as it can be played.').waitFor();
      expect(await page.getByRole('button', { name: /Add to cart|Buy/ }).count(), who).toBe(0);
      await screenshot(page, `phone-not-for-sale-${who}`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    // The server refuses it too, in the customer's words, for a client that tries anyway.
    const refused = await page.evaluate(async (id) => {
      const { access } = (await (await fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access: string };
      const res = await fetch('/api/cart/', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` }, body: JSON.stringify({ video_id: id }) });
      return { status: res.status, body: (await res.json()) as { detail: string } };
    }, comingSoon.id);
    expect(refused).toEqual({ status: 409, body: { detail: 'This video is not for sale yet: it goes on sale as soon as it can be played.' } });
    await context.close();
  });

  it('says which video of the cart was withdrawn since it went in, buys nothing, and once it is taken out buys the rest', async () => {
    const [withdrawn, kept] = [forSale[0]!, forSale[1]!];
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const explained = explainFailures(page);
    await logIn(page, customer);
    for (const [i, v] of [withdrawn, kept].entries()) {
      await page.goto(`/video/${v.vidId}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: `Cart, ${i + 1} video${i ? 's' : ''}` }).waitFor();
    }
    await page.goto('/cart');
    await page.getByText(`Total Ksh ${withdrawn.price + kept.price}`).waitFor();

    // Staff withdraw one while the customer looks at the cart.
    await api('PUT', `/api/admin/videos/${withdrawn.vidId}`, { published: false });
    try {
      await page.getByRole('button', { name: 'Checkout' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
      await dialogShown(page);
      await explained(dialog.getByRole('button', { name: `Pay Ksh ${withdrawn.price + kept.price}` }).click());
      await explained(dialog.getByText(`Nothing was bought: “${withdrawn.title}” is not for sale right now. Take it out of your cart and try again.`).waitFor());
      await screenshot(page, 'phone-checkout-video-withdrawn');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('header-balance').filter({ hasText: 'Ksh 1,000' }).waitFor();

      // Taken out as the message says, the rest is bought.
      await page.getByRole('button', { name: `Remove ${withdrawn.title}` }).click();
      await page.getByText(`Total Ksh ${kept.price}`).waitFor();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: `Pay Ksh ${kept.price}` }).click();
      await page.waitForURL('**/purchase/done');
      await page.getByRole('link', { name: `Play ${kept.title}` }).waitFor();
      await page.getByTestId('header-balance').filter({ hasText: `Ksh ${(1000 - kept.price).toLocaleString('en-KE')}` }).waitFor();
    } finally {
      await api('PUT', `/api/admin/videos/${withdrawn.vidId}`, { published: true });
    }
    await context.close();
  });
});
