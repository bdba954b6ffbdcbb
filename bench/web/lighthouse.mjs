#!/usr/bin/env node
// Lighthouse mobile performance (its defaults: simulated slow 4G, 4x CPU slowdown) on / and
// /video/{id}, in Debian's Chromium, against the built store on a fresh demo DATA_DIR.
// Prints each page's score, LCP, CLS and TBT against the target of 95. Run `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '../..');
const TARGET = 95;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lh-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let chrome;
  try {
    for (let i = 0; i < 240 && !(await fetch(`${base}/api/videoDetails/?page_size=1`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 250));
    const [first] = (await (await fetch(`${base}/api/videoDetails/?page_size=1`)).json()).results;
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    console.log(`Lighthouse ${RUNS} run(s) per page, mobile, simulated slow 4G; median shown`);
    let allMet = true;
    for (const pagePath of ['/', `/video/${first.vidId}`]) {
      const runs = [];
      for (let r = 0; r < RUNS; r++) {
        const result = await lighthouse(`${base}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const a = result.lhr.audits;
        runs.push({
          score: Math.round(result.lhr.categories.performance.score * 100),
          lcp: a['largest-contentful-paint'].numericValue,
          fcp: a['first-contentful-paint'].numericValue,
          cls: a['cumulative-layout-shift'].numericValue,
          tbt: a['total-blocking-time'].numericValue,
        });
      }
      runs.sort((x, y) => x.score - y.score);
      const m = runs[Math.floor(runs.length / 2)];
      const met = m.score >= TARGET;
      allMet &&= met;
      console.log(
        `${pagePath.padEnd(12)} score ${m.score} (target ${TARGET}, ratio ${(m.score / TARGET).toFixed(2)}) ` +
          `LCP ${(m.lcp / 1000).toFixed(2)} s, FCP ${(m.fcp / 1000).toFixed(2)} s, CLS ${m.cls.toFixed(3)}, TBT ${Math.round(m.tbt)} ms  [runs: ${runs.map((x) => x.score).join(', ')}] ${met ? 'met' : 'MISSED'}`,
      );
    }
    process.exitCode = allMet ? 0 : 1;
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
