import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/** As the compression of other answers (app.ts): fast enough per body, and still smaller than gzip. */
export const BROTLI_QUALITY = 4;

export type ContentCoding = 'br' | 'gzip';

/** One cached answer: its JSON as bytes, ready for the socket, and what a browser revalidates with. */
export interface CachedAnswer {
  readonly body: Buffer;
  /** Weak: the same for every content coding of the same JSON (RFC 9110 §8.8.3). */
  readonly etag: string;
  readonly expires: number;
  /** The body in each content coding, made at the first request that takes it. */
  readonly encoded: Partial<Record<ContentCoding, Buffer>>;
}

const compressors: Record<ContentCoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => zlib.gzipSync(body, { level: 6 }),
};

/**
 * A small in-process cache of serialised public responses. Catalogue reads outnumber writes by far,
 * so lists are answered from memory for a few seconds; any catalogue write calls clear(), so a
 * change shows on the next request of this process (the TTL bounds staleness across processes).
 * An entry is kept as it goes out (bytes, ETag, compressed bodies): a hit does no per-request
 * serialising, hashing or compressing (decision 0005).
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();

  constructor(
    private readonly maxEntries = 1000,
    private readonly ttlMs = 5_000,
  ) {}

  get(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  set(key: string, json: string): CachedAnswer {
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const body = Buffer.from(json);
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const entry: CachedAnswer = { body, etag, expires: Date.now() + this.ttlMs, encoded: {} };
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The entry's body in a content coding, compressed once per entry: browsers ask for br (gzip over
   * plain http) on every request, and compressing the same answer each time cost more than sending it.
   */
  encoded(entry: CachedAnswer, coding: ContentCoding): Buffer {
    return (entry.encoded[coding] ??= compressors[coding](entry.body));
  }

  clear(): void {
    this.entries.clear();
  }
}
