import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Health, Page, Video } from '@store/contract';
import { openDatabase } from '../src/db/client.ts';
import { contactMessages, videos } from '../src/db/schema.ts';
import { startServer } from './helpers/server-process.ts';

async function countIn(dataDir: string) {
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const [v] = await handle.db.select({ n: count() }).from(videos);
    const rows = await handle.db.select().from(contactMessages).where(eq(contactMessages.email, 'crash@example.co.ke'));
    return { videos: v!.n, messages: rows.length };
  } finally {
    await handle.close();
  }
}

describe('the server process on PGlite', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-process-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  let demoVideos = 0;

  it('opens a fresh store with the demo catalogue within 30 seconds, every video for sale once its two shared clips are made', async () => {
    const started = Date.now();
    const server = await startServer(dataDir, 30_000, { env: { DEMO_CLIPS: 'all' } });
    try {
      const jobs = async () => ((await (await fetch(`${server.base}/api/health`)).json()) as Health).media_jobs!;
      const first = await jobs();
      // Two transcodes for the whole demo store (decision 0033), not one per video.
      expect(first.queued + first.running + first.done).toBe(2);
      for (let i = 0; i < 600 && (await jobs()).done < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await jobs()).toEqual({ queued: 0, running: 0, done: 2, failed: 0 });
      const page = (await (await fetch(`${server.base}/api/videoDetails/?page_size=100&ordering=-date_uploaded`)).json()) as Page<Video>;
      expect(page.count).toBeGreaterThanOrEqual(60);
      expect(page.results.filter((v) => !v.for_sale).map((v) => v.title), `not for sale ${(Date.now() - started) / 1000} s after the start`).toEqual([]);
      demoVideos = page.count;
      const poster = await fetch(`${server.base}${page.results[0]!.image}`);
      expect(poster.headers.get('content-type')).toBe('image/webp');
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 120_000);

  it('keeps a committed write after kill -9', async () => {
    const server = await startServer(dataDir, 30_000);
    const res = await fetch(`${server.base}/api/message/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash', email: 'crash@example.co.ke', phone_number: '0712345678', message: 'still here?' }),
    });
    expect(res.status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(await countIn(dataDir)).toEqual({ videos: demoVideos, messages: 1 });
  }, 60_000);

  it('starts again after the crash without seeding twice, and shuts down cleanly', async () => {
    const server = await startServer(dataDir, 30_000);
    const page = (await (await fetch(`${server.base}/api/videoDetails/?page_size=1`)).json()) as Page<Video>;
    expect(page.count).toBe(demoVideos);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await countIn(dataDir)).toEqual({ videos: demoVideos, messages: 1 });
  }, 60_000);
});
