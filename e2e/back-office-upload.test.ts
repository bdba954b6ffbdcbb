import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, logInAsDemoCustomer, screenshot, seriousAccessibilityViolations, signInAsStaff, UPLOADED_VIDEO_TITLE, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let clip: string;

beforeAll(async () => {
  browser = await launchChromium();
  // A real little film with sound, as staff would have on their laptop.
  clip = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'store-upload-')), `${UPLOADED_VIDEO_TITLE}.mp4`);
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', clip]);
});
afterAll(async () => {
  await browser?.close();
  await fs.rm(path.dirname(clip), { recursive: true, force: true });
});

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('from the back office to a customer’s screen', () => {
  it('staff add a DJ, a genre and a video with its file; a customer buys it and it plays', { timeout: 240_000 }, async () => {
    const staff = await (await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl })).newPage();
    await signInAsStaff(staff);
    await staff.goto('/admin/#/djs/create');
    await staff.getByLabel('DJ name').fill('Baraka');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('The DJ is saved.').waitFor();
    await staff.goto('/admin/#/genres/create');
    await staff.getByLabel('Title').fill('Wildlife');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('The genre is saved.').last().waitFor();

    await staff.goto('/admin/#/videos/create');
    await staff.getByLabel('Title').fill(UPLOADED_VIDEO_TITLE);
    await choose(staff, 'DJ', 'Baraka');
    await choose(staff, 'Genre', 'Wildlife');
    await choose(staff, 'Category', 'Movie');
    // A KFCB rating is required (CONTRACT §13): a wildlife film is for everyone.
    await staff.getByLabel('Age rating').click();
    await staff.getByRole('option').first().click();
    await staff.getByLabel('Price (Ksh)').fill('40');
    await staff.getByLabel('Synopsis', { exact: true }).fill('Dawn over the Mara, narrated by DJ Baraka.');
    await staff.getByLabel('Published').check();
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.waitForURL(/#\/videos\/\d+$/);
    const videoId = Number(/videos\/(\d+)$/.exec(staff.url())![1]);

    await staff.getByLabel('Upload the video').setInputFiles(clip);
    await staff.getByText(`${UPLOADED_VIDEO_TITLE}.mp4 uploaded.`).waitFor({ timeout: 60_000 });
    await staff.getByText(/^(Queued|Transcoding \d+%)$/).first().waitFor();
    await screenshot(staff, 'desktop-admin-video-transcoding');
    // The panel watches the job; the demo's own clips may be ahead of it on the two workers.
    await staff.getByText('Ready', { exact: true }).waitFor({ timeout: 150_000 });
    await staff.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(staff)).toEqual([]);
    await screenshot(staff, 'desktop-admin-video-ready');

    const customer = await (await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true })).newPage();
    await customer.goto('/genre/Wildlife');
    await customer.getByText(UPLOADED_VIDEO_TITLE).first().waitFor();
    await logInAsDemoCustomer(customer);
    await customer.goto(`/video/${videoId}`);
    await customer.getByRole('heading', { level: 1, name: UPLOADED_VIDEO_TITLE }).waitFor();
    await customer.getByRole('button', { name: 'Buy' }).click();
    await customer.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: 'Pay Ksh 40' }).click();
    await customer.waitForURL('**/purchase/done');
    await customer.getByRole('link', { name: `Play ${UPLOADED_VIDEO_TITLE}` }).click();
    await customer.waitForURL(`**/watch/${videoId}?play=1`);
    await customer.locator('[data-media-player][data-can-play]').waitFor({ timeout: 30_000 });
    await customer.waitForFunction(() => (document.querySelector('[data-media-player] video') as HTMLVideoElement).currentTime > 1.5);
    await screenshot(customer, 'phone-watch-uploaded');
  });
});
