import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@store/contract';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe.each(engines())('profiles on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const patch = (url: string, headers: Record<string, string>, payload: object | FormData) => t.app.inject({ method: 'PATCH', url, headers, payload: payload as object });
  const portraits = async () => (await fs.readdir(path.join(t.config.dataDir, 'media', 'portraits')).catch(() => [])).length;

  it('changes phone, city and country, the phone normalised', async () => {
    const c = await signedInCustomer(t.app);
    const res = await patch(`/api/profile/${c.buyerid}/`, c.auth, { phone_number: '0712 345 678', city: 'Kisumu', country: 'Kenya' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>().profile).toMatchObject({ phone_number: '254712345678', city: 'Kisumu', country: 'Kenya' });
    const bad = await patch(`/api/profile/${c.buyerid}/`, c.auth, { phone_number: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ phone_number: ['Enter a Kenyan mobile number, e.g. 0712 345 678.'] });
  });

  it('remembers the language a customer chose: null until chosen, then on their profile, at login and in /info', async () => {
    const c = await signedInCustomer(t.app);
    const info = async () => (await t.app.inject({ method: 'GET', url: '/api/info/', headers: c.auth })).json<{ user: User }>().user.profile;
    expect((await info()).language).toBeNull();
    const chosen = await patch(`/api/profile/${c.buyerid}/`, c.auth, { language: 'sw' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<User>().profile.language).toBe('sw');
    expect((await info()).language).toBe('sw');
    const login = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email: c.email, password: c.password } });
    expect(login.json<{ profile: { language: string | null } }>().profile.language).toBe('sw');
    const bad = await patch(`/api/profile/${c.buyerid}/`, c.auth, { language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ language: ['Select a valid choice.'] });
    expect((await info()).language).toBe('sw');
  });

  it('lets a username be chosen only while it has two characters or fewer', async () => {
    const short = await signedInCustomer(t.app, { username: `k${Date.now() % 10}` });
    const first = await patch(`/api/profile/${short.buyerid}/`, short.auth, { username: `kamau${Date.now()}` });
    expect(first.statusCode, first.body).toBe(200);
    const second = await patch(`/api/profile/${short.buyerid}/`, short.auth, { username: 'kamau-again' });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ username: ['Your username can no longer be changed.'] });
  });

  it('refuses to let a client set the balance', async () => {
    const c = await signedInCustomer(t.app);
    const res = await patch(`/api/profile/${c.buyerid}/`, c.auth, { account: 1_000_000 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Your balance changes only through deposits and purchases.' });
    const info = await t.app.inject({ url: '/api/info/', headers: c.auth });
    expect(info.json<{ user: User }>().user.profile.account).toBe(0);
  });

  it("refuses to touch another customer's profile or member record", async () => {
    const a = await signedInCustomer(t.app);
    const b = await signedInCustomer(t.app);
    expect((await patch(`/api/profile/${b.buyerid}/`, a.auth, { city: 'Hacked' })).statusCode).toBe(403);
    expect((await patch(`/api/members/${b.id}/`, a.auth, { email: 'mine@example.co.ke' })).statusCode).toBe(403);
    expect((await patch(`/api/profile/${b.buyerid}/`, {}, { city: 'Hacked' })).statusCode).toBe(401);
    expect((await patch('/api/profile/abc/', a.auth, { city: 'x' })).statusCode).toBe(404);
  });

  it('changes its own e-mail, refusing one that is taken', async () => {
    const a = await signedInCustomer(t.app);
    const b = await signedInCustomer(t.app);
    const res = await patch(`/api/members/${a.id}/`, a.auth, { email: `New.${a.email}`, current_password: a.password });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().email).toBe(`new.${a.email}`);
    const taken = await patch(`/api/members/${a.id}/`, a.auth, { email: b.email, current_password: a.password });
    expect(taken.json()).toEqual({ email: ['A user with that email already exists.'] });
  });

  it('changes the e-mail only with the current password: a session alone cannot move the account', async () => {
    const a = await signedInCustomer(t.app);
    const without = await patch(`/api/members/${a.id}/`, a.auth, { email: `thief.${a.email}` });
    expect([without.statusCode, without.json()]).toEqual([400, { current_password: ['Enter your current password to change your e-mail.'] }]);
    const wrong = await patch(`/api/members/${a.id}/`, a.auth, { email: `thief.${a.email}`, current_password: 'not-the-password' });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { current_password: ['That is not your current password.'] }]);
    const kiswahili = await t.app.inject({ method: 'PATCH', url: `/api/members/${a.id}/`, headers: { ...a.auth, 'accept-language': 'sw' }, payload: { email: `thief.${a.email}` } });
    expect(kiswahili.json()).toEqual({ current_password: ['Weka nenosiri lako la sasa ili ubadilishe barua pepe yako.'] });
    const info = await t.app.inject({ url: '/api/info/', headers: a.auth });
    expect(info.json<{ user: User }>().user.email).toBe(a.email);
    // The same address (in capitals) is no change and needs nothing.
    expect((await patch(`/api/members/${a.id}/`, a.auth, { email: a.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('limits e-mail changes per address as registrations are: each answer says whether an address has an account', async () => {
    const limited = await createTestApp(engine, { registerRateLimit: 3 });
    try {
      const a = await signedInCustomer(limited.app);
      const probe = (email: string, remoteAddress = '10.9.9.9') => limited.app.inject({ method: 'PATCH', url: `/api/members/${a.id}/`, headers: a.auth, payload: { email, current_password: a.password }, remoteAddress });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await probe(`someone${i}@example.co.ke`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await probe('someone-else@example.co.ke');
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/) });
      expect((await probe('from-elsewhere@example.co.ke', '10.9.9.10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('stores a picture as a square WebP without its metadata', async () => {
    const c = await signedInCustomer(t.app);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6' } })
      .withExif({ IFD0: { Artist: 'secret location' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('city', 'Mombasa');
    form.append('profile_pic', new Blob([png], { type: 'image/png' }), 'me.png');
    const res = await patch(`/api/profile/${c.buyerid}/`, c.auth, form);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<User>().profile;
    expect(profile.city).toBe('Mombasa');
    expect(profile.profile_pic).toMatch(/^\/media\/portraits\/[0-9a-f]{24}-192\.webp$/);
    const served = await t.app.inject(profile.profile_pic!);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 192, 192, undefined]);
  });

  it('refuses a truncated PNG with a clear 400, keeping nothing', async () => {
    const c = await signedInCustomer(t.app);
    const before = await portraits();
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const form = new FormData();
    form.append('profile_pic', new Blob([png.subarray(0, Math.floor(png.length / 2))], { type: 'image/png' }), 'me.png');
    const res = await patch(`/api/profile/${c.buyerid}/`, c.auth, form);
    expect([res.statusCode, res.json()]).toEqual([400, { profile_pic: ['The picture could not be read: it may be cut short or damaged. Upload it again.'] }]);
    expect(await portraits()).toBe(before);
  });

  it('refuses a picture of more pixels than any phone takes (a decompression bomb), keeping nothing', async () => {
    // 256 megapixels in under 1 MB: decoded whole, once per stored width, it held the server's CPU
    // for seconds and hundreds of MB per request; a few in parallel from one customer took over a GB.
    const c = await signedInCustomer(t.app);
    const before = await portraits();
    const bomb = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#777' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const form = new FormData();
    form.append('profile_pic', new Blob([bomb], { type: 'image/png' }), 'me.png');
    const res = await patch(`/api/profile/${c.buyerid}/`, c.auth, form);
    expect([res.statusCode, res.json()]).toEqual([400, { profile_pic: ['The picture is too large: at most 120 megapixels.'] }]);
    expect(await portraits()).toBe(before);
  });

  it('answers broken or oversized form data with a client error in words, never a 500', async () => {
    const c = await signedInCustomer(t.app);
    const raw = (contentType: string, payload: string) => t.app.inject({ method: 'PATCH', url: `/api/profile/${c.buyerid}/`, headers: { ...c.auth, 'content-type': contentType }, payload });
    const cut = await raw('multipart/form-data; boundary=zzz', '--zzz\r\nContent-Disposition: form-data; name="city"\r\n\r\nNakuru');
    expect([cut.statusCode, cut.json()]).toEqual([400, { detail: 'Malformed form data in the request body.' }]);
    const noBoundary = await raw('multipart/form-data', 'city=Nakuru');
    expect([noBoundary.statusCode, noBoundary.json()]).toEqual([400, { detail: 'Malformed form data in the request body.' }]);
    const form = new FormData();
    for (let i = 0; i < 12; i++) form.append(`field${i}`, 'x');
    const many = await patch(`/api/profile/${c.buyerid}/`, c.auth, form);
    expect([many.statusCode, many.json()]).toEqual([413, { detail: 'The request body is too large.' }]);
    const kiswahili = await t.app.inject({ method: 'PATCH', url: `/api/profile/${c.buyerid}/`, headers: { ...c.auth, 'accept-language': 'sw', 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(kiswahili.json()).toEqual({ detail: 'Data ya fomu iliyotumwa haiko sawa.' });
    const info = await t.app.inject({ url: '/api/info/', headers: c.auth });
    expect(info.json<{ user: User }>().user.profile.city).not.toBe('Nakuru');
  });

  it('refuses a 20 MB picture and a file that is not a picture, keeping nothing', async () => {
    const c = await signedInCustomer(t.app);
    const before = await portraits();
    for (const [bytes, message] of [
      [Buffer.alloc(20 * 1024 * 1024, 1), 'The picture must be at most 5 MB.'],
      [Buffer.from('%PDF-1.4 not a picture'), 'Upload a JPEG, PNG or WebP picture.'],
    ] as const) {
      const form = new FormData();
      form.append('profile_pic', new Blob([bytes], { type: 'image/png' }), 'me.png');
      const res = await patch(`/api/profile/${c.buyerid}/`, c.auth, form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ profile_pic: [message] });
    }
    expect(await portraits()).toBe(before);
    const info = await t.app.inject({ url: '/api/info/', headers: c.auth });
    expect(info.json<{ user: User }>().user.profile.profile_pic).toBeNull();
  });
});
