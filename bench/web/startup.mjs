#!/usr/bin/env node
// How long an owned video takes to start on a slow, far network (issue 24): the built store on a fresh
// demo DATA_DIR, the Chromium e2e/chromium.mjs finds, at 360 px as a phone, the demo customer signed in and owning a
// video with a clip. For each delay per request in BENCH_DELAYS (0, 300, 600, 1000 ms) at 400 kbit/s
// both ways (CDP Network.emulateNetworkConditions), the watch page is opened on that network with an
// empty cache, Play is tapped as soon as it shows, and the times from opening the page to Play, and from
// the tap to the first frame of the playing video (requestVideoFrameCallback), are printed with the requests, the cancelled
// ones and the bytes it took, against the 0 ms run (the reference). A run that has not started after
// BENCH_LIMIT_S (60) s is "never". Run `npm run build -w apps/web` first.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium.mjs';
import { loadAverage, startStore } from './store.mjs';

const DELAYS = (process.env.BENCH_DELAYS ?? '0,300,600,1000').split(',').map(Number);
const KBPS = 400;
const LIMIT_S = Number(process.env.BENCH_LIMIT_S ?? 60);
/**
 * The target: it plays at every delay, and at 600 ms Play is on screen within 8 s of opening the page
 * (issue 32 item 7). Issue 24's "within 8 s of the tap" no longer applies as it was: Play now shows on
 * the poster before the player's code has come, so the tap comes earlier and waits for it; the time
 * from opening the page to the first frame is printed beside it.
 */
const TARGET = { delay: 600, playShown: 8 };
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const CUSTOMER = { email: 'customer@demo.videostore.co.ke', password: 'demo-customer-nairobi' };

/**
 * Signs the demo customer in through the storefront's form and buys the video (from the balance) unless
 * owned, confirming their age as the buy dialog asks an adult to (the video the bench plays is age-rated).
 */
async function signInOwning(page, videoId) {
  await page.goto('/account/authenticate');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(CUSTOMER.email);
  await form.getByLabel('Password').fill(CUSTOMER.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const status = await page.evaluate(async (id) => {
    const { access } = await (await fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
    const auth = { authorization: `Bearer ${access}` };
    const owned = (await (await fetch('/api/info/', { headers: auth })).json()).purchase.map((p) => p.video_id);
    if (owned.includes(id)) return 'owned';
    return (await fetch('/api/purchased/', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ video_id: id, age_confirmed: true }) })).status;
  }, videoId);
  if (status !== 'owned' && status !== 201) throw new Error(`could not buy video ${videoId}: ${status}`);
}

