import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVideo } from '@store/contract';
import { mediaJobs, videoFiles } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { locateMediaTools, runTool } from '../media/index.ts';
import { sourceKeyOf } from '../media/index.ts';
import { testS3 } from '../../../test/helpers/s3.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');

const s3 = testS3();
const cases = [...engines().map((engine) => ({ engine, s3: undefined, where: 'disk' })), ...(s3 ? [{ engine: 'pglite' as const, s3, where: 'a bucket (@tus/s3-store)' }] : [])];

describe.each(cases)('resumable uploads (tus) on $engine into $where', ({ engine, s3: bucket }) => {
  let t: TestApp;
  let base: string;
  let staff: Record<string, string>;
  let videoId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, bucket ? { media: { ...loadConfig({ NODE_ENV: 'test' }).media, storage: bucket } } : {});
    videoId = (await insertFixtureCatalogue(t.database.db)).videos[0]!.id;
    staff = (await signedInStaff(t.app)).auth;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    if (bucket) for (const p of ['private', 'uploads', 'sources']) await t.store.mediaStore.removePrefix(p);
    await t.close();
  });

  const tus = (init: RequestInit & { headers?: Record<string, string> }, url = `${base}/api/admin/uploads`) =>
    fetch(url.startsWith('/') ? `${base}${url}` : url, { ...init, headers: { 'Tus-Resumable': '1.0.0', ...staff, ...init.headers } });
  const create = (size: number, meta: Record<string, string>) =>
    tus({
      method: 'POST',
      headers: { 'Upload-Length': String(size), 'Upload-Metadata': Object.entries(meta).map(([k, v]) => `${k} ${b64(v)}`).join(',') },
    });

  /** Sends part of the body, then drops the connection mid-stream, as a phone losing signal would. */
  function patchThenDrop(location: string, body: Buffer, sendBytes: number): Promise<void> {
    return new Promise((resolve) => {
      const req = http.request(`${base}${location}`, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', ...staff, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(body.length) },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.subarray(0, sendBytes), () => setTimeout(() => req.destroy(), 200));
    });
  }

  it('resumes an extra file dropped half-way, and stores exactly the bytes sent', async () => {
    const body = randomBytes(3 * 1024 * 1024 + 17);
    const started = await create(body.length, { video_id: String(videoId), kind: 'extra', filename: 'Behind the scenes.mp3' });
    expect(started.status, await started.clone().text()).toBe(201);
    const location = started.headers.get('location')!;
    expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]+$/);

    await patchThenDrop(location, body, 1024 * 1024 + 5);
    const head = await tus({ method: 'HEAD' }, location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(body.length);

    const rest = await tus({ method: 'PATCH', headers: { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body: body.subarray(offset) }, location);
    expect(rest.status, await rest.clone().text()).toBe(204);

    const [row] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.name, 'Behind the scenes.mp3'));
    expect(row).toMatchObject({ videoId, size: body.length });
    const stored = (await t.store.mediaStore.read(`private/${row!.path}`))!;
    expect(sha256(stored)).toBe(sha256(body));
    const video = await t.app.inject({ url: `/api/admin/videos/${videoId}`, headers: staff });
    expect(video.json<AdminVideo>().files.map((f) => f.name)).toContain('Behind the scenes.mp3');
  });

  it('answers a whole file sent with its creation (creation-with-upload) with 201 and its offset, as tus 1.0 says, and stores it once', async () => {
    const body = randomBytes(64 * 1024 + 3);
    const meta = `video_id ${b64(String(videoId))},kind ${b64('extra')},filename ${b64('In one go.zip')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { 'Tus-Resumable': '1.0.0', ...staff, 'Upload-Length': String(body.length), 'Upload-Metadata': meta, 'Content-Type': 'application/offset+octet-stream' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['upload-offset']).toBe(String(body.length));
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]+$/);
    // A client that lost this answer asks where the upload stands, and hears it is complete.
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { 'Tus-Resumable': '1.0.0', ...staff } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(body.length));
    expect(head.headers['upload-length']).toBe(String(body.length));
    const rows = await t.database.db.select().from(videoFiles).where(eq(videoFiles.name, 'In one go.zip'));
    expect(rows).toHaveLength(1);
    expect(sha256((await t.store.mediaStore.read(`private/${rows[0]!.path}`))!)).toBe(sha256(body));
  });

  it('queues a real video for transcoding and keeps its original', async () => {
    const tools = locateMediaTools({});
    expect(tools, 'ffmpeg is needed: apt-get install ffmpeg').not.toBeNull();
    const file = path.join(t.config.dataDir, 'clip.mp4');
    await runTool(tools!.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=1', '-pix_fmt', 'yuv420p', '-y', file]);
    const bytes = await fs.readFile(file);
    const location = (await create(bytes.length, { video_id: String(videoId), kind: 'main', filename: 'Demon Slayer.mp4' })).headers.get('location')!;
    const done = await tus({ method: 'PATCH', headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: bytes }, location);
    expect(done.status, await done.clone().text()).toBe(204);
    const [job] = await t.database.db.select().from(mediaJobs).where(eq(mediaJobs.videoId, videoId));
    expect(job).toMatchObject({ state: 'queued', kind: 'transcode', payload: expect.objectContaining({ source: { seconds: expect.closeTo(1, 1) } }) });
    const source = (await t.store.mediaStore.read(sourceKeyOf(job!)))!;
    expect(sha256(source)).toBe(sha256(bytes));
    // The web server keeps no copy: the bytes are on disk only when the store is the disk.
    if (bucket) expect(await fs.readdir(path.join(t.config.dataDir, 'media')).catch(() => [])).toEqual([]);
  });

  it('checks type and size before a byte is sent, and refuses a main video that is not one', async () => {
    const exe = await create(100, { video_id: String(videoId), kind: 'main', filename: 'setup.exe' });
    expect(exe.status).toBe(415);
    expect(await exe.json()).toEqual({ detail: expect.stringMatching(/^The main video must be one of: mp4/) });
    const big = await create(3 * 1024 ** 3, { video_id: String(videoId), kind: 'extra', filename: 'huge.zip' });
    expect(big.status).toBe(413);
    const tooBig = await create(9 * 1024 ** 3, { video_id: String(videoId), kind: 'main', filename: 'huge.mp4' });
    expect(tooBig.status).toBe(413);
    const nowhere = await create(10, { video_id: '999999', kind: 'extra', filename: 'a.txt' });
    expect(nowhere.status).toBe(404);

    const fake = Buffer.from('this is not a video at all');
    const location = (await create(fake.length, { video_id: String(videoId), kind: 'main', filename: 'fake.mp4' })).headers.get('location')!;
    const refused = await tus({ method: 'PATCH', headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: fake }, location);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({ detail: 'fake.mp4 is not a video ffmpeg can read. Upload an MP4, MKV, MOV or WebM file.' });
    // Nothing left of refused uploads; in a bucket a queued video's source stays where tus put it.
    const sources = (await t.database.db.select().from(mediaJobs)).map(sourceKeyOf);
    const left = (await t.store.mediaStore.children('uploads')).filter((n) => !n.startsWith('.') && !sources.includes(`uploads/${n}`));
    expect(left).toEqual([]);
  });

  it('answers every refusal as {detail} JSON, never as text and never with SQL', async () => {
    const noVersion = await fetch(`${base}/api/admin/uploads`, { method: 'POST', headers: { ...staff, 'Upload-Length': '10' } });
    expect(noVersion.status).toBe(412);
    expect(noVersion.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await noVersion.json()).toEqual({ detail: 'Tus-Resumable Required' });
    // An id beyond the database's integer range used to reach SQL and come back as its text.
    const huge = await create(10, { video_id: '2147483648', kind: 'extra', filename: 'a.txt' });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({ detail: 'Say which video the file belongs to (video_id).' });
    const location = (await create(10, { video_id: String(videoId), kind: 'extra', filename: 'b.txt' })).headers.get('location')!;
    const wrongOffset = await tus({ method: 'PATCH', headers: { 'Upload-Offset': '5', 'Content-Type': 'application/offset+octet-stream' }, body: Buffer.alloc(5) }, location);
    expect(wrongOffset.status).toBe(409);
    expect(await wrongOffset.json()).toEqual({ detail: expect.any(String) });
  });

  it('lets no other site read its answers (no Access-Control-Allow-Origin)', async () => {
    for (const method of ['POST', 'OPTIONS']) {
      const res = await tus({ method, headers: { Origin: 'https://evil.example', 'Upload-Length': '10', 'Upload-Metadata': `video_id ${b64(String(videoId))},kind ${b64('extra')},filename ${b64('c.txt')}` } });
      expect(res.headers.get('access-control-allow-origin'), method).toBeNull();
    }
  });

  it('lets no customer start an upload', async () => {
    const customer = await signedInCustomer(t.app);
    const res = await fetch(`${base}/api/admin/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', ...customer.auth, 'Upload-Length': '10' } });
    expect(res.status).toBe(403);
  });

  it('says its refusals in Kiswahili to a staff member who chose it, and in English otherwise', async () => {
    const sw = { 'Accept-Language': 'sw' };
    const detail = async (res: Response | Promise<Response>) => ((await res).json() as Promise<{ detail: string }>).then((b) => b.detail);
    const main = (filename: string) => ({ video_id: String(videoId), kind: 'main', filename });
    const meta = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k} ${b64(v)}`).join(',');
    const createIn = (headers: Record<string, string>, size: number, m: Record<string, string>) => tus({ method: 'POST', headers: { ...headers, 'Upload-Length': String(size), 'Upload-Metadata': meta(m) } });

    // Too big (tus's own limit), the wrong type, no such video, a missing field (our hooks).
    expect(await detail(createIn(sw, 9 * 1024 ** 3, main('huge.mp4')))).toBe('Faili ni kubwa mno: video kuu isizidi GB 8, faili ya ziada GB 2.');
    expect(await detail(createIn({}, 9 * 1024 ** 3, main('huge.mp4')))).toBe('The file is too large: a main video may be at most 8 GB, an extra file 2 GB.');
    expect(await detail(createIn(sw, 100, main('setup.exe')))).toBe('Video kuu lazima iwe mojawapo ya: mp4, m4v, mov, mkv, webm, avi, ts, mpg, mpeg, 3gp.');
    expect(await detail(createIn(sw, 10, { video_id: '999999', kind: 'extra', filename: 'a.txt' }))).toBe('Video hiyo haipo.');
    expect(await detail(createIn(sw, 10, { kind: 'extra', filename: 'a.txt' }))).toBe('Sema faili ni ya video gani (video_id).');
    // A file that is not a video, found once its bytes arrive.
    const fake = Buffer.from('this is not a video at all');
    const location = (await create(fake.length, main('fake.mp4'))).headers.get('location')!;
    const refused = await tus({ method: 'PATCH', headers: { ...sw, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: fake }, location);
    expect(refused.status).toBe(415);
    expect(await detail(refused)).toBe('fake.mp4 si video ambayo ffmpeg inaweza kusoma. Pakia faili ya MP4, MKV, MOV au WebM.');
    // Resuming an upload the server no longer has.
    const gone = await tus({ method: 'PATCH', headers: { ...sw, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: Buffer.alloc(1) }, location);
    expect(gone.status).toBe(404);
    expect(await detail(gone)).toBe('Upakiaji huu haupo tena kwenye seva: uanze upya.');
    // Not staff.
    const customer = await signedInCustomer(t.app);
    const notStaff = await fetch(`${base}/api/admin/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', ...customer.auth, ...sw, 'Upload-Length': '10' } });
    expect(notStaff.status).toBe(403);
    expect(await detail(notStaff)).toBe('Wafanyakazi pekee ndio wanaweza kutumia ofisi ya nyuma.');
  });
});
