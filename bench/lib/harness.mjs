// Shared by the benches: ports, waiting, SQL, a fresh PostgreSQL database and the store as a process.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const withDb = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

export async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

export async function sql(url, text, params = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

/** A new, empty database on the bench's PostgreSQL; answers its URL. */
export async function freshDatabase(name) {
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await sql(adminUrl, `CREATE DATABASE ${name}`);
  return withDb(adminUrl, name);
}

/**
 * Customers and what each may buy, straight into a store's database for the SQL benches (floor.mjs,
 * signing.mjs): every published video given a file name (only a playable video is for sale),
 * `customers` customers with Ksh 1,000,000 each from a ledger adjustment, and `bench_pairs`: pair k
 * is customer k mod C with video (k + k div C) mod V, as run.mjs pairs them, with the sale
 * sell_checked takes for it (its reference `referencePrefix` + k). `nextval('bench_pair')` takes the next.
 */
export async function saleablePairs(url, customers, referencePrefix) {
  await sql(url, "UPDATE videos SET video_path = 'bench/' || id || '.mp4' WHERE published AND video_path IS NULL");
  await sql(
    url,
    `WITH u AS (INSERT INTO users (username, email, password_hash)
                SELECT 'bench' || g, 'bench' || g || '@example.co.ke', 'not-a-login' FROM generate_series(1, $1) g RETURNING id),
          p AS (INSERT INTO profiles (user_id, account) SELECT id, 1000000 FROM u RETURNING user_id)
     INSERT INTO ledger_entries (user_id, kind, amount, balance_after, reference, note)
     SELECT user_id, 'adjustment', 1000000, 1000000, 'bench-credit-' || user_id, 'bench' FROM p`,
    [customers],
  );
  await sql(
    url,
    `CREATE TABLE bench_pairs AS
       WITH us AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS c FROM users WHERE username LIKE 'bench%'),
            vs AS (SELECT id, price, row_number() OVER (ORDER BY id) - 1 AS n FROM videos WHERE published),
            nv AS (SELECT count(*) AS n FROM vs)
       SELECT k, us.id AS user_id, vs.id AS video_id, vs.price,
              jsonb_build_object('ledgerKind', 'purchase', 'saleKind', 'purchase', 'reference', $2::text || k, 'note', 'Bench',
                'lines', jsonb_build_array(jsonb_build_object('videoId', vs.id, 'listPrice', vs.price, 'amount', vs.price)),
                'discount', 0, 'rentalStartDays', 30) AS sale
         FROM generate_series(0, $1 * (SELECT n FROM nv) - 1) k
         JOIN us ON us.c = k % $1 JOIN vs ON vs.n = (k + k / $1) % (SELECT n FROM nv)`,
    [customers, referencePrefix],
  );
  await sql(url, 'CREATE UNIQUE INDEX ON bench_pairs (k); CREATE SEQUENCE bench_pair MINVALUE 0 START 0');
}

/** The store as `npm start` runs it (node with tsx as a loader, so a kill reaches it). */
export async function startStore(env) {
  const port = await freePort();
  // BENCH_PROFILE=dir writes a CPU profile of the store there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const proc = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development', DEMO_CLIPS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return { base, proc, stop: () => proc.kill('SIGTERM') };
}

export async function login(base, email, password) {
  const res = await fetch(`${base}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).tokens.access;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 once it is gone. */
export async function cpuSeconds(pid) {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (!stat) return 0;
  const fields = stat.split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds used so far by every process of this machine named `name` (its comm, e.g. postgres:
 * the backends, the WAL writer, autovacuum), whichever cluster they serve: run it where the bench's
 * PostgreSQL is the only one busy. A process that ends between two reads takes its seconds with it,
 * so a difference of two reads can fall short of what they used.
 */
export async function cpuSecondsOfAll(name) {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d));
  const seconds = await Promise.all(
    pids.map(async (pid) => {
      const comm = (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();
      return comm === name ? cpuSeconds(pid) : 0;
    }),
  );
  return seconds.reduce((a, b) => a + b, 0);
}

/**
 * The ids of a process's children. `ps --ppid` exits 1 when there are none (the store run as node
 * itself rather than under tsx's wrapper): that is an empty list, not an error.
 */
export function childPids(pid) {
  const ps = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  if (ps.error) throw ps.error;
  if (ps.status !== 0 && ps.status !== 1) throw new Error(`ps failed (${ps.status}): ${ps.stderr}`);
  return ps.stdout.trim().split(/\s+/).filter(Boolean).map(Number);
}

/** Resident memory of a process in MB (Linux). */
export async function rssMb(pid) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
