import type { VideoListQuery, VideoOrdering } from '@store/contract';
import { queryWords, typoBudget, words } from './search-text.ts';
import { type Match, Vocabulary, type WordEntry } from './search-vocabulary.ts';

/** What the index keeps of a video: its words and what filters and orderings read. */
export interface SearchDoc {
  id: number;
  title: string;
  synopsis: string;
  djId: number;
  genreId: number;
  cartegory: string;
  type: string;
  price: number;
  purchaseTimes: number;
  /** date_uploaded in milliseconds */
  dateUploaded: number;
  suggest: boolean;
  popular: boolean;
  published: boolean;
  /** KFCB rating: GE, PG, 16 or 18. */
  rating: string;
}

export type SearchFilters = Omit<VideoListQuery, 'page' | 'page_size' | 'ordering' | 'title'>;

interface Slot extends Omit<SearchDoc, 'synopsis'> {
  titleWords: number;
}

/** Where a word is found outweighs how well it is typed: a title typed with a typo beats a synopsis typed right. */
export const FIELD_WEIGHT = { title: 10, dj: 5, genre: 4, synopsis: 2 } as const;

const orderKeys = {
  date_uploaded: (s: Slot) => s.dateUploaded,
  purchase_times: (s: Slot) => s.purchaseTimes,
  price: (s: Slot) => s.price,
  title: (s: Slot) => s.title,
} as const;

/**
 * An in-memory inverted index of the catalogue's words (titles, DJ names, genres, synopses) over a
 * vocabulary searched with typo tolerance and prefixes (search-vocabulary.ts). It knows nothing of the database: SearchSync keeps it current.
 */
export class SearchIndex {
  private readonly vocabulary = new Vocabulary();
  private slots: (Slot | null)[] = [];
  private slotOf = new Map<number, number>();
  private dead = 0;
  /** Per slot, for the hot loop: 1 while the video is live and published, and its title's word count. */
  private live: Uint8Array = new Uint8Array(1024);
  private titleWordCount: Uint8Array = new Uint8Array(1024);
  private djNames = new Map<number, string>();
  private genreNames = new Map<number, string>();
  private djSlots = new Map<number, number[]>();
  private genreSlots = new Map<number, number[]>();

  get size(): number {
    return this.slotOf.size;
  }

  /** Sets every DJ's and genre's name (small tables: replaced whole when any of them changes). */
  setGroups(djNames: Map<number, string>, genreNames: Map<number, string>): void {
    const drop = (list: number[] | undefined, id: number) => list?.splice(list.indexOf(id) >>> 0, list.includes(id) ? 1 : 0);
    for (const [id, name] of this.djNames) for (const w of words(name)) drop(this.vocabulary.entry(w).djs, id);
    for (const [id, name] of this.genreNames) for (const w of words(name)) drop(this.vocabulary.entry(w).genres, id);
    this.djNames = new Map(djNames);
    this.genreNames = new Map(genreNames);
    for (const [id, name] of djNames) for (const w of new Set(words(name))) (this.vocabulary.entry(w).djs ??= []).push(id);
    for (const [id, name] of genreNames) for (const w of new Set(words(name))) (this.vocabulary.entry(w).genres ??= []).push(id);
  }

  /** Adds a video or replaces the indexed copy of it. */
  upsert(doc: SearchDoc): void {
    this.remove(doc.id);
    const slot = this.slots.length;
    const titleWords = words(doc.title);
    // A literal of one shape (object rest and spread can give slow dictionary-mode objects).
    this.slots.push({
      id: doc.id,
      title: doc.title,
      djId: doc.djId,
      genreId: doc.genreId,
      cartegory: doc.cartegory,
      type: doc.type,
      price: doc.price,
      purchaseTimes: doc.purchaseTimes,
      dateUploaded: doc.dateUploaded,
      suggest: doc.suggest,
      popular: doc.popular,
      published: doc.published,
      rating: doc.rating,
      titleWords: Math.max(1, titleWords.length),
    });
    this.slotOf.set(doc.id, slot);
    if (slot >= this.live.length) {
      this.live = grow(this.live);
      this.titleWordCount = grow(this.titleWordCount);
    }
    this.live[slot] = doc.published ? 1 : 0;
    this.titleWordCount[slot] = Math.min(255, Math.max(1, titleWords.length));
    for (const w of new Set(titleWords)) this.vocabulary.entry(w).title.push(slot);
    for (const w of new Set(words(doc.synopsis))) this.vocabulary.entry(w).synopsis.push(slot);
    pushTo(this.djSlots, doc.djId, slot);
    pushTo(this.genreSlots, doc.genreId, slot);
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slots[slot] = null;
    this.live[slot] = 0;
    this.slotOf.delete(id);
    // Postings of a removed slot are skipped when read; past a third of the index, it is rebuilt.
    if (++this.dead > 1000 && this.dead > this.slots.length / 3) this.compact();
  }

