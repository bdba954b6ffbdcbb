import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Video } from '@store/contract';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/client.ts';
import { djs, genres, mediaJobs, users, videos } from '../src/db/schema.ts';
import { locateMediaTools, runTool } from '../src/modules/media/ffmpeg.ts';
import { createS3Store } from '../src/modules/media/storage/s3-store.ts';
import { postLedgerEntry } from '../src/modules/wallet/wallet.ts';
import { adminQuery } from './helpers/admin-sql.ts';
import { newTestDatabaseName, templateDatabase, testDatabaseUrl, testRedisUrl, withDatabase } from './helpers/engines.ts';
import { s3Env, testS3 } from './helpers/s3.ts';
import { type Running, startServer } from './helpers/server-process.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const json = { 'content-type': 'application/json' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Every file under dir (none at all is what a web server in front of a bucket should keep). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

// The production shape on one machine: vitest.config.ts runs this file when PostgreSQL, Redis and an
// S3 gateway are all configured, which CI always does (.ci/run).
describe('two web processes and a worker on one PostgreSQL, Redis and bucket', () => {
  const url = testDatabaseUrl()!;
  const s3 = testS3()!;
  const name = newTestDatabaseName();
  const servers: Running[] = [];
  const workers: ChildProcess[] = [];
  let tmp = '';
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await createS3Store(s3).removePrefix('private').catch(() => undefined);
    for (const p of ['uploads', 'thumbs', 'posters']) await createS3Store(s3).removePrefix(p).catch(() => undefined);
    await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('uploads through one, transcodes in a worker that survives being killed, sells through the other and streams from the bucket', async () => {
    const tools = locateMediaTools({});
    expect(tools, 'ffmpeg is needed (see .ci/run)').not.toBeNull();
    await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`);
    const dbUrl = withDatabase(url, name);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'store-scale-'));
    const shared = { DATABASE_URL: dbUrl, REDIS_URL: testRedisUrl()!, ...s3Env(s3), DEMO_DATA: 'false', JWT_SECRET: 'scale-out-test-secret-of-at-least-32-characters' };
    const web = { ...shared, MEDIA_WORKERS: '0', JOBS_IN_PROCESS: 'false' };
    servers.push(await startServer(path.join(tmp, 'web-a'), 60_000, { env: web }), await startServer(path.join(tmp, 'web-b'), 60_000, { env: web }));
    const [a, b] = servers as [Running, Running];
    const startWorker = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: serverDir,
        env: { PATH: process.env.PATH, ...shared, DATA_DIR: path.join(tmp, `worker-${workers.length}`), LOG_LEVEL: 'warn', MEDIA_WORKERS: '1' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      workers.push(child);
      return { child, exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
    };

    const handle = await openDatabase({ url: dbUrl, poolSize: 2 });
    const db = handle.db;
    const account = async (s: Running, who: string, staff: boolean) => {
      const user = { username: who, email: `${who}@example.co.ke`, password: `${who}-jacaranda-evening-42` };
      const made = await fetch(`${s.base}/api/register/`, { method: 'POST', headers: json, body: JSON.stringify({ ...user, password1: user.password, password2: user.password }) });
      expect(made.status, await made.clone().text()).toBe(201);
      const [u] = await db.update(users).set({ isStaff: staff }).where(eq(users.email, user.email)).returning();
      const login = (await (await fetch(`${s.base}/api/login/`, { method: 'POST', headers: json, body: JSON.stringify(user) })).json()) as { tokens: { access: string } };
      return { id: u!.id, auth: { authorization: `Bearer ${login.tokens.access}` } };
    };
    const staff = await account(a, 'wambui', true);
    const [dj] = await db.insert(djs).values({ djName: 'Afro' }).returning();
    const [genre] = await db.insert(genres).values({ title: 'Drama' }).returning();
    const [video] = await db.insert(videos).values({ title: 'Mto wa Nairobi', djId: dj!.id, genreId: genre!.id, cartegory: 'movie', type: 'dj_afro', price: 50 }).returning();

    // The staff member uploads a 12-second film (tus) through the first web process.
    const clip = path.join(tmp, 'clip.mp4');
    await runTool(tools!.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=12', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=12', '-pix_fmt', 'yuv420p', '-shortest', '-y', clip]);
    const bytes = await fs.readFile(clip);
    const tus = { 'Tus-Resumable': '1.0.0', ...staff.auth };
    const created = await fetch(`${a.base}/api/admin/uploads`, {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `video_id ${b64(String(video!.id))},kind ${b64('main')},filename ${b64('Mto wa Nairobi.mp4')}` },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const sent = await fetch(`${a.base}${created.headers.get('location')}`, { method: 'PATCH', headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: bytes });
    expect(sent.status, await sent.clone().text()).toBe(204);
    const [job] = await db.select().from(mediaJobs).where(eq(mediaJobs.videoId, video!.id));
    expect(job).toMatchObject({ state: 'queued', kind: 'transcode' });

    // A worker takes the job and is killed mid-way; once its lease runs out another finishes it.
    const jobRow = async () => (await db.select().from(mediaJobs).where(eq(mediaJobs.id, job!.id)))[0]!;
    const until = async (ok: (j: Awaited<ReturnType<typeof jobRow>>) => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        if (ok(await jobRow())) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the job never got there: ${JSON.stringify(await jobRow())}`);
    };
    const first = startWorker();
    await until((j) => j.state === 'running', 60_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await db.update(mediaJobs).set({ leasedUntil: sql`now() - interval '1 second'` }).where(eq(mediaJobs.id, job!.id));
    const second = startWorker();
    await until((j) => j.state === 'done', 150_000);
    expect((await jobRow()).attempts).toBe(2);

    // A customer buys it through the second web process and streams it from the bucket.
    const customer = await account(b, 'otieno', false);
    await db.transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: customer.id, kind: 'adjustment', amount: 100, reference: 'scale-out-top-up' }));
    const bought = await fetch(`${b.base}/api/purchased/`, { method: 'POST', headers: { ...json, ...customer.auth }, body: JSON.stringify({ video_id: video!.id }) });
    expect(bought.status, await bought.clone().text()).toBe(201);
    const details = (await (await fetch(`${b.base}/api/videoDetails/${video!.id}/`, { headers: customer.auth })).json()) as Video;
    const master = await (await fetch(`${b.base}${details.media!.stream!}`)).text();
    const rung = master.split('\n').find((l) => l.startsWith('/media/private/'))!;
    const playlist = await (await fetch(`${b.base}${rung}`)).text();
    const segments = playlist.split('\n').filter((l) => l.startsWith('http'));
    expect(segments.length).toBeGreaterThanOrEqual(3);
    for (const segment of segments) {
      expect(segment.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
      const res = await fetch(segment);
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const download = await fetch(`${b.base}${details.media!.download!}`, { redirect: 'manual' });
    expect(download.status).toBe(302);
    const ranged = await fetch(download.headers.get('location')!, { headers: { range: 'bytes=0-1023' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-disposition')).toBe('attachment; filename="Mto wa Nairobi.mp4"');

    // The web processes kept no media: everything is in the bucket.
    expect(await filesUnder(path.join(tmp, 'web-a'))).toEqual([]);
    expect(await filesUnder(path.join(tmp, 'web-b'))).toEqual([]);
    expect(await filesUnder(path.join(tmp, 'worker-1', 'tmp'))).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await handle.close();
  }, 300_000);
});
