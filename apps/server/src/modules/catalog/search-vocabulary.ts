import { typoBudget } from './search-text.ts';

/** One distinct word of the catalogue and where it occurs (slots of videos; DJ and genre ids). */
export interface WordEntry {
  title: number[];
  synopsis: number[];
  djs?: number[];
  genres?: number[];
}

/** A trie node: its children's letters in one string and the children in the same order (lighter than a Map). */
interface TrieNode {
  keys: string;
  kids: TrieNode[];
  entry?: WordEntry;
}

/** How well a vocabulary word matches a typed one: exact, prefix (of the last typed word or an earlier one), 1 or 2 typos. */
const EXACT = 1;
const PREFIX_LAST = 0.9;
const PREFIX_EARLIER = 0.8;
const TYPO = [1, 0.7, 0.5];
const PREFIX_TYPO = [1, 0.6, 0.45];

export interface Match {
  entry: WordEntry;
  weight: number;
  /** One- and two-letter prefixes only count in titles: 'k' would otherwise be half the catalogue. */
  titleOnly: boolean;
  /** The typos it takes (0: the word itself or a word it begins), a typo on the first letter counting two. */
  edits: number;
  /** The typed word without its last letter or two ('warrior' for a typed 'warriors'): kept beside exact matches. */
  shorter: boolean;
}

/**
 * The catalogue's distinct words in a trie, searched with typo tolerance: the trie is walked with
 * one row of the edit-distance table per node (transpositions count as one edit), so words sharing
 * a prefix share its rows and branches beyond the typo budget are never entered.
 */
export class Vocabulary {
  private readonly root: TrieNode = { keys: '', kids: [] };

  /** The entry of a word, created if new. */
  entry(word: string): WordEntry {
    let node = this.root;
    for (let i = 0; i < word.length; i++) {
      const ch = word[i]!;
      const at = node.keys.indexOf(ch);
      if (at >= 0) node = node.kids[at]!;
      else {
        const next: TrieNode = { keys: '', kids: [] };
        node.keys += ch;
        node.kids.push(next);
        node = next;
      }
    }
    return (node.entry ??= { title: [], synopsis: [] });
  }

  forEachEntry(fn: (e: WordEntry) => void): void {
    const walk = (node: TrieNode) => {
      if (node.entry) fn(node.entry);
      node.kids.forEach(walk);
    };
    walk(this.root);
  }

  /**
   * Vocabulary words matching one typed word, each with how well it matches. A typo on the first
   * letter counts two (as Meilisearch counts it): 'lamu' is not 'zamu', nor 'samu' the start of
   * 'samurai'. A typed beginning with a typo is as long as the typed word when that has 4 letters or
   * fewer: 'empr' begins 'empire', but 'lamu' does not begin 'laugh'.
   */
  lookup(token: string, isLast: boolean): Match[] {
    const k = typoBudget(token);
    const prefix = token.length >= 3 || isLast;
    const shortPrefixTitleOnly = token.length < 3;
    const out: Match[] = [];
    const n = token.length;
    const minTypoPrefix = n <= 4 ? n : 0;
    const emit = (entry: WordEntry, full: number, inherited: number, shorter: boolean) => {
      if (full === 0) out.push({ entry, weight: EXACT, titleOnly: false, edits: 0, shorter: false });
      else if (inherited === 0) out.push({ entry, weight: isLast ? PREFIX_LAST : PREFIX_EARLIER, titleOnly: shortPrefixTitleOnly, edits: 0, shorter: false });
      else if (full <= k && full <= inherited) out.push({ entry, weight: TYPO[full]!, titleOnly: false, edits: full, shorter });
      else if (inherited <= k) out.push({ entry, weight: PREFIX_TYPO[inherited]!, titleOnly: shortPrefixTitleOnly, edits: inherited, shorter: false });
    };
    // Walk the trie with one row of the edit-distance table per node (rows shared by common prefixes).
    // `penalty` is 1 under a first letter other than the typed one; `onPath` while the word so far is the typed word's beginning.
    const visit = (node: TrieNode, ch: string, prevCh: string, prev2: number[] | null, prev: number[], inherited: number, depth: number, penalty: number, onPath: boolean) => {
      const row = [prev[0]! + 1];
      let best = row[0]!;
      for (let j = 1; j <= n; j++) {
        let v = Math.min(row[j - 1]! + 1, prev[j]! + 1, prev[j - 1]! + (token[j - 1] === ch ? 0 : 1));
        if (prev2 && j > 1 && token[j - 1] === prevCh && token[j - 2] === ch) v = Math.min(v, prev2[j - 2]! + 1);
        row.push(v);
        if (v < best) best = v;
      }
      const full = row[n]! + penalty;
      const inh = prefix && full <= k && (full === 0 || depth >= minTypoPrefix) ? Math.min(inherited, full) : inherited;
      const path = onPath && token[depth - 1] === ch;
      if (node.entry && (full <= k || inh <= k)) emit(node.entry, full, inh, path && depth < n && depth >= 4);
      if (best + penalty > k && inh > k) return;
      for (let i = 0; i < node.kids.length; i++) visit(node.kids[i]!, node.keys[i]!, ch, prev, row, inh, depth + 1, penalty, path);
    };
    const first = Array.from({ length: n + 1 }, (_, j) => j);
    for (let i = 0; i < this.root.kids.length; i++) {
      const penalty = this.root.keys[i] === token[0] ? 0 : 1;
      if (penalty <= k) visit(this.root.kids[i]!, this.root.keys[i]!, '', null, first, Infinity, 1, penalty, true);
    }
    return out;
  }

  /** The word nearest to the token within `limit` edits; of equally near ones, the heaviest. */
  nearest(token: string, limit: number, weightOf: (e: WordEntry) => number): string | null {
    if (/\p{N}/u.test(token) || token.length < 3) return null;
    let best: { word: string; d: number; weight: number } | null = null;
    const n = token.length;
    const visit = (node: TrieNode, word: string, prev: number[]) => {
      const ch = word.at(-1)!;
      const row = [prev[0]! + 1];
      for (let j = 1; j <= n; j++) row.push(Math.min(row[j - 1]! + 1, prev[j]! + 1, prev[j - 1]! + (token[j - 1] === ch ? 0 : 1)));
      const d = row[n]!;
      const e = node.entry;
      if (e && d <= limit) {
        const weight = weightOf(e);
        if (weight > 0 && (!best || d < best.d || (d === best.d && weight > best.weight))) best = { word, d, weight };
      }
      if (Math.min(...row) <= limit) node.kids.forEach((child, i) => visit(child, word + node.keys[i]!, row));
    };
    const first = Array.from({ length: n + 1 }, (_, j) => j);
    this.root.kids.forEach((child, i) => visit(child, this.root.keys[i]!, first));
    return (best as { word: string } | null)?.word ?? null;
  }
}
