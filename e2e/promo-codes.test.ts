import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogShown, enterPinOnPhone, launchChromium, screenshot, seriousAccessibilityViolations, Steps, VIEWPORTS } from './browser.ts';
import { asCustomer, familyVideos, freshPhone, newCustomer, type ShopVideo, signInOnPage } from './selling.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let video: ShopVideo;
let staff: Record<string, string>;
/** A code of this journey only, for its one video: taken out of use when the journey ends. */
const code = `SWE2E${Date.now().toString(36).toUpperCase()}`;
/** A code that takes the whole price off: the video is bought without M-Pesa. */
const freeCode = `FREE${Date.now().toString(36).toUpperCase()}`;
const codeIds: number[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  [video] = (await familyVideos(baseUrl, 1)) as [ShopVideo];
  const login = (await (await fetch(`${baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'staff@demo.videostore.co.ke', password: 'demo-staff-kilimanjaro' }) })).json()) as { tokens: { access: string } };
  staff = { authorization: `Bearer ${login.tokens.access}`, 'content-type': 'application/json' };
  for (const terms of [
    { code, percent_off: 20 },
    { code: freeCode, percent_off: 100 },
  ]) {
    const created = await fetch(`${baseUrl}/api/admin/promo-codes`, { method: 'POST', headers: staff, body: JSON.stringify({ ...terms, per_customer: 1, max_redemptions: 5, applies_to: { video_ids: [video.vidId] }, note: 'e2e/promo-codes.test.ts' }) });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    codeIds.push(((await created.json()) as { id: number }).id);
  }
});
afterAll(async () => {
  // Leave the store as it was: the journey's code is removed (or, if staff may not delete a used one, switched off).
  for (const id of codeIds) {
    const removed = await fetch(`${baseUrl}/api/admin/promo-codes/${id}`, { method: 'DELETE', headers: staff });
    if (!removed.ok) await fetch(`${baseUrl}/api/admin/promo-codes/${id}`, { method: 'PUT', headers: staff, body: JSON.stringify({ active: false }) });
  }
  await browser?.close();
});

describe('promo codes in the browser', { timeout: 180_000 }, () => {
  it('takes a code typed in the cart on a phone set to Kiswahili: the new total before paying, and M-Pesa asked only for that (360 px)', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true, locale: 'sw-KE' });
    const untranslated: string[] = [];
    context.on('console', (msg) => {
      if (msg.type() === 'error' && msg.text().includes('Untranslated message')) untranslated.push(msg.text());
    });
    const customer = await newCustomer(baseUrl, 'akinyi');
    expect((await asCustomer(baseUrl, customer, 'POST', '/cart/', { video_id: video.vidId })).status).toBeLessThan(300);
    const page = await context.newPage();
    await signInOnPage(page, customer);
    await page.goto('/cart');
    const price = video.price;
    const ksh = (n: number) => `Ksh ${n.toLocaleString('en-KE')}`;
    await page.getByTestId('cart-total').filter({ hasText: `Jumla ${ksh(price)}` }).waitFor();
    const steps = new Steps();

    await steps.tap(page.getByRole('button', { name: 'Una msimbo?' }));
    await steps.fill(page.getByLabel('Msimbo wa punguzo'), code.toLowerCase());
    const [previewed] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/promo-codes/')), steps.tap(page.getByRole('button', { name: 'Tumia' }))]);
    // 20% off, as the server rounds it.
    const after = ((await previewed.json()) as { total_after: number }).total_after;
    expect(after).toBeLessThan(price);
    await page.getByText(`${code}: punguzo la ${ksh(price - after)}. Jumla mpya ${ksh(after)}.`).waitFor();
    await page.getByTestId('cart-total').filter({ hasText: `Jumla ${ksh(after)}` }).waitFor();
    await screenshot(page, 'sw-phone-cart-promo-code');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await steps.tap(page.getByRole('button', { name: 'Lipia' }));
    const dialog = page.getByRole('dialog', { name: 'Thibitisha ununuzi' });
    await dialogShown(page);
    await dialog.getByText(`video 1 · jumla ${ksh(price)} ${ksh(after)}`).waitFor();
    await steps.fill(dialog.getByLabel(/Namba ya simu ya M-Pesa/), freshPhone(5));
    await screenshot(page, 'sw-phone-checkout-promo-code');
    const [pushed] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/purchased/') && r.request().method() === 'POST'), steps.tap(dialog.getByRole('button', { name: `Lipa ${ksh(after)} kwa M-Pesa` }))]);
    expect(pushed.status(), await pushed.text()).toBe(202);
    expect(pushed.request().postDataJSON()).toMatchObject({ video_id: video.vidId, promo_code: code });
    const payment = (await pushed.json()) as { CheckoutRequestID: string; amount: number };
    expect(payment.amount).toBe(after);
    await enterPinOnPhone(context, payment.CheckoutRequestID, steps);
    await page.waitForURL('**/purchase/done', { timeout: 60_000 });
    await page.getByText(`Umelipa ${ksh(after)}. Risiti ya M-Pesa`).waitFor();
    await screenshot(page, 'sw-phone-done-promo-code');
    console.log(`cart to bought with a promo code, in Kiswahili: ${steps}`);
    expect(untranslated).toEqual([]);

    // The code was for one use by this customer: now it says why not, in one sentence, in Kiswahili.
    const again = await asCustomer<Record<string, string[]>>(baseUrl, customer, 'GET', `/promo-codes/${code}/?video_ids=${video.vidId}`, undefined, { 'accept-language': 'sw' });
    expect(again.status).toBe(400);
    expect(again.body.promo_code?.[0]).toMatch(/\.$/);
    await context.close();
  });

  it('takes a code in the buy dialog that brings the total to 0: bought without M-Pesa, the balance untouched (360 px)', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true });
    const customer = await newCustomer(baseUrl, 'otieno');
    const page = await context.newPage();
    await signInOnPage(page, customer);
    await page.goto(`/video/${video.vidId}`);
    await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    const steps = new Steps();

    await steps.tap(page.getByRole('button', { name: 'Buy' }));
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialogShown(page);
    await dialog.getByText('Your balance: Ksh 0').waitFor();
    await steps.tap(dialog.getByRole('button', { name: 'Have a code?' }));
    await steps.fill(dialog.getByLabel('Promo code'), freeCode);
    await steps.tap(dialog.getByRole('button', { name: 'Apply' }));
    await dialog.getByText(`${freeCode}: Ksh ${video.price.toLocaleString('en-KE')} off. New total Ksh 0.`).waitFor();
    // Nothing left to pay: no phone asked, no prompt.
    expect(await dialog.getByLabel(/M-Pesa phone number/).count()).toBe(0);
    await screenshot(page, 'phone-dialog-promo-code-free');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const [bought] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/purchased/') && r.request().method() === 'POST'), steps.tap(dialog.getByRole('button', { name: 'Pay Ksh 0' }))]);
    expect(bought.status(), await bought.text()).toBe(201);
    await page.waitForURL('**/purchase/done');
    await page.getByText('Paid Ksh 0 from your balance.').waitFor();
    await screenshot(page, 'phone-done-promo-code-free');
    await steps.tap(page.getByRole('link', { name: `Play ${video.title}` }));
    await page.waitForURL(`**/watch/${video.vidId}?play=1`);
    await page.locator('[data-media-player]').waitFor();
    console.log(`signed-in customer, a code for the whole price typed in the buy dialog, store page to the player: ${steps}`);
    await context.close();
  });
});
