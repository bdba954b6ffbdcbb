#!/usr/bin/env node
// Catalogue benchmark (issue: store foundation). Prints ratios against nginx measured in the same run.
//   1. A PostgreSQL database with 100,000 videos (BENCH_DATABASE_URL, default the machine's server).
//   2. autocannon, 50 connections: GET /api/videoDetails/?page_size=10&ordering=-date_uploaded on the
//      store, then the same body as a static file on nginx (one worker, like the store's one process).
//   3. Search p95 over 300 distinct typo'd titles (each a cache miss), and the server's resident memory.
// Options: BENCH_VIDEOS (100000), BENCH_SECONDS (10), BENCH_DATABASE_URL.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'store_bench';
const LIST = '/api/videoDetails/?page_size=10&ordering=-date_uploaded';

const withDb = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

async function sql(url, text) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

// Titles like a real catalogue's: 1 to 4 words from a large vocabulary with a few very common words
// ("The", "of", "Love") and a long tail (Zipf-like), so a search matches a realistic share of titles.
function rng(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(42);
const COMMON = ['The', 'of', 'Love', 'Night', 'Last', 'King', 'Return', 'Shadow', 'Blood', 'City', 'War', 'Dragon', 'Secret', 'Lost', 'Demon', 'Heart'];
const SYLLABLES = ['ka', 'ma', 'zu', 'ri', 'to', 'na', 'shi', 'ba', 'le', 'mo', 'ta', 'ki', 'wa', 'nyo', 'go', 'ra', 'vi', 'do', 'se', 'lu', 'pe', 'ha', 'ju', 'fi'];
const RARE = Array.from({ length: 5000 }, () => {
  const n = 2 + Math.floor(rand() * 3);
  const w = Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join('');
  return w[0].toUpperCase() + w.slice(1);
});
const word = () => (rand() < 0.3 ? COMMON[Math.floor(rand() ** 2 * COMMON.length)] : RARE[Math.floor(rand() ** 1.5 * RARE.length)]);
const TITLES = Array.from({ length: VIDEOS }, () => Array.from({ length: 1 + Math.floor(rand() * 4) }, word).join(' '));

/** What a person types: part of a real title, lower case, with one letter dropped from its longest word. */
function typoTerm(title) {
  const words = title.toLowerCase().split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const at = 1 + Math.floor(rand() * (longest.length - 2));
  return words.map((w) => (w === longest && w.length > 4 ? w.slice(0, at) + w.slice(at + 1) : w)).join(' ');
}

async function loadCatalogue(dbUrl) {
  const genres = ['Action', 'Adventure', 'Comedy', 'Crime', 'Drama', 'Fantasy', 'Horror', 'Kung Fu', 'Romance', 'Sci-Fi', 'Thriller', 'How-To'];
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query("INSERT INTO djs (dj_name) VALUES ('Zamu'), ('Kibe'), ('Nyota'), ('Simba')");
    await c.query('INSERT INTO genres (title) SELECT unnest($1::text[])', [genres]);
    await c.query(
      `INSERT INTO videos (title, dj_id, genre_id, cartegory, type, price, synopsis, poster_key, purchase_times, date_uploaded, suggest, popular)
       SELECT t, (SELECT min(id) FROM djs) + i % 4, (SELECT min(id) FROM genres) + i % 12,
              (ARRAY['movie','series','anime','guide'])[1 + i % 4], (ARRAY['dj_zamu','dj_kibe','dj_nyota','dj_simba'])[1 + i % 4],
              50 + (i % 5) * 25, 'A story told in the voice of a Kenyan DJ, number ' || i, md5(i::text),
              (i * 37) % 1000, now() - (i || ' minutes')::interval, i % 7 = 0, i % 5 = 0
       FROM unnest($1::text[]) WITH ORDINALITY AS x(t, i)`,
      [TITLES],
    );
    await c.query('ANALYZE');
  } finally {
    await c.end();
  }
}

