import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCustomer, AdminDashboard } from '@store/contract';
import { mediaJobs, profiles } from '../../db/schema.ts';
import type { Mail } from '../mail/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

interface ContactMessage {
  id: number;
  message: string;
  is_read: boolean;
  user_id: number | null;
  reply_language: 'en' | 'sw';
  reply: string | null;
  replied_at: string | null;
  replied_by: string | null;
}

describe.each(engines())('the back office serving customers on %s', (engine) => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof signedInStaff>>;
  let videos: Awaited<ReturnType<typeof insertFixtureCatalogue>>['videos'];
  beforeAll(async () => {
    t = await createTestApp(engine);
    videos = (await insertFixtureCatalogue(t.database.db)).videos;
    staff = await signedInStaff(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = staff.auth) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });
  const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
  /** The mails waiting in the job queue for an address, newest first (the queue, not a transport, holds them). */
  const queuedMailsTo = async (to: string) =>
    (await t.database.db.select().from(mediaJobs).where(eq(mediaJobs.kind, 'mail')).orderBy(desc(mediaJobs.id)))
      .map((j) => (j.payload as { mail: Mail }).mail)
      .filter((m) => m.to === to);
  let ip = 0;
  const writeIn = async (body: { email: string; message: string }, language?: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/message/', remoteAddress: `10.21.0.${++ip}`, headers: language ? { 'accept-language': language } : {}, payload: { name: 'Achieng', phone_number: '0799 555 000', ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };

  it('finds a customer by phone however staff type it', async () => {
    const c = await signedInCustomer(t.app);
    await t.database.db.update(profiles).set({ phoneNumber: '254722000111' }).where(eq(profiles.userId, c.id));
    for (const typed of ['0722000111', '+254 722 000 111', '254722000111', '0722-000-111', '722 000 111', '0722 000']) {
      const found = (await call('GET', `/customers?${filter({ q: typed })}`)).json<AdminCustomer[]>();
      expect(found.map((x) => x.id), typed).toEqual([c.id]);
    }
    // Still a plain search for anything else: no customer has these digits in that order.
    expect((await call('GET', `/customers?${filter({ q: '0733 000 111' })}`)).json<AdminCustomer[]>()).toEqual([]);
  });

  it('replies to a message by e-mail in the customer’s language, queued and recorded with who and when', async () => {
    const customer = await signedInCustomer(t.app);
    await t.app.inject({ method: 'PATCH', url: `/api/profile/${customer.buyerid}/`, headers: customer.auth, payload: { language: 'sw' } });
    const id = await writeIn({ email: customer.email.toUpperCase(), message: 'Video yangu inasimama.\nTafadhali saidia.' }, 'en-GB');
    const opened = (await call('GET', `/contact-messages/${id}`)).json<ContactMessage>();
    expect(opened).toMatchObject({ user_id: customer.id, reply_language: 'sw', reply: null, is_read: false });

    const res = await call('POST', `/contact-messages/${id}/reply`, { reply: '  Tumeirekebisha: jaribu tena sasa.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const replied = res.json<ContactMessage>();
    expect(replied).toMatchObject({ reply: 'Tumeirekebisha: jaribu tena sasa.', replied_by: staff.username, is_read: true });
    expect(Date.now() - Date.parse(replied.replied_at!)).toBeLessThan(60_000);

    const [mail] = await queuedMailsTo(customer.email.toUpperCase());
    expect(mail!.subject).toBe('Jibu: ujumbe wako kwa Video Store Kenya');
    expect(mail!.text).toMatch(/^Habari Achieng,\n\nTumeirekebisha: jaribu tena sasa\.\n/);
    expect(mail!.text).toContain('> Video yangu inasimama.\n> Tafadhali saidia.');
    // Read now, and found under read: it does not vanish.
    const read = (await call('GET', `/contact-messages?${filter({ is_read: true })}`)).json<ContactMessage[]>();
    expect(read.map((m) => m.id)).toContain(id);
    const audit = (await call('GET', `/audit?${filter({ resource: 'contact-messages', record_id: id })}`)).json<{ user_id: number; after: ContactMessage }[]>();
    expect(audit).toEqual([expect.objectContaining({ user_id: staff.id, after: expect.objectContaining({ reply: 'Tumeirekebisha: jaribu tena sasa.' }) })]);
  });

  it('answers a stranger in the language the contact page was in, and in English without one', async () => {
    const sw = await writeIn({ email: 'mgeni@example.co.ke', message: 'Mnauza filamu za Kikuyu?' }, 'sw-KE,sw;q=0.9');
    await call('POST', `/contact-messages/${sw}/reply`, { reply: 'Ndiyo, tazama Mpya.' });
    expect((await queuedMailsTo('mgeni@example.co.ke'))[0]!.subject).toBe('Jibu: ujumbe wako kwa Video Store Kenya');
    const none = await writeIn({ email: 'stranger@example.com', message: 'Do you sell <b>Kikuyu</b> films & series?' });
    expect((await call('GET', `/contact-messages/${none}`)).json<ContactMessage>()).toMatchObject({ user_id: null, reply_language: 'en' });
    await call('POST', `/contact-messages/${none}/reply`, { reply: 'Yes: see New & Popular.' });
    const [mail] = await queuedMailsTo('stranger@example.com');
    expect(mail!.subject).toBe('Re: your message to Video Store Kenya');
    expect(mail!.html).toContain('Yes: see New &amp; Popular.');
    expect(mail!.html).toContain('Do you sell &lt;b&gt;Kikuyu&lt;/b&gt; films &amp; series?');
  });

  it('refuses an empty reply, an unknown message and anyone but staff, and queues nothing then', async () => {
    const id = await writeIn({ email: 'nobody.answered@example.co.ke', message: 'Hello?' });
    const empty = await call('POST', `/contact-messages/${id}/reply`, { reply: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ reply: ['Write the reply first.'] });
    const swahili = await t.app.inject({ method: 'POST', url: `/api/admin/contact-messages/${id}/reply`, headers: { ...staff.auth, 'accept-language': 'sw' }, payload: { reply: '' } });
    expect(swahili.json()).toEqual({ reply: ['Andika jibu kwanza.'] });
    expect((await call('POST', '/contact-messages/999999/reply', { reply: 'Hi' })).statusCode).toBe(404);
    expect((await call('POST', `/contact-messages/${id}/reply`, { reply: 'Hi' }, {})).statusCode).toBe(401);
    const customer = await signedInCustomer(t.app);
    expect((await call('POST', `/contact-messages/${id}/reply`, { reply: 'Hi' }, customer.auth)).statusCode).toBe(403);
    expect(await queuedMailsTo('nobody.answered@example.co.ke')).toEqual([]);
    expect((await call('GET', `/contact-messages/${id}`)).json<ContactMessage>()).toMatchObject({ reply: null, is_read: false });
  });

  it('mails the customer when staff refund a purchase, in their language', async () => {
    const sw = await signedInCustomer(t.app);
    await t.app.inject({ method: 'PATCH', url: `/api/profile/${sw.buyerid}/`, headers: sw.auth, payload: { language: 'sw' } });
    const en = await signedInCustomer(t.app);
    for (const c of [sw, en]) {
      await call('POST', '/adjustments', { user_id: c.id, amount: 100, reason: 'welcome credit' });
      expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: videos[1]!.id } })).statusCode).toBe(201);
      const [purchase] = (await call('GET', `/purchases?${filter({ user_id: c.id })}`)).json<{ id: number }[]>();
      expect(await queuedMailsTo(c.email)).toEqual([]);
      expect((await call('POST', `/purchases/${purchase!.id}/refund`, { reason: 'Paid twice' })).statusCode).toBe(200);
    }
    const [kiswahili] = await queuedMailsTo(sw.email);
    expect(kiswahili!.subject).toBe('Umerudishiwa pesa za Nairobi Heist');
    expect(kiswahili!.text).toContain('Ksh 70 zimerudi kwenye salio lako la Video Store Kenya, ambalo sasa ni Ksh 100.');
    expect(kiswahili!.text).toContain('Sababu: Paid twice');
    const [english] = await queuedMailsTo(en.email);
    expect(english!.subject).toBe('Your refund for Nairobi Heist');
    expect(english!.text).toContain('Ksh 70 is back on your Video Store Kenya balance, which is now Ksh 100.');
    expect(english!.text).toContain(`${t.config.publicUrl}/account`);
  });

  it('counts only transcodes, queued or running, as videos transcoding', async () => {
    const before = (await call('GET', '/dashboard')).json<AdminDashboard>().jobs;
    // What shares the queue: recurring tasks, mail, one failed mail.
    await t.store.jobQueue.schedule('reconcile-deposits', 60_000);
    await t.store.jobQueue.schedule('prune-jobs', 3_600_000);
    // Ahead of the replies' and refunds' mails, so that this one is claimed and fails for good.
    await t.store.jobQueue.enqueue({ kind: 'mail', payload: { mail: { to: 'x@example.co.ke' } }, maxAttempts: 1, priority: 1000 });
    const mail = (await t.store.jobQueue.claim(['mail']))!;
    await t.store.jobQueue.fail(mail, 'SMTP down');
    await t.store.jobQueue.enqueue({ kind: 'mail', payload: {} });
    await t.store.jobQueue.claim(['mail']);
    await t.store.jobQueue.enqueue({ kind: 'sweep-uploads' });
    expect((await call('GET', '/dashboard')).json<AdminDashboard>().jobs).toEqual(before);
    // Two videos to transcode, one of them started.
    await t.store.jobQueue.enqueue({ videoId: videos[0]!.id, sourcePath: 'sources/a.mp4' });
    await t.store.jobQueue.enqueue({ videoId: videos[1]!.id, sourcePath: 'sources/b.mp4' });
    await t.store.jobQueue.claim(['transcode']);
    expect((await call('GET', '/dashboard')).json<AdminDashboard>().jobs).toEqual({ queued: before.queued + 1, running: before.running + 1, failed: before.failed });
    expect(await t.database.db.select().from(mediaJobs).where(and(eq(mediaJobs.kind, 'mail'), eq(mediaJobs.state, 'failed')))).toHaveLength(1);
  });
});
