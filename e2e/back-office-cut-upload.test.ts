import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, seriousAccessibilityViolations, signInAsStaff, VIEWPORTS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let staff: Record<string, string>;
let videoId: number;

const json = { 'content-type': 'application/json' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

beforeAll(async () => {
  browser = await launchChromium();
  const login = (await (await fetch(`${baseUrl}/api/login/`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'staff@demo.videostore.co.ke', password: 'demo-staff-kilimanjaro' }) })).json()) as { tokens: { access: string } };
  staff = { authorization: `Bearer ${login.tokens.access}` };
  const [dj] = (await (await fetch(`${baseUrl}/api/admin/djs`, { headers: staff })).json()) as { id: number }[];
  const [genre] = (await (await fetch(`${baseUrl}/api/admin/genres`, { headers: staff })).json()) as { id: number }[];
  const created = await fetch(`${baseUrl}/api/admin/videos`, { method: 'POST', headers: { ...json, ...staff }, body: JSON.stringify({ title: 'Half a Safari', dj_id: dj!.id, genre_id: genre!.id, cartegory: 'movie', price: 60, published: false }) });
  videoId = ((await created.json()) as { id: number }).id;
});
afterAll(async () => {
  if (staff && videoId) await fetch(`${baseUrl}/api/admin/videos/${videoId}`, { method: 'DELETE', headers: staff });
  await browser?.close();
});

describe('a main video cut short on its way to the store', () => {
  it('is flagged on its back-office page at phone width, with what plays and what the file declares', { timeout: 240_000 }, async () => {
    // A 20-second film with its second half lost, as a copy or an upload cut off leaves it.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-cut-'));
    const whole = path.join(dir, 'whole.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=20', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', whole]);
    const bytes = await fs.readFile(whole);
    const cut = bytes.subarray(0, Math.floor(bytes.length / 2));
    await fs.rm(dir, { recursive: true, force: true });

    // Sent whole with its creation (tus creation-with-upload): 201 with the offset, not a 404.
    const upload = await fetch(`${baseUrl}/api/admin/uploads`, {
      method: 'POST',
      headers: { ...staff, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(cut.length), 'Upload-Metadata': `video_id ${b64(String(videoId))},kind ${b64('main')},filename ${b64('Half a Safari.mp4')}`, 'Content-Type': 'application/offset+octet-stream' },
      body: cut,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    expect(upload.headers.get('upload-offset')).toBe(String(cut.length));

    const page = await (await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, hasTouch: true, isMobile: true })).newPage();
    await signInAsStaff(page);
    await page.goto(`/admin/#/videos/${videoId}`);
    // The panel watches the job; the demo's own clips may be ahead of it on the two workers.
    await page.getByText('Ready', { exact: true }).waitFor({ timeout: 180_000 });
    const warning = page.getByRole('alert').filter({ hasText: 'This file ends early' });
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/it plays \d+ min \d+ s of the 0 min 20 s it declares/);
    await warning.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'phone-admin-video-ends-early');
  });
});