  private compact(): void {
    const live = this.slots.filter((s): s is Slot => s !== null);
    const remap = new Map<number, number>();
    this.slots.forEach((s, i) => s && remap.set(i, remap.size));
    this.vocabulary.forEachEntry((entry) => {
      entry.title = entry.title.flatMap((s) => (remap.has(s) ? [remap.get(s)!] : []));
      entry.synopsis = entry.synopsis.flatMap((s) => (remap.has(s) ? [remap.get(s)!] : []));
    });
    for (const m of [this.djSlots, this.genreSlots])
      for (const [k, list] of m) m.set(k, list.flatMap((s) => (remap.has(s) ? [remap.get(s)!] : [])));
    this.slots = live;
    this.slotOf = new Map(live.map((s, i) => [s.id, i]));
    this.live = new Uint8Array(Math.max(1024, live.length * 2));
    this.titleWordCount = new Uint8Array(this.live.length);
    live.forEach((s, i) => {
      this.live[i] = s.published ? 1 : 0;
      this.titleWordCount[i] = Math.min(255, s.titleWords);
    });
    this.dead = 0;
  }

  /**
   * The ids of one page of videos matching every typed word (in a title, DJ name, genre or
   * synopsis; exact, as a prefix or with typos), best first, then in the requested order; and how
   * many match in all.
   */
  search(raw: string, filters: SearchFilters, ordering: VideoOrdering, limit: number, offset: number): { ids: number[]; count: number } {
    const tokens = queryWords(raw);
    if (tokens.length === 0) return { ids: [], count: 0 };
    const size = this.slots.length;
    const accept = this.filter(filters);
    // The rarest word first: the others are only scored where it matched.
    const looked = tokens
      .map((t, i) => ({ matches: this.asTyped(this.vocabulary.lookup(t, i === tokens.length - 1), accept) }))
      .map((l) => ({ ...l, cost: l.matches.reduce((n, m) => n + this.postingCount(m), 0) }))
      .sort((a, b) => a.cost - b.cost);
    let mask: Float32Array | null = null;
    const perToken = looked.map((l, i) => {
      const scored = this.scoreToken(l.matches, this.scratchFor(i, size), mask);
      mask = scored.score;
      return scored;
    });
    try {
      return this.rank(perToken, accept, ordering, limit, offset);
    } finally {
      // Leave the scratch arrays zeroed for the next search (cheaper than allocating them again).
      for (const t of perToken) for (const s of t.touched) t.score[s] = 0;
    }
  }

  /** One zeroed score array and title-flag array per typed word, reused from search to search. */
  private scratch: { score: Float32Array; inTitle: Uint8Array }[] = [];
  private scratchFor(i: number, size: number) {
    let sc = this.scratch[i];
    if (!sc || sc.score.length < size) {
      sc = { score: new Float32Array(Math.max(1024, size * 2)), inTitle: new Uint8Array(Math.max(1024, size * 2)) };
      this.scratch[i] = sc;
    }
    return sc;
  }

  /**
   * A typed word the list's videos have (as a word or a word's beginning) is taken as typed: its
   * typo neighbours are left out ('lamu' finds Lamu, not 'zamu' nor 'samurai'), but for the word
   * without its last letter or two ('warriors' also finds 'Warrior'). Typo tolerance is for words
   * the catalogue does not have, as Typesense's default does. Only videos the list can show count,
   * so a word that only a family lock's hidden videos have behaves as a word the catalogue lacks.
   */
  private asTyped(matches: Match[], accept: ((s: Slot) => boolean) | null): Match[] {
    if (!matches.some((m) => m.edits === 0 && this.shows(m, accept))) return matches;
    return matches.filter((m) => m.edits === 0 || m.shorter);
  }

