import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '..');
let server: ChildProcess | undefined;
let dataDir: string | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: its outbox holds the mail it sent. */
    dataDir: string;
  }
}

/**
 * Every journey's browser comes from 127.0.0.1, as a whole office behind one address would: the limits per
 * address on logins and sign-ups (30 per 10 minutes, 10 per hour by default) are raised so that many
 * customers' journeys fit; so is the limit of M-Pesa prompts per phone (5 per 10 minutes), as journeys pay
 * from the same few test phones. The limits themselves are tested in apps/server (accounts, rate limits, deposits).
 */
const MANY_CUSTOMERS_ONE_ADDRESS = { LOGIN_RATE_LIMIT: '1000', REGISTER_RATE_LIMIT: '1000', MPESA_PROMPTS_PER_PHONE: '1000' };

/** Builds the storefront and the back office as they are now and starts the real server on a fresh demo store (clips for its 8 newest videos: enough rated GE or PG for the buying journeys, decision 0044). */
export async function setup(project: TestProject) {
  // A production build, as customers get it: vitest sets NODE_ENV=test, which would make React's
  // development build (bigger and slower, with a different JSX runtime).
  for (const app of ['apps/web', 'apps/admin']) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, app), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-e2e-'));
  const port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', PUBLIC_URL: `http://127.0.0.1:${port}`, MPESA_SIM_AUTO: 'off', DEMO_CLIPS: '8', ...MANY_CUSTOMERS_ONE_ADDRESS },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (await fetch(`${baseUrl}/api/videoDetails/?page_size=1`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
}

export async function teardown() {
  // Wait for the server to close its database before its folder goes.
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}
