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

  it('trusts X-Forwarded-For only from proxies named by address, never from anyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe('loopback, linklocal, uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '173.245.48.0/20, 10.0.0.1' }).trustProxy).toBe('173.245.48.0/20, 10.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
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
    const secret = { JWT_SECRET: 'a-production-secret-of-at-least-32-chars', MPESA_MODE: 'production', ETIMS_MODE: 'production', ETIMS_PIN: 'P000111222Z', ETIMS_DEVICE_SERIAL: 'KRA-DEVICE-7' };
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true', ...secret })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).demoData).toBe(false);
  });

  it('keeps media on disk unless MEDIA_STORAGE_URL names a bucket, read the AWS SDK way', () => {
    expect(loadConfig({}).media.storage).toBeUndefined();
    expect(
      loadConfig({ MEDIA_STORAGE_URL: 's3://store-media/prod/v1', AWS_ACCESS_KEY_ID: 'AK', AWS_SECRET_ACCESS_KEY: 'SK', AWS_REGION: 'af-south-1', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:7480' }).media.storage,
    ).toEqual({ bucket: 'store-media', prefix: 'prod/v1/', region: 'af-south-1', endpoint: 'http://127.0.0.1:7480', credentials: { accessKeyId: 'AK', secretAccessKey: 'SK', sessionToken: undefined } });
    // No keys: the SDK's own chain (an instance role); no region: us-east-1, which S3-compatible servers accept.
    expect(loadConfig({ MEDIA_STORAGE_URL: 's3://store-media' }).media.storage).toMatchObject({ bucket: 'store-media', prefix: '', region: 'us-east-1', endpoint: undefined, credentials: undefined });
  });

  it('refuses a storage address that is not s3://bucket[/prefix], and half a key pair', () => {
    for (const bad of ['https://bucket', 's3://', 's3://UPPER', 's3://b', 'file:///srv/media']) expect(() => loadConfig({ MEDIA_STORAGE_URL: bad })).toThrow(/MEDIA_STORAGE_URL/);
    expect(() => loadConfig({ MEDIA_STORAGE_URL: 's3://store-media', AWS_ACCESS_KEY_ID: 'AK' })).toThrow(/AWS_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ AWS_ENDPOINT_URL_S3: 'not a url' })).toThrow(/AWS_ENDPOINT_URL_S3/);
  });
});
