import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

describe('npm run create-staff', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

  it('creates a staff account with a one-time password, then promotes an existing one', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-staff-'));
    dirs.push(dataDir);
    const env = { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const created = await run(tsx, ['apps/server/src/cli/create-staff.ts', '--email', 'Boss@Example.co.ke'], { cwd: root, env });
    expect(created.stdout).toMatch(/Created staff account boss <boss@example\.co\.ke>\.\nPassword \(shown once\): \S{20}/);
    const again = await run(tsx, ['apps/server/src/cli/create-staff.ts', '--email', 'boss@example.co.ke'], { cwd: root, env });
    expect(again.stdout).toContain('boss <boss@example.co.ke> is now staff.');
    await expect(run(tsx, ['apps/server/src/cli/create-staff.ts'], { cwd: root, env })).rejects.toMatchObject({ code: 2 });

    const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const rows = await handle.db.select({ email: users.email, isStaff: users.isStaff }).from(users);
    await handle.close();
    expect(rows).toEqual([{ email: 'boss@example.co.ke', isStaff: true }]);
  }, 60_000);
});
