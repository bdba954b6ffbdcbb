import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CatalogueVideo, dialogShown, launchChromium, logInAsDemoCustomer, screenshot, seriousAccessibilityViolations, VIEWPORTS, videosForSale } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let video: CatalogueVideo;
const stamp = Date.now();
/** A phone of this run's own: no prompt another journey left open on it. */
const freshPhone = (n: number) => `07${String((stamp + n * 7919) % 100_000_000).padStart(8, '0')}`;

beforeAll(async () => {
  browser = await launchChromium();
  [video] = (await videosForSale(baseUrl, 1)) as [CatalogueVideo];
});
afterAll(() => browser?.close());

const phoneContext = (locale = 'en-KE') => browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true, locale });

/** Answers one prompt on the simulated phone with `button` (Pay (PIN), Wrong PIN, Cancel). */
async function answerOnPhone(context: BrowserContext, checkoutRequestId: string, button: string) {
  const phone = await context.newPage();
  await phone.goto('/mpesa-sim/phone');
  await phone.locator(`li[data-checkout="${checkoutRequestId}"]`).getByRole('button', { name: button }).click();
  // The phone's answer is a request of its own: closing the page before it is sent would lose it.
  await phone.locator(`li[data-checkout="${checkoutRequestId}"]`).waitFor({ state: 'detached' });
  await phone.close();
}