async function startNginx(body) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-nginx-'));
  await fs.writeFile(path.join(dir, 'list.json'), body);
  const port = await freePort();
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    `user root; worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
     events { worker_connections 4096; }
     http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir};
       uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
       server { listen 127.0.0.1:${port}; location / { root ${dir}; default_type application/json; } } }`,
  );
  const proc = spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${port}/list.json`);
  return { url: `http://127.0.0.1:${port}/list.json`, stop: () => proc.kill('SIGQUIT'), dir };
}

async function load(url) {
  const r = await autocannon({ url, connections: 50, duration: SECONDS });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function rssMb(pid) {
  // The store runs under tsx's node process; count the whole process tree.
  const pids = [pid, ...execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)]).toString().trim().split(/\s+/).filter(Boolean).map(Number)];
  let kb = 0;
  for (const p of pids) {
    const status = await fs.readFile(`/proc/${p}/status`, 'utf8').catch(() => '');
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

async function main() {
  console.log(`catalog bench: ${VIDEOS} videos, ${SECONDS} s per run, 50 connections`);
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await sql(adminUrl, `CREATE DATABASE ${DB}`);
  const dbUrl = withDb(adminUrl, DB);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-store-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', MPESA_MODE: 'sandbox', JWT_SECRET: 'bench-only-secret-'.padEnd(40, 'x') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let nginx;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`);
    const t0 = Date.now();
    await loadCatalogue(dbUrl);
    console.log(`loaded ${VIDEOS} videos in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const body = await (await fetch(`${base}${LIST}`)).text();
    nginx = await startNginx(body);

    const store = await load(`${base}${LIST}`);
    const ref = await load(nginx.url);
    const ratio = store.rps / ref.rps;

    // 300 distinct terms, so that every answer comes from the database, not the response cache
    const wanted = new Map();
    for (let i = 0; wanted.size < 300 && i < 1000; i++) {
      const title = TITLES[Math.floor(rand() * TITLES.length)];
      const term = typoTerm(title);
      if (!wanted.has(term)) wanted.set(term, title);
    }
    const terms = [...wanted.keys()];
    let found = 0;
    const times = [];
    const slowest = [];
    for (const term of terms) {
      const t = performance.now();
      const res = await fetch(`${base}/api/videoDetails/?page_size=20&title=${encodeURIComponent(term)}`);
      const page = await res.json();
      times.push(performance.now() - t);
      // found: the title the term was typed from is among the first 20 results
      if (page.results.some((v) => v.title === wanted.get(term))) found++;
      slowest.push([times.at(-1), term, page.count]);
    }
    times.sort((a, b) => a - b);
    const rss = await rssMb(server.pid);

    console.log(`\nGET ${LIST}`);
    console.log(`  store : ${store.rps.toFixed(0)} req/s, p99 ${store.p99} ms, ${store.errors} errors`);
    console.log(`  nginx : ${ref.rps.toFixed(0)} req/s, p99 ${ref.p99} ms (same body, static file, 1 worker)`);
    console.log(`  ratio store/nginx: ${ratio.toFixed(2)} (target >= 0.50)  p99 target < 25 ms: ${store.p99 < 25 ? 'met' : 'MISSED'}`);
    console.log(`search (300 distinct typo'd terms, ${VIDEOS} titles, PostgreSQL, through HTTP):`);
    console.log(`  recall: ${found} of ${terms.length} typo'd titles found in the first 20 results`);
    const worst = slowest.sort((a, b) => b[0] - a[0]).slice(0, 5);
    console.log(`  slowest: ${worst.map(([ms, term, n]) => `'${term}' ${ms.toFixed(0)} ms (${n} matches)`).join(', ')}`);
    console.log(`  p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (target 30 ms): ${percentile(times, 95) < 30 ? 'met' : 'MISSED'}`);
    console.log(`server resident memory: ${rss} MB`);
  } finally {
    nginx?.stop();
    server.kill('SIGTERM');
    await sleep(500);
    if (!process.env.BENCH_KEEP) await sql(adminUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
