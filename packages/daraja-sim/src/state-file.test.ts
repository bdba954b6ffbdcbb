import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { darajaSimulator, SANDBOX_PASSKEY, stkPassword } from './index.ts';
import { writeState } from './state-file.ts';

const KEY = 'key';
const SECRET = 'secret';
const TS = '20260101120000';

describe("the simulator's state file", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'daraja-state-'));
    dirs.push(d);
    return d;
  };

  it('answers false and says why once per failure when the disk refuses the write, and leaves no temporary file', () => {
    const dir = tmp();
    // A file where the state's folder should be: every write fails, as on a full or read-only disk.
    fs.writeFileSync(path.join(dir, 'blocked'), 'x');
    const log = { warn: vi.fn() };
    expect(writeState(path.join(dir, 'blocked', 'prompts.json'), [{ a: 1 }], log)).toBe(false);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ simulator: 'daraja', code: expect.stringMatching(/^E[A-Z]+$/) });
    expect(writeState(path.join(dir, 'prompts.json'), [{ a: 1 }], log)).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'prompts.json'), 'utf8'))).toEqual([{ a: 1 }]);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('takes a prompt, pays it and calls back when its state cannot be saved, instead of throwing', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'blocked'), 'x');
    const delivered: unknown[] = [];
    const app = Fastify({ logger: false });
    await app.register(darajaSimulator, { consumerKey: KEY, consumerSecret: SECRET, auto: 'off', stateFile: path.join(dir, 'blocked', 'prompts.json'), deliver: async (_url, body) => void delivered.push(body) });
    try {
      const auth = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;
      const token = (await app.inject({ url: '/oauth/v1/generate?grant_type=client_credentials', headers: { authorization: auth } })).json<{ access_token: string }>().access_token;
      const sent = await app.inject({
        method: 'POST',
        url: '/mpesa/stkpush/v1/processrequest',
        headers: { authorization: `Bearer ${token}` },
        payload: { BusinessShortCode: 174379, Password: stkPassword('174379', SANDBOX_PASSKEY, TS), Timestamp: TS, TransactionType: 'CustomerPayBillOnline', Amount: 50, PartyA: 254708374149, PartyB: 174379, PhoneNumber: 254708374149, CallBackURL: 'https://store.example.co.ke/api/deposit/callback/abc', AccountReference: 'VSK-1', TransactionDesc: 'Deposit' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const id = sent.json<{ CheckoutRequestID: string }>().CheckoutRequestID;
      expect((await app.inject({ method: 'POST', url: `/prompts/${id}`, payload: { action: 'pay' } })).json()).toMatchObject({ ResultCode: 0 });
      expect(delivered).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
