import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
const outbox = path.join(inject('dataDir'), 'outbox');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const stamp = Date.now().toString(36);
const customer = { username: `Wanjiku${stamp}`, email: `wanjiku.${stamp}@example.co.ke`, password: 'jacaranda-evening-42' };

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
  return context.newPage();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/account/authenticate');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** The reset link in the newest mail to `to` in the server's outbox. */
async function mailedResetLink(to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const files = (await fs.readdir(outbox).catch(() => [])).filter((f) => f.includes(to)).sort();
    if (files.length > 0) {
      const raw = (await fs.readFile(path.join(outbox, files.at(-1)!), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /(https?:\/\/\S+\/account\/password_reset\/[\w-]+)/.exec(raw)?.[1];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset mail for ${to} in ${outbox}`);
}

describe('accounts in the browser', () => {
  it('registers, logs out, logs in and shows the cut name in the header', async () => {
    const page = await phonePage();
    await page.goto('/account/authenticate?tab=register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(customer.username);
    await form.getByLabel('Email').fill(customer.email);
    await form.getByLabel('Password').fill(customer.password);
    await form.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Account created successfully.').waitFor();
    await screenshot(page, 'phone-account-created');
    // registering signs the new customer in, and goes on to where they were going (the home page here)
    await page.waitForURL(`${baseUrl}/`);
    const name = page.getByTestId('account-name');
    expect(await name.textContent()).toBe(customer.username.toLowerCase().slice(0, 4) + '...');

    await page.goto('/account');
    await page.locator('#main').getByText('Ksh 0').waitFor();
    await screenshot(page, 'phone-account');
    await page.getByRole('button', { name: 'Signout' }).click();
    await page.getByRole('form', { name: 'Login' }).waitFor();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authorized'))).toBeNull();

    // a guarded page now sends the visitor to the login page
    await page.goto('/profile');
    await page.waitForURL('**/account/authenticate?next=%2Fprofile');
    const loginForm = page.getByRole('form', { name: 'Login' });
    await loginForm.getByLabel('Email').fill(customer.email);
    await loginForm.getByLabel('Password').fill(customer.password);
    await loginForm.getByRole('button', { name: 'Login' }).click();
    // and after logging in, the page that asked
    await page.waitForURL('**/profile');
    expect(await page.getByTestId('account-name').textContent()).toBe(customer.username.toLowerCase().slice(0, 4) + '...');
    await page.context().close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const page = await phonePage();
    await page.goto('/account/authenticate?tab=forgot');
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.getByLabel('Email').fill(customer.email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Password reset link sent.').waitFor();

    const link = await mailedResetLink(customer.email);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.getByLabel('New password').fill('acacia-morning-77');
    await page.getByLabel('Confirm password').fill('acacia-morning-7');
    await page.getByText("Passwords don't match.").waitFor();
    await page.getByLabel('Confirm password').fill('acacia-morning-77');
    await page.getByText('Passwords match').waitFor();
    await screenshot(page, 'phone-password-reset');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText(/Your password has been reset/).waitFor();
    await page.waitForURL('**/account/authenticate', { timeout: 10_000 });

    await logIn(page, customer.email, 'acacia-morning-77');
    customer.password = 'acacia-morning-77';
    await page.context().close();
  });

  it('edits the profile with a new picture', async () => {
    const page = await phonePage();
    await logIn(page, customer.email, customer.password);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Update' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('Phone number').fill('0722 000 111');
    await form.getByLabel('City').fill('Eldoret');
    const picture = path.join(inject('dataDir'), 'me.png');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#d35400' } }).png().toFile(picture);
    await form.locator('input[type=file]').setInputFiles(picture);
    await form.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Account updated successfully.').waitFor();
    await page.getByText('+254722000111').waitFor();
    await page.getByText('Eldoret').waitFor();
    const src = await page.getByRole('img', { name: /Profile picture of/ }).getAttribute('src');
    expect(src).toMatch(/^\/media\/portraits\/[0-9a-f]{24}-192\.webp$/);
    // the header shows the new picture too
    await page.locator(`header img[src="${src}"]`).waitFor();
    await screenshot(page, 'phone-profile');
    await page.context().close();
  });

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('account screens have no serious accessibility violation at %s width', async (viewport) => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl });
    const page = await context.newPage();
    for (const [name, url] of [
      ['login', '/account/authenticate'],
      ['register', '/account/authenticate?tab=register'],
      ['forgot', '/account/authenticate?tab=forgot'],
      ['reset', '/account/password_reset/some-token'],
    ] as const) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `${viewport}-${name}`);
      const violations = await seriousAccessibilityViolations(page);
      expect(violations, `${name}: ${JSON.stringify(violations)}`).toEqual([]);
    }
    await logIn(page, customer.email, customer.password);
    for (const [name, url] of [
      ['account', '/account'],
      ['profile', '/profile'],
      ['profile-edit', '/profile?edit=1'],
    ] as const) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.getByText(/Ksh \d/).first().waitFor();
      await screenshot(page, `${viewport}-${name}`);
      const violations = await seriousAccessibilityViolations(page);
      expect(violations, `${name}: ${JSON.stringify(violations)}`).toEqual([]);
    }
    await context.close();
  });
});
