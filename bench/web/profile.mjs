#!/usr/bin/env node
// What the main thread does while / and /video/{id} load on a slow phone: Chromium under 4x CPU
// slowdown (CDP Emulation.setCPUThrottlingRate, as Lighthouse), 360 px wide, against the built
// store on a fresh demo DATA_DIR. Prints the long tasks (over 50 ms, with the blocking time they
// add) and the functions that took the most time, by self time and by total time, from V8's CPU
// profile of the first PROFILE_SECONDS (5). PROFILE_OUT=dir writes the .cpuprofile files (open them
// in DevTools' Performance panel). Run `npm run build -w apps/web` first.
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium.mjs';
import { loadAverage, startStore } from './store.mjs';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const OUT = process.env.PROFILE_OUT;
const TOP = Number(process.env.PROFILE_TOP ?? 18);

/** Self and total time per function (name, file, line) from a V8 CPU profile. */
function summarise(profile, base) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map(profile.nodes.map((n) => [n.id, 0]));
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) self.set(samples[i], self.get(samples[i]) + (timeDeltas[i + 1] ?? 0) / 1000);
  const key = (n) => {
    const f = n.callFrame;
    const file = f.url.replace(base, '').replace(/^.*node_modules\//, '');
    return `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
  };
  const selfBy = new Map();
  const totalBy = new Map();
  for (const n of profile.nodes) {
    const ms = self.get(n.id);
    if (!ms) continue;
    selfBy.set(key(n), (selfBy.get(key(n)) ?? 0) + ms);
    // Each function counted once per sample's stack (recursion not doubled).
    const seen = new Set();
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const k = key(byId.get(id));
      if (seen.has(k)) continue;
      seen.add(k);
      totalBy.set(k, (totalBy.get(k) ?? 0) + ms);
    }
  }
  const top = (m) => [...m].filter(([k]) => !/^\((root|program|idle|garbage collector)\)/.test(k) || k.startsWith('(garbage')).sort((a, b) => b[1] - a[1]).slice(0, TOP);
  const busy = [...self].reduce((s, [id, ms]) => (/^\((idle|program)\)$/.test(byId.get(id).callFrame.functionName) ? s : s + ms), 0);
  // React components (capitalised, from the store's own code) and the work under React's synchronous
  // renders (a store's update, e.g. a query's answer, is rendered at once and cannot yield).
  const components = [...totalBy].filter(([k]) => /^[A-Z]\w* \/assets\//.test(k) && !/^(Fragment|Object|Promise|Array)\b/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, TOP);
  return { busy, self: top(selfBy), total: top(totalBy), components, sync: totalBy.get([...totalBy.keys()].find((k) => k.startsWith('performSyncWorkOnRoot '))) ?? 0 };
}

async function main() {
  const { base, first, stop } = await startStore('bench-profile-');
  const browser = await chromium.launch({ executablePath: (await findChromium()).executablePath, args: CHROMIUM_ARGS });
  try {
    if (OUT) await fs.mkdir(OUT, { recursive: true });
    console.log(`CPU profile, 4x CPU slowdown, 360 px, first ${SECONDS} s of each page; load average ${loadAverage()}`);
    for (const pagePath of ['/', `/video/${first.vidId}`]) {
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      // Long tasks as the page itself sees them.
      await page.addInitScript(() => {
        window.__long = [];
        new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });
      });
      await cdp.send('Profiler.start');
      await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
      await page.waitForTimeout(SECONDS * 1000);
      const { profile } = await cdp.send('Profiler.stop');
      const long = await page.evaluate(() => window.__long);
      if (OUT) await fs.writeFile(path.join(OUT, `${pagePath === '/' ? 'home' : 'video'}.cpuprofile`), JSON.stringify(profile));
      const s = summarise(profile, base);
      const blocking = long.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
      console.log(`\n${pagePath}: JavaScript and GC busy ${Math.round(s.busy)} ms; long tasks ${long.length}, blocking ${blocking} ms (beyond 50 ms each, throttled, real network)`);
      console.log(`  long tasks [start ms, duration ms]: ${long.map(([t, d]) => `[${t}, ${d}]`).join(' ')}`);
      console.log('  self time:');
      for (const [k, ms] of s.self) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${k}`);
      console.log('  total time:');
      for (const [k, ms] of s.total) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${k}`);
      console.log(`  components (total time; an unminified build names them: npx vite build --minify false); synchronous renders ${Math.round(s.sync)} ms:`);
      for (const [k, ms] of s.components) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${k}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
