import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enabledAndSettled, launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
const stamp = Date.now().toString(36);
const customer = { username: `Otieno${stamp}`, email: `otieno.${stamp}@example.co.ke`, password: 'baobab-sunrise-88' };

beforeAll(async () => {
  browser = await launchChromium();
  const res = await fetch(`${baseUrl}/api/register/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: customer.username, email: customer.email, password1: customer.password, password2: customer.password }) });
  expect(res.status).toBe(201);
  page = await (await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl })).newPage();
  await page.goto('/account/authenticate');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(customer.email);
  await form.getByLabel('Password').fill(customer.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/`);
});
afterAll(() => browser?.close());

/** Fills the deposit form, submits it and answers the simulated phone's prompt with `button`. */
async function depositAndAnswer(amount: number, phone: string, button: 'Pay (PIN)' | 'Cancel') {
  await page.goto('/deposit');
  const form = page.getByRole('form', { name: 'Deposit' });
  await form.getByLabel('Amount').fill(String(amount));
  await form.getByLabel('M-Pesa phone number').fill(phone);
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/deposit/') && r.request().method() === 'POST'), form.getByRole('button', { name: 'Deposit' }).click()]);
  const { CheckoutRequestID } = (await response.json()) as { CheckoutRequestID: string };
  await page.getByText('Enter your M-Pesa PIN to complete transaction.').waitFor();
  await screenshot(page, `phone-deposit-waiting-${button === 'Cancel' ? 'cancel' : 'pay'}`);

  const [phonePage] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'open the simulated M-Pesa phone' }).click()]);
  await phonePage.waitForLoadState();
  await phonePage.locator(`li[data-checkout="${CheckoutRequestID}"]`).getByRole('button', { name: button }).click();
  // The phone's answer is a request of its own: closing the page before it is sent would lose it.
  await phonePage.locator(`li[data-checkout="${CheckoutRequestID}"]`).waitFor({ state: 'detached' });
  await phonePage.close();
}

// CI runs these journeys while the server and PostgreSQL suites load both cores: two runs there
// spent over a minute in one deposit, which takes 4 s on a quiet machine. Generous waits, same checks.
describe('deposits in the browser', { timeout: 150_000 }, () => {
  it('pays on the simulated phone and shows the new balance, also in the header', async () => {
    await depositAndAnswer(150, '0712 345 678', 'Pay (PIN)');
    await page.getByText(/Your balance is now/).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('status').filter({ hasText: 'Your balance is now' }).textContent()).toMatch(/Deposit of Ksh 150 received .* Your balance is now Ksh 150\./);
    await page.getByTestId('header-balance').filter({ hasText: 'Ksh 150' }).waitFor();
    await screenshot(page, 'phone-deposit-paid');
  });

  it('shows M-Pesa’s reason when the customer cancels, with a way to send the prompt again', async () => {
    await depositAndAnswer(20, '0712 345 678', 'Cancel');
    // a plain sentence, not M-Pesa's own words
    await page.getByText('You cancelled the M-Pesa prompt. Nothing was charged.').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Send the prompt again' }).waitFor();
    await screenshot(page, 'phone-deposit-cancelled');
    await page.getByTestId('header-balance').filter({ hasText: 'Ksh 150' }).waitFor();
  });

  it('lists every deposit with its state in the account', async () => {
    await page.goto('/account?section=deposits');
    await page.getByText('completed', { exact: true }).waitFor();
    await page.getByText('cancelled', { exact: true }).waitFor();
    // The store's sentence, not M-Pesa's "Request cancelled by user".
    await page.getByText(/Ksh 20 · .* You cancelled the M-Pesa prompt\. Nothing was charged\./s).waitFor();
    await screenshot(page, 'phone-deposit-history');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto('/deposit');
    await page.getByRole('form', { name: 'Deposit' }).waitFor();
    // Deposit is enabled once the profile has loaded.
    await enabledAndSettled(page.getByRole('button', { name: 'Deposit', exact: true }));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
