import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_CUSTOMER, enabledAndSettled, launchChromium, logInAsDemoCustomer, screenshot, seriousAccessibilityViolations, signIn, signInAsStaff, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the back office', () => {
  it('lets staff sign in and create a DJ, which the storefront then lists', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl })).newPage();
    await signInAsStaff(page);
    await page.goto('/admin/#/djs');
    await page.getByText('Zamu').first().waitFor();
    await screenshot(page, 'desktop-admin-djs');
    // react-admin's loading spinner has no name while a request is in flight: judge the settled page.
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto('/admin/#/djs/create');
    await page.getByLabel('DJ name').fill('Afro Sounds');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Afro Sounds').first().waitFor();
    const djs = (await (await fetch(`${baseUrl}/api/dj/?page_size=50`)).json()) as { results: { dj_name: string }[] };
    expect(djs.results.map((d) => d.dj_name)).toContain('Afro Sounds');
    await page.goto('/admin/#/audit');
    await page.getByText('Afro Sounds').first().waitFor();
    await screenshot(page, 'desktop-admin-audit');
    await page.goto('/admin/#/contact-messages');
    await page.getByRole('columnheader', { name: 'Sent' }).or(page.getByText(/^No contact messages/i)).first().waitFor();
    // react-admin's loading spinner has no name while a request is in flight: judge the settled page.
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto('/admin/#/purchases');
    await page.getByRole('columnheader', { name: 'Customer' }).or(page.getByText(/^No purchases? yet/i)).first().waitFor();
    await screenshot(page, 'desktop-admin-purchases');
    // react-admin's loading spinner has no name while a request is in flight: judge the settled page.
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('sorts a list by the column header staff click: videos by DJ name, customers by phone', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl })).newPage();
    await signInAsStaff(page);
    // Clicks a header's sort button and answers the list the server sent for it.
    const sortBy = async (list: string, field: string) => {
      const answer = page.waitForResponse((r) => r.url().includes(`/api/admin/${list}?`) && decodeURIComponent(r.url()).includes(`["${field}","ASC"]`));
      await page.locator(`thead [data-field="${field}"]`).click();
      return answer;
    };
    await page.goto('/admin/#/videos');
    await page.getByText('Empire of Swords').first().waitFor();
    expect((await sortBy('videos', 'dj_name')).status()).toBe(200);
    await page.waitForLoadState('networkidle');
    const djs = await page.locator('tbody td.column-dj_id').allInnerTexts();
    expect(djs.length).toBeGreaterThan(1);
    expect(djs).toEqual([...djs].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(await page.getByText(/Cannot sort by/).count()).toBe(0);
    await screenshot(page, 'desktop-admin-videos-by-dj');
    await page.goto('/admin/#/customers');
    await page.getByText('wanjiku').first().waitFor();
    expect((await sortBy('customers', 'phone_number')).status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(/Cannot sort by/).count()).toBe(0);
  });

  it('says why when a name is taken, at phone width too', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl })).newPage();
    await signInAsStaff(page);
    await page.goto('/admin/#/genres/create');
    await page.getByLabel('Title').fill('comedy');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A genre with this title already exists.').waitFor();
    await screenshot(page, 'phone-admin-genre-taken');
  });

  it('refuses a customer, signed in here or on the storefront', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl })).newPage();
    await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await page.getByText('Only staff can use the back office').waitFor();
    // Signed in on the storefront, then opening the back office: its session is not enough.
    await logInAsDemoCustomer(page);
    await page.goto('/admin/#/djs');
    await page.getByRole('form', { name: 'Staff sign in' }).waitFor();
    expect(await page.getByText('Zamu').count()).toBe(0);
    const api = await page.evaluate(async () => (await fetch('/api/admin/djs')).status);
    expect(api).toBe(401);
  });
});

