// Which Chromium the journeys (e2e/browser.ts) and the browser benches (bench/web) start: plain
// JavaScript so that the benches, run by node itself, share it. Decision 0031.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

/** Where Debian, Ubuntu and Google install their browsers. */
export const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome', '/opt/google/chrome/chrome'];

/** Flags for any machine: no sandbox (CI runs as root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const root = path.resolve(import.meta.dirname, '..');

/**
 * The first browser found: `CHROMIUM_PATH` (which must then be there: a browser asked for by name is
 * never swapped for another), a system one, the one `npx playwright-core install chromium` fetched,
 * and otherwise the Chromium that `npm install` brought inside the @sparticuz/chromium package,
 * unpacked once into node_modules/.cache.
 */
export async function findChromium({ env = process.env, systemPaths = SYSTEM_CHROMIUMS, playwrightPath = chromium.executablePath(), cacheDir = path.join(root, 'node_modules/.cache') } = {}) {
  if (env.CHROMIUM_PATH) {
    if (!isExecutable(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not an executable file`);
    return { executablePath: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  }
  const system = systemPaths.find(isExecutable);
  if (system) return { executablePath: system, source: 'system' };
  if (playwrightPath && isExecutable(playwrightPath)) return { executablePath: playwrightPath, source: 'playwright' };
  return { executablePath: await unpackNpmChromium(cacheDir), source: 'npm' };
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * @sparticuz/chromium ships chrome-headless-shell brotli-compressed (62 MB, 191 MB unpacked). Its own
 * executablePath() unpacks to a fixed /tmp/chromium whatever the version, and answers a half-written
 * file to a second process meanwhile; here each version gets its own folder and the file appears whole
 * (written aside, then renamed), so journeys and benches may start at the same time.
 */
async function unpackNpmChromium(cacheDir) {
  const pkgDir = path.dirname(path.dirname(path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium'))));
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const dir = path.join(cacheDir, `sparticuz-chromium-${version}`);
  const executable = path.join(dir, 'chromium');
  if (isExecutable(executable)) return executable;
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${executable}.${randomUUID()}.partial`;
  try {
    await pipeline(fs.createReadStream(path.join(pkgDir, 'bin/chromium.br')), zlib.createBrotliDecompress(), fs.createWriteStream(partial, { mode: 0o755 }));
    fs.renameSync(partial, executable);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return executable;
}
