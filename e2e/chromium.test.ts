import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot, VIEWPORTS } from './browser.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const baseUrl = inject('baseUrl');

/** Which browser the journeys get on a machine that has what is given here and nothing else. */
describe('the journeys’ Chromium', { timeout: 120_000 }, () => {
  let dir: string;
  let fakeBrowser: string;
  const nowhere = '/nonexistent/chromium';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'find-chromium-'));
    fakeBrowser = path.join(dir, 'chrome');
    fs.writeFileSync(fakeBrowser, '#!/bin/sh\n', { mode: 0o755 });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is the one CHROMIUM_PATH names, and a CHROMIUM_PATH with no browser there is an error, not another browser', async () => {
    expect(await findChromium({ env: { CHROMIUM_PATH: fakeBrowser }, systemPaths: [] })).toEqual({ executablePath: fakeBrowser, source: 'CHROMIUM_PATH' });
    await expect(findChromium({ env: { CHROMIUM_PATH: nowhere } })).rejects.toThrow(`CHROMIUM_PATH is ${nowhere}, which is not an executable file`);
  });

  it('is the system’s first installed browser, then Playwright’s download', async () => {
    expect(await findChromium({ env: {}, systemPaths: [nowhere, fakeBrowser], playwrightPath: nowhere })).toEqual({ executablePath: fakeBrowser, source: 'system' });
    // A file that cannot be run is not a browser (`spawn /usr/bin/chromium EACCES`).
    const notExecutable = path.join(dir, 'chromium');
    fs.writeFileSync(notExecutable, '', { mode: 0o644 });
    expect(await findChromium({ env: {}, systemPaths: [notExecutable], playwrightPath: fakeBrowser })).toEqual({ executablePath: fakeBrowser, source: 'playwright' });
  });

  it('with none installed, is the npm package’s: unpacked whole for two at once, it shows the store at 360 px and plays its H.264 video', async () => {
    const cacheDir = path.join(dir, 'cache');
    const found = await Promise.all([0, 1].map(() => findChromium({ env: {}, systemPaths: [nowhere], playwrightPath: nowhere, cacheDir })));
    expect(found.map((f) => f.source)).toEqual(['npm', 'npm']);
    expect(found[1]!.executablePath).toBe(found[0]!.executablePath);
    expect(fs.readdirSync(path.dirname(found[0]!.executablePath))).toEqual(['chromium']);

    const browser = await chromium.launch({ executablePath: found[0]!.executablePath, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Suggestions' }).waitFor();
      await screenshot(page, 'npm-chromium-home-360');
      const can = await page.evaluate(() => ({
        h264: document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E, mp4a.40.2"'),
        serviceWorker: 'serviceWorker' in navigator,
      }));
      expect(can).toEqual({ h264: 'probably', serviceWorker: true });
    } finally {
      await browser.close();
    }
  });
});
