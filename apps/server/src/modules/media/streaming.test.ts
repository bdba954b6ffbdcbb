import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parse as parseDisposition } from 'content-disposition';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Video } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { purchases, users, videoFiles, videos } from '../../db/schema.ts';
import { postLedgerEntry } from '../wallet/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { mediaPaths, type StoredMediaInfo } from './pipeline.ts';
import { signMediaPath } from './signing.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

/** Files shaped like the pipeline's output, so the routes are tested without running ffmpeg. */
async function fakeRenditions(privateDir: string, videoId: number) {
  const rev = 'r1-1';
  const dir = path.join(privateDir, 'videos', String(videoId), rev);
  await fs.mkdir(path.join(dir, '240p'), { recursive: true });
  const mp4 = Buffer.alloc(300_000);
  for (let i = 0; i < mp4.length; i++) mp4[i] = (i * 7 + 3) % 251;
  await fs.writeFile(path.join(dir, 'download.mp4'), mp4);
  await fs.writeFile(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240\n240p/index.m3u8\n');
  await fs.writeFile(
    path.join(dir, '240p', 'index.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.0,\nseg-0000.m4s\n#EXTINF:4.0,\nseg-0001.m4s\n#EXT-X-ENDLIST\n',
  );
  for (const name of ['init.mp4', 'seg-0000.m4s', 'seg-0001.m4s']) await fs.writeFile(path.join(dir, '240p', name), `bytes of ${name}`);
  const info: StoredMediaInfo = {
    rev,
    duration: 8,
    width: 426,
    height: 240,
    renditions: [{ name: '240p', height: 240, width: 426, bandwidth: 150_000, peak: 200_000, dataSaver: true }],
    downloadSize: mp4.length,
    thumbnails: { count: 1, intervalSeconds: 5 },
  };
  return { videoPath: `videos/${videoId}/${rev}`, info, mp4 };
}

describe.each(engines())('signed media on %s', (engine) => {
  let t: TestApp;
  let videoId: number;
  let mp4: Buffer;
  let owner: Customer;
  let stranger: Customer;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(engine);
    videoId = (await insertFixtureCatalogue(db())).videos[1]!.id; // Nairobi Heist, Ksh 70
    const privateDir = mediaPaths(path.join(t.config.dataDir, 'media')).private;
    const fake = await fakeRenditions(privateDir, videoId);
    mp4 = fake.mp4;
    await db().update(videos).set({ videoPath: fake.videoPath, mediaInfo: fake.info }).where(eq(videos.id, videoId));
    await fs.mkdir(path.join(privateDir, 'extras', String(videoId)), { recursive: true });
    await fs.writeFile(path.join(privateDir, 'extras', String(videoId), 'subs.vtt'), 'WEBVTT\n');
    await db().insert(videoFiles).values({ videoId, name: 'Nairobi Heist: subtitles.vtt', path: `extras/${videoId}/subs.vtt`, size: 7 });
    owner = await signedInCustomer(t.app);
    stranger = await signedInCustomer(t.app);
    const [u] = await db().select().from(users).where(eq(users.email, owner.email));
    await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: u!.id, kind: 'adjustment', amount: 500, reference: `media-test-${engine}` }));
    const bought = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: owner.auth, payload: { video_id: videoId } });
    expect(bought.statusCode, bought.body).toBe(201);
  });
  afterAll(() => t.close());

  const details = async (c?: Customer) => {
    const res = await t.app.inject({ url: `/api/videoDetails/${videoId}/`, headers: c?.auth ?? {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Video>();
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('gives signed addresses to the owner only: visitors and other customers get none', async () => {
    const mine = await details(owner);
    expect(mine.media).toMatchObject({ state: 'ready', download_name: 'Nairobi Heist.mp4', download_size: mp4.length, duration: 8, resume_at: 0 });
    expect(mine.media!.stream).toMatch(/^\/media\/private\/videos\/\d+\/r1-1\/master\.m3u8\?u=\d+&e=\d+&s=/);
    expect(mine.video).toMatch(/download\.mp4\?/);
    expect(mine.additional_files[0]!.file).toMatch(/^\/media\/private\/extras\//);
    const publicAnswer = await t.app.inject({ url: `/api/videoDetails/${videoId}/` });
    expect(publicAnswer.headers.vary, 'a browser must not answer the owner from a visitor\'s cached copy').toMatch(/authorization/i);
    for (const other of [await details(), await details(stranger)]) {
      expect(other.video).toBeNull();
      expect(other.media).toBeUndefined();
      expect(other.additional_files.every((f) => f.file === null)).toBe(true);
    }
  });

  it('streams the playlists with every segment signed, and the segments play', async () => {
    const master = await get((await details(owner)).media!.stream!);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toMatch(/mpegurl/);
    const rung = master.body.split('\n').find((l) => l.startsWith('/media/'))!;
    const playlist = await get(rung);
    expect(playlist.statusCode).toBe(200);
    const uris = [...playlist.body.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!).concat(playlist.body.split('\n').filter((l) => l.startsWith('/media/')));
    expect(uris).toHaveLength(3);
    for (const uri of uris) {
      const seg = await get(uri);
      expect(seg.statusCode).toBe(200);
      expect(seg.body).toMatch(/^bytes of (init\.mp4|seg-000[01]\.m4s)$/);
    }
  });

  it('answers ranges byte for byte (206), the download with its name and size, and 416 past the end', async () => {
    const url = (await details(owner)).media!.download!;
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(mp4.length));
    expect(whole.headers['content-disposition']).toBe('attachment; filename="Nairobi Heist.mp4"');
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    for (const [from, to] of [
      [0, 0],
      [1000, 66_535],
      [mp4.length - 10, mp4.length - 1],
    ] as const) {
      const part = await get(url, { range: `bytes=${from}-${to}` });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${from}-${to}/${mp4.length}`);
      expect(part.rawPayload.equals(mp4.subarray(from, to + 1))).toBe(true);
    }
    const resumed = await get(url, { range: 'bytes=299000-' });
    expect(resumed.rawPayload.equals(mp4.subarray(299_000))).toBe(true);
    expect((await get(url, { range: `bytes=${mp4.length + 5}-` })).statusCode).toBe(416);
    const extra = await get((await details(owner)).additional_files[0]!.file!);
    expect(extra.body).toBe('WEBVTT\n');
    expect(extra.headers['content-disposition']).toBe('attachment; filename="Nairobi Heist subtitles.vtt"');
  });

  it('downloads extra files whose names have spaces, Kiswahili, # and % through their signed addresses', async () => {
    const privateDir = mediaPaths(path.join(t.config.dataDir, 'media')).private;
    const names = ['Manukuu ya Kiswahili – toleo 2.vtt', 'Picha #1 (50% bei).jpg', 'Ñandú ñoño 漢字.txt'];
    for (const [i, name] of names.entries()) {
      // As uploads.ts stores them: extras/{video}/{upload id}-{name as given}.
      await fs.writeFile(path.join(privateDir, 'extras', String(videoId), `u${i}-${name}`), `bytes of ${name}`);
      await db().insert(videoFiles).values({ videoId, name, path: `extras/${videoId}/u${i}-${name}`, size: 10 });
    }
    const files = (await details(owner)).additional_files;
    for (const name of names) {
      const url = files.find((f) => f.name === name)!.file!;
      expect(url, name).not.toMatch(/[\s#]/);
      const res = await get(url);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.body).toBe(`bytes of ${name}`);
      expect(parseDisposition(String(res.headers['content-disposition'])).parameters.filename, name).toBe(name);
      // Another customer's copy of the same address is still refused.
      expect((await get(url.replace(/u=\d+/, `u=${stranger.id}`))).statusCode).toBe(403);
    }
  });

  it('refuses a stranger, an expired, a tampered and a borrowed signature with 403 and no bytes', async () => {
    const secret = t.config.media.secret;
    const url = (await details(owner)).media!.download!;
    const filePath = url.split('?')[0]!;
    const future = Math.floor(Date.now() / 1000) + 3600;
    const cases = {
      stranger: signMediaPath(secret, filePath, { userId: stranger.id, expires: future }),
      expired: signMediaPath(secret, filePath, { userId: owner.id, expires: Math.floor(Date.now() / 1000) - 1 }),
      tampered: url.replace(/s=([A-Za-z0-9_-])/, (_m, c: string) => `s=${c === 'A' ? 'B' : 'A'}`),
      otherPath: url.replace('download.mp4', '240p/init.mp4'),
      borrowed: url.replace(/u=\d+/, `u=${stranger.id}`),
      unsigned: filePath,
      wrongSecret: signMediaPath('x'.repeat(40), filePath, { userId: owner.id, expires: future }),
    };
    for (const [name, bad] of Object.entries(cases)) {
      const res = await get(bad, { range: 'bytes=0-9' });
      expect(res.statusCode, name).toBe(403);
      expect(res.json(), name).toEqual({ detail: expect.any(String) });
    }
  });

  it('refuses paths that climb out with .. however they are spelt, even correctly signed', async () => {
    // Over a real socket: HTTP clients (and inject) tidy `..` away before sending; an attacker does not.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const raw = (pathAndQuery: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${address}/`, { path: pathAndQuery }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject).end();
      });
    const url = (await details(owner)).media!.download!;
    const [p, q] = url.split('?') as [string, string];
    const climbing = [p.replace(/\/r1-1\//, '/r1-1/../r1-1/'), p.replace(/\/r1-1\//, '/r1-1/%2e%2e/r1-1/'), `/media/private/videos/${videoId}/../../../db/PG_VERSION`, `/media/private/videos/${videoId}/%2e%2e/%2e%2e/%2e%2e/db/PG_VERSION`];
    for (const bad of climbing) {
      const signed = signMediaPath(t.config.media.secret, decodeURIComponent(bad), { userId: owner.id, expires: Math.floor(Date.now() / 1000) + 60 });
      for (const attempt of [`${bad}?${signed.split('?')[1]}`, `${bad}?${q}`]) {
        const res = await raw(attempt);
        expect(res.status, attempt).toBe(403);
        expect(JSON.parse(res.body), attempt).toEqual({ detail: expect.any(String) });
      }
    }
  });

  it('cuts access once the purchase is refunded, as soon as the database says so', async () => {
    const url = (await details(owner)).media!.download!;
    expect((await get(url)).statusCode).toBe(200);
    // Refunded straight in the database (another process, a script): this process hears it from
    // PostgreSQL's notification, milliseconds later (a refund through the back office: money.test.ts).
    await db()
      .update(purchases)
      .set({ refundedAt: new Date() })
      .where(and(eq(purchases.videoId, videoId), eq(purchases.userId, owner.id)));
    await vi.waitFor(async () => expect((await get(url)).statusCode).toBe(403), { timeout: 2_000 });
    expect((await details(owner)).media).toBeUndefined();
    await db()
      .update(purchases)
      .set({ refundedAt: null })
      .where(and(eq(purchases.videoId, videoId), eq(purchases.userId, owner.id)));
  });

  it('remembers where the owner stopped, and refuses progress for a video not owned', async () => {
    const save = (c: Customer, position: unknown) => t.app.inject({ method: 'PUT', url: `/api/progress/${videoId}/`, headers: c.auth, payload: { position } });
    expect((await save(owner, 5.5)).statusCode).toBe(200);
    expect((await save(owner, 6.25)).statusCode).toBe(200);
    expect((await details(owner)).media!.resume_at).toBe(6.25);
    expect((await save(owner, -1)).statusCode).toBe(400);
    expect((await save(stranger, 3)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/progress/${videoId}/`, payload: { position: 1 } })).statusCode).toBe(401);
  });
});
