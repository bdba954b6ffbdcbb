import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Video } from '@store/contract';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { purchases, users, videoFiles, videos } from '../../db/schema.ts';
import { postLedgerEntry } from '../wallet/index.ts';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { testS3 } from '../../../test/helpers/s3.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { storeImage } from './images.ts';
import type { StoredMediaInfo } from './pipeline.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

// Runs whenever TEST_S3_URL names a bucket (vitest.config.ts), which CI always sets (.ci/start-ceph.sh).
const s3 = testS3()!;

describe('owned media from a bucket (MEDIA_STORAGE_URL)', () => {
  let t: TestApp;
  let videoId: number;
  let owner: Customer;
  let stranger: Customer;
  const mp4 = Buffer.alloc(200_000);
  for (let i = 0; i < mp4.length; i++) mp4[i] = (i * 13 + 5) % 251;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp('pglite', { media: { ...loadConfig({ NODE_ENV: 'test' }).media, storage: s3 } });
    videoId = (await insertFixtureCatalogue(db())).videos[1]!.id; // Nairobi Heist, Ksh 70
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-s3-renditions-'));
    await fs.mkdir(path.join(dir, '240p'));
    await fs.writeFile(path.join(dir, 'download.mp4'), mp4);
    await fs.writeFile(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240\n240p/index.m3u8\n');
    await fs.writeFile(path.join(dir, '240p', 'index.m3u8'), '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.0,\nseg-0000.m4s\n#EXTINF:4.0,\nseg-0001.m4s\n#EXT-X-ENDLIST\n');
    for (const name of ['init.mp4', 'seg-0000.m4s', 'seg-0001.m4s']) await fs.writeFile(path.join(dir, '240p', name), `bytes of ${name}`);
    await t.store.mediaStore.putFolder(`private/videos/${videoId}/r1-1`, dir);
    const info: StoredMediaInfo = { rev: 'r1-1', duration: 8, width: 426, height: 240, renditions: [{ name: '240p', height: 240, width: 426, bandwidth: 150_000, peak: 200_000, dataSaver: true }], downloadSize: mp4.length, thumbnails: { count: 1, intervalSeconds: 5 } };
    await db().update(videos).set({ videoPath: `videos/${videoId}/r1-1`, mediaInfo: info }).where(eq(videos.id, videoId));
    await t.store.mediaStore.put(`private/extras/${videoId}/subs.vtt`, 'WEBVTT\n');
    await db().insert(videoFiles).values({ videoId, name: 'Nairobi Heist: subtitles.vtt', path: `extras/${videoId}/subs.vtt`, size: 7 });
    owner = await signedInCustomer(t.app);
    stranger = await signedInCustomer(t.app);
    const [u] = await db().select().from(users).where(eq(users.email, owner.email));
    await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: u!.id, kind: 'adjustment', amount: 500, reference: 'media-s3-test' }));
    const bought = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: owner.auth, payload: { video_id: videoId } });
    expect(bought.statusCode, bought.body).toBe(201);
  });
  afterAll(async () => {
    for (const p of ['private', 'posters']) await t.store.mediaStore.removePrefix(p);
    await t.close();
  });

  const details = async (c?: Customer) => (await t.app.inject({ url: `/api/videoDetails/${videoId}/`, headers: c?.auth ?? {} })).json<Video>();
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('lists presigned bucket addresses for every segment in the playlist, which the gateway serves', async () => {
    const master = await get((await details(owner)).media!.stream!);
    expect(master.statusCode).toBe(200);
    // Rung playlists are rewritten by us too, so they stay our signed addresses.
    const rung = master.body.split('\n').find((l) => l.startsWith('/media/private/'))!;
    const playlist = await get(rung);
    expect(playlist.statusCode, playlist.body).toBe(200);
    const uris = [...playlist.body.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!).concat(playlist.body.split('\n').filter((l) => l.startsWith('http')));
    expect(uris).toHaveLength(3);
    for (const uri of uris) {
      expect(uri.startsWith(`${s3.endpoint}/${s3.bucket}/${s3.prefix}private/videos/${videoId}/r1-1/240p/`), uri).toBe(true);
      expect(uri).toMatch(/X-Amz-Expires=\d+&/);
      const seg = await fetch(uri);
      expect(seg.status).toBe(200);
      expect(await seg.text()).toMatch(/^bytes of (init\.mp4|seg-000[01]\.m4s)$/);
    }
  });

  it('redirects a download to a presigned address with the file name, and ranges work there', async () => {
    const res = await get((await details(owner)).media!.download!);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const presigned = String(res.headers.location);
    // A few hours' life, no longer than our own address.
    const expires = Number(new URL(presigned).searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(3 * 3600);
    expect(expires).toBeLessThanOrEqual(4 * 3600);
    const part = await fetch(presigned, { headers: { range: 'bytes=1000-66535' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-disposition')).toBe('attachment; filename="Nairobi Heist.mp4"');
    expect(Buffer.from(await part.arrayBuffer()).equals(mp4.subarray(1000, 66_536))).toBe(true);
    const extra = await get((await details(owner)).additional_files[0]!.file!);
    const file = await fetch(String(extra.headers.location));
    expect(await file.text()).toBe('WEBVTT\n');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Nairobi Heist subtitles.vtt"');
  });

  it('still decides per request: a stranger gets nothing, a refund cuts access', async () => {
    const url = (await details(owner)).media!.download!;
    const borrowed = url.replace(/u=\d+/, `u=${stranger.id}`);
    expect((await get(borrowed)).statusCode).toBe(403);
    expect((await details(stranger)).media).toBeUndefined();
    await db().update(purchases).set({ refundedAt: new Date() }).where(and(eq(purchases.videoId, videoId), eq(purchases.userId, owner.id)));
    // Written straight to the database: this process hears of it from PostgreSQL's notification.
    await vi.waitFor(async () => expect((await get(url)).statusCode).toBe(403), { timeout: 2_000 });
    const refused = await get(url);
    expect(refused.headers.location).toBeUndefined();
    await db().update(purchases).set({ refundedAt: null }).where(and(eq(purchases.videoId, videoId), eq(purchases.userId, owner.id)));
    // The bucket itself never answers without a signature.
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${s3.prefix}private/videos/${videoId}/r1-1/download.mp4`)).status).toBe(403);
  });

  it("keeps a customer's profile picture in the bucket, not on the web server's disk", async () => {
    const png = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#36a' } }).png().toBuffer();
    const form = new FormData();
    form.append('profile_pic', new Blob([png], { type: 'image/png' }), 'me.png');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/profile/${owner.buyerid}/`, headers: owner.auth, payload: form as unknown as object });
    expect(res.statusCode, res.body).toBe(200);
    const pic = res.json<{ profile: { profile_pic: string } }>().profile.profile_pic;
    expect(await t.store.mediaStore.exists(pic.slice('/media/'.length))).toBe(true);
    expect((await get(pic)).statusCode).toBe(200);
    await expect(fs.readdir(path.join(t.config.dataDir, 'media', 'portraits'))).rejects.toThrow();
    await t.store.mediaStore.removePrefix('portraits');
  });

  it('serves posters from the bucket at the usual public address, cached for a year', async () => {
    const png = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#0a0' } }).png().toBuffer();
    const key = await storeImage(t.store.mediaStore, 'posters', png);
    const res = await get(`/media/posters/${key}-320.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
    for (const bad of [`/media/posters/${key}-999.webp`, '/media/posters/..%2f..%2fprivate%2fvideos', '/media/sources/1/demo.mp4']) expect((await get(bad)).statusCode, bad).toBe(404);
  });
});
