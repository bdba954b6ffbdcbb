import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';

const withCode = (message: string, code: string, extra: object = {}) => Object.assign(new Error(message), { code, ...extra });
const SECRET = 'amina-secret@example.co.ke';
const query = (cause: Error) => new DrizzleQueryError('update profiles set balance = $1 where email = $2', [100, SECRET], cause);

/** What each route throws: every outage the store meets, and a plain bug beside them. */
const THROWN: Record<string, () => unknown> = {
  refused: () => query(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
  terminated: () => query(withCode('terminating connection due to administrator command', '57P01')),
  starting: () => withCode('the database system is starting up', '57P03'),
  crowded: () => query(withCode('sorry, too many clients already', '53300')),
  pool: () => query(new Error('timeout exceeded when trying to connect')),
  statement: () => query(withCode('canceling statement due to statement timeout', '57014')),
  lock: () => query(withCode('canceling statement due to lock timeout', '55P03')),
  link: () => query(withCode('server closed the connection', '08006')),
  redis: () => new Error("Stream isn't writeable and enableOfflineQueue options is false"),
  retries: () => Object.assign(new Error('Reached the max retries per request limit (which is 2).'), { name: 'MaxRetriesPerRequestError' }),
  closed: () => new Error('Connection is closed.'),
  bucket: () => Object.assign(new Error('Service Unavailable'), { name: 'ServiceUnavailable', $fault: 'server', $metadata: { httpStatusCode: 503 } }),
  disk: () => withCode('ENOSPC: no space left on device, write', 'ENOSPC'),
};

type Line = { level: number; msg: string; line: string };

async function build(logged: Line[]) {
  const app = Fastify({
    logger: {
      level: 'info',
      stream: {
        write: (line: string) => {
          const { level, msg } = JSON.parse(line) as { level: number; msg: string };
          logged.push({ level, msg, line });
        },
      },
    },
  });
  registerErrorHandler(app);
  app.get('/outage/:kind', async (request) => {
    throw THROWN[(request.params as { kind: string }).kind]!();
  });
  app.get('/bug', async () => {
    throw new Error('Cannot read properties of undefined');
  });
  await app.ready();
  return app;
}

describe('the error handler during an outage', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build([]);
  });
  afterAll(() => app.close());

  it.each(Object.keys(THROWN))('answers %s with 503, Retry-After and a plain sentence, never SQL or a stack', async (kind) => {
    const res = await app.inject({ url: `/outage/${kind}` });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({ detail: 'The store is briefly unavailable. Please try again in a moment.' });
    expect(res.body).not.toMatch(/update|profiles|amina|ECONN|at \w+ \(|node_modules/);
  });

  it('says it in Kiswahili to a reader who asks for it', async () => {
    const res = await app.inject({ url: '/outage/terminated', headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'Duka halipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi.' });
  });

  it('waits longer for a full disk than for a blink', async () => {
    expect(Number((await app.inject({ url: '/outage/disk' })).headers['retry-after'])).toBeGreaterThan(Number((await app.inject({ url: '/outage/refused' })).headers['retry-after']));
  });

  it('logs an outage without the query or its parameters, a few lines rather than one per request', async () => {
    const logged: Line[] = [];
    const quiet = await build(logged);
    try {
      for (let i = 0; i < 20; i++) await quiet.inject({ url: '/outage/refused' });
      await quiet.inject({ url: '/outage/redis' });
    } finally {
      await quiet.close();
    }
    const outageLines = logged.filter((l) => /unavailable/.test(l.msg));
    expect(outageLines.map((l) => JSON.parse(l.line) as { outage: string; level: number })).toMatchObject([
      { outage: 'database', level: 40 },
      { outage: 'redis', level: 40 },
    ]);
    for (const l of logged) expect(l.line).not.toContain(SECRET);
  });

  it('still answers a bug with a plain 500 and no Retry-After', async () => {
    const res = await app.inject({ url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
