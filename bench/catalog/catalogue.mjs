// The benchmark catalogue, shared by run.mjs and search-engines.mjs: the same titles and the same
// typo'd terms for the same BENCH_VIDEOS, drawn from one seeded generator in one order.
export const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100_000);

// Titles like a real catalogue's: 1 to 4 words from a large vocabulary with a few very common words
// ("The", "of", "Love") and a long tail (Zipf-like), so a search matches a realistic share of titles.
export function rng(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const rand = rng(42);
const COMMON = ['The', 'of', 'Love', 'Night', 'Last', 'King', 'Return', 'Shadow', 'Blood', 'City', 'War', 'Dragon', 'Secret', 'Lost', 'Demon', 'Heart'];
const SYLLABLES = ['ka', 'ma', 'zu', 'ri', 'to', 'na', 'shi', 'ba', 'le', 'mo', 'ta', 'ki', 'wa', 'nyo', 'go', 'ra', 'vi', 'do', 'se', 'lu', 'pe', 'ha', 'ju', 'fi'];
const RARE = Array.from({ length: 5000 }, () => {
  const n = 2 + Math.floor(rand() * 3);
  const w = Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join('');
  return w[0].toUpperCase() + w.slice(1);
});
const word = () => (rand() < 0.3 ? COMMON[Math.floor(rand() ** 2 * COMMON.length)] : RARE[Math.floor(rand() ** 1.5 * RARE.length)]);
export const TITLES = Array.from({ length: VIDEOS }, () => Array.from({ length: 1 + Math.floor(rand() * 4) }, word).join(' '));

/** What a person types: part of a real title, lower case, with one letter dropped from its longest word. */
export function typoTerm(title) {
  const words = title.toLowerCase().split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const at = 1 + Math.floor(rand() * (longest.length - 2));
  return words.map((w) => (w === longest && w.length > 4 ? w.slice(0, at) + w.slice(at + 1) : w)).join(' ');
}

/** The 300 (by default) distinct typo'd title terms, each with the title it was typed from. */
export function typoTerms(n = 300) {
  const wanted = new Map();
  for (let i = 0; wanted.size < n && i < n * 4; i++) {
    const title = TITLES[Math.floor(rand() * TITLES.length)];
    const term = typoTerm(title);
    if (!wanted.has(term)) wanted.set(term, title);
  }
  return wanted;
}

// DJs and synopses, from generators of their own so that the titles and title terms above stay
// those of earlier runs. Video j (0-based) is by DJS[(j + 1) % 4], as loadCatalogue assigns them.
export const DJS = ['Zamu', 'Kibe', 'Nyota', 'Simba'];
const srand = rng(7);
const SYNOPSIS_WORDS = Array.from({ length: 20_000 }, () =>
  Array.from({ length: 3 + Math.floor(srand() * 2) }, () => SYLLABLES[Math.floor(srand() * SYLLABLES.length)]).join(''),
);
const synopsisWords = TITLES.map(() => Array.from({ length: 3 }, () => SYNOPSIS_WORDS[Math.floor(srand() * SYNOPSIS_WORDS.length)]));
export const SYNOPSES = synopsisWords.map((w, j) => `A story told in the voice of a Kenyan DJ, number ${j + 1}: ${w.join(', ')}.`);

/** One adjacent pair swapped inside the word: one typo, as a thumb on a phone makes it. */
function swapTypo(word, r) {
  const at = 1 + Math.floor(r() * (word.length - 3));
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/** Terms by DJ: the DJ's name with a typo, then the title; each with the video's index. */
export function djTerms(n = 100) {
  const r = rng(11);
  return Array.from({ length: n }, () => {
    const j = Math.floor(r() * TITLES.length);
    const dj = DJS[(j + 1) % 4].toLowerCase();
    return { term: `${swapTypo(dj, r)} ${TITLES[j].toLowerCase()}`, index: j };
  });
}

/** Terms by what a film is about: its synopsis's own three words, the first one with a typo. */
export function synopsisTerms(n = 100) {
  const r = rng(13);
  return Array.from({ length: n }, () => {
    const j = Math.floor(r() * TITLES.length);
    const [a, b, c] = synopsisWords[j];
    return { term: `${a.length >= 4 ? swapTypo(a, r) : a} ${b} ${c}`, index: j };
  });
}
