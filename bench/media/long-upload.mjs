#!/usr/bin/env node
// A long film through the production shape (issue 17): a generated film of BENCH_MINUTES (60) is
// uploaded with tus to a web process whose media is in a bucket, transcoded by `npm run worker`, and
// played: its playlists answer, every segment of the data-saver rung is fetched from the bucket. Then
// the web process's and the worker's data folders are listed: no file may be left. Prints the times.
// Needs an S3 gateway (`eval "$(.ci/start-ceph.sh)"`) and PostgreSQL (BENCH_DATABASE_URL).
// BENCH_HEIGHT (240) is the generated source's height: a 240p source keeps the run to minutes on 2 cores.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { adminUrl, freshDatabase, login, root, sql, startStore } from '../lib/harness.mjs';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const HEIGHT = Number(process.env.BENCH_HEIGHT ?? 240);
const { TEST_S3_URL, TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY, TEST_S3_REGION = 'us-east-1' } = process.env;
if (!TEST_S3_URL || !TEST_S3_ENDPOINT) throw new Error('Start an S3 gateway first: eval "$(.ci/start-ceph.sh)"');
const bucket = TEST_S3_URL.slice('s3://'.length).split('/')[0];
const s3 = {
  MEDIA_STORAGE_URL: `s3://${bucket}/bench-long-${randomBytes(4).toString('hex')}`,
  AWS_ENDPOINT_URL_S3: TEST_S3_ENDPOINT,
  AWS_ACCESS_KEY_ID: TEST_S3_ACCESS_KEY_ID,
  AWS_SECRET_ACCESS_KEY: TEST_S3_SECRET_ACCESS_KEY,
  AWS_REGION: TEST_S3_REGION,
};
const b64 = (s) => Buffer.from(s).toString('base64');
const seconds = (t) => ((performance.now() - t) / 1000).toFixed(0);
const filesUnder = async (dir) => (await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));

async function main() {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-long-'));
  const databaseUrl = await freshDatabase('store_bench_long');
  const env = { DATABASE_URL: databaseUrl, ...s3 };
  const store = await startStore({ ...env, DATA_DIR: path.join(tmp, 'web'), MEDIA_WORKERS: '0', JOBS_IN_PROCESS: 'false' });
  const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env, DATA_DIR: path.join(tmp, 'worker'), LOG_LEVEL: 'warn', MEDIA_WORKERS: '1', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let t = performance.now();
    const film = path.join(tmp, 'film.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${Math.round((HEIGHT * 16) / 9 / 2) * 2}x${HEIGHT}:rate=24:duration=${MINUTES * 60}`, '-f', 'lavfi', '-i', `sine=frequency=330:duration=${MINUTES * 60}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-y', film]);
    const bytes = await fs.readFile(film);
    console.log(`\nA generated film of ${MINUTES} min at ${HEIGHT}p: ${(bytes.length / 1e6).toFixed(0)} MB, made in ${seconds(t)} s`);

    const staffToken = await login(store.base, 'staff@demo.videostore.co.ke', 'demo-staff-kilimanjaro');
    const video = (await (await fetch(`${store.base}/api/videoDetails/?ordering=price&page_size=1`)).json()).results[0];
    const tus = { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${staffToken}` };
    t = performance.now();
    const created = await fetch(`${store.base}/api/admin/uploads`, { method: 'POST', headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `video_id ${b64(String(video.vidId))},kind ${b64('main')},filename ${b64('Long film.mp4')}` } });
    if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${await created.text()}`);
    const location = created.headers.get('location');
    const CHUNK = 64 << 20;
    for (let offset = 0; offset < bytes.length; offset += CHUNK) {
      const res = await fetch(`${store.base}${location}`, { method: 'PATCH', headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body: bytes.subarray(offset, offset + CHUNK) });
      if (res.status !== 204) throw new Error(`upload failed at ${offset}: ${res.status} ${await res.text()}`);
    }
    console.log(`  uploaded with tus in 64 MB chunks in ${seconds(t)} s`);

    t = performance.now();
    let job;
    for (;;) {
      [job] = (await sql(databaseUrl, "SELECT state, progress, error FROM media_jobs WHERE video_id = $1 AND kind = 'transcode' ORDER BY id DESC LIMIT 1", [video.vidId])).rows;
      if (job?.state === 'done' || job?.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 2000));
    }
    if (job.state !== 'done') throw new Error(`transcoding failed: ${job.error}`);
    console.log(`  transcoded by the worker in ${seconds(t)} s (${((MINUTES * 60) / ((performance.now() - t) / 1000)).toFixed(1)} x real time)`);

    const customerToken = await login(store.base, 'customer@demo.videostore.co.ke', 'demo-customer-nairobi');
    const auth = { authorization: `Bearer ${customerToken}`, 'content-type': 'application/json' };
    const bought = await fetch(`${store.base}/api/purchased/`, { method: 'POST', headers: auth, body: JSON.stringify({ video_id: video.vidId }) });
    if (bought.status !== 201) throw new Error(`purchase failed: ${bought.status} ${await bought.text()}`);
    const owned = await (await fetch(`${store.base}/api/videoDetails/${video.vidId}/`, { headers: auth })).json();
    t = performance.now();
    const master = await (await fetch(`${store.base}${owned.media.stream}`)).text();
    const rung = master.split('\n').find((l) => l.startsWith('/media/private/'));
    const playlist = await (await fetch(`${store.base}${rung}`)).text();
    const signedIn = seconds(t);
    const segments = playlist.split('\n').filter((l) => l.startsWith('http'));
    let played = 0;
    t = performance.now();
    for (const segment of segments) {
      const res = await fetch(segment);
      if (res.status !== 200) throw new Error(`segment ${segment} answered ${res.status}`);
      played += (await res.arrayBuffer()).byteLength;
    }
    console.log(`  playlists signed and served in ${signedIn} s; ${segments.length} data-saver segments (${(played / 1e6).toFixed(0)} MB) fetched from the bucket in ${seconds(t)} s`);
    const left = [...(await filesUnder(path.join(tmp, 'web'))), ...(await filesUnder(path.join(tmp, 'worker')))];
    console.log(`  files left on the web process's and the worker's disks: ${left.length ? left.join(', ') : 'none'} (target: none): ${left.length ? 'MISSED' : 'met'}`);
  } finally {
    worker.kill('SIGTERM');
    store.stop();
    await new Promise((r) => setTimeout(r, 1000));
    await sql(adminUrl, 'DROP DATABASE IF EXISTS store_bench_long WITH (FORCE)').catch(() => undefined);
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

await main();
