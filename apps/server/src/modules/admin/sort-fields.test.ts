import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSortFields, type AdminList } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { contactMessages, deposits, people, profiles, users } from '../../db/schema.ts';
import { postLedgerEntry } from '../wallet/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

type Row = Record<string, unknown>;
const LISTS = Object.keys(adminSortFields) as AdminList[];

/**
 * The back office lets staff sort a column only when the contract names its field for that list
 * (apps/admin's list-sort test holds it to that): here every named field sorts, on both engines,
 * and the columns staff asked for sort by what they show. All values differ in ways every collation
 * orders alike (one case, letters or digits).
 */
describe.each(engines())('back-office lists sort by every column the back office offers, on %s', (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  const buyers: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };
  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    const { videos } = await insertFixtureCatalogue(db);
    staff = (await signedInStaff(t.app)).auth;
    // Three customers: a owns two videos, c one, b none; b is staff, c's account is closed; c has no phone.
    const phones = { a: '254722000003', b: '254722000001', c: null };
    for (const key of ['a', 'b', 'c'] as const) {
      const c = await signedInCustomer(t.app, { username: `sorttest${key}`, email: `sorttest${key}@example.co.ke` });
      buyers[key] = c.id;
      await db.update(profiles).set({ phoneNumber: phones[key] }).where(eq(profiles.userId, c.id));
      await db.transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: 1000, reference: `sort-test-${engine}-${key}` }));
      for (const v of { a: videos.slice(0, 2), b: [], c: videos.slice(2, 3) }[key]) {
        expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: v.id } })).statusCode).toBe(201);
      }
    }
    await db.update(users).set({ isStaff: true }).where(eq(users.id, buyers.b));
    await db.update(users).set({ isActive: false }).where(eq(users.id, buyers.c));
    await db.insert(deposits).values([
      { userId: buyers.b, amount: 300, phone: '254722000001', callbackSecret: `sort-test-b-${engine}` },
      { userId: buyers.a, amount: 200, phone: '254722000003', callbackSecret: `sort-test-a-${engine}` },
    ]);
    await db.insert(contactMessages).values([
      { name: 'Wanjiru', email: 'beta@example.co.ke', phoneNumber: '254711000001', message: 'Sorttest: my video stops' },
      { name: 'Achieng', email: 'gamma@example.co.ke', phoneNumber: '254711000002', message: 'Sorttest: a receipt please' },
      { name: 'Otieno', email: 'alpha@example.co.ke', phoneNumber: '254711000000', message: 'Sorttest: which season is next' },
    ]);
    await db.insert(people).values([
      { role: 'team', fullName: 'Sorttest Kamau', title: 'Producer' },
      { role: 'team', fullName: 'Sorttest Njeri', title: 'Curator' },
      { role: 'team', fullName: 'Sorttest Mwangi', title: 'Editor' },
    ]);
  });
  afterAll(() => t.close());

  const list = async (name: string, sort: [string, 'ASC' | 'DESC'], filter: object = {}) => {
    const query = { sort, filter, range: [0, 99] };
    const res = await t.app.inject({ url: `/api/admin/${name}?${Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&')}`, headers: staff });
    expect(res.statusCode, `${name} by ${sort.join(' ')}: ${res.body}`).toBe(200);
    return res.json<Row[]>();
  };
  const column = async (name: string, field: string, sort: [string, 'ASC' | 'DESC'], filter: object = {}) => (await list(name, sort, filter)).map((r) => r[field]);
  const ascending = (values: unknown[]) => [...values].sort((x, y) => (String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0));

  it('sorts each list by exactly the fields the contract names for it, both ways, and by no other', async () => {
    for (const name of LISTS) {
      const refusal = await t.app.inject({ url: `/api/admin/${name}?sort=${encodeURIComponent('["nothing","ASC"]')}`, headers: staff });
      expect(refusal.statusCode).toBe(400);
      const named = /use one of (.+)\.$/.exec(refusal.json<{ detail: string }>().detail)![1]!.split(', ');
      expect([...named].sort(), name).toEqual([...adminSortFields[name]].sort());
      for (const field of adminSortFields[name]) for (const direction of ['ASC', 'DESC'] as const) await list(name, [field, direction]);
    }
  });

  it('sorts customers by phone (none last), videos owned, staff and open account', async () => {
    const mine = { q: 'sorttest' };
    const names = async (field: string, direction: 'ASC' | 'DESC') => column('customers', 'username', [field, direction], mine);
    expect(await names('phone_number', 'ASC')).toEqual(['sorttestb', 'sorttesta', 'sorttestc']);
    expect(await names('phone_number', 'DESC')).toEqual(['sorttestc', 'sorttesta', 'sorttestb']);
    expect(await column('customers', 'purchases', ['purchases', 'ASC'], mine)).toEqual([0, 1, 2]);
    expect(await names('purchases', 'DESC')).toEqual(['sorttesta', 'sorttestc', 'sorttestb']);
    expect(await names('is_staff', 'DESC')).toEqual(['sorttestb', 'sorttesta', 'sorttestc']);
    expect(await names('is_active', 'ASC')).toEqual(['sorttestc', 'sorttesta', 'sorttestb']);
  });

  it('sorts contact messages by name, e-mail and phone', async () => {
    const mine = { q: 'Sorttest' };
    expect(await column('contact-messages', 'name', ['name', 'ASC'], mine)).toEqual(['Achieng', 'Otieno', 'Wanjiru']);
    expect(await column('contact-messages', 'name', ['name', 'DESC'], mine)).toEqual(['Wanjiru', 'Otieno', 'Achieng']);
    expect(await column('contact-messages', 'name', ['email', 'ASC'], mine)).toEqual(['Otieno', 'Wanjiru', 'Achieng']);
    expect(await column('contact-messages', 'name', ['phone_number', 'DESC'], mine)).toEqual(['Achieng', 'Wanjiru', 'Otieno']);
  });

  it('sorts videos by season, by the DJ’s and the genre’s name (not their ids), by category and published', async () => {
    const djNames = new Map((await list('djs', ['id', 'ASC'])).map((d) => [d.id, d.dj_name]));
    const genreTitles = new Map((await list('genres', ['id', 'ASC'])).map((g) => [g.id, g.title]));
    // The fixture added Zamu before Kibe: by id Zamu's videos come first, by name Kibe's.
    const byDj = (await list('videos', ['dj_name', 'ASC'])).map((v) => djNames.get(v.dj_id));
    expect(byDj).toEqual(ascending(byDj));
    expect(byDj[0]).toBe('Kibe');
    expect((await list('videos', ['dj_name', 'DESC'])).map((v) => djNames.get(v.dj_id))).toEqual([...byDj].reverse());
    const byGenre = (await list('videos', ['genre_title', 'DESC'])).map((v) => genreTitles.get(v.genre_id));
    expect(byGenre).toEqual(ascending(byGenre).reverse());
    expect(new Set(byGenre).size).toBeGreaterThan(2);
    expect((await column('videos', 'season', ['season', 'ASC'])).slice(0, 2)).toEqual(['Season 1', 'Season 2']);
    const categories = await column('videos', 'cartegory', ['cartegory', 'ASC']);
    expect(categories).toEqual(ascending(categories));
    expect(await column('videos', 'published', ['published', 'ASC'])).toEqual([false, true, true, true, true, true, true]);
  });

  it('sorts the team by title, and deposits, purchases and the ledger by the customer’s name', async () => {
    expect(await column('people', 'full_name', ['title', 'ASC'], { q: 'Sorttest' })).toEqual(['Sorttest Njeri', 'Sorttest Mwangi', 'Sorttest Kamau']);
    for (const name of ['deposits', 'purchases', 'ledger']) {
      const usernames = await column(name, 'username', ['username', 'ASC']);
      expect(usernames, name).toEqual(ascending(usernames));
      expect(new Set(usernames).size, name).toBeGreaterThan(1);
      expect(await column(name, 'username', ['username', 'DESC'])).toEqual(ascending(usernames).reverse());
    }
  });
});
