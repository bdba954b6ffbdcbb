#!/usr/bin/env node
// Media benchmark (issue: buying and watching). Ranged GETs of a 200 MB file a customer owns, through
// the store's signed address (signature, expiry and canAccess checked on every request), against
// nginx with sendfile serving the same file in the same run. Prints MB/s of each and the ratio.
// Then the data-saver rung's size per hour and SSIM, old settings against new (data-saver.ts).
// Options: BENCH_SECONDS (5 per round), BENCH_ROUNDS (3), BENCH_CONNECTIONS (8), BENCH_RANGE_KB (1024), BENCH_DATABASE_URL,
// BENCH_ONLY=rung (the data-saver rung alone: no database, no nginx).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { freePort, freshDatabase, login, root, sql, startStore, waitFor, adminUrl } from '../lib/harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const RANGE = Number(process.env.BENCH_RANGE_KB ?? 1024) * 1024;
const SIZE = 200 * 1024 * 1024;

async function startNginx(dir, file) {
  const port = await freePort();
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    `user root; worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
     events { worker_connections 4096; }
     http { access_log off; sendfile on; tcp_nopush on; client_body_temp_path ${dir}; proxy_temp_path ${dir};
       fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
       server { listen 127.0.0.1:${port}; location / { root ${path.dirname(file)}; default_type video/mp4; } } }`,
  );
  const proc = spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/${path.basename(file)}`;
  await waitFor(url);
  return { url, stop: () => proc.kill('SIGQUIT') };
}

/**
 * CONNECTIONS keep-alive loops, each asking for a random aligned Range and discarding the bytes,
 * for SECONDS. A plain http client: autocannon parses every body and tops out near 60 MB/s here,
 * which would measure the client instead of the servers. Answers MB/s, requests and statuses.
 */
async function rangedLoad(url) {
  const blocks = Math.floor(SIZE / RANGE);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const deadline = Date.now() + SECONDS * 1000;
  let bytes = 0;
  let requests = 0;
  let wrong = 0;
  const latencies = [];
  const one = () =>
    new Promise((resolve, reject) => {
      const start = Math.floor(Math.random() * blocks) * RANGE;
      const began = performance.now();
      http
        .get(url, { agent, headers: { range: `bytes=${start}-${start + RANGE - 1}` } }, (res) => {
          let got = 0;
          res.on('data', (chunk) => (got += chunk.length));
          res.on('end', () => {
            if (res.statusCode !== 206 || got !== RANGE) wrong++;
            bytes += got;
            requests++;
            latencies.push(performance.now() - began);
            resolve();
          });
        })
        .on('error', reject);
    });
  const began = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < deadline) await one();
  }));
  const seconds = (Date.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { mbps: bytes / 1e6 / seconds, rps: requests / seconds, p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0), ok206: requests - wrong, other: wrong };
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-media-'));
  const databaseUrl = await freshDatabase('store_bench_media');
  const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, MEDIA_WORKERS: '0' });
  let nginx;
  try {
    // The demo customer buys a video; its "download" becomes a 200 MB file of random bytes.
    const token = await login(store.base, 'customer@demo.videostore.co.ke', 'demo-customer-nairobi');
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const video = (await (await fetch(`${store.base}/api/videoDetails/?ordering=price&page_size=1`)).json()).results[0];
    const folder = `videos/${video.vidId}/rbench`;
    const file = path.join(dataDir, 'media/private', folder, 'download.mp4');
    await fs.mkdir(path.dirname(file), { recursive: true });
    const handle = await fs.open(file, 'w');
    for (let i = 0; i < SIZE / (8 << 20); i++) await handle.write(randomBytes(8 << 20));
    await handle.close();
    const info = { rev: 'rbench', duration: 3600, width: 1280, height: 720, renditions: [], downloadSize: SIZE, thumbnails: { count: 0, intervalSeconds: 5 } };
    await sql(databaseUrl, 'UPDATE videos SET video_path = $1, media_info = $2 WHERE id = $3', [folder, JSON.stringify(info), video.vidId]);
    // Only a video with media is for sale: it has some now.
    const bought = await fetch(`${store.base}/api/purchased/`, { method: 'POST', headers: auth, body: JSON.stringify({ video_id: video.vidId }) });
    if (bought.status !== 201) throw new Error(`purchase failed: ${bought.status}`);
    const owned = await (await fetch(`${store.base}/api/videoDetails/${video.vidId}/`, { headers: auth })).json();
    const signed = `${store.base}${owned.media.download}`;

    const nginxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-media-nginx-'));
    nginx = await startNginx(nginxDir, file);
    // Warm both (page cache, JIT), then alternate rounds and take each one's median round, so a
    // burst of noise on a shared machine does not decide the ratio.
    await rangedLoad(signed);
    await rangedLoad(nginx.url);
    const rounds = { ours: [], ref: [] };
    for (let i = 0; i < ROUNDS; i++) {
      rounds.ours.push(await rangedLoad(signed));
      rounds.ref.push(await rangedLoad(nginx.url));
    }
    const median = (xs) => [...xs].sort((a, b) => a.mbps - b.mbps)[Math.floor(xs.length / 2)];
    const ours = median(rounds.ours);
    const ref = median(rounds.ref);
    const ratio = ours.mbps / ref.mbps;
    console.log(`\nRanged GETs of ${RANGE / 1024} KB from a 200 MB owned file, ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s`);
    console.log(`  store : ${ours.mbps.toFixed(0)} MB/s, ${ours.rps.toFixed(0)} req/s, p99 ${ours.p99} ms (${ours.ok206} 206s, ${ours.other} other)`);
    console.log(`  nginx : ${ref.mbps.toFixed(0)} MB/s, ${ref.rps.toFixed(0)} req/s, p99 ${ref.p99} ms (sendfile, 1 worker)`);
    console.log(`  rounds (MB/s): store ${rounds.ours.map((r) => r.mbps.toFixed(0)).join(', ')}; nginx ${rounds.ref.map((r) => r.mbps.toFixed(0)).join(', ')}`);
    console.log(`  ratio store/nginx: ${ratio.toFixed(2)} (target >= 0.80): ${ratio >= 0.8 ? 'met' : 'MISSED'}`);
    if (ours.other > 0) console.log('  WARNING: some store requests did not answer 206');
  } finally {
    nginx?.stop();
    store.stop();
    await new Promise((r) => setTimeout(r, 500));
    await sql(adminUrl, 'DROP DATABASE IF EXISTS store_bench_media WITH (FORCE)').catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  await dataSaverSize();
}

/** Transcodes two generated minutes of video and reports the data-saver rung's MB per hour and SSIM, old and new. */
async function dataSaverSize() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-saver-'));
  const { execFileSync } = await import('node:child_process');
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/media/data-saver.ts'), dataDir], { cwd: root, encoding: 'utf8' });
    process.stdout.write(out);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ONLY === 'rung') await dataSaverSize();
else await main();

