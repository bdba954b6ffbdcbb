import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Page, Video } from '@store/contract';
import { openDatabase } from '../src/db/client.ts';
import { contactMessages, videos } from '../src/db/schema.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts `npm start`'s server as its own process and waits until the catalogue answers. */
async function startServer(dataDir: string, deadlineMs: number): Promise<Running> {
  const port = await freePort();
  const child = spawn(tsx, ['src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    const ok = await fetch(`${base}/api/videoDetails/?page_size=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, exited, output: () => out };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within ${deadlineMs} ms:\n${out}`);
}

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

  it('opens a fresh store with the demo catalogue within 30 seconds', async () => {
    const server = await startServer(dataDir, 30_000);
    try {
      const page = (await (await fetch(`${server.base}/api/videoDetails/?page_size=10&ordering=-date_uploaded`)).json()) as Page<Video>;
      expect(page.count).toBeGreaterThanOrEqual(60);
      demoVideos = page.count;
      const poster = await fetch(`${server.base}${page.results[0]!.image}`);
      expect(poster.headers.get('content-type')).toBe('image/webp');
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 60_000);

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
