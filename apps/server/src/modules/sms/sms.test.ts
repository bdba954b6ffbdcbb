import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { mediaJobs } from '../../db/schema.ts';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { africasTalkingSim } from '../../../test/helpers/africas-talking-sim.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db.ts';
import { africasTalkingSender, SmsRejected } from './africas-talking.ts';
import { queuedSms, SMS_ATTEMPTS, smsJobHandler } from './queued-sms.ts';
import { createSmsSender, type Sms } from './sms-sender.ts';

const log = pino({ level: 'silent' });
const sms: Sms = { to: '254712345678', text: 'Wanjiku sent you a gift: http://localhost:3000/gift/abc' };

describe('SMS through Africa’s Talking', () => {
  const at = (fetchFn: typeof fetch, apiKey = 'key-1') => africasTalkingSender({ url: 'https://api.sandbox.africastalking.com/version1/messaging', username: 'sandbox', apiKey, from: 'VIDEOSTORE', fetch: fetchFn });

  it('posts the message as a form with the app key in the apiKey header, to the number in international form', async () => {
    const sim = africasTalkingSim({ username: 'sandbox', apiKey: 'key-1' });
    await at(sim.fetch).send(sms);
    expect(sim.sent).toEqual([{ to: '+254712345678', message: sms.text, from: 'VIDEOSTORE' }]);
  });

  it('fails a send the API refuses for a wrong key, so the queue retries it', async () => {
    const sim = africasTalkingSim({ username: 'sandbox', apiKey: 'key-1' });
    await expect(at(sim.fetch, 'wrong').send(sms)).rejects.toThrow(/401/);
    expect(sim.sent).toEqual([]);
  });

  it('gives up on a number the API says is invalid instead of retrying it', async () => {
    const sim = africasTalkingSim({ username: 'sandbox', apiKey: 'key-1' });
    await expect(at(sim.fetch).send({ ...sms, to: '12' })).rejects.toBeInstanceOf(SmsRejected);
  });
});

describe('SMS configuration', () => {
  it('needs the app’s username and key with SMS_URL, and goes to the outbox without it', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir() };
    expect(() => loadConfig({ ...base, SMS_URL: 'https://api.africastalking.com/version1/messaging' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, SMS_URL: 'https://api.africastalking.com/version1/messaging', SMS_USERNAME: 'videostore', SMS_API_KEY: 'k' }).sms).toEqual({ url: 'https://api.africastalking.com/version1/messaging', username: 'videostore', apiKey: 'k', from: undefined });
    expect(loadConfig(base).sms.url).toBeUndefined();
    expect(() => loadConfig({ ...base, SMS_FROM: 'A-SENDER-ID-TOO-LONG' })).toThrow(ConfigError);
  });
});

describe('SMS without a provider', () => {
  it('writes each message to DATA_DIR/sms-outbox', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sms-outbox-'));
    try {
      const sender = createSmsSender({ url: undefined, username: undefined, apiKey: undefined, from: undefined, dataDir, log });
      await sender.send(sms);
      const files = await fs.readdir(path.join(dataDir, 'sms-outbox'));
      expect(files).toHaveLength(1);
      expect(await fs.readFile(path.join(dataDir, 'sms-outbox', files[0]!), 'utf8')).toBe(`To: +254712345678\n\n${sms.text}\n`);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(engines())('SMS in the durable queue, on %s', (engine) => {
  let database: TestDatabase;
  let queue: JobQueue;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    queue = createJobQueue(database.db);
  });
  beforeEach(() => database.db.delete(mediaJobs));
  afterAll(() => database.destroy());

  it('retries a message the provider could not take, then sends it once and forgets its words', async () => {
    let down = true;
    const sim = africasTalkingSim({ username: 'sandbox', apiKey: 'key-1', down: () => down });
    const handle = smsJobHandler(africasTalkingSender({ url: 'https://api.africastalking.com/version1/messaging', username: 'sandbox', apiKey: 'key-1', from: undefined, fetch: sim.fetch }), log);
    await queuedSms(queue).send(sms);

    const first = (await queue.claim(['sms']))!;
    expect(first.maxAttempts).toBe(SMS_ATTEMPTS);
    await expect(handle(first, { signal: new AbortController().signal, progress: () => undefined })).rejects.toThrow(/503/);
    expect(await queue.fail(first, '503')).toBe('retry');
    expect(sim.sent).toEqual([]);

    down = false;
    await database.db.update(mediaJobs).set({ runAfter: sql`now()` }).where(eq(mediaJobs.id, first.id));
    const second = (await queue.claim(['sms']))!;
    expect(second.id).toBe(first.id);
    await handle(second, { signal: new AbortController().signal, progress: () => undefined });
    await queue.complete(second);
    expect(sim.sent.map((s) => s.to)).toEqual(['+254712345678']);
    const [row] = await database.db.select().from(mediaJobs).where(eq(mediaJobs.id, first.id));
    expect(row).toMatchObject({ state: 'done', payload: null });
  });
});
