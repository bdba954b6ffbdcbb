#!/usr/bin/env node
// What signing a receipt costs (issues 26 and 30), apart from the sale that made it: sales are made
// with the store paused (SIGSTOP), through the store's own SQL (sale_facts, sell_checked), so each
// leaves one unsigned receipt; then the store goes on and its etims-submit job numbers them and sends
// each to the eTIMS simulator until every one is signed. Prints receipts signed per second and the
// CPU each took of the store (submitter and simulator, one process) and of PostgreSQL (every postgres
// process on the machine: run it on an idle one). The window also holds the store's other recurring
// jobs, the fold of the sales' purchase counts among them, as a store that just sold would run them.
// Options: BENCH_RECEIPTS (20000), BENCH_DATABASE_URL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { adminUrl, cpuSeconds, cpuSecondsOfAll, freshDatabase, saleablePairs, sleep, sql, startStore } from '../lib/harness.mjs';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 20000);
const CUSTOMERS = 1000;
const DB = 'store_bench_signing';
const CLIENTS = 10;

const SALE = `WITH n AS (SELECT nextval('bench_pair') AS k) SELECT p.k, p.user_id AS u, p.video_id AS v, p.sale AS s, sale_facts(p.user_id, ARRAY[p.video_id], NULL, 7) AS f FROM n JOIN bench_pairs p USING (k) \\gset
SELECT r FROM sell_checked(:u, ARRAY[:v::int], NULL, 7, :f::jsonb, :s::jsonb) AS t(r);
`;

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-signing-'));
  const url = await freshDatabase(DB);
  const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: url, JWT_SECRET: 'bench-only-secret-bench-only-secret-0123456789', MEDIA_WORKERS: '0', ETIMS_MODE: 'simulator', ETIMS_SUBMIT_EVERY_MS: '100' });
  try {
    await saleablePairs(url, CUSTOMERS, 'purchase-signing-');
    // Whatever the store signs at start (the demo's own receipts) is signed before the sales are made.
    await waitForSigned(url);
    const script = path.join(dataDir, 'sale.sql');
    await fs.writeFile(script, SALE);
    store.proc.kill('SIGSTOP');
    let made;
    let before;
    try {
      execFileSync('pgbench', ['-n', '-M', 'prepared', '-c', String(CLIENTS), '-t', String(Math.ceil(RECEIPTS / CLIENTS)), '-f', script, url], { stdio: 'ignore' });
      // Counted while the store is still stopped, so no signing comes before the start.
      [made] = (await sql(url, "SELECT count(*)::int AS n FROM receipts WHERE etims_state = 'pending'")).rows;
      before = { store: await cpuSeconds(store.proc.pid), db: await cpuSecondsOfAll('postgres'), at: Date.now() };
    } finally {
      store.proc.kill('SIGCONT');
    }
    const signed = await waitForSigned(url);
    const after = { store: await cpuSeconds(store.proc.pid), db: await cpuSecondsOfAll('postgres'), at: Date.now() };
    const per = (k) => `${(((after[k] - before[k]) * 1e6) / made.n).toFixed(0)} us`;
    const seconds = (after.at - before.at) / 1000;
    console.log(`\nSigning ${made.n} receipts made with the store paused, by the store's etims-submit job and the eTIMS simulator (same process)`);
    console.log(`  ${(made.n / seconds).toFixed(0)} receipts/s (${seconds.toFixed(1)} s); CPU per receipt: store ${per('store')}, PostgreSQL ${per('db')}`);
    console.log(`  signed ${signed.signed}, failed ${signed.failed}, pending ${signed.pending}`);
    if (signed.failed > 0 || signed.pending > 0) process.exitCode = 1;
  } finally {
    store.stop();
    await new Promise((r) => store.proc.once('exit', r));
    await sql(adminUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Waits until no receipt is pending (10 minutes at most); answers the counts. */
async function waitForSigned(url) {
  const until = Date.now() + 600_000;
  for (;;) {
    const { rows: [r] } = await sql(
      url,
      "SELECT count(*) FILTER (WHERE etims_state = 'pending')::int AS pending, count(*) FILTER (WHERE etims_state = 'signed')::int AS signed, count(*) FILTER (WHERE etims_state = 'failed')::int AS failed FROM receipts",
    );
    if (r.pending === 0 || Date.now() > until) return r;
    await sleep(100);
  }
}

await main();
