import { type SQL, sql } from 'drizzle-orm';
import { MAX_SEARCH_LENGTH } from '@store/contract';
import { videos } from '../../db/schema.ts';

const MAX_TOKENS = 8;

/** Escapes LIKE's wildcards so that %, _ and \ in a search mean themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface TitleSearch {
  where: SQL;
  /** Higher is a better match; order by it descending. */
  rank: SQL;
}

/**
 * Title search that finds what a person meant: every word found in the title (case-insensitive,
 * so word prefixes match), or the whole phrase close enough to a run of the title's words
 * (pg_trgm's word similarity, so 'demon slyer' finds 'Demon Slayer'). Both conditions use the
 * title's trigram index. Only the first 100 characters count, which bounds the work per query.
 */
export function titleSearch(raw: string): TitleSearch | null {
  const term = raw.normalize('NFKC').trim().slice(0, MAX_SEARCH_LENGTH).toLowerCase();
  const tokens = term.split(/\s+/).filter(Boolean).slice(0, MAX_TOKENS);
  if (tokens.length === 0) return null;
  const startsWith = sql`${videos.title} ILIKE ${`${escapeLike(term)}%`}`;
  if (term.length < 3) {
    // One or two letters carry no trigram to compare: match titles with a word that starts so.
    const wordStart = sql`${videos.title} ILIKE ${`% ${escapeLike(term)}%`}`;
    return { where: sql`(${startsWith} OR ${wordStart})`, rank: sql`CASE WHEN ${startsWith} THEN 1 ELSE 0 END` };
  }
  const everyWord = sql.join(
    tokens.map((t) => sql`${videos.title} ILIKE ${`%${escapeLike(t)}%`}`),
    sql` AND `,
  );
  return {
    where: sql`((${everyWord}) OR ${term} <% ${videos.title})`,
    rank: sql`(word_similarity(${term}, ${videos.title})
      + CASE WHEN ${startsWith} THEN 1 ELSE 0 END
      + CASE WHEN (${everyWord}) THEN 0.5 ELSE 0 END)`,
  };
}
