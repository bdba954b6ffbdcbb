import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@store/contract';
import { DEMO_ACCOUNTS } from '../src/demo/seed.ts';
import { startServer } from './helpers/server-process.ts';

/** The secret every store signed with before it kept its own; it is in the repository's history. */
const PUBLISHED = 'development-only-secret-do-not-use-in-production';
const staff = DEMO_ACCOUNTS.find((a) => a.isStaff)!;

describe('a store started the README’s way (npm start, no JWT_SECRET)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-secret-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('takes no token signed with the published secret, and keeps its own across a restart', async () => {
    const first = await startServer(dataDir, 60_000);
    let access: string;
    try {
      const login = await fetch(`${first.base}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: staff.email, password: staff.password }) });
      expect(login.status).toBe(200);
      access = ((await login.json()) as LoginResponse).tokens.access;
      const admin = (token: string) => fetch(`${first.base}/api/admin/djs`, { headers: { authorization: `Bearer ${token}` } });
      expect((await admin(access)).status).toBe(200);
      // The staff member's very claims, signed with the secret anyone can read: refused.
      const claims = decodeJwt(access);
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(PUBLISHED));
      expect((await admin(forged)).status).toBe(401);
      const kept = (await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim();
      expect(kept).toMatch(/^[\w-]{64}$/);
      expect((await fs.stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    // The next start reads the same secret: the staff member is still signed in.
    const second = await startServer(dataDir, 60_000);
    try {
      expect((await fetch(`${second.base}/api/admin/djs`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 150_000);
});
