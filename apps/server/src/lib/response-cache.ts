import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/** As the compression of other answers (app.ts): fast enough per body, and still smaller than gzip. */
export const BROTLI_QUALITY = 4;

export type ContentCoding = 'br' | 'gzip';

/** One cached answer: its JSON, ready for the socket, and what a browser revalidates with. */
export interface CachedAnswer {
  /**
   * A string, not bytes: Node writes a string body together with the headers in one write, and a
   * Buffer with a second one (writev), which cost the store and its clients 5 to 10 us per answer.
   */
  readonly body: string;
  /** The body's length in bytes (UTF-8). */
  readonly bytes: number;
  /** Weak: the same for every content coding of the same JSON (RFC 9110 §8.8.3). */
  readonly etag: string;
  readonly expires: number;
  /** The same answer whoever asks; false: a visitor's answer only (a customer's token may change it). */
  readonly forEveryone: boolean;
  /** The body in each content coding, made at the first request that takes it. */
  readonly encoded: Partial<Record<ContentCoding, Buffer>>;
}

const compressors: Record<ContentCoding, (body: string, bytes: number) => Buffer> = {
  br: (body, bytes) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes },
    }),
  gzip: (body) => zlib.gzipSync(body, { level: 6 }),
};

/**
 * A small in-process cache of serialised public responses. Catalogue reads outnumber writes by far,
 * so lists are answered from memory for a few seconds; any catalogue write calls clear(), so a
 * change shows on the next request of this process. Across processes a change shows within two
 * lifetimes: one fresh, one more while the expired entry is being refreshed (below).
 * An entry is kept as it goes out (bytes, ETag, compressed bodies): a hit does no per-request
 * serialising, hashing or compressing (decision 0005).
 *
 * When an entry expires, the requests that miss at that moment share one computation, and while it
 * runs the others get the expired entry: under load, every request used to compute the list itself
 * (a 100,000-title count takes about 90 ms), and the store answered nothing for up to a second
 * every time the TTL ran out.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly refreshing = new Map<string, Promise<CachedAnswer>>();
  /** Bumped by clear(): an answer computed before a write is not stored after it. */
  private generation = 0;

  constructor(
    private readonly maxEntries = 1000,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The entry to answer with: fresh, or expired while its refresh is under way (for at most one more
   * TTL). Undefined sends the request to its handler, which refreshes it through getOrCompute().
   */
  get(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = this.now();
    if (hit.expires >= now) return hit;
    if (hit.expires + this.ttlMs < now) {
      this.entries.delete(key);
      return undefined;
    }
    return this.refreshing.has(key) ? hit : undefined;
  }

  /** The fresh entry, or the one computation of it that every request missing it now shares. */
  getOrCompute(key: string, compute: () => Promise<string>, forEveryone = true): Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit && hit.expires >= this.now()) return Promise.resolve(hit);
    let pending = this.refreshing.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = compute()
        .then((json) => (generation === this.generation ? this.set(key, json, forEveryone) : this.entry(json, forEveryone)))
        .finally(() => {
          if (this.refreshing.get(key) === pending) this.refreshing.delete(key);
        });
      this.refreshing.set(key, pending);
    }
    return pending;
  }

  set(key: string, json: string, forEveryone = true): CachedAnswer {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry = this.entry(json, forEveryone);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The entry's body in a content coding, compressed once per entry: browsers ask for br (gzip over
   * plain http) on every request, and compressing the same answer each time cost more than sending it.
   */
  encoded(entry: CachedAnswer, coding: ContentCoding): Buffer {
    return (entry.encoded[coding] ??= compressors[coding](entry.body, entry.bytes));
  }

  /** After a catalogue write: nothing computed before it is answered or stored again. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.refreshing.clear();
  }

  private entry(json: string, forEveryone: boolean): CachedAnswer {
    const etag = `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;
    return { body: json, bytes: Buffer.byteLength(json), etag, expires: this.now() + this.ttlMs, forEveryone, encoded: {} };
  }
}
