#!/usr/bin/env node
// Catalogue benchmark (issue: store foundation). Prints ratios against nginx measured in the same run.
//   1. A PostgreSQL database with 100,000 videos (BENCH_DATABASE_URL, default the machine's server).
//   2. autocannon, 50 connections: GET /api/videoDetails/?page_size=10&ordering=-date_uploaded on the
//      store, then the same bytes (the store's body and headers) from a bare Fastify route (one
//      process), the same body alone from another, and as a static file on nginx (one worker, like
//      the store's one process); BENCH_ROUNDS (3) alternating rounds, the round with
//      the median store/bare ratio printed, with the CPU time the store and the bare route spent per answer.
//      In the same rounds, the same list as an account under the family lock (CONTRACT §13): its
//      answer (no 16 or 18) comes from the response cache as a visitor's does; the ratio of the
//      two (median of the rounds) is printed, target >= 0.9 (decision 0044).
//   3. Search: recall over 300 distinct typo'd titles, 100 DJ terms (DJ name with a typo + title) and
//      100 synopsis terms (a typo'd synopsis word + two more), each a cache miss; search p95 as a ratio
//      to the p95 of GET /api/videoDetails/{id}/ (one indexed row, uncached: 300 distinct ids) measured
//      just before it; and the server's resident memory.
// Options: BENCH_VIDEOS (100000), BENCH_SECONDS (10), BENCH_ROUNDS (3), BENCH_DATABASE_URL, BENCH_PROFILE.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { childPids, cpuSeconds } from '../lib/harness.mjs';
import { DJS, SYNOPSES, TITLES, djTerms, synopsisTerms, typoTerms } from './catalogue.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const VIDEOS = TITLES.length;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

async function loadCatalogue(dbUrl) {
  const genres = ['Action', 'Adventure', 'Comedy', 'Crime', 'Drama', 'Fantasy', 'Horror', 'Kung Fu', 'Romance', 'Sci-Fi', 'Thriller', 'How-To'];
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query("INSERT INTO djs (dj_name) VALUES ('Zamu'), ('Kibe'), ('Nyota'), ('Simba')");
    await c.query('INSERT INTO genres (title) SELECT unnest($1::text[])', [genres]);
    await c.query(
      `INSERT INTO videos (title, dj_id, genre_id, cartegory, type, price, synopsis, poster_key, purchase_times, date_uploaded, suggest, popular, rating)
       SELECT t, (SELECT min(id) FROM djs) + i % 4, (SELECT min(id) FROM genres) + i % 12,
              (ARRAY['movie','series','anime','guide'])[1 + i % 4], (ARRAY['dj_zamu','dj_kibe','dj_nyota','dj_simba'])[1 + i % 4],
              50 + (i % 5) * 25, s, md5(i::text),
              (i * 37) % 1000, now() - (i || ' minutes')::interval, i % 7 = 0, i % 5 = 0,
              (ARRAY['GE','PG','16','18'])[1 + (i / 4) % 4]
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(t, s, i)`,
      [TITLES, SYNOPSES],
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

/**
 * The limit for one Node process (issue 15): a bare Fastify route sending the same bytes from memory,
 * in a process of its own like the store. With `headers`, the same bytes on the wire: the store's own
 * response headers too (security headers, ETag, Vary, Cache-Control), which the store must send and
 * which cost Node and the client as much per answer as the rest of the route; without, the body and
 * its content type only, as this bench measured before.
 */
async function startBareFastify(dir, headers) {
  const port = await freePort();
  const script = `const fs = require('node:fs');
    const app = require('fastify')();
    const body = fs.readFileSync(${JSON.stringify(path.join(dir, 'list.json'))}, 'utf8');
    const headers = ${JSON.stringify(headers ?? { 'content-type': 'application/json; charset=utf-8' })};
    app.get('/list', (req, reply) => reply.headers(headers).send(body));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const proc = spawn(process.execPath, ['-e', script], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/list`;
  await waitFor(url);
  return { url, pid: proc.pid, stop: () => proc.kill('SIGTERM') };
}

/** The headers of a store answer that a bare route can send as they are (not those Node sets per answer). */
function sentHeaders(res) {
  const perAnswer = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...res.headers].filter(([name]) => !perAnswer.has(name)));
}

/** One autocannon run; with a pid, also the CPU time that process spent per answer (us). */
async function load(url, pid, headers = {}) {
  const before = pid ? await cpuSeconds(pid) : 0;
  const r = await autocannon({ url, connections: 50, duration: SECONDS, headers });
  const cpuUs = pid ? ((await cpuSeconds(pid)) - before) * 1e6 / Math.max(1, r.requests.total) : undefined;
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, cpuUs };
}

