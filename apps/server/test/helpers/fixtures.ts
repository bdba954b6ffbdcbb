import type { Database } from '../../src/db/client.ts';
import { djs, genres, videoFiles, videos } from '../../src/db/schema.ts';

const DAY = 24 * 3600 * 1000;
export const FIXTURE_NOW = Date.parse('2026-10-01T12:00:00Z');

/** A small catalogue with known values, so tests can assert exact answers. */
export const FIXTURE_VIDEOS = [
  { title: 'Demon Slayer: Hunter\u2019s Oath', season: null, dj: 'Kibe', genre: 'Fantasy', cartegory: 'anime', price: 100, purchaseTimes: 50, age: 1, suggest: true, popular: false },
  { title: 'Nairobi Heist', season: null, dj: 'Zamu', genre: 'Action', cartegory: 'movie', price: 70, purchaseTimes: 300, age: 2, suggest: false, popular: true },
  { title: 'Empire of Swords', season: 'Season 1', dj: 'Zamu', genre: 'Fantasy', cartegory: 'series', price: 200, purchaseTimes: 10, age: 3, suggest: false, popular: false },
  { title: 'Empire of Swords', season: 'Season 2', dj: 'Zamu', genre: 'Fantasy', cartegory: 'series', price: 250, purchaseTimes: 20, age: 4, suggest: false, popular: false },
  { title: 'Boda Boda Kings', season: null, dj: 'Kibe', genre: 'Comedy', cartegory: 'movie', price: 50, purchaseTimes: 5, age: 5, suggest: true, popular: true },
  { title: '100% Pure_Fun \\ "Quoted"', season: null, dj: 'Kibe', genre: 'Comedy', cartegory: 'movie', price: 30, purchaseTimes: 0, age: 6, suggest: false, popular: false },
] as const;
export const HIDDEN_TITLE = 'Unpublished Secret';

export async function insertFixtureCatalogue(db: Database) {
  const djRows = await db.insert(djs).values([{ djName: 'Zamu' }, { djName: 'Kibe' }, { djName: 'Nyota' }]).returning();
  const genreRows = await db
    .insert(genres)
    .values([{ title: 'Action' }, { title: 'Fantasy' }, { title: 'Comedy' }, { title: 'Horror' }])
    .returning();
  const djId = (name: string) => djRows.find((d) => d.djName === name)!.id;
  const genreId = (title: string) => genreRows.find((g) => g.title === title)!.id;
  const rows = await db
    .insert(videos)
    .values([
      ...FIXTURE_VIDEOS.map((v) => ({
        title: v.title,
        season: v.season,
        djId: djId(v.dj),
        genreId: genreId(v.genre),
        cartegory: v.cartegory,
        type: `dj_${v.dj.toLowerCase()}`,
        price: v.price,
        synopsis: `About ${v.title}`,
        posterKey: 'abc123',
        // A transcoded file, so the video is for sale (CONTRACT §8); no media info, so nothing to stream.
        videoPath: `renditions/fixture-${v.age}`,
        purchaseTimes: v.purchaseTimes,
        dateUploaded: new Date(FIXTURE_NOW - v.age * DAY),
        suggest: v.suggest,
        popular: v.popular,
      })),
      {
        title: HIDDEN_TITLE,
        djId: djId('Zamu'),
        genreId: genreId('Action'),
        cartegory: 'movie',
        type: 'dj_zamu',
        price: 10,
        dateUploaded: new Date(FIXTURE_NOW),
        published: false,
      },
    ])
    .returning();
  await db.insert(videoFiles).values({ videoId: rows[0]!.id, name: 'English subtitles.srt', path: 'extras/x.srt', size: 2048 });
  return { videos: rows, djs: djRows, genres: genreRows };
}
