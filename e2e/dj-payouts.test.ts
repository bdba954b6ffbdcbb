import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, seriousAccessibilityViolations, signIn, signInAsStaff, videosForSale, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
const DEMO_DJ = { email: 'dj@demo.videostore.co.ke', password: 'demo-dj-zamu-mombasa' };
const thisMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const json = { 'content-type': 'application/json' };
async function call<T>(url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${url}`, { ...init, headers: { ...json, ...init.headers } });
  return { status: res.status, body: (await res.json()) as T };
}
async function token(email: string, password: string) {
  const { body } = await call<{ tokens: { access: string } }>('/api/login/', { method: 'POST', body: JSON.stringify({ email, password }) });
  return { authorization: `Bearer ${body.tokens.access}` };
}
const phonePage = async (): Promise<Page> => (await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true })).newPage();
type Statement = { lines: unknown[]; payouts: number; owed: number };

describe('DJ earnings at 360 px', () => {
  it('the DJ signs in and sees their month, and only theirs', async () => {
    const page = await phonePage();
    await signIn(page, DEMO_DJ.email, DEMO_DJ.password);
    await page.getByText('Owed now').waitFor();
    await page.getByRole('heading', { name: 'Zamu' }).waitFor();
    // The month adds up from what was owed at its start (issue 32 item 16).
    await page.getByText('Brought forward (owed at the start of the month)').waitFor();
    await page.getByText('Owed at the end of the month').waitFor();
    // The demo's month of trade: Zamu's sales this month, each a card with its VAT, Zamu's share and
    // what Zamu earned, every amount on the 360 px screen and nothing to scroll sideways.
    const lines = page.getByRole('list', { name: 'The month’s sales, rentals, pass shares and refunds' });
    await lines.getByText('Earned (Ksh)').first().waitFor();
    await page.waitForLoadState('networkidle');
    for (const label of ['Paid (Ksh)', 'VAT (Ksh)', 'Share', 'Earned (Ksh)']) {
      const amount = lines.getByText(label, { exact: true }).first().locator('xpath=following-sibling::dd');
      const box = (await amount.boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'phone-dj-own-statement');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Another DJ's statement is not there for them, nor the rest of the back office.
    const dj = await token(DEMO_DJ.email, DEMO_DJ.password);
    const me = await call<{ dj_id: number }>('/api/admin/me', { headers: dj });
    expect((await call(`/api/admin/djs/${me.body.dj_id + 1}/statement/?month=${thisMonth()}`, { headers: dj })).status).toBe(404);
    expect((await call('/api/admin/customers', { headers: dj })).status).toBe(403);
    await page.context().close();
  });

  it('staff pay a DJ from the statement, and the statement shows it', async () => {
    const staff = await token('staff@demo.videostore.co.ke', 'demo-staff-kilimanjaro');
    const [video] = await videosForSale(baseUrl, 1);
    // A video's DJ is named by `dj` in the catalogue.
    const details = await call<{ dj: string }>(`/api/videoDetails/${video!.vidId}/`);
    const djs = await call<{ id: number; dj_name: string }[]>(`/api/admin/djs?filter=${encodeURIComponent(JSON.stringify({ q: details.body.dj }))}`, { headers: staff });
    const dj = djs.body.find((d) => d.dj_name === details.body.dj)!;
    const statement = async () => (await call<Statement>(`/api/admin/djs/${dj.id}/statement/?month=${thisMonth()}`, { headers: staff })).body;

    // This journey's own customer buys one of the DJ's videos; staff then pay exactly what that sale
    // earned the DJ, so what the demo DJ is owed ends as it began.
    const before = await statement();
    const username = `djfan${Date.now() % 1_000_000}`;
    const password = 'kikapu-sunset-2026';
    await call('/api/register/', { method: 'POST', body: JSON.stringify({ username, email: `${username}@example.co.ke`, password1: password, password2: password }) });
    const customer = await token(`${username}@example.co.ke`, password);
    const info = await call<{ user: { id: number } }>('/api/info/', { headers: customer });
    await call('/api/admin/adjustments', { method: 'POST', headers: staff, body: JSON.stringify({ user_id: info.body.user.id, amount: video!.price, reason: 'DJ payout journey' }) });
    expect((await call('/api/purchased/', { method: 'POST', headers: customer, body: JSON.stringify({ video_id: video!.vidId, age_confirmed: true }) })).status).toBe(201);
    const after = await statement();
    const earned = after.owed - before.owed;
    expect(earned).toBeGreaterThanOrEqual(10);

    const page = await phonePage();
    await signInAsStaff(page);
    await page.goto('/admin/#/statements');
    await page.getByRole('combobox', { name: 'DJ' }).click();
    await page.getByRole('option', { name: dj.dj_name }).click();
    const pay = page.getByRole('button', { name: `Pay Ksh ${after.owed.toLocaleString('en-KE')}` });
    await pay.waitFor();
    const box = (await pay.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await pay.click();
    const dialog = page.getByRole('dialog', { name: `Pay ${dj.dj_name} by M-Pesa` });
    await dialog.getByLabel('Amount (Ksh)').fill(String(earned));
    await screenshot(page, 'phone-staff-pay-dj');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText(`Payout of Ksh ${earned} sent to M-Pesa.`).waitFor();
    await page.getByRole('button', { name: `Pay Ksh ${before.owed.toLocaleString('en-KE')}` }).waitFor();
    await page.getByText(`Ksh ${(before.payouts + earned).toLocaleString('en-KE')}`).first().waitFor();
    await screenshot(page, 'phone-statement-after-payout');

    const paid = await statement();
    expect(paid).toMatchObject({ payouts: before.payouts + earned, owed: before.owed });
    // M-Pesa's result settles it: paid, with a receipt, in the payouts list.
    await expect
      .poll(async () => (await call<{ state: string; mpesa_receipt: string | null }[]>(`/api/admin/payouts?filter=${encodeURIComponent(JSON.stringify({ dj_id: dj.id }))}`, { headers: staff })).body[0], { timeout: 20_000 })
      .toMatchObject({ state: 'completed', mpesa_receipt: expect.stringMatching(/^[A-Z0-9]{10}$/) });
    await page.context().close();
  });
});
