import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_CUSTOMER, launchChromium, logInAsDemoCustomer, screenshot, seriousAccessibilityViolations, signIn, signInAsStaff, VIEWPORTS } from './browser.ts';

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
    ['ledger', '/admin/#/ledger', 'adjustment'],
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
    await page.goto('/admin/#/customers');
    await page.getByText('wanjiku').first().click();
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await page.getByRole('button', { name: 'Adjust balance' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `${viewport}-admin-customer-ledger`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
