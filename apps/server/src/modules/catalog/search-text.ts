import { MAX_SEARCH_LENGTH } from '@store/contract';

/** At most this many words of a query count; the rest are ignored (bounds the work per query). */
export const MAX_QUERY_WORDS = 8;

/**
 * The words of a text as search sees them: NFKC, lower case, split on anything that is not a letter
 * or a digit. No stemming and no stop words: Kiswahili and Sheng words ('na', 'ya', 'msee') are
 * ordinary words, and an English stemmer would mangle them.
 */
export function words(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The words of a query: only the first MAX_SEARCH_LENGTH characters and MAX_QUERY_WORDS words count. */
export function queryWords(raw: string): string[] {
  return words(raw.slice(0, MAX_SEARCH_LENGTH)).slice(0, MAX_QUERY_WORDS);
}

/**
 * How many typos a typed word may carry, as Meilisearch and Typesense count them: none below 4
 * letters, one from 4, two from 8. Words with a digit (years, episode numbers) must be exact.
 */
export function typoBudget(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const n = [...word].length;
  return n >= 8 ? 2 : n >= 4 ? 1 : 0;
}

/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment):
 * 'hiest' is one typo away from 'heist', as a person typing sees it. Returns limit + 1 when the
 * distance is above the limit.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(row[j - 1]! + 1, prev[j]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, limit + 1);
}