/** One start at this delay: the watch page opened on the network, Play tapped, the first frame awaited. */
async function startAt(context, base, videoId, delay) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: delay, downloadThroughput: (KBPS * 1000) / 8, uploadThroughput: (KBPS * 1000) / 8 });
  const requests = [];
  page.on('request', (r) => requests.push({ r, at: Date.now(), bytes: 0, failed: null }));
  page.on('requestfinished', async (r) => {
    const entry = requests.find((x) => x.r === r);
    const sizes = await r.sizes().catch(() => null);
    if (entry && sizes) entry.bytes = sizes.responseBodySize + sizes.responseHeadersSize;
  });
  page.on('requestfailed', (r) => {
    const entry = requests.find((x) => x.r === r);
    if (entry) entry.failed = r.failure()?.errorText ?? 'failed';
  });
  const opened = Date.now();
  await page.goto(`${base}/watch/${videoId}`, { waitUntil: 'commit' });
  // The Play in the player's place: the poster's own while the player's code is still coming (the tap
  // is kept and the video starts when it has come), else the player's.
  const play = page.locator('#player').getByRole('button', { name: 'Play', exact: true }).first();
  await play.waitFor({ state: 'visible', timeout: LIMIT_S * 1000 });
  // Issue 32 item 7: the player's Play on screen, from opening the page (a first visit, empty cache).
  const playShown = (Date.now() - opened) / 1000;
  const beforePlay = requests.slice();
  // The first frame presented while playing, after the tap: the page's clock, the same as ours.
  // (The player's <video> may not be on the page yet: it is waited for.)
  await page.evaluate((limitMs) => {
    window.__firstFrame = new Promise((resolve) => {
      const give = setTimeout(() => resolve(null), limitMs);
      const watch = () => {
        const video = document.querySelector('[data-media-player] video');
        if (!video) return void setTimeout(watch, 20);
        const onFrame = () => {
          if (!video.paused && video.currentTime > 0) {
            clearTimeout(give);
            resolve(Date.now());
          } else video.requestVideoFrameCallback(onFrame);
        };
        video.requestVideoFrameCallback(onFrame);
      };
      watch();
    });
  }, LIMIT_S * 1000);
  const tapped = Date.now();
  await play.tap();
  const shown = await page.evaluate(() => window.__firstFrame);
  const until = shown ?? Date.now();
  const before = requests.filter((x) => x.at <= until);
  const afterTap = before.filter((x) => x.at >= tapped);
  const media = (list) => list.filter((x) => new URL(x.r.url()).pathname.startsWith('/media/private/'));
  const result = {
    delay,
    seconds: shown ? (shown - tapped) / 1000 : null,
    fromOpening: shown ? (shown - opened) / 1000 : null,
    playShown,
    requests: before.length,
    mediaRequests: media(before).length,
    mediaAfterTap: media(afterTap).length,
    cancelled: media(before).filter((x) => x.failed).length,
    kb: before.reduce((s, x) => s + x.bytes, 0) / 1000,
    mediaKb: media(before).reduce((s, x) => s + x.bytes, 0) / 1000,
  };
  if (VERBOSE) {
    // Everything that shared the network with the page before Play showed, biggest first.
    for (const x of beforePlay.sort((a, b) => b.bytes - a.bytes)) console.log(`    before Play +${((x.at - opened) / 1000).toFixed(2)} s ${(x.bytes / 1000).toFixed(1)} KB ${new URL(x.r.url()).pathname}`);
    for (const x of media(requests)) console.log(`    +${((x.at - tapped) / 1000).toFixed(2)} s ${new URL(x.r.url()).pathname.split('/').slice(-2).join('/')} ${x.failed ?? `${x.bytes} B`}`);
  }
  await page.close();
  return result;
}

const fmt = (s) => (s === null ? 'never' : `${s.toFixed(2)} s`);

async function main() {
  const { base, stop } = await startStore('bench-startup-', { demoClips: 1 });
  let browser;
  try {
    browser = await chromium.launch({ executablePath: (await findChromium()).executablePath, args: CHROMIUM_ARGS });
    const { results } = await (await fetch(`${base}/api/videoDetails/?ordering=-date_uploaded&page_size=12`)).json();
    const video = results.find((v) => v.for_sale);
    if (!video) throw new Error('no demo video became playable');
    // A phone; no service worker, so every request of the page goes through the emulated network.
    const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    await signInOwning(await context.newPage(), video.vidId);
    console.log(`Tap Play to first frame, video ${video.vidId} (${video.title}), ${KBPS} kbit/s, 360 px phone, empty cache; load average ${loadAverage()}`);
    const runs = [];
    for (const delay of DELAYS) {
      const r = await startAt(context, base, video.vidId, delay);
      runs.push(r);
      const reference = runs.find((x) => x.delay === 0);
      const ratio = reference?.seconds && r.seconds ? ` (${(r.seconds / reference.seconds).toFixed(1)} x the 0 ms run)` : '';
      console.log(
        `${String(delay).padStart(5)} ms per request: Play on screen ${fmt(r.playShown)} after opening the page; ${fmt(r.seconds)}${ratio} from the tap, ${fmt(r.fromOpening)} from opening the page; ` +
          `${r.requests} requests, ${r.kb.toFixed(0)} KB; media ${r.mediaRequests} requests (${r.mediaAfterTap} after the tap, ${r.cancelled} cancelled), ${r.mediaKb.toFixed(0)} KB  (load ${loadAverage()})`,
      );
    }
    const target = runs.find((r) => r.delay === TARGET.delay);
    const met = runs.every((r) => r.seconds !== null) && (!target || target.playShown <= TARGET.playShown);
    console.log(`target: plays at every delay, at ${TARGET.delay} ms Play on screen within ${TARGET.playShown} s of opening the page: ${met ? 'met' : 'MISSED'}`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await browser?.close();
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
