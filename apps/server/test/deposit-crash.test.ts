import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { profiles } from '../src/db/schema.ts';
import { freePort, startServer, tsx } from './helpers/server-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const json = { 'content-type': 'application/json' };

describe('a deposit interrupted by a crash (PGlite)', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

  it('is settled by the reconciler after kill -9 and a restart, and the ledger adds up', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-deposit-crash-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { DEMO_DATA: 'false', MPESA_SIM_AUTO: 'off', MPESA_RECONCILE_AFTER_MS: '300', MPESA_RECONCILE_INTERVAL_MS: '250', PUBLIC_URL: `http://127.0.0.1:${port}` };
    let server = await startServer(dataDir, 30_000, { port, env });
    const user = { username: 'kamau', email: 'kamau@example.co.ke', password: 'jacaranda-evening-42' };
    await fetch(`${server.base}/api/register/`, { method: 'POST', headers: json, body: JSON.stringify({ ...user, password1: user.password, password2: user.password }) });
    const logIn = async () => ((await (await fetch(`${server.base}/api/login/`, { method: 'POST', headers: json, body: JSON.stringify(user) })).json()) as { tokens: { access: string } }).tokens.access;
    let access = await logIn();
    const info = (await (await fetch(`${server.base}/api/info/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { user: { profile: { buyerid: number } } };
    const pushed = await fetch(`${server.base}/api/deposit/`, { method: 'POST', headers: { ...json, authorization: `Bearer ${access}` }, body: JSON.stringify({ amount: 500, phone_number: '0712345678', username: info.user.profile.buyerid }) });
    expect(pushed.status).toBe(200);
    const id = ((await pushed.json()) as { CheckoutRequestID: string }).CheckoutRequestID;

    server.child.kill('SIGKILL');
    await server.exited;

    // While the store is down the customer pays; Daraja's one callback finds nobody and is lost.
    const stateFile = path.join(dataDir, 'mpesa-sim', 'prompts.json');
    const prompts = JSON.parse(await fs.readFile(stateFile, 'utf8')) as { checkoutRequestId: string; outcome: unknown }[];
    prompts.find((p) => p.checkoutRequestId === id)!.outcome = { code: 0, desc: 'The service request is processed successfully.', receipt: 'CRASH00001' };
    await fs.writeFile(stateFile, JSON.stringify(prompts));

    server = await startServer(dataDir, 30_000, { port, env });
    access = await logIn();
    let deposit: { state: string; balance: number | null } = { state: 'pending', balance: null };
    for (let i = 0; i < 100 && deposit.state === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      deposit = (await (await fetch(`${server.base}/api/deposit/${id}/`, { headers: { authorization: `Bearer ${access}` } })).json()) as typeof deposit;
    }
    expect(deposit, server.output()).toMatchObject({ state: 'completed', balance: 500 });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const verify = () => promisify(execFile)(tsx, ['apps/server/src/cli/ledger-verify.ts'], { cwd: root, env: { PATH: process.env.PATH, DATA_DIR: dataDir } });
    expect((await verify()).stdout).toContain('every balance equals the sum of its ledger entries');

    // a balance changed behind the ledger's back is caught
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await handle.db.update(profiles).set({ account: 9999 });
    await handle.close();
    await expect(verify()).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('balance 9999, ledger 500') });
  }, 120_000);
});
