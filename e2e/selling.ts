import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Helpers of the selling journeys (issue 25): customers of their own, with money of their own. */

export interface Customer {
  email: string;
  username: string;
  password: string;
  access: string;
  buyerid: number;
}

const PASSWORD = 'baobab-sunrise-88';
const json = { 'content-type': 'application/json' };

/** A new customer of this journey only, registered and logged in through the API. */
export async function newCustomer(baseUrl: string, name: string): Promise<Customer> {
  const username = `${name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `${username}@example.co.ke`;
  const registered = await fetch(`${baseUrl}/api/register/`, { method: 'POST', headers: json, body: JSON.stringify({ username, email, password1: PASSWORD, password2: PASSWORD }) });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const login = (await (await fetch(`${baseUrl}/api/login/`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: PASSWORD }) })).json()) as { tokens: { access: string } };
  const access = login.tokens.access;
  const info = (await (await fetch(`${baseUrl}/api/info/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { user: { profile: { buyerid: number } } };
  return { email, username, password: PASSWORD, access, buyerid: info.user.profile.buyerid };
}

/** The API as this customer. */
export async function asCustomer<T>(baseUrl: string, c: Customer, method: string, apiPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/api${apiPath}`, { method, headers: { ...json, authorization: `Bearer ${c.access}`, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** Puts `amount` on the customer's balance with an M-Pesa deposit answered on the simulated phone. */
export async function topUp(baseUrl: string, c: Customer, amount: number, phone: string) {
  const started = await asCustomer<{ CheckoutRequestID: string }>(baseUrl, c, 'POST', '/deposit/', { phone_number: phone, amount, username: c.buyerid });
  if (started.status >= 300) throw new Error(`deposit: ${started.status} ${JSON.stringify(started.body)}`);
  const id = started.body.CheckoutRequestID;
  const answered = await fetch(`${baseUrl}/mpesa-sim/prompts/${id}`, { method: 'POST', headers: json, body: JSON.stringify({ action: 'pay' }) });
  if (!answered.ok) throw new Error(`simulated phone: ${answered.status}`);
  for (let i = 0; i < 300; i++) {
    const d = await asCustomer<{ state: string }>(baseUrl, c, 'GET', `/deposit/${id}/`);
    if (d.body.state === 'completed') return;
    if (d.body.state !== 'pending') throw new Error(`deposit ${d.body.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('deposit never completed');
}

/** Signs the customer in with the storefront's login form, in either language, and waits for the home page. */
export async function signInOnPage(page: Page, c: Pick<Customer, 'email' | 'password'>) {
  await page.goto('/account/authenticate');
  const form = page.locator('form').filter({ has: page.locator('input[autocomplete="current-password"]') });
  await form.locator('input[type="email"]').fill(c.email);
  await form.locator('input[type="password"]').fill(c.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The gift claim link in the newest SMS to `phone` (07XXXXXXXX) in the server's SMS outbox. */
export async function smsClaimLink(dataDir: string, phone: string): Promise<string> {
  const outbox = path.join(dataDir, 'sms-outbox');
  const digits = `254${phone.replace(/\D/g, '').replace(/^0/, '')}`;
  for (let i = 0; i < 200; i++) {
    for (const file of (await fs.promises.readdir(outbox).catch(() => [])).filter((f) => f.includes(digits)).sort().reverse()) {
      const link = /(https?:\/\/\S+\/gift\/[\w-]+)/.exec(await fs.promises.readFile(path.join(outbox, file), 'utf8'))?.[1];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no gift link to ${digits} in ${outbox}`);
}

/** A phone of this run's own: no prompt another journey left open on it. */
export const freshPhone = (n: number) => `07${String((Date.now() + n * 7919) % 100_000_000).padStart(8, '0')}`;

/** Waits until the player has played a second. */
export const playing = (page: Page) => page.waitForFunction(() => ((document.querySelector('[data-media-player] video') as HTMLVideoElement | null)?.currentTime ?? 0) > 1, undefined, { timeout: 60_000 });

export interface ShopVideo {
  vidId: number;
  title: string;
  price: number;
  for_sale: boolean;
  rating: string;
  rent_price?: number | null;
  rental_hours?: number;
}

/**
 * Playable videos any customer may buy at once: rated GE or PG (a 16 or 18 asks the customer's age
 * first, CONTRACT §13, a step of its own journey). The demo makes its clips in the background.
 */
export async function familyVideos(baseUrl: string, count: number, except: number[] = [], timeoutMs = 110_000): Promise<ShopVideo[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = ((await (await fetch(`${baseUrl}/api/videoDetails/?ordering=-date_uploaded&page_size=100&rating=GE,PG`)).json()) as { results: ShopVideo[] }).results;
    const ready = list.filter((v) => v.for_sale && ['GE', 'PG'].includes(v.rating) && !except.includes(v.vidId));
    if (ready.length >= count) return ready;
    if (Date.now() > until) throw new Error(`only ${ready.length} of ${count} GE or PG videos became playable in time`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
