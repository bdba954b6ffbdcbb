import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Video } from '@store/contract';
import { engines } from '../../../test/helpers/engines.ts';
import { FIXTURE_VIDEOS, insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe.each(engines())('title search on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertFixtureCatalogue(t.database.db);
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
});
