import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, SearchSuggestions, Video } from '@store/contract';
import { openDatabase } from '../../db/client.ts';
import { djs, videos } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { FIXTURE_VIDEOS, insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { SearchSync } from './search-sync.ts';

describe.each(engines())('title search on %s', (engine) => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof insertFixtureCatalogue>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    fixture = await insertFixtureCatalogue(t.database.db);
  });
  afterAll(() => t.close());

  const search = async (term: string, extra = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/videoDetails/?page_size=20&ordering=-date_uploaded${extra}&title=${encodeURIComponent(term)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<Video>>().results.map((v) => v.title);
  };

  it('finds a title despite a typo', async () => {
    expect((await search('demon slyer'))[0]).toBe('Demon Slayer: Hunter\u2019s Oath');
    expect((await search('nairobi hiest'))[0]).toBe('Nairobi Heist');
  });

  it('ignores case and matches word prefixes', async () => {
    expect(await search('NAIROBI')).toEqual(['Nairobi Heist']);
    expect(await search('emp swo')).toEqual(['Empire of Swords', 'Empire of Swords']);
    expect(await search('boda')).toEqual(['Boda Boda Kings']);
  });

  it('puts the best match first, ahead of newer weaker ones', async () => {
    const results = await search('empire of swords');
    expect(results.slice(0, 2)).toEqual(['Empire of Swords', 'Empire of Swords']);
  });

  it('combines with other filters', async () => {
    expect(await search('empire', '&cartegory=movie')).toEqual([]);
  });

  it('treats %, _, quotes and backslashes as plain characters, never as wildcards', async () => {
    const odd = '100% Pure_Fun \\ "Quoted"';
    // unescaped, each of these would match every title
    for (const wildcard of ['%', '_', '%%%', '___', '\\%']) expect(await search(wildcard), wildcard).toEqual([]);
    expect(await search('100%')).toEqual([odd]);
    expect(await search('pure_fun')).toEqual([odd]);
    expect(await search('\\ "quoted')).toEqual([odd]);
    expect(await search("o'brien'; drop table videos; --")).toEqual([]);
    // the catalogue is intact after that
    expect(await search('')).toHaveLength(FIXTURE_VIDEOS.length);
  });

  it('matches one or two letters at the start of a word', async () => {
    expect(await search('bo')).toEqual(['Boda Boda Kings']);
    expect(await search('k')).toEqual(['Boda Boda Kings']);
  });

  it('answers a 10,000-character term without an error', async () => {
    expect(await search('a'.repeat(10_000))).toEqual([]);
    expect(await search('demon slayer '.repeat(800))).toBeInstanceOf(Array);
  });

  it('finds nothing for nonsense', async () => {
    expect(await search('zzqx')).toEqual([]);
  });

  it('finds a title from the first letters typed with a typo (issue 15: "Empre")', async () => {
    expect(await search('Empre')).toEqual(['Empire of Swords', 'Empire of Swords']);
    expect(await search('empr')).toEqual(['Empire of Swords', 'Empire of Swords']);
    expect(await search('emp')).toEqual(['Empire of Swords', 'Empire of Swords']);
  });

  it('forgives one typo from 4 letters and two from 8, none below 4', async () => {
    expect(await search('nairobbi heist')).toEqual(['Nairobi Heist']);
    expect(await search('naiorbbi')).toEqual(['Nairobi Heist']); // 8 letters: a swap and a double b
    expect(await search('niarobbi')).toEqual(['Nairobi Heist']);
    expect(await search('nairobbi hiest')).toEqual(['Nairobi Heist']);
    expect(await search('nairobi hiiest')).toEqual([]); // two typos in a word of 6 letters
    expect(await search('bda')).toEqual([]); // 3 letters must be exact or a prefix
  });

  it('finds DJ names, genres and synopsis words, with typos too', async () => {
    const zamu = await search('zamu');
    expect(zamu).toHaveLength(3);
    expect(zamu).toEqual(expect.arrayContaining(['Nairobi Heist', 'Empire of Swords']));
    expect((await search('zamo')).sort()).toEqual(zamu.sort());
    expect((await search('kibe comedy')).sort()).toEqual(['100% Pure_Fun \\ "Quoted"', 'Boda Boda Kings']);
    await add({ title: 'Kanjo Chase', synopsis: 'A matatu tout races the city askaris through Nairobi at night' });
    expect(await search('askaris')).toEqual(['Kanjo Chase']);
    expect(await search('matatu tout')).toEqual(['Kanjo Chase']);
    expect(await search('askaris nairobi')).toEqual(['Kanjo Chase']);
  });

  it('finds words of the Kiswahili synopsis too, however it was written (issue 32 item 24)', async () => {
    await add({ title: 'Pwani Usiku', synopsis: 'Fishermen mend their nets' });
    const [row] = await t.database.db.select({ id: videos.id }).from(videos).where(eq(videos.title, 'Pwani Usiku'));
    await t.database.db.update(videos).set({ synopsisSw: 'Wavuvi wanashona nyavu zao' }).where(eq(videos.id, row!.id));
    expect(await search('wavuvi')).toEqual(['Pwani Usiku']);
    expect(await search('fishermen')).toEqual(['Pwani Usiku']);
  });

  it('puts a title match before a synopsis match, even an older one', async () => {
    await add({ title: 'Msee wa Mtaa', synopsis: 'A boy from Kibera', ageDays: 30 });
    await add({ title: 'Street Kid', synopsis: 'A msee who becomes a legend', ageDays: 0 });
    expect(await search('msee')).toEqual(['Msee wa Mtaa', 'Street Kid']);
  });

  it('takes a word the catalogue has as typed, and forgives typos in words it lacks', async () => {
    await add({ title: 'Ngoma Nights', ageDays: 40 });
    await add({ title: 'Ngome Tales', ageDays: 0 });
    expect(await search('ngoma')).toEqual(['Ngoma Nights']);
    expect(await search('ngome')).toEqual(['Ngome Tales']);
    // not a word of the catalogue: both are one typo away (the newer first)
    expect(await search('ngomw')).toEqual(['Ngome Tales', 'Ngoma Nights']);
  });

  it('puts an exact word before its shorter form, even an older one', async () => {
    await add({ title: 'Taarab Queens', ageDays: 40 });
    await add({ title: 'Taarab Queen', ageDays: 0 });
    expect(await search('queens')).toEqual(['Taarab Queens', 'Taarab Queen']);
  });

  it('does not turn a short word into anything (issue 32: "lamu" found 17 videos)', async () => {
    await add({ title: 'Love in Lamu', synopsis: 'Two hearts, one impossible love', ageDays: 50 });
    await add({ title: 'Ghost Samurai', synopsis: 'Do not watch this alone' });
    await add({ title: 'Pass Your Driving Test', synopsis: 'Learn it today, earn from it tomorrow' });
    expect(await search('lamu')).toEqual(['Love in Lamu']);
    // a typo on a word the catalogue lacks is still forgiven, but not on its first letter ('xamu' is not DJ Zamu)
    expect(await search('lamy')).toEqual(['Love in Lamu']);
    expect(await search('xamu')).toEqual([]);
    // typing 'samurai': its beginning is not taken for DJ Zamu's name with a typo
    expect(await search('samu')).toEqual(['Ghost Samurai']);
  });

  it('sees every change to the catalogue at once, however it was written', async () => {
    // Written straight to the database, as another process or a script would: the index sees each change.
    // (A new address each time: this process's 5-second response cache would answer a repeated one.)
    let n = 0;
    const fresh = (term: string) => search(term, `&n=${++n}`);
    const [row] = await t.database.db.insert(videos).values(videoValues({ title: 'Sheng Flow' })).returning();
    expect(await fresh('shemg flo')).toEqual(['Sheng Flow']);
    await t.database.db.update(videos).set({ title: 'Gengetone Flow' }).where(eq(videos.id, row!.id));
    expect(await fresh('sheng')).toEqual([]);
    expect(await fresh('gengetone')).toEqual(['Gengetone Flow']);
    await t.database.db.update(videos).set({ published: false }).where(eq(videos.id, row!.id));
    expect(await fresh('gengetone')).toEqual([]);
    await t.database.db.delete(videos).where(eq(videos.id, row!.id));
    expect(await fresh('gengetone')).toEqual([]);
    const [nyota] = await t.database.db.select().from(djs).where(eq(djs.djName, 'Nyota'));
    await add({ title: 'Usiku Mrefu', dj: nyota!.id });
    expect(await fresh('nyota')).toEqual(['Usiku Mrefu']);
    await t.database.db.update(djs).set({ djName: 'Nyota Njema' }).where(eq(djs.id, nyota!.id));
    expect(await fresh('njema')).toEqual(['Usiku Mrefu']);
  });

  it('suggests a few titles with small posters as one types, none under 2 letters', async () => {
    const suggest = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/search/suggestions/?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SearchSuggestions>();
    };
    expect(await suggest('e')).toEqual({ results: [], did_you_mean: null });
    const empire = await suggest('Empre');
    expect(empire.results.map((r) => r.title)).toEqual(['Empire of Swords', 'Empire of Swords']);
    expect(empire.results[0]).toMatchObject({ dj: 'Zamu', poster: '/media/posters/abc123-160.webp' });
    expect(empire.did_you_mean).toBeNull();
    // nothing matches: the unknown word is replaced by the nearest word of the catalogue
    expect(await suggest('nairobi hxyst')).toEqual({ results: [], did_you_mean: 'nairobi heist' });
    expect(await suggest('nairobi qqqqqqq')).toEqual({ results: [], did_you_mean: null });
  });

  let added = 0;
  function videoValues(v: { title: string; synopsis?: string; ageDays?: number; dj?: number }) {
    return {
      title: v.title,
      synopsis: v.synopsis ?? '',
      djId: v.dj ?? fixture.djs[0]!.id,
      genreId: fixture.genres[0]!.id,
      cartegory: 'movie',
      type: 'dj_zamu',
      price: 60,
      // the newest of the fixtures unless told: date order alone would put the new video first
      dateUploaded: new Date(Date.parse('2026-10-01T12:00:00Z') - (v.ageDays ?? 0) * 86_400_000 + ++added),
    };
  }
  async function add(v: Parameters<typeof videoValues>[0]) {
    await t.database.db.insert(videos).values(videoValues(v));
  }
});

