import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

export const VIEWPORTS = { phone: { width: 360, height: 780 }, desktop: { width: 1280, height: 900 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** The Chromium findChromium finds (CHROMIUM_PATH, the system's, Playwright's, else the npm one). */
export async function launchChromium(): Promise<Browser> {
  const { executablePath } = await findChromium();
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export const SHOTS_DIR = path.resolve(import.meta.dirname, '.out');

/** Saves a full-page screenshot to e2e/.out, for a person to look at. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: false });
}

const axeSource = fs.readFileSync(path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and answers its serious and critical violations. */
/**
 * A button is enabled and its colours have faded in (MUI runs a transition of about 250 ms): a
 * contrast check in the middle of the fade measures a colour nobody reads.
 */
export async function enabledAndSettled(button: Locator) {
  await button.and(button.page().locator(':enabled')).waitFor();
  await button.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
}

/** A dialog is on screen: there (its code may load when its button is touched) and its fade-in ended. */
export function dialogShown(page: Page) {
  return page.waitForFunction(() => {
    const dialog = document.querySelector('.MuiDialog-container');
    return dialog !== null && getComputedStyle(dialog).opacity === '1';
  });
}

/**
 * Keeps the store's refused answers (4xx, 5xx) and the page's errors from now on, and returns a step
 * that, when a wait of the journey times out, says what the page and its dialog showed and which
 * answers went wrong: a rare failure on CI then explains itself in the log.
 */
export function explainFailures(page: Page) {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.request().method()} ${new URL(r.url()).pathname} -> ${r.status()}`);
  });
  page.on('pageerror', (e) => refused.push(`page error: ${e.message}`));
  return async <T>(step: Promise<T>): Promise<T> => {
    try {
      return await step;
    } catch (error) {
      const shown = await page.locator('body').innerText({ timeout: 2000 }).catch(() => '(unreadable)');
      throw new Error(`${(error as Error).message}\n--- the page showed:\n${shown}\n--- refused answers: ${refused.join('; ') || 'none'}`, { cause: error });
    }
  };
}

export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated, not added as a <script>: the store's Content-Security-Policy rightly refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The video the back-office journey uploads: newer than the demo's, and only 6 s long. */
export const UPLOADED_VIDEO_TITLE = 'Maasai Mara Sunrise';

export const DEMO_CUSTOMER = { email: 'customer@demo.videostore.co.ke', password: 'demo-customer-nairobi' } as const;

/** Logs a customer in through the storefront's login form (in English) and waits for the home page. */
export async function logIn(page: Page, customer: { email: string; password: string }) {
  await page.goto('/account/authenticate');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(customer.email);
  await form.getByLabel('Password').fill(customer.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Logs the demo customer in through the storefront's login form and waits for the home page. */
export const logInAsDemoCustomer = (page: Page) => logIn(page, DEMO_CUSTOMER);

/** Signs in at /admin/ with the staff sign-in form. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/');
  const form = page.getByRole('form', { name: 'Staff sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** The demo store's staff member, signed in once the dashboard shows. */
export async function signInAsStaff(page: Page) {
  await signIn(page, 'staff@demo.videostore.co.ke', 'demo-staff-kilimanjaro');
  await page.getByText('Deposits for review').waitFor();
}

export interface CatalogueVideo {
  vidId: number;
  title: string;
  price: number;
  for_sale: boolean;
}

/**
 * The newest videos that are for sale, once at least `count` are: the demo store transcodes its clips
 * in the background, and a video is sold only once it can be played (CONTRACT §8).
 */
export async function videosForSale(baseUrl: string, count: number, timeoutMs = 150_000, except: number[] = []): Promise<CatalogueVideo[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    // Rated GE or PG: these journeys are about buying and watching, and a 16 or 18 asks the age question
    // first (CONTRACT §13), which e2e/family-lock covers.
    const list = ((await (await fetch(`${baseUrl}/api/videoDetails/?ordering=-date_uploaded&page_size=100&rating=GE,PG`)).json()) as { results: CatalogueVideo[] }).results;
    const ready = list.filter((v) => v.for_sale && v.title !== UPLOADED_VIDEO_TITLE && !except.includes(v.vidId));
    if (ready.length >= count) return ready;
    if (Date.now() > until) throw new Error(`only ${ready.length} of ${count} videos became playable in time`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Counts what a person does on the way: each tap, and each field typed into, is one. */
export class Steps {
  taps = 0;
  fields = 0;
  async tap(target: { click(): Promise<void> }) {
    await target.click();
    this.taps++;
  }
  async fill(target: { fill(value: string): Promise<void> }, value: string) {
    await target.fill(value);
    this.fields++;
  }
  get total() {
    return this.taps + this.fields;
  }
  toString() {
    return `${this.total} (${this.taps} taps, ${this.fields} fields)`;
  }
}

/** The sign-in link in the newest mail to `to` that has one, in the server's outbox. */
export async function mailedSignInLink(dataDir: string, to: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    for (const file of (await fs.promises.readdir(outbox).catch(() => [])).filter((f) => f.includes(to)).sort().reverse()) {
      const raw = (await fs.promises.readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /(https?:\/\/\S+\/account\/sign-in\/[\w.-]+)/.exec(raw)?.[1];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in link for ${to} in ${outbox}`);
}

/** Ids of the videos the signed-in customer on this page owns, as the server says. */
export function ownedVideoIds(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const { access } = (await (await fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access: string };
    return ((await (await fetch('/api/info/', { headers: { authorization: `Bearer ${access}` } })).json()) as { purchase: { video_id: number }[] }).purchase.map((p) => p.video_id);
  });
}

/** The customer's phone: the simulated M-Pesa phone, where entering the PIN is one tap. */
export async function enterPinOnPhone(context: BrowserContext, checkoutRequestId: string, steps: Steps) {
  const phone = await context.newPage();
  await phone.goto('/mpesa-sim/phone');
  await steps.tap(phone.locator(`li[data-checkout="${checkoutRequestId}"]`).getByRole('button', { name: 'Pay (PIN)' }));
  // The phone's answer is a request of its own: closing the page before it is sent would lose it.
  await phone.locator(`li[data-checkout="${checkoutRequestId}"]`).waitFor({ state: 'detached' });
  await phone.close();
}

/**
 * A new storefront customer of the journey's own, made through the API (a journey that changes an
 * account's language or family lock must not change the demo customer, whom other journeys sign in as).
 */
export async function newCustomer(baseUrl: string, tag: string): Promise<{ email: string; password: string }> {
  const stamp = `${tag}${Date.now() % 1_000_000}`;
  const email = `${stamp}@example.co.ke`;
  const password = 'nyumbani-kwetu-2026';
  const res = await fetch(`${baseUrl}/api/register/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: stamp, email, password1: password, password2: password }) });
  if (res.status >= 300) throw new Error(`could not register ${email}: ${res.status} ${await res.text()}`);
  return { email, password };
}

/** Logs in through the storefront's form, in whatever language it is shown, and waits for the home page. */
export async function logInOnStorefront(page: Page, email: string, password: string) {
  await page.goto('/account/authenticate');
  const form = page.locator('form').filter({ has: page.locator('input[type=password]') }).first();
  await form.locator('input[type=email]').fill(email);
  await form.locator('input[type=password]').fill(password);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/');
}
