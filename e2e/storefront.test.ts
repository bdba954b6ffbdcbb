import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS, type ViewportName } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('storefront at %s width', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl });
  });
  afterAll(() => context.close());

  const open = async (path: string) => {
    page = await context.newPage();
    await page.goto(path);
    return page;
  };

  it('browses from home to a genre to a video', async () => {
    await open('/');
    await page.getByRole('heading', { name: 'Suggestions' }).waitFor();
    const more = page.getByRole('link', { name: 'More Action', exact: true });
    for (let i = 0; i < 40 && (await more.count()) === 0; i++) await page.mouse.wheel(0, 800);
    await more.scrollIntoViewIfNeeded();
    await more.click();
    await page.waitForURL('**/genre/Action');
    await page.getByRole('heading', { level: 1, name: 'Genre: Action' }).waitFor();
    await page.getByText(/^\d+ videos? in Action$/).waitFor();
    const first = page.locator('main ul li a').first();
    const title = (await first.locator('p').first().textContent())!.trim();
    await first.click();
    await page.waitForURL(/\/video\/\d+$/);
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await page.getByText(/^Ksh \d/).first().waitFor();
    await page.getByRole('heading', { name: `Similar to ${title}` }).waitFor();
    await screenshot(page, `${viewport}-journey-video`);
    await page.close();
  });

  it('finds a video by a title typed with a typo', async () => {
    await open('/new');
    const search = page.getByRole('combobox', { name: 'Search videos by title' });
    await search.fill('demon slyer');
    await search.press('Enter');
    await page.waitForURL('**/search/demon%20slyer');
    const first = page.locator('main ul li').first();
    await first.getByText('Demon Slayer: Hunter\u2019s Oath').waitFor();
    await page.close();
  });

  if (viewport === 'phone') {
    it('opens the drawer from the menu and closes it on a link or a tap outside', async () => {
      await open('/new');
      const drawer = page.getByTestId('drawer');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.waitFor({ state: 'visible' });
      await screenshot(page, 'phone-drawer');
      await drawer.getByRole('link', { name: 'About US' }).click();
      await page.waitForURL('**/about');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.waitFor({ state: 'visible' });
      await page.mouse.click(340, 400); // outside the 260 px drawer
      await drawer.waitFor({ state: 'hidden' });
      await page.close();
    });
  } else {
    it('shows the sidebar by default and toggles it from the menu', async () => {
      await open('/new');
      const sidebar = page.getByTestId('sidebar');
      await sidebar.waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Close menu' }).click();
      await sidebar.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await sidebar.waitFor({ state: 'visible' });
      await page.close();
    });
  }

  it('refuses a bad contact message, then stores a good one', async () => {
    await open('/contact');
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.getByLabel('Name').fill('Amina');
    await page.getByLabel('Email').fill('ab');
    await page.getByLabel('Phone number').fill('0712345678');
    await page.getByLabel('Message').fill('hi');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Email required!').waitFor();
    await page.getByText('Message required!').waitFor();
    await screenshot(page, `${viewport}-contact-errors`);
    expect(posts).toEqual([]);

    await page.getByLabel('Email').fill(`amina.${viewport}@example.co.ke`);
    await page.getByLabel('Message').fill('Do you have Swahili subtitles?');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/message/') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ email: `amina.${viewport}@example.co.ke`, phone_number: '254712345678' });
    await page.getByText('Message sent successfully.').waitFor();
    await page.close();
  });

  const screens = [
    ['home', '/'],
    ['genre', '/genre/Drama'],
    ['genres', '/genre'],
    ['deejays', '/deejays'],
    ['dj', '/dj/Kibe'],
    ['popular', '/popular/Kibe'],
    ['new', '/new'],
    ['store-movie', '/store/movie'],
    ['store-empty', '/store/documentary'],
    ['suggestions', '/suggestions'],
    ['trend', '/trend'],
    ['guide', '/guide'],
    ['search-empty', '/search/zzqx'],
    ['video', '/video/1'],
    ['contact', '/contact'],
    ['about', '/about'],
    ['notifications', '/notifications'],
    ['not-found', '/no/such/page'],
  ] as const;

  it.each(screens)('%s has no serious accessibility violation', async (name, path) => {
    await open(path);
    await page.waitForLoadState('networkidle');
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await screenshot(page, `${viewport}-${name}`);
    const violations = await seriousAccessibilityViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await page.close();
  });

  it('words empty lists as the seed does', async () => {
    await open('/store/documentary');
    await page.getByText('Currently no documentary movie.').waitFor();
    await page.goto('/search/zzqx');
    await page.getByText('No video by name zzqx found.').waitFor();
    await page.close();
  });
});
