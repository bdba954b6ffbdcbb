#!/usr/bin/env node
// Search engines side by side (decision 0016), on the benchmark catalogue (catalogue.mjs):
//   A. PostgreSQL's own: a words table with a trigram index (pg_trgm) and fuzzystrmatch's
//      levenshtein_less_equal for typos, a postings table (word, video, field), ranked in SQL.
//   B. The in-process index the store uses (apps/server/src/modules/catalog/search-index.ts).
// Prints, for each: build time, memory or table size, recall over the same typo'd title, DJ and synopsis
// terms, and the time per query (p50, p95) for the ids of the first page, without fetching rows.
// Run: node --import tsx bench/catalog/search-engines.mjs   (BENCH_VIDEOS, BENCH_DATABASE_URL)
import pg from 'pg';
import { DJS, SYNOPSES, TITLES, VIDEOS, djTerms, synopsisTerms, typoTerms } from './catalogue.mjs';
import { SearchIndex } from '../../apps/server/src/modules/catalog/search-index.ts';
import { queryWords, typoBudget } from '../../apps/server/src/modules/catalog/search-text.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'store_search_engines';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${DB}` }).toString();
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const titleTerms = [...typoTerms(300)].map(([term, title]) => ({ term, ok: (i) => TITLES[i] === title }));
// found: a video of that title by that DJ (titles repeat; any of them is what the person meant)
const dj = djTerms(100).map(({ term, index }) => ({ term, ok: (i) => TITLES[i] === TITLES[index] && (i + 1) % 4 === (index + 1) % 4 }));
const syn = synopsisTerms(100).map(({ term, index }) => ({ term, ok: (i) => i === index }));
const sets = { titles: titleTerms, 'DJ + title': dj, synopsis: syn };

async function measure(name, searchIds) {
  console.log(`\n${name}`);
  const all = [];
  for (const [label, terms] of Object.entries(sets)) {
    let found = 0;
    for (const { term, ok } of terms) {
      const t = performance.now();
      const idx = await searchIds(term);
      all.push(performance.now() - t);
      if (idx.some(ok)) found++;
    }
    console.log(`  recall ${label}: ${found} of ${terms.length}`);
  }
  for (const term of ['the', 'love of', 'a', 'zamu']) {
    const t = performance.now();
    await searchIds(term);
    console.log(`  '${term}': ${(performance.now() - t).toFixed(1)} ms`);
  }
  all.sort((a, b) => a - b);
  console.log(`  per query over ${all.length} terms: p50 ${pct(all, 50).toFixed(2)} ms, p95 ${pct(all, 95).toFixed(2)} ms`);
}

async function inProcess() {
  const before = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const index = new SearchIndex();
  index.setGroups(new Map(DJS.map((n, i) => [i, n])), new Map([[0, 'Drama']]));
  TITLES.forEach((title, j) =>
    index.upsert({ id: j, title, synopsis: SYNOPSES[j], djId: (j + 1) % 4, genreId: 0, cartegory: 'movie', type: 'x', price: 50, purchaseTimes: 0, dateUploaded: -j, suggest: false, popular: false, published: true }),
  );
  const ms = performance.now() - t0;
  globalThis.gc?.();
  console.log(`\nB. in-process index: built in ${(ms / 1000).toFixed(1)} s, heap +${Math.round((process.memoryUsage().heapUsed - before) / 2 ** 20)} MB`);
  await measure('B. in-process index', async (term) => index.search(term, {}, '-date_uploaded', 20, 0).ids);
}

async function postgres() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const t0 = performance.now();
    await c.query(`CREATE EXTENSION pg_trgm; CREATE EXTENSION fuzzystrmatch;
      CREATE TABLE videos (id int PRIMARY KEY, title text, synopsis text, dj text, date_uploaded int);
      CREATE TABLE postings (word text, video_id int, field smallint, PRIMARY KEY (word, video_id, field));
      CREATE TABLE words (word text PRIMARY KEY, n int);`);
    await c.query(`INSERT INTO videos SELECT i - 1, t, s, ($3::text[])[1 + i % 4], -i FROM unnest($1::text[], $2::text[]) WITH ORDINALITY x(t, s, i)`, [TITLES, SYNOPSES, DJS]);
    const split = (col, field) => `INSERT INTO postings SELECT DISTINCT w, id, ${field} FROM videos, regexp_split_to_table(lower(${col}), '[^[:alnum:]]+') w WHERE w <> '' ON CONFLICT DO NOTHING`;
    await c.query(split('title', 0));
    await c.query(split('dj', 1));
    await c.query(split('synopsis', 3));
    await c.query(`INSERT INTO words SELECT word, count(*) FROM postings GROUP BY word;
      CREATE INDEX words_trgm ON words USING gin (word gin_trgm_ops);
      CREATE INDEX words_prefix ON words (word text_pattern_ops);
      CREATE INDEX postings_video ON postings (video_id); ANALYZE;`);
    const size = (await c.query(`SELECT pg_size_pretty(pg_total_relation_size('postings') + pg_total_relation_size('words')) AS s`)).rows[0].s;
    console.log(`\nA. PostgreSQL words table: built in ${((performance.now() - t0) / 1000).toFixed(1)} s (with the load), postings + words ${size}`);
    await c.query('SET pg_trgm.similarity_threshold = 0.3');
    // Every typed word must match (exact, prefix, or within its typo budget); score by field, then by kind of match.
    const query = `
      WITH q AS (SELECT * FROM unnest($1::text[], $2::int[], $3::bool[]) WITH ORDINALITY AS q(tok, k, pre, i)),
      cand AS (
        SELECT q.i, w.word, CASE WHEN w.word = q.tok THEN 1.0 WHEN q.pre AND w.word LIKE q.tok || '%' THEN 0.9 ELSE 0.7 END AS mw
        FROM q JOIN words w ON w.word = q.tok OR (q.pre AND w.word LIKE q.tok || '%')
          OR (q.k > 0 AND w.word % q.tok AND levenshtein_less_equal(w.word, q.tok, q.k) <= q.k)),
      hits AS (
        SELECT p.video_id, c.i, max(c.mw * CASE p.field WHEN 0 THEN 10 WHEN 1 THEN 5 ELSE 2 END) AS s
        FROM cand c JOIN postings p ON p.word = c.word GROUP BY p.video_id, c.i)
      SELECT h.video_id, sum(h.s) AS score, count(*) OVER () AS total FROM hits h
      GROUP BY h.video_id HAVING count(*) = $4 ORDER BY score DESC, h.video_id LIMIT 20`;
    await measure('A. PostgreSQL words table (pg_trgm + levenshtein_less_equal)', async (term) => {
      const toks = queryWords(term);
      const { rows } = await c.query(query, [toks, toks.map(typoBudget), toks.map((t, i) => t.length >= 3 || i === toks.length - 1), toks.length]);
      return rows.map((r) => r.video_id);
    });
  } finally {
    await c.end();
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(`search engines: ${VIDEOS} titles`);
await inProcess();
if (!process.env.SKIP_POSTGRES) await postgres();
