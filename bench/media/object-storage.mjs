#!/usr/bin/env node
// Media from object storage (issue 17). Ranged GETs of a file a customer owns, in a bucket: through the
// store's path (its signed address, signature + expiry + canAccess, on PostgreSQL unless a recent
// "yes" is remembered (decision 0020), then a 302 to a presigned address, then the ranged GET at the
// gateway: what a download manager does on each resume)
// against ranged GETs straight to a presigned address at the gateway, in the same run. Prints MB/s of
// each and the ratio (target >= 0.8). Needs an S3 gateway: `eval "$(.ci/start-ceph.sh)"` sets TEST_S3_*.
// Also the CPU time the store's process and its PostgreSQL backends spent per range through it, and
// per 302 when the store is asked for nothing but redirects as fast as it answers (/proc): unlike
// MB/s, that hardly depends on what else the machine is doing.
// Options: BENCH_SECONDS (5 per round), BENCH_ROUNDS (5: its rounds swing with the gateway on the same cores), BENCH_CONNECTIONS (8), BENCH_RANGE_KB (1024),
// BENCH_SIZE_MB (100), BENCH_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { adminUrl, cpuSeconds, freshDatabase, login, sql, startStore } from '../lib/harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const RANGE = Number(process.env.BENCH_RANGE_KB ?? 1024) * 1024;
const SIZE = Number(process.env.BENCH_SIZE_MB ?? 100) * 1024 * 1024;

const { TEST_S3_URL, TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY, TEST_S3_REGION = 'us-east-1' } = process.env;
if (!TEST_S3_URL || !TEST_S3_ENDPOINT) throw new Error('Start an S3 gateway first: eval "$(.ci/start-ceph.sh)"');
const bucket = TEST_S3_URL.slice('s3://'.length).split('/')[0];
const prefix = `bench-${randomBytes(4).toString('hex')}`;
const credentials = { accessKeyId: TEST_S3_ACCESS_KEY_ID, secretAccessKey: TEST_S3_SECRET_ACCESS_KEY };
const client = new S3Client({ region: TEST_S3_REGION, endpoint: TEST_S3_ENDPOINT, forcePathStyle: true, credentials, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });

/**
 * One GET with a Range. `follow`: a 302 is followed once (the store's answer); `redirect`: the 302
 * itself is the answer wanted; `direct`: the gateway. Answers the body's length and status.
 */
function get(agent, url, range, mode) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { range } }, (res) => {
        if (mode === 'follow' && res.statusCode === 302) {
          res.resume();
          get(agent, res.headers.location, range, 'direct').then(resolve, reject);
          return;
        }
        let got = 0;
        res.on('data', (chunk) => (got += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode, got }));
      })
      .on('error', reject);
  });
}

