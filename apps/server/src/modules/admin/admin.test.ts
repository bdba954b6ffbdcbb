import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry } from '@store/contract';
import { profiles, users } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { login, signedInCustomer } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

describe.each(engines())('the back office API on %s', (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  let staffId: number;
  let customer: Customer;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertFixtureCatalogue(t.database.db);
    customer = await signedInCustomer(t.app);
    const s = await signedInCustomer(t.app);
    await t.database.db.update(users).set({ isStaff: true }).where(eq(users.email, s.email));
    staff = { authorization: `Bearer ${(await login(t.app, s)).body.tokens.access}` };
    staffId = s.id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = staff, payload?: object) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });
  const audit = async (resource: string, recordId: number) =>
    (await call('GET', `/audit?filter=${encodeURIComponent(JSON.stringify({ resource, record_id: recordId }))}`)).json<AdminAuditEntry[]>();

  it('refuses visitors (401) and customers (403) on every /api/admin route in the route table, and lets staff in', async () => {
    // Derived from what the app registered, so a new back-office route is checked the day it is added.
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/admin'));
    expect(routes.length).toBeGreaterThan(40);
    // Money and uploads included, with the methods tus speaks.
    expect(routes).toEqual(expect.arrayContaining([{ method: 'POST', url: '/api/admin/purchases/:id/refund' }, { method: 'POST', url: '/api/admin/adjustments' }, { method: 'PATCH', url: '/api/admin/uploads/:id' }, { method: 'OPTIONS', url: '/api/admin/uploads' }]));
    for (const m of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD']) expect(routes.some((r) => r.method === m), `some ${m} route`).toBe(true);
    for (const { method, url } of routes) {
      const filled = url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');
      const payload = ['POST', 'PUT', 'PATCH'].includes(method) ? { dj_name: 'X', title: 'X', message: 'X' } : undefined;
      const as = (headers: Record<string, string>) => t.app.inject({ method: method as 'GET', url: filled, headers, ...(payload ? { payload } : {}) });
      expect((await as({})).statusCode, `${method} ${url} as a visitor`).toBe(401);
      expect((await as(customer.auth)).statusCode, `${method} ${url} as a customer`).toBe(403);
    }
    expect((await call('GET', '/djs')).statusCode).toBe(200);
  });

  it('lists with sort, range and search, and says the total in Content-Range', async () => {
    const page = await call('GET', `/djs?sort=${encodeURIComponent('["dj_name","DESC"]')}&range=${encodeURIComponent('[0,1]')}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-range']).toBe('djs 0-1/3');
    expect(page.json<{ dj_name: string }[]>().map((d) => d.dj_name)).toEqual(['Zamu', 'Nyota']);
    const found = await call('GET', `/genres?filter=${encodeURIComponent('{"q":"ant"}')}`);
    expect(found.json<{ title: string }[]>().map((g) => g.title)).toEqual(['Fantasy']);
    const many = await call('GET', `/genres?filter=${encodeURIComponent('{"id":[1,3]}')}`);
    expect(many.json<{ id: number }[]>().map((g) => g.id)).toEqual([1, 3]);
    expect((await call('GET', '/djs?sort=%5B%22password%22%2C%22ASC%22%5D')).statusCode).toBe(400);
    expect((await call('GET', '/djs?range=not-json')).json()).toEqual({ range: [expect.stringMatching(/JSON/)] });
  });

  it('creates, changes and deletes a DJ, each write in the audit log with who and what', async () => {
    const created = await call('POST', '/djs', staff, { dj_name: '  Afro  ' });
    expect(created.statusCode, created.body).toBe(201);
    const dj = created.json<{ id: number; dj_name: string }>();
    expect(dj.dj_name).toBe('Afro');
    const changed = await call('PUT', `/djs/${dj.id}`, staff, { ...dj, dj_name: 'Afro Sounds', id: 999 });
    expect(changed.json()).toMatchObject({ id: dj.id, dj_name: 'Afro Sounds' });
    expect((await t.app.inject({ url: '/api/dj/?page_size=10' })).json<{ results: { dj_name: string }[] }>().results.map((d) => d.dj_name)).toContain('Afro Sounds');
    expect((await call('DELETE', `/djs/${dj.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/djs/${dj.id}`)).statusCode).toBe(404);
    const log = await audit('djs', dj.id);
    expect(log.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log.every((e) => e.user_id === staffId)).toBe(true);
    expect(log[1]).toMatchObject({ before: { dj_name: 'Afro' }, after: { dj_name: 'Afro Sounds' } });
  });

  it('refuses a duplicate name as a field error and a DJ who still has videos with 409, changing nothing', async () => {
    expect((await call('POST', '/djs', staff, { dj_name: 'zamu' })).json()).toEqual({ dj_name: ['A DJ with this name already exists.'] });
    expect((await call('POST', '/djs', staff, { dj_name: '   ' })).statusCode).toBe(400);
    const zamu = (await call('GET', `/djs?filter=${encodeURIComponent('{"q":"Zamu"}')}`)).json<{ id: number }[]>()[0]!;
    const refused = await call('DELETE', `/djs/${zamu.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'This DJ still narrates videos: move or delete them first.' });
    expect((await call('GET', `/djs/${zamu.id}`)).statusCode).toBe(200);
    expect(await audit('djs', zamu.id)).toEqual([]);
  });

  it('creates, changes and deletes genres and notifications with their audit rows', async () => {
    const genre = (await call('POST', '/genres', staff, { title: 'Documentary' })).json<{ id: number }>();
    await call('PUT', `/genres/${genre.id}`, staff, { title: 'Documentaries' });
    await call('DELETE', `/genres/${genre.id}`);
    expect((await audit('genres', genre.id)).map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const note = (await call('POST', '/notifications', staff, { message: 'New season of Empire of Swords this Friday!' })).json<{ id: number }>();
    expect((await t.app.inject({ url: '/api/notification/' })).body).toContain('Empire of Swords this Friday');
    await call('DELETE', `/notifications/${note.id}`);
    expect((await audit('notifications', note.id)).map((e) => e.action)).toEqual(['delete', 'create']);
  });

  it('keeps a notice in Kiswahili next to the English one, which the store carries for every reader (issue 32 item 24)', async () => {
    const created = await call('POST', '/notifications', staff, { message: 'New DJ Afro mixtape this Friday', message_sw: 'Mixtape mpya ya DJ Afro Ijumaa hii' });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json<{ id: number; message_sw: string | null }>();
    expect(note.message_sw).toBe('Mixtape mpya ya DJ Afro Ijumaa hii');
    const shown = async () =>
      (await t.app.inject({ url: '/api/notification/?page_size=50' })).json<{ results: { noty_id: number; message: string; message_sw: string | null }[] }>().results.find((n) => n.noty_id === note.id);
    expect(await shown()).toMatchObject({ message: 'New DJ Afro mixtape this Friday', message_sw: 'Mixtape mpya ya DJ Afro Ijumaa hii' });
    // The English alone leaves the Kiswahili; an emptied Kiswahili is none.
    expect((await call('PUT', `/notifications/${note.id}`, staff, { message: 'New DJ Afro mixtape on Friday' })).json()).toMatchObject({ message_sw: 'Mixtape mpya ya DJ Afro Ijumaa hii' });
    expect((await call('PUT', `/notifications/${note.id}`, staff, { message_sw: '' })).json()).toMatchObject({ message: 'New DJ Afro mixtape on Friday', message_sw: null });
    expect(await shown()).toMatchObject({ message_sw: null });
    const tooLong = await call('PUT', `/notifications/${note.id}`, staff, { message_sw: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message_sw: ['The message must be at most 500 characters.'] });
    await call('DELETE', `/notifications/${note.id}`);
  });

  it('shows contact messages, marks them read, and never lets staff write one', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/message/', payload: { name: 'Achieng', email: 'achieng@example.co.ke', phone_number: '0712345678', message: 'The Kibe anime will not play on my phone.' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const unread = (await call('GET', `/contact-messages?filter=${encodeURIComponent('{"is_read":false}')}`)).json<{ id: number; message: string; phone_number: string }[]>();
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({ message: 'The Kibe anime will not play on my phone.', phone_number: '254712345678', user_id: null });
    // A message from a customer's e-mail (in any case) or phone links to their account.
    await t.app.inject({ method: 'POST', url: '/api/message/', payload: { name: 'Amina', email: customer.email.toUpperCase(), phone_number: '0799000111', message: 'Where is my video?' } });
    await t.database.db.update(profiles).set({ phoneNumber: '254700111222' }).where(eq(profiles.userId, customer.id));
    await t.app.inject({ method: 'POST', url: '/api/message/', payload: { name: 'A', email: 'other@example.co.ke', phone_number: '0700 111 222', message: 'Me again, other e-mail.' } });
    const mine = (await call('GET', `/contact-messages?filter=${encodeURIComponent('{"is_read":false,"q":"e"}')}`)).json<{ id: number; message: string; user_id: number | null }[]>();
    const theirs = mine.filter((m) => m.id !== unread[0]!.id);
    expect(theirs.map((m) => m.user_id)).toEqual([customer.id, customer.id]);
    expect((await call('GET', `/contact-messages/${theirs[0]!.id}`)).json()).toMatchObject({ user_id: customer.id });
    for (const m of theirs) await call('DELETE', `/contact-messages/${m.id}`);
    const read = await call('PUT', `/contact-messages/${unread[0]!.id}`, staff, { is_read: true, message: 'rewritten by staff' });
    expect(read.json()).toMatchObject({ is_read: true, message: 'The Kibe anime will not play on my phone.' });
    expect((await call('GET', `/contact-messages?filter=${encodeURIComponent('{"is_read":false}')}`)).json()).toEqual([]);
    expect((await call('POST', '/contact-messages', staff, { is_read: false })).statusCode).toBe(404);
    expect((await audit('contact-messages', unread[0]!.id)).map((e) => e.action)).toEqual(['update']);
  });
});