  /** Whether a live video the list accepts has the matched word (stops at the first). */
  private shows(m: Match, accept: ((s: Slot) => boolean) | null): boolean {
    const any = (list: readonly number[] | undefined) => {
      for (const s of list ?? []) if (this.live[s] === 1 && (!accept || accept(this.slots[s]!))) return true;
      return false;
    };
    if (any(m.entry.title)) return true;
    if (m.titleOnly) return false;
    return any(m.entry.synopsis) || (m.entry.djs ?? []).some((d) => any(this.djSlots.get(d))) || (m.entry.genres ?? []).some((g) => any(this.genreSlots.get(g)));
  }

  private rank(perToken: { score: Float32Array; inTitle: Uint8Array; touched: number[] }[], accept: ((s: Slot) => boolean) | null, ordering: VideoOrdering, limit: number, offset: number) {
    const [driver, ...rest] = perToken;
    const hits: number[] = [];
    // Final scores go back into the driver's array (each video is visited once).
    const final = driver!.score;
    const { live, titleWordCount } = this;
    const dScore = driver!.score;
    const dTitle = driver!.inTitle;
    const restScore = rest.map((r) => r.score);
    const restTitle = rest.map((r) => r.inTitle);
    const touched = driver!.touched;
    for (let i = 0; i < touched.length; i++) {
      const s = touched[i]!;
      if (live[s] === 0 || (accept && !accept(this.slots[s]!))) continue;
      let score = dScore[s]!;
      let inTitle = dTitle[s]!;
      let j = 0;
      for (; j < restScore.length; j++) {
        const v = restScore[j]![s]!;
        if (v === 0) break;
        score += v;
        inTitle += restTitle[j]![s]!;
      }
      if (j < restScore.length) continue;
      // Exactness: of two titles matched alike, the one with fewer other words ('The Love' before 'The Love Boat').
      const words = titleWordCount[s]!;
      score += 0.9 * (inTitle >= words ? 1 : inTitle / words);
      final[s] = Math.round(score * 1e4) / 1e4;
      hits.push(s);
    }
    const key = orderKeys[ordering.replace(/^-/, '') as keyof typeof orderKeys];
    const dir = ordering.startsWith('-') ? -1 : 1;
    const before = (a: number, b: number) => {
      const fa = final[a]!;
      const fb = final[b]!;
      if (fa !== fb) return fb - fa;
      const ka = key(this.slots[a]!);
      const kb = key(this.slots[b]!);
      if (ka !== kb) return (ka < kb ? -1 : 1) * dir;
      return (this.slots[a]!.id - this.slots[b]!.id) * dir;
    };
    const needed = offset + limit;
    // The page only: a bounded heap over the hits ('the' matches every synopsis) unless the page reaches far.
    const ordered = needed * 4 >= hits.length ? hits.sort(before) : smallest(hits, needed, before);
    return { ids: ordered.slice(offset, needed).map((s) => this.slots[s]!.id), count: hits.length };
  }

  private postingCount(m: Match): number {
    let n = m.entry.title.length;
    if (m.titleOnly) return n;
    n += m.entry.synopsis.length;
    for (const dj of m.entry.djs ?? []) n += this.djSlots.get(dj)?.length ?? 0;
    for (const g of m.entry.genres ?? []) n += this.genreSlots.get(g)?.length ?? 0;
    return n;
  }

  /** Each video's best score for one typed word; where `mask` is zero (an earlier word missed) it is not scored. */
  private scoreToken(matches: Match[], scratch: { score: Float32Array; inTitle: Uint8Array }, mask: Float32Array | null) {
    const { score, inTitle } = scratch;
    const touched: number[] = [];
    const apply = (list: number[], v: number, title: 0 | 1) => {
      for (let i = 0; i < list.length; i++) {
        const s = list[i]!;
        if (mask !== null && mask[s] === 0) continue;
        const cur = score[s]!;
        if (cur === 0) touched.push(s);
        if (v > cur) {
          score[s] = v;
          inTitle[s] = title;
        }
      }
    };
    for (const m of matches) {
      apply(m.entry.title, FIELD_WEIGHT.title * m.weight, 1);
      if (m.titleOnly) continue;
      for (const dj of m.entry.djs ?? []) apply(this.djSlots.get(dj) ?? [], FIELD_WEIGHT.dj * m.weight, 0);
      for (const g of m.entry.genres ?? []) apply(this.genreSlots.get(g) ?? [], FIELD_WEIGHT.genre * m.weight, 0);
      apply(m.entry.synopsis, FIELD_WEIGHT.synopsis * m.weight, 0);
    }
    return { score, inTitle, touched };
  }

