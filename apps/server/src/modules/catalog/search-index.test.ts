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
    expect(titles(index, 'simba')).toEqual([2, 4, 3, 1]);
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
