import { describe, expect, it } from 'vitest';
import { type SearchDoc, SearchIndex } from './search-index.ts';
import { editDistance, typoBudget, words } from './search-text.ts';

const doc = (id: number, title: string, more: Partial<SearchDoc> = {}): SearchDoc => ({
  id,
  title,
  synopsis: '',
  djId: 1,
  genreId: 1,
  cartegory: 'movie',
  type: 'dj_zamu',
  price: 50,
  purchaseTimes: 0,
  dateUploaded: id,
  suggest: false,
  popular: false,
  published: true,
  rating: 'GE',
  ...more,
});

function indexOf(...docs: SearchDoc[]) {
  const index = new SearchIndex();
  index.setGroups(new Map([[1, 'DJ Zamu'], [2, 'Kibe']]), new Map([[1, 'Kung Fu']]));
  for (const d of docs) index.upsert(d);
  return index;
}
const titles = (index: SearchIndex, q: string, ordering = '-date_uploaded' as const) =>
  index.search(q, {}, ordering, 20, 0).ids;

describe('search words and typos', () => {
  it('keeps Kiswahili and Sheng words whole (no stemming) and splits on anything but letters and digits', () => {
    expect(words('Mapenzi ya Msee: Sheng’s 2024 — Nairobi!')).toEqual(['mapenzi', 'ya', 'msee', 'sheng', 's', '2024', 'nairobi']);
  });

  it('allows no typo below 4 letters, one from 4, two from 8, none in a word with a digit', () => {
    expect([typoBudget('ndi'), typoBudget('ndio'), typoBudget('mapenzi'), typoBudget('mapenzii'), typoBudget('2024a')]).toEqual([0, 1, 1, 2, 0]);
  });

  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('hiest', 'heist', 2)).toBe(1);
    expect(editDistance('empre', 'empire', 2)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});

describe('SearchIndex', () => {
  it('ranks title before DJ and genre before synopsis, and exact before prefix before typo', () => {
    const index = indexOf(
      doc(1, 'Other', { synopsis: 'simba roars' }),
      doc(2, 'Simba Returns'),
      doc(3, 'Simbo Returns'),
      doc(4, 'Simbaland'),
    );
    // 'simba' is a word of the catalogue: taken as typed, 'Simbo' is not one of its typos
    expect(titles(index, 'simba')).toEqual([2, 4, 1]);
    // 'smiba' is not: one typo from 'simba' and 'simbaland''s beginning, two from 'simbo'
    expect(titles(index, 'smiba')).toEqual([2, 4, 1]);
    expect(titles(index, 'simbp')).toEqual([3, 2, 4, 1]);
    expect(titles(index, 'zamu')).toEqual([4, 3, 2, 1]);
    expect(titles(index, 'kung fu')).toEqual([4, 3, 2, 1]);
  });

  it('needs every typed word, in any field', () => {
    const index = indexOf(doc(1, 'Simba', { synopsis: 'a lion in Nairobi' }), doc(2, 'Simba', { djId: 2 }));
    expect(titles(index, 'simba nairobi')).toEqual([1]);
    expect(titles(index, 'simba kibe')).toEqual([2]);
    expect(titles(index, 'simba mombasa')).toEqual([]);
  });

  it('forgets replaced and removed videos, also after compacting many of them', () => {
    const index = indexOf();
    for (let i = 1; i <= 3000; i++) index.upsert(doc(i, `Title ${i}`));
    for (let i = 1; i <= 2990; i++) index.remove(i);
    index.upsert(doc(2995, 'Renamed'));
    expect(index.size).toBe(10);
    expect(index.search('title', {}, 'date_uploaded', 20, 0)).toEqual({ ids: [2991, 2992, 2993, 2994, 2996, 2997, 2998, 2999, 3000], count: 9 });
    expect(titles(index, 'renamed')).toEqual([2995]);
  });

  it('pages through many equal matches in the requested order and counts them all', () => {
    const index = indexOf(...Array.from({ length: 500 }, (_, i) => doc(i + 1, 'The Story', { price: (i * 7) % 100 })));
    const page = index.search('story', {}, '-price', 5, 10);
    expect(page.count).toBe(500);
    const all = index.search('story', {}, '-price', 500, 0).ids;
    expect(page.ids).toEqual(all.slice(10, 15));
  });

  it('counts a typo on the first letter as two, and a short word\'s typo\'d beginning is as long as the word', () => {
    const index = indexOf(doc(1, 'Ghost Samurai', { djId: 2 }), doc(2, 'Laugh at Midnight', { djId: 2 }), doc(3, 'Empire of Swords', { djId: 2 }), doc(4, 'Pass Your Test'));
    // before: 'xamu' was DJ Zamu's with one typo, 'lamu' also 'samurai' begun with one and 'laugh' begun with an extra 'm'
    expect(titles(index, 'xamu')).toEqual([]);
    expect(titles(index, 'lamu')).toEqual([]);
    expect(titles(index, 'zamo')).toEqual([4]);
    expect(titles(index, 'empr')).toEqual([3]);
    // from 8 letters, a first-letter typo is the word's two
    expect(titles(index, 'xamurai')).toEqual([]);
    expect(titles(index, 'xidnight')).toEqual([2]);
    expect(titles(index, 'xidnihgt')).toEqual([]);
  });

  it('keeps a word\'s typo neighbours out when the list has the word itself, counting only videos it shows', () => {
    const index = indexOf(doc(1, 'Zombie Lamu', { rating: '18' }), doc(2, 'Lamo Beach'), doc(3, 'Shaolin Warrior'), doc(4, 'Shaolin Warriors'));
    expect(titles(index, 'lamu')).toEqual([1]);
    // under the family lock, a word only hidden videos have is one the list lacks: its neighbours are found as for any unknown word
    expect(index.search('lamu', { rating: ['GE', 'PG'] }, '-date_uploaded', 20, 0).ids).toEqual([2]);
    expect(index.search('lamx', { rating: ['GE', 'PG'] }, '-date_uploaded', 20, 0).ids).toEqual([2]);
    // but a plural also finds its singular, after it
    expect(titles(index, 'warriors')).toEqual([4, 3]);
  });

  it('proposes the nearest catalogue words for unknown ones', () => {
    const index = indexOf(doc(1, 'Nairobi Heist'));
    expect(index.didYouMean('nairobi hxyst')).toBe('nairobi heist');
    expect(index.didYouMean('nairobi heist')).toBeNull();
  });

  it('proposes no word found only in videos a family-locked list leaves out', () => {
    const index = indexOf(doc(1, 'Zombie Harvest', { rating: '18', synopsis: 'Graveyard terror' }), doc(2, 'Simba Cartoon', { rating: 'GE' }));
    // Letters left out: too far for the search itself, near enough to propose.
    expect(index.didYouMean('hrvst simba')).toBe('harvest simba');
    expect(index.didYouMean('grvyrd simba')).toBe('graveyard simba');
    expect(index.didYouMean('hrvst simba', ['GE', 'PG'])).toBeNull();
    expect(index.didYouMean('grvyrd simba', ['GE', 'PG'])).toBeNull();
    expect(index.didYouMean('crtn simba', ['GE', 'PG'])).toBe('cartoon simba');
  });
});
