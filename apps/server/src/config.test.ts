import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect([c.port, c.databaseUrl, c.demoData, c.publicUrl]).toEqual([3000, undefined, true, 'http://localhost:3000']);
  });

  it('puts DATA_DIR, unset or relative, under the repository root whatever the working directory', () => {
    const repoRoot = path.resolve(import.meta.dirname, '../../..');
    const started = process.cwd();
    const seen: string[] = [];
    try {
      // npm start runs in apps/server; npm run ledger:verify and create-staff run at the root.
      for (const cwd of [path.join(repoRoot, 'apps/server'), repoRoot, os.tmpdir()]) {
        process.chdir(cwd);
        seen.push(loadConfig({}).dataDir, loadConfig({ DATA_DIR: './store-b' }).dataDir);
      }
    } finally {
      process.chdir(started);
    }
    expect(new Set(seen)).toEqual(new Set([path.join(repoRoot, 'data'), path.join(repoRoot, 'store-b')]));
    expect(loadConfig({ DATA_DIR: '/srv/video-store' }).dataDir).toBe('/srv/video-store');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses the development JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('refuses the M-Pesa simulator in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' })).toThrow(/simulator/);
  });

  it('refuses demo data in production', () => {
    const secret = { JWT_SECRET: 'a-production-secret-of-at-least-32-chars', MPESA_MODE: 'production' };
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true', ...secret })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).demoData).toBe(false);
  });
});