describe.each(engines().filter((e) => e === 'postgres'))('search in several processes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertFixtureCatalogue(t.database.db);
  });
  afterAll(() => t.close());

  it('gives another process the same answers, including changes made by this one', async () => {
    // another process: its own connection pool and its own index over the same database
    const other = await openDatabase({ url: t.database.url!, poolSize: 2 });
    try {
      const elsewhere = new SearchSync(other.db);
      const ids = async () => (await elsewhere.current()).search('empre', {}, '-date_uploaded', 20, 0).ids;
      let call = 0;
      const here = async () => {
        // a new address each time: the 5-second response cache would answer the same one (decision 0005)
        const res = await t.app.inject({ method: 'GET', url: `/api/videoDetails/?page_size=20&title=empre&ordering=-date_uploaded&n=${++call}` });
        return res.json<Page<Video>>().results.map((v) => v.vidId);
      };
      expect(await ids()).toEqual(await here());
      const [row] = await t.database.db.insert(videos).values({ title: 'Empire Reborn', djId: (await t.database.db.select().from(djs))[0]!.id, genreId: 1, cartegory: 'movie', type: 'dj_zamu', price: 10 }).returning();
      expect(await ids()).toContain(row!.id);
      expect(await ids()).toEqual(await here());
    } finally {
      await other.close();
    }
  });
});
