import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS, videosForSale } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface Facts {
  vidId: number;
  title: string;
  duration: number | null;
  data_saver_size: number | null;
  download_size: number | null;
  preview: string | null;
}

/** A video for sale whose preview the demo's transcoding has made. */
async function videoWithPreview(): Promise<Facts> {
  const until = Date.now() + 150_000;
  for (;;) {
    const ids = (await videosForSale(baseUrl, 1)).map((v) => v.vidId);
    for (const id of ids) {
      const v = (await (await fetch(`${baseUrl}/api/videoDetails/${id}/`)).json()) as Facts;
      if (v.preview) return v;
    }
    if (Date.now() > until) throw new Error('no video got its preview in time');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

describe('try before you buy (360 px)', { timeout: 240_000 }, () => {
  it('shows a visitor the length and the MB before paying, and plays the first minute from public addresses only', async () => {
    const video = await videoWithPreview();
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const media: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/media/') && !/^\/media\/(posters|thumbs)\//.test(pathname)) media.push(pathname);
    });
    await page.goto(`/video/${video.vidId}`);
    await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    const facts = page.getByRole('region', { name: 'Before you pay' });
    await facts.getByText(/^Length: \d+ (s|min)$/).waitFor();
    await facts.getByText(/^Data saver: [\d.]+ MB$/).waitFor();
    await facts.getByText(/^Download: [\d.]+ MB$/).waitFor();
    await facts.getByText(/^First minute, free for everyone · about [\d.]+ MB$/).waitFor();
    await facts.getByRole('button', { name: 'Preview' }).tap();
    const player = page.getByLabel(`Preview of ${video.title}`);
    await player.waitFor();
    await page.waitForFunction(() => ((document.querySelector('video.preview-video') as HTMLVideoElement | null)?.currentTime ?? 0) > 1.5, null, { timeout: 30_000 });
    const state = await player.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, height: v.videoHeight, width: v.getBoundingClientRect().width }));
    expect(state.paused).toBe(false);
    // The 240p data-saver rung (an odd source can round to 241 lines); the next rung up is 360p.
    expect(state.height).toBeLessThan(300);
    expect(state.width).toBeLessThanOrEqual(360);
    // Everything the preview fetched is under its public folder; nothing of the full video.
    expect(media.length).toBeGreaterThan(1);
    expect(media.filter((p) => !p.startsWith(`/media/previews/${video.vidId}/`))).toEqual([]);
    // The page fits a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await player.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-preview-playing');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
