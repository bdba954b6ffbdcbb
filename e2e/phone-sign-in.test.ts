import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, Steps, VIEWPORTS } from './browser.ts';
import { freshPhone, newCustomer, topUp } from './selling.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The sign-in code in the newest SMS to `phone` (07XXXXXXXX) in the server's SMS outbox, once it is there. */
async function smsCode(phone: string, after: number): Promise<string> {
  const outbox = path.join(dataDir, 'sms-outbox');
  const digits = `254${phone.replace(/\D/g, '').replace(/^0/, '')}`;
  for (let i = 0; i < 300; i++) {
    for (const file of (await fs.promises.readdir(outbox).catch(() => [])).filter((f) => f.includes(digits)).sort().reverse()) {
      const stat = await fs.promises.stat(path.join(outbox, file));
      const code = /#(\d{6})\s*$/.exec(await fs.promises.readFile(path.join(outbox, file), 'utf8'))?.[1];
      if (code && stat.mtimeMs >= after) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in code to ${digits} in ${outbox}`);
}

const words = {
  en: { phoneButton: 'Sign in with your phone', send: 'Send me a code', signIn: 'Sign in', sentSms: 'your sign-in code is' },
  sw: { phoneButton: 'Ingia kwa simu yako', send: 'Nitumie nambari ya siri', signIn: 'Ingia', sentSms: 'nambari yako ya kuingia ni' },
} as const;

describe('signing in by phone at 360 px (CONTRACT §16)', { timeout: 180_000 }, () => {
  for (const language of ['en', 'sw'] as const) {
    it(`a customer who paid from their phone signs in with the SMS code, no password (${language})`, async () => {
      // The M-Pesa payment from the phone is what proves it the customer's.
      const customer = await newCustomer(baseUrl, language === 'en' ? 'simu' : 'simusw');
      const phone = freshPhone(language === 'en' ? 31 : 32);
      await topUp(baseUrl, customer, 20, phone);
      if (language === 'sw') {
        const chosen = await fetch(`${baseUrl}/api/profile/${customer.buyerid}/`, { method: 'PATCH', headers: { authorization: `Bearer ${customer.access}`, 'content-type': 'application/json' }, body: JSON.stringify({ language: 'sw' }) });
        expect(chosen.status, await chosen.text()).toBe(200);
      }

      const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true, locale: language === 'en' ? 'en-KE' : 'sw-KE' });
      try {
        const page: Page = await context.newPage();
        const w = words[language];
        const steps = new Steps();
        await page.goto('/account/authenticate');
        await steps.tap(page.getByRole('button', { name: w.phoneButton }));
        const form = page.getByRole('form', { name: w.phoneButton });
        await steps.fill(form.locator('input[type="tel"]'), phone);
        const asked = Date.now() - 1000;
        await steps.tap(form.getByRole('button', { name: w.send }));
        const codeField = form.locator('input[autocomplete="one-time-code"]');
        await codeField.waitFor();
        expect(await codeField.getAttribute('inputmode')).toBe('numeric');
        const code = await smsCode(phone, asked);
        const sms = fs.readdirSync(path.join(dataDir, 'sms-outbox')).filter((f) => f.includes(phone.slice(1))).sort().at(-1)!;
        expect(fs.readFileSync(path.join(dataDir, 'sms-outbox', sms), 'utf8')).toContain(`${w.sentSms} ${code}`);
        await steps.fill(codeField, code);
        await screenshot(page, `phone-sign-in-${language}-code`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page width').toBeLessThanOrEqual(VIEWPORTS.phone.width);
        await steps.tap(form.getByRole('button', { name: w.signIn, exact: true }));
        await page.waitForURL((url) => url.pathname === '/');
        expect(await page.evaluate(() => localStorage.getItem('user'))).toBe(JSON.stringify(customer.username));
        // The session works for the account's own pages (the family lock card reads the account's lock).
        await page.goto('/account?section=family');
        await page.getByTestId('family-lock').waitFor();
        expect(new URL(page.url()).pathname).toBe('/account');
        await screenshot(page, `phone-sign-in-${language}-signed-in`);
        console.log(`phone sign-in (${language}): ${steps} from the sign-in page to signed in, no password, no e-mail`);
        expect(steps.total).toBeLessThanOrEqual(5);
      } finally {
        await context.close();
      }
    });
  }
});
