import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { Notification, Page, Person } from '@store/contract';
import { contactMessages, notifications, people } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

const valid = { name: 'Amina', email: 'amina@example.co.ke', phone_number: '0712 345 678', message: 'Do you have Swahili subtitles?' };

describe.each(engines())('content API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { contactRateLimit: { max: 3, timeWindow: '1 minute' } });
    const db = t.database.db;
    await db.insert(people).values([
      { role: 'ceo', fullName: 'Wanjiku Mwangi', title: 'CEO', message: 'Karibu', imageKey: 'k1' },
      { role: 'team', fullName: 'Otieno', title: 'Content', sortOrder: 2 },
      { role: 'team', fullName: 'Achieng', title: 'Care', sortOrder: 1 },
    ]);
    await db.insert(notifications).values([
      { message: 'older', dateNotified: new Date('2026-01-01T00:00:00Z') },
      { message: 'newer', dateNotified: new Date('2026-02-01T00:00:00Z') },
    ]);
  });
  afterAll(() => t.close());

  const storedMessages = async () => (await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

  it('lists the CEO and the team in their order, with portraits', async () => {
    const ceo = (await t.app.inject('/api/ceo')).json<Page<Person>>();
    expect(ceo.results).toEqual([
      { id: expect.any(Number), full_name: 'Wanjiku Mwangi', title: 'CEO', message: 'Karibu', title_sw: null, message_sw: null, profile_image: '/media/portraits/k1-192.webp' },
    ]);
    const team = (await t.app.inject('/api/about_team/')).json<Page<Person>>();
    expect(team.results.map((p) => p.full_name)).toEqual(['Achieng', 'Otieno']);
    expect(team.results[0]!.profile_image).toBeNull();
  });

  it('lists notifications newest first', async () => {
    const page = (await t.app.inject('/api/notification')).json<Page<Notification>>();
    expect(page.results.map((n) => n.message)).toEqual(['newer', 'older']);
    expect(page.results[0]!.date_notified).toBe('2026-02-01T00:00:00.000Z');
  });

  it('stores a valid contact message with the phone normalised', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/message/', payload: valid });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Amina', email: 'amina@example.co.ke', phone_number: '254712345678' });
    expect(await storedMessages()).toBe(1);
  });

  it.each([
    [{ ...valid, email: 'ab' }, 'email', 'Email required!'],
    [{ ...valid, email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    [{ ...valid, message: 'hi' }, 'message', 'Message required!'],
    [{ ...valid, message: '    ' }, 'message', 'Message required!'],
    [{ ...valid, phone_number: '12345' }, 'phone_number', 'Enter a Kenyan mobile number, e.g. 0712 345 678.'],
    [{ name: 'x', email: 'a@b.co', message: 'hello' }, 'phone_number', 'Phone number required!'],
  ])('refuses %j with the field named and stores nothing', async (payload, field, message) => {
    const before = await storedMessages();
    const res = await t.app.inject({ method: 'POST', url: '/api/message', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toEqual([message]);
    expect(await storedMessages()).toBe(before);
  });

  it('answers malformed JSON with 400 and a detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/message/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Amina",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON in the request body.' });
  });

  it('limits messages per client address with 429 and Retry-After', async () => {
    const send = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/message/', payload: valid, remoteAddress: ip });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send('10.9.9.9')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await send('10.9.9.9');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/Too many requests/);
    expect((await send('10.8.8.8')).statusCode).toBe(201);
  });
});
