import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadStoreConfig } from '../config.ts';
import { JWT_SECRET_FILE } from './kept-secret.ts';

const PUBLISHED = 'development-only-secret-do-not-use-in-production';
const made: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-secret-'));
  made.push(dir);
  return dir;
};
const secretFile = (dir: string) => path.join(dir, JWT_SECRET_FILE);
const PROCESSES = 3;
const ROUNDS = 20;

describe('the JWT secret a store keeps in DATA_DIR', () => {
  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is made at random on the first start, kept readable by its owner only, and read again on the next', () => {
    const dataDir = path.join(freshDir(), 'not-yet-made');
    const first = loadStoreConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toMatch(/^[\w-]{64}$/);
    expect(first.jwtSecret).not.toBe(PUBLISHED);
    expect(fs.readFileSync(secretFile(dataDir), 'utf8').trim()).toBe(first.jwtSecret);
    expect(fs.statSync(secretFile(dataDir)).mode & 0o777).toBe(0o600);
    const again = loadStoreConfig({ DATA_DIR: dataDir });
    expect(again.jwtSecret).toBe(first.jwtSecret);
    // Media addresses signed before a restart still work after it.
    expect(again.media.secret).toBe(first.media.secret);
    expect(first.media.secret).not.toBe(first.jwtSecret);
    // Another store has another secret.
    expect(loadStoreConfig({ DATA_DIR: freshDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('is never the published default: a store given it refuses to start, production needs one set', () => {
    expect(() => loadStoreConfig({ DATA_DIR: freshDir(), JWT_SECRET: PUBLISHED })).toThrow(/published in the store’s source/);
    expect(() => loadConfig({ JWT_SECRET: PUBLISHED })).toThrow(ConfigError);
    expect(() => loadStoreConfig({ DATA_DIR: freshDir(), NODE_ENV: 'production', MPESA_MODE: 'production' })).toThrow(/Set JWT_SECRET/);
    // A configuration that keeps nothing (tests) gets a secret of its own each time, never a shared one.
    const [a, b] = [loadConfig({}), loadConfig({})];
    expect(a.jwtSecret).not.toBe(b.jwtSecret);
    expect([a.jwtSecret, b.jwtSecret]).not.toContain(PUBLISHED);
  });

  it('is not made when JWT_SECRET is given: every instance given the same one agrees, MEDIA_SECRET as given', () => {
    const dataDir = freshDir();
    const given = { DATA_DIR: dataDir, JWT_SECRET: 'a-secret-shared-by-every-instance-of-the-store' };
    const c = loadStoreConfig(given);
    expect(c.jwtSecret).toBe(given.JWT_SECRET);
    expect(fs.existsSync(secretFile(dataDir))).toBe(false);
    expect(loadStoreConfig(given).media.secret).toBe(c.media.secret);
    expect(loadStoreConfig({ ...given, MEDIA_SECRET: 'media-secret-of-at-least-32-characters' }).media.secret).toBe('media-secret-of-at-least-32-characters');
    // Kept secret, given MEDIA_SECRET: the media secret is the one given.
    expect(loadStoreConfig({ DATA_DIR: dataDir, MEDIA_SECRET: 'media-secret-of-at-least-32-characters' }).media.secret).toBe('media-secret-of-at-least-32-characters');
  });

  it('tightens a kept file someone opened to others, and refuses one that holds no usable secret or is a link', () => {
    const dataDir = freshDir();
    const { jwtSecret } = loadStoreConfig({ DATA_DIR: dataDir });
    fs.chmodSync(secretFile(dataDir), 0o644);
    expect(loadStoreConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(jwtSecret);
    expect(fs.statSync(secretFile(dataDir)).mode & 0o777).toBe(0o600);
    fs.writeFileSync(secretFile(dataDir), 'short\n');
    expect(() => loadStoreConfig({ DATA_DIR: dataDir })).toThrow(/holds no usable secret/);
    expect(() => loadStoreConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
    // A link put in its place (to a file someone else wrote) is not the store's secret.
    const planted = path.join(freshDir(), 'known');
    fs.writeFileSync(planted, 'a-secret-somebody-else-knows-and-can-sign-with\n', { mode: 0o600 });
    fs.rmSync(secretFile(dataDir));
    fs.symlinkSync(planted, secretFile(dataDir));
    expect(() => loadStoreConfig({ DATA_DIR: dataDir })).toThrow(/not a file of this user's/);
  });

  it('is the same for every process that starts at once on a fresh DATA_DIR (web servers, a worker, the CLIs)', async () => {
    const root = freshDir();
    const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
    // Round after round on a fresh DATA_DIR, each process waits for the others, so they look for
    // the file at the same moment (and two of them miss it together).
    const script = [
      `import fs from 'node:fs';`,
      `import { loadStoreConfig } from ${JSON.stringify(path.resolve(import.meta.dirname, '../config.ts'))};`,
      `const root = ${JSON.stringify(root)};`,
      `for (let round = 0; round < ${ROUNDS}; round++) {`,
      `  const ready = root + '/ready-' + round;`,
      `  fs.mkdirSync(ready, { recursive: true });`,
      `  fs.writeFileSync(ready + '/' + process.pid, '');`,
      `  while (fs.readdirSync(ready).length < ${PROCESSES});`,
      `  console.log(loadStoreConfig({ DATA_DIR: root + '/store-' + round }).jwtSecret);`,
      `}`,
    ].join('\n');
    const run = promisify(execFile);
    const outputs = await Promise.all(Array.from({ length: PROCESSES }, () => run(tsx, ['--eval', script], { env: { PATH: process.env.PATH } })));
    const byProcess = outputs.map((o) => o.stdout.trim().split('\n'));
    for (let round = 0; round < ROUNDS; round++) {
      const dataDir = path.join(root, `store-${round}`);
      const kept = fs.readFileSync(secretFile(dataDir), 'utf8').trim();
      expect(byProcess.map((secrets) => secrets[round]), `round ${round}`).toEqual(Array(PROCESSES).fill(kept));
      // No candidate file is left behind.
      expect(fs.readdirSync(dataDir)).toEqual([JWT_SECRET_FILE]);
    }
  }, 60_000);
});