/** CPU seconds the store and the PostgreSQL backends serving its database have used so far. */
async function serverCpu(store, databaseUrl) {
  const backends = (await sql(databaseUrl, 'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  const db = (await Promise.all(backends.map(cpuSeconds))).reduce((a, b) => a + b, 0);
  return { store: await cpuSeconds(store.proc.pid), db, backends: backends.join(',') };
}

/**
 * CONNECTIONS keep-alive loops of random aligned ranges for SECONDS (`mode` as for get); MB/s,
 * req/s, p99 and wrong answers, and with `cpu` (a function answering serverCpu) the server's CPU
 * per request in microseconds.
 */
async function rangedLoad(url, mode, cpu) {
  const cpuBefore = cpu ? await cpu() : undefined;
  const blocks = Math.floor(SIZE / RANGE);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });
  const deadline = Date.now() + SECONDS * 1000;
  let bytes = 0;
  let requests = 0;
  let wrong = 0;
  const latencies = [];
  const began = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const start = Math.floor(Math.random() * blocks) * RANGE;
        const t = performance.now();
        const { status, got } = await get(agent, url, `bytes=${start}-${start + RANGE - 1}`, mode);
        if (mode === 'redirect' ? status !== 302 : status !== 206 || got !== RANGE) wrong++;
        bytes += got;
        requests++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (Date.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const result = { mbps: bytes / 1e6 / seconds, rps: requests / seconds, p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0), other: wrong };
  if (!cpu) return result;
  const after = await cpu();
  // A backend that closed in the round takes its CPU with it: count the round only if the pool stayed.
  const sameBackends = after.backends === cpuBefore.backends;
  return { ...result, storeUs: ((after.store - cpuBefore.store) * 1e6) / requests, dbUs: sameBackends ? ((after.db - cpuBefore.db) * 1e6) / requests : NaN };
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-s3-'));
  const databaseUrl = await freshDatabase('store_bench_s3');
  const store = await startStore({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MEDIA_WORKERS: '0',
    JOBS_IN_PROCESS: 'false',
    MEDIA_STORAGE_URL: `s3://${bucket}/${prefix}`,
    AWS_ENDPOINT_URL_S3: TEST_S3_ENDPOINT,
    AWS_ACCESS_KEY_ID: TEST_S3_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: TEST_S3_SECRET_ACCESS_KEY,
    AWS_REGION: TEST_S3_REGION,
  });
  try {
    const token = await login(store.base, 'customer@demo.videostore.co.ke', 'demo-customer-nairobi');
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const video = (await (await fetch(`${store.base}/api/videoDetails/?ordering=price&page_size=1`)).json()).results[0];
    const folder = `videos/${video.vidId}/rbench`;
    const Key = `${prefix}/private/${folder}/download.mp4`;
    await new Upload({ client, params: { Bucket: bucket, Key, Body: randomBytes(SIZE), ContentType: 'video/mp4' }, queueSize: 4, partSize: 16 << 20 }).done();
    const info = { rev: 'rbench', duration: 3600, width: 1280, height: 720, renditions: [], downloadSize: SIZE, thumbnails: { count: 0, intervalSeconds: 5 } };
    await sql(databaseUrl, 'UPDATE videos SET video_path = $1, media_info = $2 WHERE id = $3', [folder, JSON.stringify(info), video.vidId]);
    // Only a video with media is for sale: it has some now.
    const bought = await fetch(`${store.base}/api/purchased/`, { method: 'POST', headers: auth, body: JSON.stringify({ video_id: video.vidId }) });
    if (bought.status !== 201) throw new Error(`purchase failed: ${bought.status} ${await bought.text()}`);
    const owned = await (await fetch(`${store.base}/api/videoDetails/${video.vidId}/`, { headers: auth })).json();
    const ours = `${store.base}${owned.media.download}`;
    const direct = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key }), { expiresIn: 3600 });

    const cpu = () => serverCpu(store, databaseUrl);
    await rangedLoad(ours, 'follow');
    await rangedLoad(direct, 'direct');
    const rounds = { ours: [], ref: [], redirects: [] };
    for (let i = 0; i < ROUNDS; i++) {
      rounds.ours.push(await rangedLoad(ours, 'follow', cpu));
      rounds.ref.push(await rangedLoad(direct, 'direct'));
    }
    for (let i = 0; i < ROUNDS; i++) rounds.redirects.push(await rangedLoad(ours, 'redirect', cpu));
    const median = (xs) => [...xs].sort((a, b) => a.mbps - b.mbps)[Math.floor(xs.length / 2)];
    const a = median(rounds.ours);
    const b = median(rounds.ref);
    const ratio = a.mbps / b.mbps;
    console.log(`\nRanged GETs of ${RANGE / 1024} KB from a ${SIZE >> 20} MB owned file in the bucket, ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s`);
    console.log(`  through the store (signed address, canAccess, 302, presigned GET): ${a.mbps.toFixed(0)} MB/s, ${a.rps.toFixed(0)} ranges/s, p99 ${a.p99} ms (${a.other} not 206)`);
    console.log(`  presigned GET straight from the gateway: ${b.mbps.toFixed(0)} MB/s, ${b.rps.toFixed(0)} ranges/s, p99 ${b.p99} ms (${b.other} not 206)`);
    console.log(`  rounds (MB/s): store path ${rounds.ours.map((r) => r.mbps.toFixed(0)).join(', ')}; gateway ${rounds.ref.map((r) => r.mbps.toFixed(0)).join(', ')}`);
    const us = (xs) => xs.map((x) => (Number.isNaN(x) ? '?' : x.toFixed(0))).join(', ');
    console.log(`  CPU per range through the store (us, each round): store process ${us(rounds.ours.map((r) => r.storeUs))}; its PostgreSQL backends ${us(rounds.ours.map((r) => r.dbUs))}`);
    const r = [...rounds.redirects].sort((x, y) => x.storeUs - y.storeUs)[Math.floor(ROUNDS / 2)];
    console.log(`  the store's 302 alone, as fast as it answers: ${r.rps.toFixed(0)}/s, p99 ${r.p99} ms (${r.other} not 302); CPU per 302: store process ${us([r.storeUs])} us, PostgreSQL ${us([r.dbUs])} us (rounds: ${rounds.redirects.map((x) => `${us([x.storeUs])}+${us([x.dbUs])}`).join(', ')})`);
    console.log(`  ratio store path/gateway: ${ratio.toFixed(2)} (target >= 0.80): ${ratio >= 0.8 ? 'met' : 'MISSED'}`);
    console.log(`  load average: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    const left = (await fs.readdir(dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
    console.log(`  files the web server wrote to its own disk: ${left.length ? left.join(', ') : 'none'}`);
  } finally {
    store.stop();
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/` }));
    const objects = (listed.Contents ?? []).map((o) => ({ Key: o.Key }));
    if (objects.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects } }));
    await new Promise((r) => setTimeout(r, 500));
    await sql(adminUrl, 'DROP DATABASE IF EXISTS store_bench_s3 WITH (FORCE)').catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