/** Registers a customer through the API and signs them in with the storefront's form (its words in either language). */
async function signInNewCustomer(page: Page, email: string, username: string) {
  const registered = await fetch(`${baseUrl}/api/register/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, email, password1: 'baobab-sunrise-88', password2: 'baobab-sunrise-88' }) });
  expect(registered.status).toBe(201);
  await page.goto('/account/authenticate');
  const form = page.locator('form').filter({ has: page.locator('input[autocomplete="current-password"]') });
  await form.locator('input[type="email"]').fill(email);
  await form.locator('input[type="password"]').fill('baobab-sunrise-88');
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * The header's language switch, waiting until the account has it too: a page loaded before then would
 * take the account's old choice, and the demo customer's language is shared with other journeys.
 */
async function chooseLanguage(page: Page, name: 'English' | 'Kiswahili') {
  await Promise.all([page.waitForResponse((r) => /\/api\/profile\/\d+\/$/.test(r.url()) && r.request().method() === 'PATCH'), page.getByRole('button', { name }).click()]);
}

/** The account's activity as the API gives it to the page's own session. */
const activityOf = (page: Page) =>
  page.evaluate(async () => {
    const { access } = (await (await fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access: string };
    return ((await (await fetch('/api/activity/?page_size=100', { headers: { authorization: `Bearer ${access}` } })).json()) as { results: { kind: string; amount: number; balance_after: number; note: string | null }[] }).results;
  });

/** Nothing on the page is wider than the screen. */
const overflowing = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the customer’s money screens at 360 px', { timeout: 180_000 }, () => {
  it('keeps the header’s search box usable with a balance showing, in English and Kiswahili (and at 1280 px)', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await logInAsDemoCustomer(page);
    await page.goto('/deposit');
    for (const language of ['en', 'sw'] as const) {
      if (language === 'sw') await chooseLanguage(page, 'Kiswahili');
      await page.getByTestId('header-balance').waitFor();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
      const search = page.getByRole('combobox');
      const box = (await search.boundingBox())!;
      // Wide enough for a word of the hint after its icon (it was 40 px: "S…").
      expect(box.width).toBeGreaterThanOrEqual(100);
      const icon = (await page.locator('.search-icon').boundingBox())!;
      expect(icon.width).toBeGreaterThan(10);
      expect(icon.x).toBeGreaterThanOrEqual(box.x);
      expect(icon.x + icon.width).toBeLessThanOrEqual(box.x + box.width);
      // The balance stays; the name gives way on a phone (the link still names the profile's owner).
      expect(await page.getByTestId('header-balance').isVisible()).toBe(true);
      expect(await page.getByTestId('account-name').isVisible()).toBe(false);
      expect(await overflowing(page)).toBe(false);
      await screenshot(page, `${language}-phone-header-with-balance`);
    }
    await chooseLanguage(page, 'English');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByTestId('account-name').waitFor();
    expect((await page.getByRole('combobox').boundingBox())!.width).toBeGreaterThan(300);
    await screenshot(page, 'en-desktop-header-with-balance');
    await context.close();
  });

  it('shows the demo customer every change of their balance, the opening adjustment included, and a library that plays (English and Kiswahili)', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await logInAsDemoCustomer(page);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Account activity: every deposit, purchase, refund and adjustment' }).click();
    const list = page.getByRole('list', { name: 'Account activity' });
    const opening = list.getByTestId('activity-entry').filter({ hasText: 'Demo store opening balance' });
    await opening.waitFor();
    expect(await opening.innerText()).toMatch(/^Adjustment\s+\+Ksh 1,000\s+Demo store opening balance\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+Balance Ksh 1,000$/);
    await list.getByTestId('activity-entry').filter({ hasText: /^Deposit/ }).filter({ hasText: 'M-Pesa 254712345678' }).first().waitFor();
    expect(await list.getByTestId('activity-entry').filter({ hasText: /^Purchase/ }).count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'en-phone-account-activity');
    expect(await overflowing(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Newest first, and each balance is the one before it plus what moved.
    const entries = await activityOf(page);
    expect(entries.at(-1)).toMatchObject({ kind: 'adjustment', amount: 1000, balance_after: 1000, note: 'Demo store opening balance' });
    for (let i = 0; i < entries.length - 1; i++) expect(entries[i]!.balance_after - entries[i]!.amount).toBe(entries[i + 1]!.balance_after);

    // A newcomer who signs in finds videos of their own.
    await page.goto('/account?section=list');
    await page.getByRole('heading', { name: 'Your List' }).waitFor();
    expect(await page.locator('main li a[href^="/watch/"]').count()).toBeGreaterThanOrEqual(3);
    // Each price and date on one line, however long the title beside it ("2026-11-" / "22" it was).
    const priced = page.locator('main li span').filter({ hasText: /^Ksh [\d,]+ · \d{4}-\d\d-\d\d$/ });
    expect(await priced.count()).toBeGreaterThanOrEqual(3);
    const lines = await priced.evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      }),
    );
    expect(lines.every((n) => n === 1)).toBe(true);
    await screenshot(page, 'en-phone-account-library');

    await chooseLanguage(page, 'Kiswahili');
    await page.goto('/account?section=activity');
    const orodha = page.getByRole('list', { name: 'Shughuli za akaunti' });
    await orodha.getByTestId('activity-entry').filter({ hasText: 'Demo store opening balance' }).filter({ hasText: /^Marekebisho\s*\+Ksh 1,000/ }).waitFor();
    await orodha.getByText(/^Salio Ksh/).first().waitFor();
    await screenshot(page, 'sw-phone-account-activity');
    expect(await overflowing(page)).toBe(false);
    await chooseLanguage(page, 'English');
    await context.close();
  });

  it('says a wrong PIN in Kiswahili in the purchase dialog and in Deposit History, and offers to send the prompt again', async () => {
    const context = await phoneContext('sw-KE');
    const untranslated: string[] = [];
    context.on('console', (msg) => {
      if (msg.type() === 'error' && msg.text().includes('Untranslated message')) untranslated.push(msg.text());
    });
    const page = await context.newPage();
    await signInNewCustomer(page, `pendo.${stamp}@example.co.ke`, `Pendo${stamp.toString(36)}`);
    // The account takes the device's language (Kiswahili) at sign-in.
    await page.waitForFunction(() => document.documentElement.lang === 'sw');
    await page.goto(`/video/${video.vidId}`);
    await page.getByRole('button', { name: 'Nunua', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Thibitisha ununuzi' });
    await dialogShown(page);
    await dialog.getByLabel('Namba ya simu ya M-Pesa').fill(freshPhone(1));
    const [pushed] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/purchased/') && r.request().method() === 'POST'), dialog.getByRole('button', { name: `Lipa Ksh ${video.price} kwa M-Pesa` }).click()]);
    expect(pushed.status(), await pushed.text()).toBe(202);
    await dialog.getByText('Angalia simu yako').waitFor();

    await answerOnPhone(context, ((await pushed.json()) as { CheckoutRequestID: string }).CheckoutRequestID, 'Wrong PIN');
    await dialog.getByText('PIN ya M-Pesa haikuwa sahihi. Hakuna pesa iliyokatwa: jaribu tena na uweke PIN yako kwa makini.').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Tuma ombi tena' }).waitFor();
    expect(await dialog.innerText()).not.toMatch(/initiator|PIN was wrong/);
    await screenshot(page, 'sw-phone-dialog-wrong-pin');
    expect(await overflowing(page)).toBe(false);

    await page.keyboard.press('Escape');
    await page.goto('/account?section=deposits');
    await page.getByText(/PIN ya M-Pesa haikuwa sahihi\. Hakuna pesa iliyokatwa/).waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/initiator information/);
    await screenshot(page, 'sw-phone-deposit-history-wrong-pin');
    expect(untranslated).toEqual([]);
    await context.close();
  });

  it('says when a prompt nobody answered has expired, and sends it again with one tap, which then works', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await signInNewCustomer(page, `baraka.${stamp}@example.co.ke`, `Baraka${stamp.toString(36)}`);

    await page.goto('/deposit');
    const deposit = page.getByRole('form', { name: 'Deposit' });
    await deposit.getByLabel('Amount').fill('30');
    await deposit.getByLabel('M-Pesa phone number').fill(freshPhone(2));
    await deposit.getByRole('button', { name: 'Deposit' }).click();
    await page.getByRole('status').filter({ hasText: 'Waiting for M-Pesa' }).waitFor();
    // Nobody answers: M-Pesa's prompt expires (about half a minute), and the page says so.
    await page.getByText(/^The M-Pesa prompt expired before a PIN was entered\. Nothing was charged/).waitFor({ timeout: 90_000 });
    await screenshot(page, 'en-phone-deposit-prompt-expired');
    expect(await overflowing(page)).toBe(false);

    const [again] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/deposit/') && r.request().method() === 'POST'), page.getByRole('button', { name: 'Send the prompt again' }).click()]);
    expect(again.status(), await again.text()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Waiting for M-Pesa' }).waitFor();
    await answerOnPhone(context, ((await again.json()) as { CheckoutRequestID: string }).CheckoutRequestID, 'Pay (PIN)');
    await page.getByText(/Deposit of Ksh 30 received .* Your balance is now/).waitFor({ timeout: 60_000 });
    await page.getByTestId('header-balance').filter({ hasText: 'Ksh 30' }).waitFor();
    await screenshot(page, 'en-phone-deposit-sent-again-paid');
    await context.close();
  });
});
