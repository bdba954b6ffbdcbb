import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, logInOnStorefront, newCustomer, screenshot, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
const src = path.resolve(import.meta.dirname, '../apps/web/src');

/** Every storefront catalog, English and Kiswahili side by side. */
function catalogs(): { en: Record<string, string>; sw: Record<string, string> } {
  const en: Record<string, string> = {};
  const sw: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name === 'en.json' && dir.endsWith('locales')) {
        Object.assign(en, JSON.parse(fs.readFileSync(p, 'utf8')));
        Object.assign(sw, JSON.parse(fs.readFileSync(path.join(dir, 'sw.json'), 'utf8')));
      }
    }
  };
  walk(src);
  return { en, sw };
}

/** The words of an ICU message around its placeholders (a plural's branches and `#` left out). */
function fragments(message: string): string[] {
  let out = '';
  let depth = 0;
  for (const ch of message) {
    if (ch === '{') depth++;
    if (depth === 0) out += ch;
    if (ch === '}') {
      depth--;
      if (depth === 0) out += '\u0000';
    }
  }
  return out.split('\u0000').map((s) => s.trim());
}

/** English a Kiswahili screen must not show: each catalog text (longer than 3 characters) that its Kiswahili changes. */
const { en, sw } = catalogs();
const ENGLISH = [
  ...new Set(
    Object.keys(en).flatMap((id) => fragments(en[id]!).filter((f) => f.length > 3 && /[a-z]{2}/i.test(f) && !(sw[id] ?? '').includes(f))),
  ),
].sort((a, b) => b.length - a.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Catalogue data (titles, synopses, DJ and genre names, the team, the store's news) stays as it is: it is taken out of the page's text first. */
async function catalogueData(): Promise<string[]> {
  const get = async (p: string) => ((await (await fetch(`${baseUrl}/api${p}`)).json()) as { results: Record<string, unknown>[] }).results;
  const rows = [...(await get('/videoDetails/?page_size=1000')), ...(await get('/dj/?page_size=100')), ...(await get('/genre/?page_size=100')), ...(await get('/ceo/')), ...(await get('/about_team/')), ...(await get('/notification/'))];
  // A video's category is one of four words the store says in Kiswahili itself, not data.
  const texts = rows.flatMap((r) =>
    Object.entries(r)
      .filter(([key]) => key !== 'cartegory')
      .map(([, v]) => v)
      .filter((v): v is string => typeof v === 'string' && v.length > 1 && !v.startsWith('/') && !v.startsWith('http')),
  );
  // A synopsis is shown cut at 100 characters in places.
  return [...new Set([...texts, ...texts.map((t) => t.slice(0, 100))])].sort((a, b) => b.length - a.length);
}

let browser: Browser;
let data: string[];
beforeAll(async () => {
  browser = await launchChromium();
  data = await catalogueData();
});
afterAll(() => browser?.close());

/** The English left in the page's visible text once catalogue data is taken out. */
async function englishLeft(page: Page): Promise<string[]> {
  let text = await page.evaluate(() => {
    let t = document.body.innerText;
    // What is marked as English on purpose is not left over: the switch names each language in itself.
    for (const el of Array.from(document.querySelectorAll('[lang="en"], [lang="en"] *'))) if (!el.children.length && el.textContent) t = t.split(el.textContent).join(' ');
    return t;
  });
  for (const d of data) text = text.split(d).join(' ');
  return ENGLISH.filter((e) => new RegExp(`(^|[^\\p{L}])${escape(e)}($|[^\\p{L}])`, 'u').test(text));
}

describe('Kiswahili at 360 px, for a phone that asks for it (Accept-Language sw)', () => {
  let context: BrowserContext;
  let page: Page;
  const untranslated: string[] = [];
  beforeAll(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, locale: 'sw-KE' });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('Untranslated message')) untranslated.push(`${page.url()}: ${m.text()}`);
    });
  });
  afterAll(() => context.close());

  /** Opens a screen, waits for what proves it is shown, then judges its words and keeps a picture. */
  async function judge(url: string, name: string, shown: (p: Page) => Promise<unknown>) {
    await page.goto(url);
    await shown(page);
    await page.waitForLoadState('networkidle');
    await screenshot(page, `sw-phone-${name}`);
    expect(await page.evaluate(() => document.documentElement.lang), `<html lang> on ${url}`).toBe('sw');
    expect(await englishLeft(page), `English on ${url}`).toEqual([]);
    expect(untranslated, `untranslated messages on ${url}`).toEqual([]);
    // Longer Kiswahili words must not push anything off a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width on ${url}`).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  }

  it('a first visit is in Kiswahili, with <html lang="sw">', async () => {
    await judge('/', 'home', (p) => p.getByRole('heading', { name: 'Mapendekezo' }).waitFor());
    await expect(page.getByRole('link', { name: 'Ingia' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Kiswahili' }).getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('catalogue screens: a DJ, genres, new, trending', async () => {
    const dj = (((await (await fetch(`${baseUrl}/api/dj/?page_size=100`)).json()) as { results: { dj_name: string }[] }).results[1] ?? { dj_name: '' }).dj_name;
    await judge(`/dj/${encodeURIComponent(dj)}`, 'dj', (p) => p.getByRole('tab', { name: 'Maarufu' }).waitFor());
    await judge('/genre', 'genre', (p) => p.getByRole('heading', { level: 1, name: /^Aina/ }).waitFor());
    await judge('/new', 'new', (p) => p.getByRole('heading', { level: 1, name: 'Video mpya' }).waitFor());
    await judge('/trend', 'trend', (p) => p.getByRole('heading', { level: 1, name: 'Zinazovuma sasa' }).waitFor());
  });

  it('search with results and with none', async () => {
    await judge('/search/demon', 'search', (p) => p.getByText(/^Video \d+$/).waitFor());
    await judge('/search/qqqzzzxx', 'search-none', (p) => p.getByRole('heading', { name: 'Video maarufu' }).waitFor());
  });

  it('a video page, contact, about and a page that is not there', async () => {
    const video = ((await (await fetch(`${baseUrl}/api/videoDetails/?page_size=1&ordering=-date_uploaded`)).json()) as { results: { vidId: number; title: string }[] }).results[0]!;
    await judge(`/video/${video.vidId}`, 'video', (p) => p.getByRole('heading', { name: `Zinazofanana na ${video.title}` }).waitFor());
    await judge('/contact', 'contact', (p) => p.getByRole('heading', { level: 1, name: 'Wasiliana nasi' }).waitFor());
    await judge('/about', 'about', (p) => p.getByRole('heading', { name: 'Timu yetu' }).waitFor());
    await judge('/hakuna-ukurasa-huu', 'not-found', (p) => p.getByRole('link', { name: 'Rudi dukani' }).waitFor());
  });

  it('login, register, cart, and once signed in deposit and account', async () => {
    await judge('/account/authenticate', 'login', (p) => p.locator('input[type=password]').first().waitFor());
    await judge('/cart', 'cart', (p) => p.locator('main h1').first().waitFor());
    const customer = await newCustomer(baseUrl, 'mteja');
    await logInOnStorefront(page, customer.email, customer.password);
    await judge('/deposit', 'deposit', (p) => p.locator('main input').first().waitFor());
    await judge('/account', 'account', (p) => p.locator('main h1').first().waitFor());
  });
});

describe('the language chosen survives a reload and a login', () => {
  it('chosen on a phone that speaks English, kept after a reload, saved on the account, and found again on another phone at login', async () => {
    const { email, password } = await newCustomer(baseUrl, 'lugha');

    const first = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, locale: 'en-US' });
    const page = await first.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    await page.getByRole('link', { name: 'Ingia' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Ingia' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    await screenshot(page, 'sw-phone-after-reload');
    // The account has no language yet: it takes this phone's.
    const saved = page.waitForResponse((r) => r.url().includes('/api/profile/') && r.request().method() === 'PATCH');
    await logInOnStorefront(page, email, password);
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toEqual({ language: 'sw' });
    await page.getByRole('heading', { name: 'Mapendekezo' }).waitFor();
    await first.close();

    // Another phone, in English: signing in brings the account's Kiswahili.
    const second = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, locale: 'en-US' });
    const other = await second.newPage();
    await other.goto('/');
    await other.getByRole('link', { name: 'Login' }).waitFor();
    await logInOnStorefront(other, email, password);
    await other.getByRole('heading', { name: 'Mapendekezo' }).waitFor();
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('sw');
    await other.reload();
    await other.getByRole('heading', { name: 'Mapendekezo' }).waitFor();
    await screenshot(other, 'sw-phone-after-login');
    await second.close();
  });
});
