#!/usr/bin/env node
// Search precision beside recall (issue 32 #6: 'lamu' gave 17 videos, 'Ghost Samurai' and 'Pass Your
// Driving Test' among them), on the store's own index (search-index.ts), in this process:
//   1. The demo catalogue (planDemoVideos, with its DJs, genres and synopses, as `npm start` seeds it):
//      precision at 5 for 100 real words of it (its titles', DJs' and genres' words of 3 letters or more,
//      typed right), and recall of the same words with a typo (an inner letter dropped or two inner
//      letters swapped, words of 5 letters or more) as a title in the first 20.
//   2. The benchmark catalogue (catalogue.mjs, BENCH_VIDEOS titles): recall of its 300 typo'd titles,
//      100 DJ terms and 100 synopsis terms (as run.mjs counts them), and precision at 5 for 100 words
//      of its titles typed right (each is in 11 titles or more: the top 5 is theirs either way) and over
//      everything they find.
// A result is related to a word when its title, DJ name, genre or synopsis has that word, a word that
// begins with it, or the word without a plural's final s ('warriors': 'One Punch Warrior'); any other
// result (found by typo tolerance alone) is unrelated.
// Run: node --import tsx bench/catalog/search-precision.mjs   (BENCH_VIDEOS, default 100000; SKIP_BENCH=1 for the demo alone)
import { DJS, SYNOPSES, TITLES, djTerms, rng, synopsisTerms, typoTerms } from './catalogue.mjs';
import { DEMO_DJS, DEMO_GENRES } from '../../apps/server/src/demo/catalogue.ts';
import { planDemoVideos } from '../../apps/server/src/demo/seed.ts';
import { SearchIndex } from '../../apps/server/src/modules/catalog/search-index.ts';
import { words } from '../../apps/server/src/modules/catalog/search-text.ts';

const ORDER = '-date_uploaded';

/** An index over documents { title, synopsis, dj, genre }, ids their positions. */
function indexOf(docs, djNames, genreNames) {
  const index = new SearchIndex();
  index.setGroups(new Map(djNames.map((n, i) => [i, n])), new Map(genreNames.map((n, i) => [i, n])));
  docs.forEach((d, id) =>
    index.upsert({ id, title: d.title, synopsis: d.synopsis, djId: djNames.indexOf(d.dj), genreId: Math.max(0, genreNames.indexOf(d.genre)), cartegory: 'movie', type: 'x', price: 50, purchaseTimes: 0, dateUploaded: -id, suggest: false, popular: false, published: true, rating: 'GE' }),
  );
  return index;
}

const related = (doc, word) => words(`${doc.title} ${doc.dj} ${doc.genre} ${doc.synopsis}`).some((w) => w.startsWith(word) || (word.endsWith('s') && w === word.slice(0, -1)));

/**
 * Precision at 5 over the words (the share of shown results that are related, and the words with an
 * unrelated one), and over everything each word finds (how loose the search is beyond the first page).
 */
function precision(index, docs, terms) {
  let shown = 0;
  let good = 0;
  let found = 0;
  let foundGood = 0;
  const bad = [];
  for (const w of terms) {
    const { ids, count } = index.search(w, {}, ORDER, 5, 0);
    const off = ids.filter((id) => !related(docs[id], w));
    shown += ids.length;
    good += ids.length - off.length;
    if (off.length > 0) bad.push(`'${w}' (${count} found): ${off.map((id) => docs[id].title).join(', ')}`);
    const all = index.search(w, {}, ORDER, count, 0).ids;
    found += all.length;
    foundGood += all.filter((id) => related(docs[id], w)).length;
  }
  return { shown, good, bad, found, foundGood };
}

const pct = (a, b) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;

function report(label, terms, { shown, good, bad, found, foundGood }) {
  console.log(`  precision at 5, ${terms.length} ${label}: ${good} of ${shown} shown related (${pct(good, shown)}); words with an unrelated title in their top 5: ${bad.length} (target 0): ${bad.length === 0 ? 'met' : 'MISSED'}`);
  for (const b of bad.slice(0, 12)) console.log(`    ${b}`);
  if (bad.length > 12) console.log(`    ... and ${bad.length - 12} more`);
  console.log(`  everything they find: ${found} videos, ${foundGood} related (${pct(foundGood, found)})`);
}

function demo() {
  const docs = planDemoVideos(0).map((v) => ({ title: v.title, synopsis: v.synopsis, dj: v.dj, genre: v.genre }));
  const index = indexOf(docs, [...DEMO_DJS], [...DEMO_GENRES]);
  const vocabulary = [...new Set(words([...docs.map((d) => d.title), ...DEMO_DJS, ...DEMO_GENRES].join(' ')).filter((w) => w.length >= 3))];
  const terms = vocabulary.slice(0, 100);
  console.log(`demo catalogue: ${docs.length} videos, ${vocabulary.length} distinct words of 3 letters or more in titles, DJs and genres`);
  const lamu = index.search('lamu', {}, ORDER, 20, 0);
  console.log(`  'lamu': ${lamu.count} found: ${lamu.ids.map((id) => docs[id].title).join(', ')}`);
  report('real words', terms, precision(index, docs, terms));
  // Each title word of 5 letters or more with one typo, as typoTerm and swapTypo make them.
  const r = rng(5);
  const typos = [];
  for (const d of docs)
    for (const w of words(d.title).filter((w) => w.length >= 5)) {
      const at = 1 + Math.floor(r() * (w.length - 3));
      typos.push({ term: r() < 0.5 ? w.slice(0, at) + w.slice(at + 1) : w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2), title: d.title });
    }
  const found = typos.filter(({ term, title }) => index.search(term, {}, ORDER, 20, 0).ids.some((id) => docs[id].title === title));
  const missed = typos.filter((t) => !found.includes(t)).map((t) => `'${t.term}' (${t.title})`);
  console.log(`  recall: ${found.length} of ${typos.length} title words with a typo find their title in the first 20${missed.length ? `; missed: ${missed.join(', ')}` : ''}`);
}

function bench() {
  const docs = TITLES.map((title, j) => ({ title, synopsis: SYNOPSES[j], dj: DJS[(j + 1) % 4], genre: 'Drama' }));
  const t0 = performance.now();
  const index = indexOf(docs, DJS, ['Drama']);
  console.log(`\nbenchmark catalogue: ${docs.length} videos (index built in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const recall = (terms, ok) => terms.filter((t) => index.search(t.term, {}, ORDER, 20, 0).ids.some((id) => ok(t, id))).length;
  const titles = [...typoTerms(300)].map(([term, title]) => ({ term, title }));
  const dj = djTerms(100);
  const syn = synopsisTerms(100);
  console.log(`  recall: ${recall(titles, (t, id) => TITLES[id] === t.title)} of ${titles.length} typo'd titles, ${recall(dj, (t, id) => TITLES[id] === TITLES[t.index] && (id + 1) % 4 === (t.index + 1) % 4)} of 100 DJ terms, ${recall(syn, (t, id) => id === t.index)} of 100 synopsis terms (first 20)`);
  // 100 distinct words of its titles (4 letters or more) typed right, the first met going through the titles in steps of 37.
  const terms = [];
  for (let j = 0; terms.length < 100 && j < TITLES.length; j += 37)
    for (const w of words(TITLES[j])) if (w.length >= 4 && !terms.includes(w) && terms.length < 100) terms.push(w);
  report('title words', terms, precision(index, docs, terms));
}

demo();
if (!process.env.SKIP_BENCH) bench();
