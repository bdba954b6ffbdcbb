import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogShown, launchChromium, screenshot, seriousAccessibilityViolations, Steps, VIEWPORTS } from './browser.ts';
import { familyVideos, freshPhone, newCustomer, playing, type ShopVideo, signInOnPage, smsClaimLink, topUp } from './selling.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let video: ShopVideo;

beforeAll(async () => {
  browser = await launchChromium();
  [video] = (await familyVideos(baseUrl, 1)) as [ShopVideo];
});
afterAll(() => browser?.close());

const phoneContext = () => browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true });

describe('gifts in the browser', { timeout: 240_000 }, () => {
  it('sends a video as a gift to a phone, and a new customer claims it from the SMS link and plays it (360 px)', async () => {
    // The giver: a new customer of this journey with the price on their balance.
    const giver = await newCustomer(baseUrl, 'giver');
    await topUp(baseUrl, giver, video.price, freshPhone(3));
    const recipientPhone = freshPhone(4);
    const giverContext = await phoneContext();
    const page = await giverContext.newPage();
    await signInOnPage(page, giver);
    await page.goto(`/video/${video.vidId}`);
    await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    const steps = new Steps();

    await steps.tap(page.getByRole('button', { name: 'Give as a gift' }));
    const dialog = page.getByRole('dialog', { name: 'Give as a gift' });
    await dialogShown(page);
    await dialog.getByText(`Your balance: Ksh ${video.price.toLocaleString('en-KE')}`).waitFor();
    await steps.fill(dialog.getByLabel(/Their phone number/), recipientPhone);
    await steps.fill(dialog.getByLabel('Your message (optional)'), 'Happy birthday, Baraka!');
    await screenshot(page, 'phone-gift-dialog');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const [paid] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/gifts/') && r.request().method() === 'POST'), steps.tap(dialog.getByRole('button', { name: `Pay Ksh ${video.price.toLocaleString('en-KE')}` }))]);
    expect(paid.status(), await paid.text()).toBe(201);
    await page.waitForURL('**/purchase/done');
    await page.getByRole('heading', { name: 'Asante! Your gift is on its way' }).waitFor();
    await screenshot(page, 'phone-gift-sent');
    console.log(`customer with the balance, store page to a gift sent by phone: ${steps}`);
    expect(steps.total).toBeLessThanOrEqual(4);

    // The recipient: a new customer on another phone, from the link in the SMS.
    const link = await smsClaimLink(inject('dataDir'), recipientPhone);
    const recipientContext = await phoneContext();
    const phone = await recipientContext.newPage();
    const claiming = new Steps();
    await claiming.tap({ click: async () => void (await phone.goto(link)) });
    await phone.getByRole('heading', { name: `A gift from ${giver.username}` }).waitFor();
    await phone.getByText('“Happy birthday, Baraka!”').waitFor();
    await screenshot(phone, 'phone-gift-claim-visitor');
    expect(await seriousAccessibilityViolations(phone)).toEqual([]);
    await claiming.tap(phone.getByRole('link', { name: 'Sign up' }));
    const form = phone.getByRole('form', { name: 'Register' });
    const username = `baraka${Date.now().toString(36)}`;
    await claiming.fill(form.getByLabel('Username'), username);
    await claiming.fill(form.getByLabel('Email'), `${username}@example.co.ke`);
    await claiming.fill(form.getByLabel('Password'), 'baobab-sunrise-88');
    await claiming.tap(form.getByRole('button', { name: 'Register' }));
    await phone.waitForURL((url) => url.pathname.startsWith('/gift/'));
    await claiming.tap(phone.getByRole('button', { name: 'Claim your gift' }));
    await phone.getByText('It is yours now.').waitFor();
    await screenshot(phone, 'phone-gift-claimed');
    await claiming.tap(phone.getByRole('link', { name: `Play ${video.title}` }));
    await playing(phone);
    await screenshot(phone, 'phone-gift-playing');
    console.log(`new customer, SMS link to the gift playing: ${claiming}`);

    // The link works once; the giver sees the gift claimed.
    await phone.goto(link);
    await phone.getByText('This gift has already been claimed.').waitFor();
    await page.goto('/account?section=gifts');
    await page.getByRole('region', { name: 'Sent' }).getByText('Claimed').waitFor();
    await screenshot(page, 'phone-account-gifts-sent');
    await giverContext.close();
    await recipientContext.close();
  });
});
