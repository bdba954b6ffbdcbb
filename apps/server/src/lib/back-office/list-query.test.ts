import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/** Names every object has through its prototype: none of them is a field of any list. */
const INHERITED = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];
const LISTS = ['djs', 'genres', 'notifications', 'contact-messages', 'people', 'videos', 'customers', 'ledger', 'deposits', 'purchases', 'audit', 'payouts', 'receipts', 'promo-codes', 'promo-batches', 'promo-redemptions', 'rentals', 'bundles', 'gifts', 'passes', 'customer-passes'];

describe.each(engines())('sort and filter on every back-office list on %s', (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  let lists: string[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    const { videos } = await insertFixtureCatalogue(t.database.db);
    staff = (await signedInStaff(t.app)).auth;
    // Rows in the lists that always answered newest first: adjustments (ledger, audit) and purchases.
    const customer = await signedInCustomer(t.app);
    for (const amount of [300, 100, 200]) await call('POST', '/adjustments', { user_id: customer.id, amount, reason: `Test credit of ${amount}` });
    for (const v of videos.slice(0, 3)) expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: customer.auth, payload: { video_id: v.id } })).statusCode).toBe(201);
    // Every GET under /api/admin without a parameter that answers a Content-Range is a list.
    const candidates = t.app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin/') && !r.url.includes(':')).map((r) => r.url.slice('/api/admin/'.length));
    lists = [];
    for (const name of candidates) if ((await call('GET', `/${name}`)).headers['content-range']) lists.push(name);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: { ...staff, ...headers }, ...(payload ? { payload } : {}) });
  const list = (name: string, query: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call('GET', `/${name}?${Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&')}`, undefined, headers);

  it('finds every list the back office reads', () => {
    expect(lists.sort()).toEqual([...LISTS].sort());
  });

  it('refuses a sort on a name every object inherits (__proto__, constructor, toString, valueOf) with a 400 in the reader’s language, on every list', async () => {
    for (const name of lists) {
      for (const field of [...INHERITED, 'password']) {
        const en = await list(name, { sort: [field, 'ASC'] });
        expect(en.statusCode, `${name} sorted by ${field}: ${en.body}`).toBe(400);
        expect(en.json<{ detail: string }>().detail).toMatch(new RegExp(`^Cannot sort by ${field}: use one of [a-z_, ]+\\.$`));
        const sw = await list(name, { sort: [field, 'DESC'] }, { 'accept-language': 'sw' });
        expect(sw.statusCode).toBe(400);
        expect(sw.json<{ detail: string }>().detail).toMatch(new RegExp(`^Haiwezi kupangwa kwa ${field}: tumia mojawapo ya [a-z_, ]+\\.$`));
      }
    }
  });

  it('sorts every list by each field its refusal names, both ways', async () => {
    for (const name of lists) {
      const refusal = (await list(name, { sort: ['nothing', 'ASC'] })).json<{ detail: string }>().detail;
      const fields = /use one of (.+)\.$/.exec(refusal)![1]!.split(', ');
      expect(fields, name).toContain('id');
      for (const field of fields) {
        for (const direction of ['ASC', 'DESC']) {
          const res = await list(name, { sort: [field, direction] });
          expect(res.statusCode, `${name} by ${field} ${direction}: ${res.body}`).toBe(200);
          const rows = res.json<Record<string, unknown>[]>();
          const ids = rows.map((r) => r.id as number);
          if (field === 'id' && rows.length > 1) expect(ids).toEqual([...ids].sort((a, b) => (direction === 'ASC' ? a - b : b - a)));
        }
      }
    }
  });

  it('sorts the lists that were always newest first by the column asked for', async () => {
    const column = async (name: string, field: string, direction: 'ASC' | 'DESC') => (await list(name, { sort: [field, direction] })).json<Record<string, unknown>[]>().map((r) => r[field]);
    const amounts = (await column('ledger', 'amount', 'ASC')) as number[];
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts).toEqual(expect.arrayContaining([100, 200, 300]));
    expect(await column('ledger', 'amount', 'DESC')).toEqual([...amounts].reverse());
    expect(await column('purchases', 'price', 'ASC')).toEqual([70, 100, 200]);
    expect(await column('purchases', 'price', 'DESC')).toEqual([200, 100, 70]);
    const resources = (await column('audit', 'resource', 'ASC')) as string[];
    expect(resources).toEqual([...resources].sort());
    expect(new Set(resources).size).toBeGreaterThan(0);
  });

  it('takes only the filter keys a request sends: an inherited name neither filters nor fails', async () => {
    for (const name of lists) {
      const all = await list(name, {});
      // Written as JSON: in an object literal `__proto__` would set the prototype, not send a key.
      for (const filter of ['{"__proto__":{"q":"Zamu","id":[1],"is_read":true,"refunded":true,"user_id":1}}', '{"constructor":"x","toString":"y","valueOf":1,"hasOwnProperty":2,"__proto__":null}']) {
        const sent = await call('GET', `/${name}?filter=${encodeURIComponent(filter)}`);
        expect(sent.statusCode, `${name} filtered by ${filter}: ${sent.body}`).toBe(200);
        expect(sent.headers['content-range'], name).toBe(all.headers['content-range']);
      }
    }
  });
});
