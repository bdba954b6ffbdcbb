import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../../test/helpers/accounts.ts';
import { engines } from '../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an attacker sends: ids beyond the integer range, NUL bytes, wrong types, numbers in disguise, huge values. */
const BAD_VALUES: unknown[] = [
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1.5,
  -1,
  0,
  true,
  null,
  '0x10',
  '1e3',
  [100],
  { $gt: 1 },
  '\u0000',
  'abc\u0000def',
  '2147483648',
  '',
  ' ',
  'x'.repeat(20_000),
  '\ud800',
  '../../etc/passwd',
];
const BAD_TEXT = ['2147483648', '99999999999999999999', '-1', '0', '1e3', '0x10', '\u0000', 'a\u0000b', '%', '[]', '{}', 'x'.repeat(190), '\ud800', 'true'];

/** Everything the document says a route takes, with one field at a time replaced by a bad value. */
function bodies(schema: JsonSchema | undefined): unknown[] {
  const out: unknown[] = [[], 'text', 42, null, {}, { __proto__: { admin: true } }];
  const props = schema?.properties ?? schema?.anyOf?.find((s) => s.properties)?.properties ?? {};
  for (const name of Object.keys(props)) for (const bad of BAD_VALUES) out.push({ [name]: bad });
  for (const bad of BAD_VALUES) out.push(Object.fromEntries(Object.keys(props).map((n) => [n, bad])));
  return out;
}

/** CONTRACT §3: `{"detail": "..."}`, or for a 400 field errors `{"field": ["message"]}`. */
function errorShaped(status: number, body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 1 && entries[0]![0] === 'detail' && typeof entries[0]![1] === 'string') return true;
  // A 402 says the balance, the price and the shortfall beside its detail (CONTRACT §3, §8).
  if (status === 402 && typeof (body as { detail?: unknown }).detail === 'string' && entries.every(([k, v]) => k === 'detail' || Number.isInteger(v))) return true;
  return status === 400 && entries.length > 0 && entries.every(([, v]) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
}

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
/** Percent-encoded; a lone surrogate has no UTF-8, so it goes as the bytes a broken client would send. */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};
/** Already encoded, and broken: a lone %, a cut sequence, a byte that is no UTF-8. */
const BROKEN_ENCODINGS = ['%', '%E0%A4%A', '%ff'];

describe.each(engines())('no input makes the API answer 500 (every route in /api/docs) on %s', (engine) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    // Limits high enough that validation, not a 429, answers the fuzzed requests.
    t = await createTestApp(engine, { loginRateLimit: 1e6, loginFailureLimit: 1e6, resetRateLimit: 1e6, contactRateLimit: { max: 1e6, timeWindow: '1 minute' } });
    await insertFixtureCatalogue(t.database.db);
    auth = (await signedInStaff(t.app)).auth;
    doc = (await t.app.inject('/api/docs/json')).json();
  });
  afterAll(() => t.close());

  async function send(method: InjectMethod, url: string, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), body: res.body, what: `${method} ${url} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 120)}` };
  }

  it('answers every bad path id, query and body with a client error in the API’s JSON', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = (r: { status: number; type: string; body: string; what: string }) => {
      sent++;
      if (r.status >= 500) failures.push(`${r.status} ${r.what}`);
      else if (r.status >= 400 && !r.type.startsWith('application/json')) failures.push(`${r.status} not JSON (${r.type}): ${r.what}`);
      else if (r.status >= 400 && !errorShaped(r.status, JSON.parse(r.body))) failures.push(`${r.status} not in CONTRACT's error shape: ${r.what} -> ${r.body.slice(0, 100)}`);
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [m, op] of Object.entries(ops)) {
        const method = m.toUpperCase() as InjectMethod;
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
        const hasBody = Boolean(op.requestBody);
        const json = op.requestBody?.content['application/json']?.schema;
        // Path ids: out of range, NUL, signs, exponents, a path too long for the router.
        if (path.includes('{')) {
          for (const bad of [...BAD_TEXT.map(enc), 'x'.repeat(300), ...BROKEN_ENCODINGS]) check(await send(method, fill(path, bad), hasBody ? {} : undefined));
        }
        const url = fill(path, '1');
        for (const q of op.parameters?.filter((p) => p.in === 'query') ?? []) {
          for (const bad of [...BAD_TEXT.map(enc), ...BROKEN_ENCODINGS]) check(await send(method, `${url}?${q.name}=${bad}`, hasBody ? {} : undefined));
          check(await send(method, `${url}?${q.name}=1&${q.name}=2`, hasBody ? {} : undefined));
        }
        if (hasBody && json) for (const body of bodies(json)) check(await send(method, url, body));
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });

  it('refuses a NUL byte in a path segment, an over-long or badly encoded path as {detail}, not by echoing the path', async () => {
    const nul = await t.app.inject({ url: '/api/deposit/%00/', headers: auth });
    expect([nul.statusCode, nul.json()]).toEqual([400, { checkout_request_id: ['Null characters are not allowed.'] }]);
    const long = await t.app.inject({ url: `/api/videoDetails/${'9'.repeat(300)}/` });
    expect([long.statusCode, long.json()]).toEqual([414, { detail: 'The address is too long.' }]);
    const broken = await t.app.inject({ url: '/api/videoDetails/%E0%A4%A/' });
    expect([broken.statusCode, broken.json()]).toEqual([400, { detail: 'The address is not valid.' }]);
  });

  it('takes numbers as numbers or plain digits only: amount true sends no STK push, [55] buys nothing', async () => {
    const info = (await t.app.inject({ url: '/api/info/', headers: auth })).json<{ user: { profile: { buyerid: number } } }>();
    const buyerid = info.user.profile.buyerid;
    for (const amount of [true, '0x10', [100], '1e3', ' 10', 10.5, 2147483648]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/deposit/', headers: auth, payload: { amount, phone_number: '0712345678', username: buyerid } });
      expect([res.statusCode, Object.keys(res.json())], JSON.stringify(amount)).toEqual([400, ['amount']]);
    }
    for (const video_id of [[55], true, '1e0', '0x1', 2147483648, '2147483648']) {
      for (const url of ['/api/purchased/', '/api/cart/']) {
        const res = await t.app.inject({ method: 'POST', url, headers: auth, payload: { video_id } });
        expect([res.statusCode, res.json()], `${url} ${JSON.stringify(video_id)}`).toEqual([400, { video_id: ['A valid integer is required.'] }]);
      }
    }
    expect((await t.app.inject({ url: '/api/videoDetails/?page_size=1e3' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/videoDetails/?page_size=3' })).json<{ results: unknown[] }>().results).toHaveLength(3);
    const { deposits } = await import('../db/schema.ts');
    expect(await t.database.db.select().from(deposits)).toEqual([]);
  });

  it('refuses a NUL byte in a multipart profile field (parsed by the route, after the guard) as a 400', async () => {
    const info = (await t.app.inject({ url: '/api/info/', headers: auth })).json<{ user: { profile: { buyerid: number } } }>();
    const form = new FormData();
    form.append('country', 'Ken\u0000ya');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/profile/${info.user.profile.buyerid}/`, headers: auth, payload: form as unknown as object });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorShaped(400, res.json())).toBe(true);
  });

  it('answers headers too large for the HTTP parser with a 431 in {detail}', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/videoDetails/', headers: { 'x-big': 'x'.repeat(40_000) } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
      });
      req.on('error', reject);
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The request headers are too large.' });
  });
});