/** The round whose ratio of `a` to `b` is the median: a busy moment spoils one round, not the figure. */
function medianRound(rounds) {
  return [...rounds].sort((x, y) => x.store.rps / x.bare.rps - y.store.rps / y.bare.rps)[Math.floor(rounds.length / 2)];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A customer whose family lock is on (CONTRACT §13), signed in through the API: the headers its
 * catalogue requests carry. Checks that its list is the locked one (no 16 or 18) and not the visitor's.
 */
async function lockedAccount(base) {
  const json = { 'content-type': 'application/json' };
  const who = { username: `benchparent${Date.now()}`, email: `bench.parent.${Date.now()}@example.co.ke`, password: 'baobab-sunrise-bench-88' };
  const registered = await fetch(`${base}/api/register/`, { method: 'POST', headers: json, body: JSON.stringify({ username: who.username, email: who.email, password1: who.password, password2: who.password }) });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const login = await (await fetch(`${base}/api/login/`, { method: 'POST', headers: json, body: JSON.stringify({ email: who.email, password: who.password }) })).json();
  const headers = { authorization: `Bearer ${login.tokens.access}` };
  const on = await fetch(`${base}/api/family-lock/`, { method: 'PUT', headers: { ...json, ...headers }, body: JSON.stringify({ pin: '2580', password: who.password }) });
  if (on.status !== 200) throw new Error(`family lock: ${on.status} ${await on.text()}`);
  const locked = await (await fetch(`${base}${LIST}`, { headers })).json();
  const visitor = await (await fetch(`${base}${LIST}`)).json();
  if (locked.results.some((v) => v.rating === '16' || v.rating === '18')) throw new Error('the locked list has 16 or 18 videos');
  if (locked.count >= visitor.count) throw new Error(`the locked list is the visitor's (${locked.count} of ${visitor.count})`);
  return { headers, count: locked.count, visitorCount: visitor.count };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function rssMb(pid) {
  // The store runs under tsx's node process; count the whole process tree.
  const pids = [pid, ...childPids(pid)];
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
  // BENCH_PROFILE=dir writes a CPU profile of the store there when it stops (as bench/lib/harness.mjs).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', MPESA_MODE: 'sandbox', ETIMS_MODE: 'sandbox', ETIMS_PIN: 'P000111222Z', ETIMS_DEVICE_SERIAL: 'BENCH-DEVICE-1', JWT_SECRET: 'bench-only-secret-'.padEnd(40, 'x') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let nginx;
  let bare;
  let bareBody;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`);
    const t0 = Date.now();
    await loadCatalogue(dbUrl);
    console.log(`loaded ${VIDEOS} videos in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // As autocannon asks: no Accept-Encoding, so the identity answer and its headers.
    const first = await fetch(`${base}${LIST}`, { headers: { 'accept-encoding': 'identity' } });
    const headers = sentHeaders(first);
    nginx = await startNginx(await first.text());

    bare = await startBareFastify(nginx.dir, headers);
    bareBody = await startBareFastify(nginx.dir);
    const parent = await lockedAccount(base);
    // Each server warmed up first (its JIT, its caches), then alternating rounds, the median round's
    // figures printed: other work on the machine comes and goes.
    for (const url of [`${base}${LIST}`, bare.url, bareBody.url, nginx.url]) await autocannon({ url, connections: 50, duration: 2 });
    await autocannon({ url: `${base}${LIST}`, connections: 50, duration: 2, headers: parent.headers });
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      rounds.push({
        store: await load(`${base}${LIST}`, server.pid),
        locked: await load(`${base}${LIST}`, server.pid, parent.headers),
        bare: await load(bare.url, bare.pid),
        bareBody: await load(bareBody.url, bareBody.pid),
        nginx: await load(nginx.url),
      });
    }
    const { store, bare: fastifyRef, bareBody: bodyRef, nginx: ref } = medianRound(rounds);
    // Each round's locked account beside the visitor measured just before it; the median of those ratios.
    const lockedRatios = rounds.map((r) => r.locked.rps / r.store.rps);
    const lockedRatio = median(lockedRatios);
    const lockedRound = rounds[lockedRatios.indexOf(lockedRatio)].locked;
    const ratio = store.rps / ref.rps;

    // Every term and id distinct, so that every answer is computed, not taken from the response cache.
    // One search and one read first: the search index is built from the database at its first search.
    await fetch(`${base}/api/videoDetails/?page_size=20&title=warm`).then((r) => r.text());
    await fetch(`${base}/api/videoDetails/1/`).then((r) => r.text());
    const timed = async (url) => {
      const t = performance.now();
      const res = await fetch(url);
      const body = await res.json();
      return { ms: performance.now() - t, body };
    };
    const byIdTimes = [];
    for (let i = 0; i < 300; i++) byIdTimes.push((await timed(`${base}/api/videoDetails/${2 + Math.floor((i * VIDEOS) / 300)}/`)).ms);
    byIdTimes.sort((a, b) => a - b);

    const times = [];
    const slowest = [];
    const searchSet = async (entries) => {
      let found = 0;
      for (const { term, ok } of entries) {
        const { ms, body: page } = await timed(`${base}/api/videoDetails/?page_size=20&title=${encodeURIComponent(term)}`);
        times.push(ms);
        slowest.push([ms, term, page.count]);
        // found: what the term was typed from is among the first 20 results
        if (page.results.some(ok)) found++;
      }
      return found;
    };
    const titleTerms = [...typoTerms(300)].map(([term, title]) => ({ term, ok: (v) => v.title === title }));
    const foundTitles = await searchSet(titleTerms);
    const foundDj = await searchSet(djTerms(100).map(({ term, index }) => ({ term, ok: (v) => v.title === TITLES[index] && v.dj === DJS[(index + 1) % 4] })));
    const foundSynopsis = await searchSet(synopsisTerms(100).map(({ term, index }) => ({ term, ok: (v) => v.synopsis === SYNOPSES[index] })));
    times.sort((a, b) => a - b);
    const rss = await rssMb(server.pid);

    console.log(`\nGET ${LIST}`);
    console.log(`  store : ${store.rps.toFixed(0)} req/s, p99 ${store.p99} ms, ${store.errors} errors`);
    console.log(`  nginx : ${ref.rps.toFixed(0)} req/s, p99 ${ref.p99} ms (same body, static file, 1 worker)`);
    console.log(`  bare Fastify: ${fastifyRef.rps.toFixed(0)} req/s, p99 ${fastifyRef.p99} ms (same bytes from memory, one process: the store's body and headers)`);
    console.log(`    headers it sends as the store does: ${Object.keys(headers).join(', ')}`);
    console.log(`  bare Fastify, body only: ${bodyRef.rps.toFixed(0)} req/s, p99 ${bodyRef.p99} ms (same body and content type, no other header)`);
    const toBare = store.rps / fastifyRef.rps;
    console.log(`  ratio store/bare Fastify: ${toBare.toFixed(2)} (target >= 0.90): ${toBare >= 0.9 ? 'met' : 'MISSED'}; store/nginx: ${ratio.toFixed(2)}; bare Fastify/nginx: ${(fastifyRef.rps / ref.rps).toFixed(2)}`);
    console.log(`  ratio store/bare Fastify body only: ${(store.rps / bodyRef.rps).toFixed(2)}; what the headers alone cost the bare route: ${(fastifyRef.rps / bodyRef.rps).toFixed(2)} of its answers`);
    console.log(`  store p99 ${store.p99} ms (target < 25 ms): ${store.p99 < 25 ? 'met' : 'MISSED'}`);
    console.log(`  an account under the family lock (its list: ${parent.count} of ${parent.visitorCount}, no 16 or 18): ${lockedRound.rps.toFixed(0)} req/s, p99 ${lockedRound.p99} ms, ${lockedRound.errors} errors, CPU ${lockedRound.cpuUs.toFixed(0)} us per answer`);
    console.log(`  ratio locked account/visitor: ${lockedRatio.toFixed(2)} (target >= 0.90): ${lockedRatio >= 0.9 ? 'met' : 'MISSED'}; rounds: ${lockedRatios.map((r) => r.toFixed(2)).join(', ')}`);
    console.log(`  rounds (store/bare Fastify): ${rounds.map((r) => (r.store.rps / r.bare.rps).toFixed(2)).join(', ')}; median round printed above`);
    console.log(`  CPU per answer in the median round: store ${store.cpuUs.toFixed(0)} us, bare Fastify ${fastifyRef.cpuUs.toFixed(0)} us (bare/store ${(fastifyRef.cpuUs / store.cpuUs).toFixed(2)}), body only ${bodyRef.cpuUs.toFixed(0)} us`);
    const p95 = percentile(times, 95);
    const idP95 = percentile(byIdTimes, 95);
    console.log(`search (${VIDEOS} titles, PostgreSQL, through HTTP, one request at a time):`);
    console.log(`  recall: ${foundTitles} of ${titleTerms.length} typo'd titles found in the first 20 results (target >= 295): ${foundTitles >= 295 ? 'met' : 'MISSED'}`);
    console.log(`  recall: ${foundDj} of 100 DJ terms (DJ name with a typo + title), ${foundSynopsis} of 100 synopsis terms (a typo'd synopsis word + two more)`);
    const worst = slowest.sort((a, b) => b[0] - a[0]).slice(0, 5);
    console.log(`  slowest: ${worst.map(([ms, term, n]) => `'${term}' ${ms.toFixed(0)} ms (${n} matches)`).join(', ')}`);
    console.log(`  search p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${times.length} terms (target < 30 ms): ${p95 < 30 ? 'met' : 'MISSED'}`);
    console.log(`  GET /api/videoDetails/{id}/ (uncached) p50 ${percentile(byIdTimes, 50).toFixed(1)} ms, p95 ${idP95.toFixed(1)} ms`);
    console.log(`  ratio search p95 / by-id p95: ${(p95 / idP95).toFixed(2)} (target <= 3): ${p95 / idP95 <= 3 ? 'met' : 'MISSED'}`);
    console.log(`server resident memory: ${rss} MB`);
  } finally {
    nginx?.stop();
    bare?.stop();
    bareBody?.stop();
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