  /** The list's other filters, as video-repository applies them in SQL. */
  private filter(f: SearchFilters): ((s: Slot) => boolean) | null {
    const idsNamed = (names: Map<number, string>, wanted: string) =>
      new Set([...names].filter(([, n]) => n.toLowerCase() === wanted.toLowerCase()).map(([id]) => id));
    const checks: { [K in keyof Required<SearchFilters>]: ((s: Slot) => boolean) | null } = {
      genre: f.genre === undefined ? null : ((ids) => (s: Slot) => ids.has(s.genreId))(idsNamed(this.genreNames, f.genre)),
      dj: f.dj === undefined ? null : ((ids) => (s: Slot) => ids.has(s.djId))(idsNamed(this.djNames, f.dj)),
      cartegory: f.cartegory === undefined ? null : (s) => s.cartegory === f.cartegory!.toLowerCase(),
      type: f.type === undefined ? null : (s) => s.type === f.type!.toLowerCase(),
      suggest: f.suggest === undefined ? null : (s) => s.suggest === f.suggest,
      popular: f.popular === undefined ? null : (s) => s.popular === f.popular,
      rating: f.rating === undefined ? null : ((kept: readonly string[]) => (s: Slot) => kept.includes(s.rating))(f.rating),
    };
    const active = Object.values(checks).filter((c): c is (s: Slot) => boolean => c !== null);
    return active.length === 0 ? null : (s) => active.every((c) => c(s));
  }

  /**
   * "Did you mean": each typed word that matches nothing replaced by the nearest word of the
   * catalogue (up to two edits more than search forgives), preferring words in titles. Null when
   * there is nothing to correct.
   */
  didYouMean(raw: string, ratings?: readonly string[]): string | null {
    const tokens = queryWords(raw);
    let changed = false;
    // A family-locked list asks with its ratings: a word only 16 and 18 videos use is never proposed.
    const shown = (s: number) => !ratings || ratings.includes(this.slots[s]?.rating ?? '');
    const fixed = tokens.map((t, i) => {
      if (this.vocabulary.lookup(t, i === tokens.length - 1).some((m) => m.entry.title.length + m.entry.synopsis.length + (m.entry.djs?.length ?? 0) + (m.entry.genres?.length ?? 0) > 0)) return t;
      // Preferring words in published titles, then DJ and genre names, then synopses.
      const weight = (e: WordEntry) => e.title.filter((s) => this.slots[s]?.published && shown(s)).length * 10 + (e.djs?.length ?? 0) + (e.genres?.length ?? 0) + e.synopsis.filter(shown).length / 10;
      const better = this.vocabulary.nearest(t, Math.min(3, typoBudget(t) + 2), weight);
      if (better) changed = true;
      return better ?? t;
    });
    return changed ? fixed.join(' ') : null;
  }

}

/** The n first items of a list in the given order, with a bounded max-heap: O(length x log n). */
function smallest<T>(items: T[], n: number, before: (a: T, b: T) => number): T[] {
  const heap: T[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (before(heap[p]!, heap[i]!) >= 0) return;
      [heap[p], heap[i]] = [heap[i]!, heap[p]!];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && before(heap[l]!, heap[top]!) > 0) top = l;
      if (r < heap.length && before(heap[r]!, heap[top]!) > 0) top = r;
      if (top === i) return;
      [heap[top], heap[i]] = [heap[i]!, heap[top]!];
      i = top;
    }
  };
  for (const item of items) {
    if (heap.length < n) {
      heap.push(item);
      up(heap.length - 1);
    } else if (n > 0 && before(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(before);
}

function grow(a: Uint8Array): Uint8Array {
  const b = new Uint8Array(a.length * 2);
  b.set(a);
  return b;
}

function pushTo<K, V>(m: Map<K, V[]>, key: K, slot: V) {
  const list = m.get(key);
  if (list) list.push(slot);
  else m.set(key, [slot]);
}