describe.each(['phone', 'desktop'] as const)('back-office screens at %s width', (viewport) => {
  let page: Page;
  beforeAll(async () => {
    page = await (await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl })).newPage();
    await signInAsStaff(page);
  });

  // Each screen, once its data is in: what it must show, then a screenshot and axe.
  const screens: [string, string, string | RegExp][] = [
    ['dashboard', '/admin/#/', 'Sales and deposits per day (Ksh)'],
    ['videos', '/admin/#/videos', 'Empire of Swords'],
    ['video-edit', '/admin/#/videos/1', 'Extra files'],
    ['customers', '/admin/#/customers', 'wanjiku'],
    ['deposits', '/admin/#/deposits', /No Deposits yet|Ask M-Pesa again|Completed|Pending/],
    ['people', '/admin/#/people', 'Founder & CEO'],
    // Newest first: after other journeys' deposits and purchases the seed's adjustments are pages back, so any
    // entry's kind in words (a cell at a desk's width; 'Deposit Ksh 500 · wanjiku' at a phone's), never 'ledger.deposit'.
    ['ledger', '/admin/#/ledger', /^(Deposit|Purchase|Refund|Adjustment)( Ksh [\d,]+ · .+)?$/],
    ['contact-messages', '/admin/#/contact-messages', /No Contact messages yet|Read/],
  ];
  it.each(screens)('%s shows its data and has no serious accessibility violation', async (name, path, expected) => {
    await page.goto(path);
    await page.getByText(expected).first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `${viewport}-admin-${name}`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('opens a customer with their purchases, deposits and ledger', async () => {
    // By e-mail: other journeys' newer customers are 'wanjiku.<time>' and the like, listed before the demo one.
    await openCustomer(page, 'wanjiku', 'customer@demo.videostore.co.ke');
    await page.getByRole('tab', { name: 'Ledger' }).click();
    // Judge the settled tab: its rows in, and no spinner left (react-admin's has no name).
    await page.getByText('Demo store opening balance').waitFor();
    await page.getByRole('progressbar').first().waitFor({ state: 'detached' });
    await screenshot(page, `${viewport}-admin-customer-ledger`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

/** The store's own way of writing a date (CONTRACT §6), never the browser's 11/22/2026. */
const STORE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A customer's access token and buyer id, from the API as the storefront gets them. */
async function customerSession(email: string, password: string) {
  const login = (await (await fetch(`${baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()) as { tokens: { access: string } };
  const auth = { authorization: `Bearer ${login.tokens.access}`, 'content-type': 'application/json' };
  const info = (await (await fetch(`${baseUrl}/api/info/`, { headers: auth })).json()) as { user: { profile: { buyerid: number } } };
  return { auth, buyerid: info.user.profile.buyerid };
}

/** Finds a customer with the list's search box (by their name unless told otherwise) and opens them. */
async function openCustomer(page: Page, username: string, search = username) {
  await page.goto('/admin/#/customers');
  await page.getByPlaceholder('Name, email or phone').fill(search);
  await page.getByText(/^1-1 of 1$/).waitFor();
  await page.getByText(username, { exact: true }).click();
  await page.getByRole('button', { name: 'Adjust balance' }).waitFor();
}

// The buttons that move money, pressed as staff press them, at a phone's width and a desk's.
describe.each([
  ['phone', 'achieng', '0712 000 111'],
  ['desktop', 'baraka', '0712 000 222'],
] as const)('back-office money buttons at %s width', (viewport, buyer, phone) => {
  let page: Page;
  beforeAll(async () => {
    page = await (await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl })).newPage();
    await signInAsStaff(page);
  });
  // A table's rows at a desk's width; at a phone's, one list item per record (SimpleList).
  const rows = () => (viewport === 'phone' ? page.getByRole('listitem') : page.getByRole('row'));

  it('finds a customer\'s purchase by name and refunds it with a reason, which the ledger then shows', async () => {
    await page.goto('/admin/#/purchases');
    await page.getByPlaceholder('Name, phone, e-mail or video').fill(buyer);
    // exact: the Refunded column's sort button would match "Refund" too.
    const row = rows().filter({ has: page.getByRole('button', { name: 'Refund', exact: true }) }).first();
    await row.getByText(buyer).waitFor();
    expect(await rows().filter({ hasText: /achieng|baraka|chebet|daudi/ }).evaluateAll((found, who) => found.every((r) => r.textContent!.includes(who)), buyer)).toBe(true);
    const title = viewport === 'desktop' ? (await row.locator('td').nth(2).textContent())!.trim() : null;
    if (viewport === 'desktop') expect((await row.locator('td').first().textContent())!.trim()).toMatch(STORE_DATE);
    await row.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title ? `Refund ${title} to ${buyer}?` : new RegExp(`^Refund .+ to ${buyer}\\?$`) });
    const confirm = dialog.getByRole('button', { name: /^Refund Ksh \d+$/ });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').fill(`Paid twice (${viewport})`);
    await enabledAndSettled(confirm);
    await screenshot(page, `${viewport}-admin-refund-dialog`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const price = (await confirm.textContent())!.replace('Refund ', '');
    await confirm.click();
    await page.getByText(`Refunded ${price} to ${buyer}.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await openCustomer(page, buyer);
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await page.getByText(`Paid twice (${viewport})`).waitFor();
    await screenshot(page, `${viewport}-admin-refund-in-ledger`);
  });

  it('credits a balance with a reason, and refuses a debit below zero with the server\'s words', async () => {
    await openCustomer(page, buyer);
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Adjust ${buyer}'s balance`) });
    await dialog.getByLabel('Amount (Ksh)').fill('-99999');
    await dialog.getByLabel('Reason').fill('Testing the floor');
    await dialog.getByRole('button', { name: 'Debit Ksh 99,999' }).click();
    await page.getByText(/This would take the balance below zero: it is Ksh [\d,]+\./).waitFor();
    await dialog.getByLabel('Amount (Ksh)').fill('150');
    await dialog.getByLabel('Reason').fill(`M-Pesa paid, no callback (${viewport})`);
    await screenshot(page, `${viewport}-admin-adjust-dialog`);
    await dialog.getByRole('button', { name: 'Credit Ksh 150' }).click();
    await page.getByText(new RegExp(`^${buyer}'s balance is now Ksh [\\d,]+\\.$`)).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await page.getByText(`M-Pesa paid, no callback (${viewport})`).waitFor();
  });

  it('asks M-Pesa again about a pending deposit, and says what M-Pesa answered', async () => {
    const { auth, buyerid } = await customerSession('customer@demo.videostore.co.ke', 'demo-customer-nairobi');
    const started = await fetch(`${baseUrl}/api/deposit/`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 70, phone_number: phone, username: buyerid }) });
    expect(started.status).toBe(200);
    const { CheckoutRequestID } = (await started.json()) as { CheckoutRequestID: string };

    await page.goto('/admin/#/deposits');
    await page.getByPlaceholder('Phone, receipt or customer').fill(phone);
    const row = rows().filter({ has: page.getByRole('button', { name: 'Ask M-Pesa again' }) });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Ask M-Pesa again' }).click();
    await page.getByText('M-Pesa still has no answer for this payment. Try again later.').waitFor();
    await screenshot(page, `${viewport}-admin-deposit-recheck`);

    // The customer pays on the phone; the deposit then shows completed, with nothing left to ask.
    expect((await fetch(`${baseUrl}/mpesa-sim/prompts/${CheckoutRequestID}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"pay"}' })).status).toBe(200);
    await expect.poll(async () => ((await (await fetch(`${baseUrl}/api/deposit/${CheckoutRequestID}/`, { headers: auth })).json()) as { state: string }).state, { timeout: 30_000 }).toBe('completed');
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await row.first().waitFor({ state: 'detached' });
  });
});

describe('the back office serves a customer who wrote in', () => {
  it('opens a contact message, marks it read and links to the customer; plain words after saving a video', async () => {
    const sent = await fetch(`${baseUrl}/api/message/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Wanjiku', email: 'Customer@demo.videostore.co.ke', phone_number: '0799 123 456', message: 'My video stops at minute ten.' }) });
    expect(sent.status).toBe(201);
    const page = await (await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl })).newPage();
    await signInAsStaff(page);
    await page.goto('/admin/#/contact-messages');
    await page.getByText('My video stops at minute ten.').click();
    await page.getByRole('link', { name: 'wanjiku' }).waitFor();
    await page.getByRole('button', { name: 'Mark unread' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'phone-admin-contact-message');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'wanjiku' }).click();
    await page.getByRole('button', { name: 'Adjust balance' }).waitFor();
    // Read now: no longer among the unread ones (the list opens on all of them; e2e/back-office-service finds it under Read).
    await page.goto('/admin/#/contact-messages');
    await page.getByRole('tab', { name: 'Unread' }).click();
    // Loaded: other unread messages, or none at all.
    await page.getByRole('listitem').first().or(page.getByText(/^No Contact messages (yet|found using the current filters)/i)).first().waitFor();
    // The list may first show what it had cached, then what the server says now.
    await page.getByText('My video stops at minute ten.').waitFor({ state: 'detached' });

    await page.goto('/admin/#/videos/create');
    await page.getByLabel('Title').fill('Journey: Nairobi Nights');
    await page.getByLabel('DJ').click();
    await page.getByRole('option').first().click();
    await page.getByLabel('Genre').click();
    await page.getByRole('option').first().click();
    // A KFCB rating is required (CONTRACT §13).
    await page.getByLabel('Age rating').click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The video is saved. Upload its file under Media below; it goes on sale once it is transcoded and published.').waitFor();
    expect(await page.getByText('Element created').count()).toBe(0);
    await screenshot(page, 'phone-admin-video-saved');
  });
});
