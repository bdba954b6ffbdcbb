import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, logInAsDemoCustomer, signInAsStaff, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

/**
 * Every Content-Security-Policy violation a context's pages report: Chromium fires
 * `securitypolicyviolation` in the page (also for a blocked worker or inline style) and logs it.
 */
function recordViolations(context: BrowserContext): string[] {
  const seen: string[] = [];
  void context.exposeBinding('__cspViolation', (_source, text: string) => void seen.push(text));
  void context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname} (${e.sourceFile}:${e.lineNumber}:${e.columnNumber})`);
    });
  });
  context.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the Content-Security-Policy in Chromium', { timeout: 180_000 }, () => {
  it('lets the storefront, the player, the simulated phone and the back office run with no violation', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const violations = recordViolations(context);
    const page: Page = await context.newPage();

    await page.goto('/');
    await page.getByRole('heading', { name: 'Suggestions' }).waitFor();
    const list = (await (await fetch(`${baseUrl}/api/videoDetails/?ordering=-date_uploaded&page_size=3`)).json()) as { results: { vidId: number; price: number }[] };
    await page.goto(`/video/${list.results[0]!.vidId}`);
    await page.getByText(/^Ksh \d/).first().waitFor();

    // The player: one of the newest (the demo store gives them a clip) that the customer buys and plays.
    await logInAsDemoCustomer(page);
    // A video is for sale once its clip is through the pipeline (the demo store makes them at start).
    const owned = await page.evaluate(async (ids) => {
      const until = Date.now() + 150_000;
      while (Date.now() < until) {
        const { access } = (await (await fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access: string };
        for (const id of ids) {
          const buy = await fetch('/api/purchased/', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` }, body: JSON.stringify({ video_id: id }) });
          if (buy.status === 201 || buy.status === 200 || buy.status === 409) return id;
        }
        await new Promise((r) => setTimeout(r, 2000));
      }
      return null;
    }, list.results.map((v) => v.vidId));
    expect(owned, 'the demo customer can own one of the newest videos').not.toBeNull();
    await page.goto(`/watch/${owned}`);
    await page.locator('[data-media-player][data-can-play]').waitFor({ timeout: 150_000 });
    await page.locator('[data-media-player] button[aria-label="Play"]').first().click();
    await page.waitForFunction(() => (document.querySelector('[data-media-player] video') as HTMLVideoElement).currentTime > 1);

    // The simulated phone with a prompt on it, answered by its own script.
    const deposit = await page.evaluate(async () => {
      const { access } = (await (await fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access: string };
      const auth = { authorization: `Bearer ${access}` };
      const info = (await (await fetch('/api/info/', { headers: auth })).json()) as { user: { profile: { buyerid: number } } };
      const res = await fetch('/api/deposit/', { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ amount: 10, phone_number: '0712345678', username: info.user.profile.buyerid }) });
      return (await res.json()) as { CheckoutRequestID: string };
    });
    await page.goto('/mpesa-sim/phone');
    await page.locator(`li[data-checkout="${deposit.CheckoutRequestID}"]`).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction((id) => !document.querySelector(`li[data-checkout="${id}"]`), deposit.CheckoutRequestID);

    // The back office: sign-in, dashboard (charts), a video's edit screen.
    await signInAsStaff(page);
    await page.goto(`/admin/#/videos/${owned}`);
    await page.getByLabel('Title').first().waitFor();
    await page.goto('/api/docs/');
    await page.locator('.swagger-ui').first().waitFor();

    expect(violations).toEqual([]);
    await context.close();
  });

  it('refuses an inline script, so injected markup could not run one', async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const violations = recordViolations(context);
    const page = await context.newPage();
    await page.goto('/');
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.append(s);
      return (window as unknown as { __ran?: boolean }).__ran === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await context.close();
  });
});
