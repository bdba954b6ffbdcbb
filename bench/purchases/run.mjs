#!/usr/bin/env node
// Purchases benchmark (issue: buying and watching). autocannon on POST /api/purchased/ on
// PostgreSQL, every request a distinct customer-and-video pair, so each is a real purchase: a row
// lock on the balance, the debit, a ledger entry, the purchase record and purchase_times, in one
// transaction. Prints purchases per second, the cheapest signed-in call's rate as a reference
// measured in the same run, then checks every balance against its ledger.
// Options: BENCH_CUSTOMERS (300), BENCH_CONNECTIONS (50), BENCH_DATABASE_URL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { adminUrl, freshDatabase, root, rssMb, sql, startStore } from '../lib/harness.mjs';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const JWT_SECRET = 'bench-only-secret-bench-only-secret-0123456789';
const DB = 'store_bench_purchases';

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-purchases-'));
  const databaseUrl = await freshDatabase(DB);
  const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET, MEDIA_WORKERS: '0', DATABASE_POOL_SIZE: '20' });
  try {
    // Customers straight into the database (registering 300 through argon2 would measure hashing),
    // each with Ksh 100,000 from a ledger adjustment, as the back office would credit it.
    const { rows: videos } = await sql(databaseUrl, 'SELECT id, price FROM videos WHERE published ORDER BY id');
    await sql(
      databaseUrl,
      `WITH u AS (
         INSERT INTO users (username, email, password_hash)
         SELECT 'bench' || g, 'bench' || g || '@example.co.ke', 'not-a-login' FROM generate_series(1, $1) g RETURNING id),
       p AS (INSERT INTO profiles (user_id, account) SELECT id, 100000 FROM u RETURNING user_id)
       INSERT INTO ledger_entries (user_id, kind, amount, balance_after, reference, note)
       SELECT user_id, 'adjustment', 100000, 100000, 'bench-credit-' || user_id, 'bench' FROM p`,
      [CUSTOMERS],
    );
    const { rows: users } = await sql(databaseUrl, "SELECT id FROM users WHERE username LIKE 'bench%' ORDER BY id");
    const key = new TextEncoder().encode(JWT_SECRET);
    const tokens = await Promise.all(users.map((u) => new SignJWT({ sub: String(u.id), tv: 0, typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(key)));
    // Every (customer, video) pair once; request k is customer k mod C buying video (k + k div C) mod V,
    // so requests in flight together are different customers buying different videos, as in a shop.
    const pairs = [];
    for (let k = 0; k < tokens.length * videos.length; k++) {
      pairs.push({ token: tokens[k % tokens.length], video: videos[(k + Math.floor(k / tokens.length)) % videos.length].id });
    }
    let next = 0;

    const before = Date.now();
    const result = await autocannon({
      url: `${store.base}/api/purchased/`,
      method: 'POST',
      connections: CONNECTIONS,
      amount: pairs.length,
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => {
            const pair = pairs[next++ % pairs.length];
            return { ...req, headers: { ...req.headers, authorization: `Bearer ${pair.token}` }, body: JSON.stringify({ video_id: pair.video }) };
          },
        },
      ],
    });
    const seconds = (Date.now() - before) / 1000;
    // The reference, same customers and connections: the cheapest call a signed-in customer makes
    // (the token check and one small query), which no purchase can beat on this machine.
    let turn = 0;
    const reference = await autocannon({
      url: `${store.base}/api/cart/`,
      connections: CONNECTIONS,
      duration: 10,
      requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[turn++ % tokens.length]}` } }) }],
    });
    const memory = await rssMb(store.proc.pid);
    const { rows: [counts] } = await sql(databaseUrl, "SELECT count(*)::int AS purchases, (SELECT count(*)::int FROM ledger_entries WHERE kind = 'purchase') AS entries FROM purchases");
    const perSecond = counts.purchases / seconds;
    console.log(`\nPOST /api/purchased/ on PostgreSQL: ${CUSTOMERS} customers x ${videos.length} videos, ${CONNECTIONS} connections`);
    console.log(`  ${counts.purchases} purchases in ${seconds.toFixed(1)} s: ${perSecond.toFixed(0)} purchases/s (target >= 1000): ${perSecond >= 1000 ? 'met' : 'MISSED'}`);
    console.log(`  reference GET /api/cart/ (token check + one query): ${reference.requests.average.toFixed(0)} req/s; purchases at ${(perSecond / reference.requests.average).toFixed(2)} of it`);
    console.log(`  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${result['2xx']} answered 201, ${result.non2xx} other, ${result.errors} errors`);
    console.log(`  ledger entries for purchases: ${counts.entries}; server resident memory ${memory} MB`);
    const verify = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, encoding: 'utf8' });
    console.log(`  ${verify.trim()}`);
  } finally {
    store.stop();
    await new Promise((r) => setTimeout(r, 500));
    await sql(adminUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
