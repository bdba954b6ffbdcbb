import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, signInAsStaff, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the back office in Kiswahili', () => {
  it('switches to Kiswahili from the app bar, keeps it after a reload and at phone width, and back to English', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl })).newPage();
    await signInAsStaff(page);
    await page.goto('/admin/#/videos');
    await page.getByRole('columnheader', { name: 'Price' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Kiswahili' }).click();
    await page.getByRole('columnheader', { name: 'Bei' }).waitFor();
    await expect.poll(() => page.getByRole('menuitem').allTextContents()).toEqual(expect.arrayContaining(['Wateja', 'Malipo ya M-Pesa', 'Manunuzi', 'Aina']));
    await screenshot(page, 'desktop-admin-kiswahili-videos');

    await page.reload();
    await page.getByRole('columnheader', { name: 'Bei' }).waitFor();
    expect(await page.getByRole('button', { name: 'Kiswahili' }).count()).toBe(1);

    // At phone width too: the list of genres, in Kiswahili.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/admin/#/genres');
    await page.getByText('Comedy').first().waitFor();
    await screenshot(page, 'phone-admin-kiswahili-genres');
    expect(await page.getByText('Iliongezwa').count()).toBeGreaterThan(0);
    // Narrowed from 1280 px with the menu open beside the page, the page is still there for screen
    // readers: no aria-hidden left on the root by a phone's menu drawer that is not on screen.
    expect(await page.locator('#root').getAttribute('aria-hidden')).toBeNull();
    await page.getByRole('button', { name: 'Fungua menyu' }).click();
    await page.getByRole('menuitem', { name: 'Aina' }).waitFor();
    expect(await page.locator('#root').getAttribute('aria-hidden')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#root').getAttribute('aria-hidden')).toBeNull();
    await page.getByRole('button', { name: 'Fungua menyu' }).waitFor();
    // The app bar's language button leaves the page's title whole (it showed "Dashboa" under "ENGLISH").
    await page.goto('/admin/#/');
    await page.locator('#react-admin-title').getByText('Dashibodi').waitFor();
    const languageButton = await page.locator('button[aria-controls="simple-menu"]').boundingBox();
    const titleEnd = await page.locator('#react-admin-title').evaluate((title) => {
      const words = document.createRange();
      words.selectNodeContents(title);
      return words.getBoundingClientRect().right;
    });
    expect(titleEnd).toBeGreaterThan(50);
    expect(titleEnd).toBeLessThanOrEqual(languageButton!.x);

    // A title longer than the bar (the edit page of the demo video with the longest name) ends in "…"
    // before the language and account buttons, and says all of itself as its tooltip.
    const videos = ((await (await fetch(`${baseUrl}/api/videoDetails/?page_size=100`)).json()) as { results: { vidId: number; title: string }[] }).results;
    const longest = videos.reduce((a, b) => (b.title.length > a.title.length ? b : a));
    await page.goto(`/admin/#/videos/${longest.vidId}`);
    const heading = page.locator('#react-admin-title');
    await heading.getByText(longest.title).waitFor();
    await expect.poll(() => heading.getAttribute('title')).toContain(longest.title);
    const bar = await heading.evaluate((title) => ({
      cut: title.scrollWidth > title.clientWidth,
      ellipsis: getComputedStyle(title).textOverflow,
      // The browser draws the "…" only over words laid out inline in the heading, not inside an inline-block.
      boxedWords: Array.from(title.querySelectorAll('*')).filter((el) => getComputedStyle(el).display !== 'inline').length,
      right: title.getBoundingClientRect().right,
    }));
    expect(bar).toEqual({ cut: true, ellipsis: 'ellipsis', boxedWords: 0, right: expect.any(Number) });
    const language = (await page.locator('button[aria-controls="simple-menu"]').boundingBox())!;
    const account = (await page.getByRole('button', { name: 'Wasifu' }).boundingBox())!;
    expect(bar.right).toBeLessThanOrEqual(language.x);
    expect(account.x + account.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'phone-admin-kiswahili-long-title');
    // The resumable upload's refusal in the language chosen here, not the browser's (English).
    await page.getByLabel('Pakia video', { exact: true }).setInputFiles({ name: 'trailer.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('not a video') });
    const refusal = page.getByText('Video kuu lazima iwe mojawapo ya: mp4');
    await refusal.waitFor();
    await refusal.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-admin-kiswahili-upload-refused');
    // Scrolled down, a phone's app bar slides away; back to the top for the language menu.
    await page.evaluate(() => window.scrollTo(0, 0));

    // Back to English: the same words as before.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/admin/#/videos');
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('columnheader', { name: 'Price' }).waitFor();
  });

  it('signs in in Kiswahili from the sign-in page\'s language menu, and shows the dashboard in it', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl })).newPage();
    await page.goto('/admin/');
    await page.getByRole('form', { name: 'Staff sign in' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Kiswahili' }).click();
    const form = page.getByRole('form', { name: 'Kuingia kwa wafanyakazi' });
    await form.getByRole('heading', { name: 'Ofisi ya nyuma' }).waitFor();
    await screenshot(page, 'phone-admin-kiswahili-login');
    await form.getByLabel('Barua pepe').fill('staff@demo.videostore.co.ke');
    await form.getByLabel('Nenosiri').fill('wrong-password-123');
    await form.getByRole('button', { name: 'Ingia' }).click();
    // The server's refusal in the chosen language, not in English.
    await page.getByText('Barua pepe au nenosiri si sahihi.').waitFor();
    await form.getByLabel('Nenosiri').fill('demo-staff-kilimanjaro');
    await form.getByRole('button', { name: 'Ingia' }).click();
    await page.getByText('Malipo ya kukaguliwa').waitFor();
    expect(await page.getByText('Mauzo ya leo').count()).toBe(1);
    expect(await page.getByText('Deposits for review').count()).toBe(0);
    await screenshot(page, 'phone-admin-kiswahili-dashboard');
  });

  it('opens in Kiswahili for a browser in Kiswahili, and saves a genre with the server\'s errors and notice in Kiswahili, at desktop and phone width', async () => {
    // A staff member on a computer, then one on a phone (each its own browser, as people use them).
    for (const [width, viewport] of [['desktop', VIEWPORTS.desktop], ['phone', VIEWPORTS.phone]] as const) {
      const page = await (await browser.newContext({ viewport, baseURL: baseUrl, locale: 'sw-KE' })).newPage();
      await page.goto('/admin/');
      const form = page.getByRole('form', { name: 'Kuingia kwa wafanyakazi' });
      await form.getByLabel('Barua pepe').fill('staff@demo.videostore.co.ke');
      await form.getByLabel('Nenosiri').fill('demo-staff-kilimanjaro');
      await form.getByRole('button', { name: 'Ingia' }).click();
      await page.getByText('Malipo ya kukaguliwa').waitFor();
      await screenshot(page, `${width}-admin-kiswahili-dashboard`);
      // To the genres by the menu (on a phone it opens over the page and closes once a screen is picked).
      if (width === 'phone') await page.getByRole('button', { name: 'Fungua menyu' }).click();
      await page.getByRole('menuitem', { name: 'Aina' }).click();
      await page.getByRole('link', { name: 'Unda' }).click();
      await saveGenre(page, width);
    }
  });
});

/** A new genre in Kiswahili: a taken name refused under the field in the server's Kiswahili, then a new one saved. */
async function saveGenre(page: Page, width: string) {
  const title = page.getByRole('textbox', { name: 'Jina' });
  await title.fill('comedy');
  const save = page.getByRole('button', { name: 'Hifadhi' });
  await save.click();
  await page.getByText('Aina yenye jina hili tayari ipo.').waitFor();
  await screenshot(page, `${width}-admin-kiswahili-genre-taken`);
  const name = `Benga ${width} ${Date.now() % 100_000}`;
  await title.fill(name);
  await save.click();
  await page.getByText('Aina imehifadhiwa.').waitFor();
  await page.getByText(name).waitFor();
  await screenshot(page, `${width}-admin-kiswahili-genre-saved`);
}
