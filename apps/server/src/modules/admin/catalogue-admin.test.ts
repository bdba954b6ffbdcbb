import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminPerson, AdminVideo } from '@store/contract';
import { mediaJobs, videoFiles } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

const picture = () => sharp({ create: { width: 600, height: 900, channels: 3, background: '#b71c1c' } }).png().toBuffer();

describe.each(engines())('videos and the team in the back office on %s', (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  let staffId: number;
  let customer: Awaited<ReturnType<typeof signedInCustomer>>;
  let fixture: Awaited<ReturnType<typeof insertFixtureCatalogue>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    fixture = await insertFixtureCatalogue(t.database.db);
    customer = await signedInCustomer(t.app);
    const s = await signedInStaff(t.app);
    staff = s.auth;
    staffId = s.id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object | Buffer, headers: Record<string, string> = staff) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });
  const audit = async (resource: string, recordId: number) =>
    (await call('GET', `/audit?filter=${encodeURIComponent(JSON.stringify({ resource, record_id: recordId }))}`)).json<AdminAuditEntry[]>();
  const zamu = () => fixture.djs.find((d) => d.djName === 'Zamu')!.id;
  const kibe = () => fixture.djs.find((d) => d.djName === 'Kibe')!.id;
  const action = () => fixture.genres.find((g) => g.title === 'Action')!.id;
  const newVideo = { title: 'Mombasa Nights', season: '', dj_id: 0, genre_id: 0, cartegory: 'movie', price: 80, synopsis: 'A night on the coast.', suggest: true, popular: false, published: false };

  it('creates a video with the DJ’s type, changes it, and logs both', async () => {
    const created = await call('POST', '/videos', { ...newVideo, dj_id: zamu(), genre_id: action() });
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json<AdminVideo>();
    expect(video).toMatchObject({ title: 'Mombasa Nights', season: null, type: 'dj_zamu', price: 80, published: false, playable: false, job: null, files: [], purchase_times: 0 });

    const changed = await call('PUT', `/videos/${video.id}`, { ...video, dj_id: kibe(), price: 90, published: true, purchase_times: 9999 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AdminVideo>()).toMatchObject({ type: 'dj_kibe', price: 90, published: true, purchase_times: 0 });
    const store = await t.app.inject({ url: `/api/videoDetails/${video.id}/` });
    expect(store.json()).toMatchObject({ title: 'Mombasa Nights', price: 90 });
    expect((await audit('videos', video.id)).map((a) => a.action)).toEqual(['update', 'create']);
  });

  it('sets a video’s KFCB rating, which the store shows and the list filters by (CONTRACT §13)', async () => {
    const created = await call('POST', '/videos', { ...newVideo, dj_id: zamu(), genre_id: action(), rating: '18', published: true });
    expect(created.json<AdminVideo>()).toMatchObject({ rating: '18' });
    const id = created.json<AdminVideo>().id;
    expect((await t.app.inject({ url: `/api/videoDetails/${id}/` })).json()).toMatchObject({ rating: '18' });
    expect((await call('PUT', `/videos/${id}`, { rating: 'PG' })).json<AdminVideo>()).toMatchObject({ rating: 'PG' });
    const wrong = await call('PUT', `/videos/${id}`, { rating: '13' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ rating: ['Choose one of: GE, PG, 16, 18.'] });
    const pg = (await call('GET', `/videos?filter=${encodeURIComponent(JSON.stringify({ rating: 'PG' }))}`)).json<AdminVideo[]>();
    expect(pg.map((v) => v.id)).toContain(id);
    expect(pg.every((v) => v.rating === 'PG')).toBe(true);
  });

  it('changes only the fields a PUT sends: a price alone leaves the synopsis, season and flags', async () => {
    const created = await call('POST', '/videos', { ...newVideo, season: 'Season 2', synopsis: 'Two cousins and a matatu.', suggest: true, popular: true, published: true, dj_id: zamu(), genre_id: action() });
    expect(created.statusCode, created.body).toBe(201);
    const before = created.json<AdminVideo>();
    const changed = await call('PUT', `/videos/${before.id}`, { price: 100 });
    expect(changed.statusCode, changed.body).toBe(200);
    const { price: _old, ...rest } = before;
    expect(changed.json<AdminVideo>()).toMatchObject({ ...rest, price: 100 });
    expect((await call('GET', `/videos/${before.id}`)).json<AdminVideo>()).toMatchObject({ synopsis: 'Two cousins and a matatu.', season: 'Season 2', suggest: true, popular: true, published: true, price: 100 });
    // The other resources share the rule: a DJ's PUT without a name keeps the name.
    const dj = await call('PUT', `/djs/${zamu()}`, {});
    expect(dj.json()).toMatchObject({ dj_name: 'Zamu' });
  });

  it('says which field is wrong', async () => {
    const bad = await call('POST', '/videos', { ...newVideo, title: ' ', dj_id: 999_999, genre_id: action(), cartegory: 'cartoon', price: -5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['cartegory', 'price', 'title']);
    const noDj = await call('POST', '/videos', { ...newVideo, dj_id: 999_999, genre_id: action() });
    expect(noDj.statusCode).toBe(400);
    expect(noDj.json()).toEqual({ dj_id: ['No such DJ.'] });
  });

  it('refuses an emptied or missing name in the staff member’s Kiswahili, as react-admin sends it (null)', async () => {
    const sw = { ...staff, 'accept-language': 'sw' };
    const refusal = async (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
      const res = await call(method, url, payload, sw);
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    expect(await refusal('/genres', { title: null })).toEqual({ title: ['Jina linahitajika.'] });
    expect(await refusal('/genres', {})).toEqual({ title: ['Jina linahitajika.'] });
    expect(await refusal('/djs', { dj_name: null })).toEqual({ dj_name: ['Jina la DJ linahitajika.'] });
    expect(await refusal(`/djs/${zamu()}`, { dj_name: 7 }, 'PUT')).toEqual({ dj_name: ['Jina la DJ linahitajika.'] });
    expect(await refusal('/notifications', { message: null })).toEqual({ message: ['Ujumbe unahitajika.'] });
    expect(await refusal('/people', { role: 'team', full_name: null, title: 'x'.repeat(101) })).toEqual({ full_name: ['Jina kamili linahitajika.'], title: ['Cheo kisizidi herufi 100.'] });
    expect(await refusal('/videos', { ...newVideo, dj_id: zamu(), genre_id: action(), title: 'x'.repeat(201) })).toEqual({ title: ['Jina lisizidi herufi 200.'] });
    // In English as before without the header.
    expect((await call('POST', '/genres', { title: null })).json()).toEqual({ title: ['The title is required.'] });
  });

  it('says the refusals no schema words itself (a wrong type, a number over its limit) in Kiswahili too', async () => {
    const sw = { ...staff, 'accept-language': 'sw' };
    const video = await call('POST', '/videos', { ...newVideo, dj_id: zamu(), genre_id: action(), suggest: 'ndiyo', synopsis: 42 }, sw);
    expect(video.statusCode).toBe(400);
    expect(video.json()).toEqual({ suggest: ['Lazima iwe true au false.'], synopsis: ['Lazima iwe maandishi.'] });
    const person = await call('POST', '/people', { role: 'team', full_name: 'Achieng Otieno', title: 'Editor', sort_order: 5000 }, sw);
    expect(person.json()).toEqual({ sort_order: ['Hakikisha kiasi hiki hakizidi 1,000.'] });
    // The same refusal in English without the header: the catalog's sentence, not zod's.
    const english = await call('POST', '/people', { role: 'team', full_name: 'Achieng Otieno', title: 'Editor', sort_order: 'first' });
    expect(english.json()).toEqual({ sort_order: ['A valid number is required.'] });
  });

  it('saves a Kiswahili synopsis the catalogue carries next to the English one; emptied, it is null (issue 32 item 24)', async () => {
    const created = await call('POST', '/videos', { ...newVideo, dj_id: zamu(), genre_id: action(), published: true, synopsis_sw: '  Usiku mmoja pwani.  ' });
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json<AdminVideo>();
    expect(video).toMatchObject({ synopsis: 'A night on the coast.', synopsis_sw: 'Usiku mmoja pwani.' });
    const store = async () => (await t.app.inject({ url: `/api/videoDetails/${video.id}/`, headers: { 'accept-language': 'sw' } })).json();
    expect(await store()).toMatchObject({ synopsis: 'A night on the coast.', synopsis_sw: 'Usiku mmoja pwani.' });
    const listed = (await t.app.inject({ url: '/api/videoDetails/?ordering=-date_uploaded&page_size=50' })).json<{ results: { vidId: number; synopsis_sw: string | null }[] }>();
    expect(listed.results.find((v) => v.vidId === video.id)?.synopsis_sw).toBe('Usiku mmoja pwani.');
    // A price alone leaves it; an emptied field clears it.
    expect((await call('PUT', `/videos/${video.id}`, { price: 90 })).json<AdminVideo>().synopsis_sw).toBe('Usiku mmoja pwani.');
    expect((await call('PUT', `/videos/${video.id}`, { synopsis_sw: '' })).json<AdminVideo>().synopsis_sw).toBeNull();
    expect(await store()).toMatchObject({ synopsis: 'A night on the coast.', synopsis_sw: null });
    const tooLong = await call('PUT', `/videos/${video.id}`, { synopsis_sw: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ synopsis_sw: ['At most 5,000 characters.'] });
  });

  it('saves an emptied synopsis or message (react-admin sends null) as empty', async () => {
    const video = (await call('POST', '/videos', { ...newVideo, dj_id: zamu(), genre_id: action() })).json<AdminVideo>();
    const cleared = await call('PUT', `/videos/${video.id}`, { synopsis: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<AdminVideo>().synopsis).toBe('');
    const person = (await call('POST', '/people', { role: 'team', full_name: 'Achieng Otieno', title: 'Editor', message: null })).json<AdminPerson>();
    expect(person.message).toBe('');
    expect((await call('DELETE', `/people/${person.id}`)).statusCode).toBe(200);
  });

  it('filters by DJ, category and flags, and searches titles', async () => {
    const list = async (filter: object) => (await call('GET', `/videos?filter=${encodeURIComponent(JSON.stringify(filter))}`)).json<AdminVideo[]>().map((v) => v.title);
    expect(await list({ q: 'empire' })).toEqual(['Empire of Swords', 'Empire of Swords']);
    expect((await list({ dj_id: kibe(), cartegory: 'movie', popular: true })).sort()).toEqual(['Boda Boda Kings']);
    expect(await list({ published: false })).toContain('Unpublished Secret');
  });

  it('sets a poster from an uploaded picture and refuses what is not one', async () => {
    const id = fixture.videos[0]!.id;
    const res = await call('PUT', `/videos/${id}/poster`, await picture(), { ...staff, 'content-type': 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const poster = res.json<AdminVideo>().poster!;
    expect(poster).toMatch(/^\/media\/posters\/[0-9a-f]{24}-320\.webp$/);
    expect((await t.app.inject({ url: poster })).statusCode).toBe(200);
    const png = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const truncated = await call('PUT', `/videos/${id}/poster`, png.subarray(0, Math.floor(png.length / 2)), { ...staff, 'content-type': 'image/png' });
    expect([truncated.statusCode, truncated.json()]).toEqual([400, { detail: 'The picture could not be read: it may be cut short or damaged. Upload it again.' }]);
    const notImage = await call('PUT', `/videos/${id}/poster`, Buffer.from('not a picture'), { ...staff, 'content-type': 'image/png' });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toEqual({ detail: 'Upload a JPEG, PNG or WebP picture.' });
    const wrongType = await call('PUT', `/videos/${id}/poster`, Buffer.from('x'), { ...staff, 'content-type': 'application/pdf' });
    expect(wrongType.statusCode).toBe(415);
    const postersDir = path.join(t.config.dataDir, 'media', 'posters');
    const filesBefore = (await fs.readdir(postersDir)).length;
    const nowhere = await call('PUT', '/videos/999999/poster', await sharp({ create: { width: 300, height: 450, channels: 3, background: '#004d40' } }).png().toBuffer(), { ...staff, 'content-type': 'image/png' });
    expect(nowhere.statusCode).toBe(404);
    expect((await fs.readdir(postersDir)).length, 'no picture is written for a video that does not exist').toBe(filesBefore);
  });

  it('retries a failed transcoding job, and only a failed one', async () => {
    const id = fixture.videos[1]!.id;
    const [job] = await t.database.db.insert(mediaJobs).values({ videoId: id, kind: 'transcode', sourcePath: `${id}/x.mp4`, state: 'failed', attempts: 4, error: 'ffmpeg failed' }).returning();
    const video = (await call('GET', `/videos/${id}`)).json<AdminVideo>();
    expect(video.job).toMatchObject({ id: job!.id, state: 'failed', error: 'ffmpeg failed' });
    const retried = await call('POST', `/videos/${id}/retry`);
    expect(retried.json<AdminVideo>().job).toMatchObject({ state: 'queued', attempts: 0, error: null });
    expect((await call('POST', `/videos/${id}/retry`)).json()).toEqual({ detail: 'Only a failed job can be retried; this one is queued.' });
    expect((await audit('media-jobs', job!.id))[0]).toMatchObject({ user_id: staffId, after: { state: 'queued' } });
  });

  it('removes an extra file: its row, its bytes and its place in the store', async () => {
    const id = fixture.videos[2]!.id;
    const file = path.join(t.config.dataDir, 'media', 'private', 'extras', String(id), 'notes.txt');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, 'notes');
    const [row] = await t.database.db.insert(videoFiles).values({ videoId: id, name: 'notes.txt', path: `extras/${id}/notes.txt`, size: 5 }).returning();
    const res = await call('DELETE', `/videos/${id}/files/${row!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminVideo>().files.map((f) => f.id)).not.toContain(row!.id);
    await expect(fs.stat(file)).rejects.toThrow();
    expect((await call('DELETE', `/videos/${id}/files/${row!.id}`)).statusCode).toBe(404);
  });

  it('deletes a video nobody bought, and refuses one a customer owns', async () => {
    const created = (await call('POST', '/videos', { ...newVideo, title: 'Short-lived', dj_id: zamu(), genre_id: action() })).json<AdminVideo>();
    expect((await call('DELETE', `/videos/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/videos/${created.id}`)).statusCode).toBe(404);

    const owned = fixture.videos[4]!; // Ksh 50
    await t.app.inject({ method: 'POST', url: '/api/admin/adjustments', headers: staff, payload: { user_id: customer.id, amount: 50, reason: 'test credit' } });
    const bought = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: customer.auth, payload: { video_id: owned.id } });
    expect(bought.statusCode, bought.body).toBe(201);
    const refused = await call('DELETE', `/videos/${owned.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Customers own this video, so it cannot be deleted: unpublish it instead.' });
  });

  it('keeps a person’s title and message in Kiswahili too, which /about carries for every reader (issue 32 item 24)', async () => {
    const created = await call('POST', '/people', { role: 'team', full_name: 'Baraka Otieno', title: 'Head of Support', message: 'We answer every message.', title_sw: 'Mkuu wa Huduma', message_sw: 'Tunajibu kila ujumbe.' });
    expect(created.statusCode, created.body).toBe(201);
    const person = created.json<AdminPerson>();
    expect(person).toMatchObject({ title_sw: 'Mkuu wa Huduma', message_sw: 'Tunajibu kila ujumbe.' });
    const shown = async () => (await t.app.inject({ url: '/api/about_team/?page_size=50' })).json<{ results: { id: number }[] }>().results.find((p) => p.id === person.id);
    expect(await shown()).toMatchObject({ title: 'Head of Support', title_sw: 'Mkuu wa Huduma', message: 'We answer every message.', message_sw: 'Tunajibu kila ujumbe.' });
    expect((await call('PUT', `/people/${person.id}`, { message_sw: null })).json<AdminPerson>()).toMatchObject({ title_sw: 'Mkuu wa Huduma', message_sw: null });
    expect(await shown()).toMatchObject({ title_sw: 'Mkuu wa Huduma', message_sw: null });
    expect((await call('DELETE', `/people/${person.id}`)).statusCode).toBe(200);
  });

  it('keeps the CEO and the team, with pictures, as /about shows them', async () => {
    const created = await call('POST', '/people', { role: 'team', full_name: 'Wanjiru Kamau', title: 'Head of Curation', message: '', sort_order: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const person = created.json<AdminPerson>();
    const withPicture = await call('PUT', `/people/${person.id}/picture`, await picture(), { ...staff, 'content-type': 'image/png' });
    expect(withPicture.json<AdminPerson>().picture).toMatch(/^\/media\/portraits\/.+-192\.webp$/);
    const team = await t.app.inject({ url: '/api/about_team/' });
    expect(JSON.stringify(team.json())).toContain('Wanjiru Kamau');
    expect((await call('PUT', `/people/${person.id}`, { role: 'chairman' })).json()).toEqual({ role: ['Choose CEO or team.'] });
    expect((await call('DELETE', `/people/${person.id}`)).statusCode).toBe(200);
    expect((await audit('people', person.id)).map((a) => a.action)).toEqual(['delete', 'update', 'create']);
  });
});
