#!/usr/bin/env node
// A stream's access check under a pass against under ownership (issue 33, CONTRACT §14): the same
// rendition playlist of the same video, asked with each customer's own signed address, by customers
// who bought the video and by customers whose live pass covers it. The playlist route checks access
// on every request (mediaAccess.right) and signs every segment, so the two differ only in why access
// is granted. Alternating rounds in one run; prints each rate and pass / owner (target >= 0.9).
// Options: BENCH_CUSTOMERS (300 of each), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3), BENCH_SECONDS (5).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { adminUrl, freshDatabase, sql, startStore } from '../lib/harness.mjs';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const JWT_SECRET = 'bench-only-secret-bench-only-secret-0123456789';
const DB = 'store_bench_playlists';

/** A playable video's files as the pipeline leaves them: a master playlist, one rung of 4-second segments. */
async function renditions(dataDir, videoId) {
  const rev = 'r1-1';
  const dir = path.join(dataDir, 'media', 'private', 'videos', String(videoId), rev);
  await fs.mkdir(path.join(dir, '240p'), { recursive: true });
  await fs.writeFile(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240\n240p/index.m3u8\n');
  const segs = Array.from({ length: 450 }, (_, i) => `seg-${String(i).padStart(4, '0')}.m4s`); // half an hour
  await fs.writeFile(path.join(dir, '240p', 'index.m3u8'), `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-MAP:URI="init.mp4"\n${segs.map((s) => `#EXTINF:4.0,\n${s}`).join('\n')}\n#EXT-X-ENDLIST\n`);
  const info = { rev, duration: 1800, width: 426, height: 240, renditions: [{ name: '240p', height: 240, width: 426, bandwidth: 150000, peak: 200000, dataSaver: true }], downloadSize: 1000, thumbnails: { count: 1, intervalSeconds: 5 } };
  return { videoPath: `videos/${videoId}/${rev}`, info };
}

/** Each customer's signed rendition playlist address, as their player gets it: video details, then the master playlist. */
async function playlistAddresses(base, tokens, videoId) {
  const out = [];
  for (const token of tokens) {
    const details = await (await fetch(`${base}/api/videoDetails/${videoId}/`, { headers: { authorization: `Bearer ${token}` } })).json();
    if (!details.media?.stream) throw new Error(`no stream for a customer: ${JSON.stringify(details).slice(0, 200)}`);
    const master = await (await fetch(`${base}${details.media.stream}`)).text();
    out.push(master.split('\n').find((l) => l.includes('index.m3u8')));
  }
  return out;
}

async function round(base, paths) {
  let next = 0;
  const r = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] });
  if (r.non2xx) throw new Error(`${r.non2xx} playlist requests were refused`);
  return r.requests.average;
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-playlists-'));
  const databaseUrl = await freshDatabase(DB);
  const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET, MEDIA_WORKERS: '0', DATABASE_POOL_SIZE: '20' });
  try {
    const { rows: [video] } = await sql(databaseUrl, 'SELECT id FROM videos WHERE published ORDER BY id LIMIT 1');
    const files = await renditions(dataDir, video.id);
    await sql(databaseUrl, 'UPDATE videos SET video_path = $1, media_info = $2 WHERE id = $3', [files.videoPath, JSON.stringify(files.info), video.id]);
    // Owners (a purchase each) and pass holders (a live week of everything each), straight into the database.
    await sql(
      databaseUrl,
      `WITH u AS (INSERT INTO users (username, email, password_hash) SELECT 'bench' || g, 'bench' || g || '@example.co.ke', 'not-a-login' FROM generate_series(1, $1 * 2) g RETURNING id)
       INSERT INTO profiles (user_id) SELECT id FROM u`,
      [CUSTOMERS],
    );
    const { rows: users } = await sql(databaseUrl, "SELECT id FROM users WHERE username LIKE 'bench%' ORDER BY id");
    const owners = users.slice(0, CUSTOMERS);
    const holders = users.slice(CUSTOMERS);
    await sql(databaseUrl, `INSERT INTO purchases (user_id, video_id, price) SELECT unnest($1::int[]), $2, 100`, [owners.map((u) => u.id), video.id]);
    const { rows: [pass] } = await sql(databaseUrl, "INSERT INTO pass_products (title, scope_kind, hours, price) VALUES ('Bench week', 'all', 168, 40) RETURNING id");
    await sql(databaseUrl, `INSERT INTO customer_passes (user_id, pass_id, starts_at, ends_at) SELECT unnest($1::int[]), $2, now() - interval '1 hour', now() + interval '7 days'`, [holders.map((u) => u.id), pass.id]);
    const key = new TextEncoder().encode(JWT_SECRET);
    const token = (u) => new SignJWT({ sub: String(u.id), tv: 0, sid: 'bench', typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(key);
    const ownerPaths = await playlistAddresses(store.base, await Promise.all(owners.map(token)), video.id);
    const passPaths = await playlistAddresses(store.base, await Promise.all(holders.map(token)), video.id);
    // Warm both ways up, uncounted.
    await round(store.base, ownerPaths);
    await round(store.base, passPaths);
    const rates = { owner: [], pass: [] };
    for (let i = 0; i < ROUNDS; i++) {
      // The order turns each round, so neither always runs first.
      for (const way of i % 2 ? ['pass', 'owner'] : ['owner', 'pass']) rates[way].push(await round(store.base, way === 'owner' ? ownerPaths : passPaths));
    }
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const owner = mean(rates.owner);
    const underPass = mean(rates.pass);
    console.log(`\nRendition playlist of a half-hour video (450 segments signed per answer), ${CUSTOMERS} customers each way, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s`);
    console.log(`  reference, owners (a purchase): ${owner.toFixed(0)} req/s (rounds ${rates.owner.map((x) => x.toFixed(0)).join(', ')})`);
    console.log(`  under a pass: ${underPass.toFixed(0)} req/s (rounds ${rates.pass.map((x) => x.toFixed(0)).join(', ')})`);
    const ratio = underPass / owner;
    console.log(`  pass / owner: ${ratio.toFixed(2)} (target >= 0.9): ${ratio >= 0.9 ? 'met' : 'MISSED'}`);
  } finally {
    store.stop();
    await new Promise((r) => setTimeout(r, 500));
    await sql(adminUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
