import zlib from 'node:zlib';

/** As the compression of other answers (app.ts): fast enough per body, and still smaller than gzip. */
export const BROTLI_QUALITY = 4;

/**
 * A small in-process cache of serialised public responses. Catalogue reads outnumber writes by far,
 * so lists are answered from memory for a few seconds; any catalogue write calls clear(), so a
 * change shows on the next request of this process (the TTL bounds staleness across processes).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expires: number; brotli?: Buffer }>();

  constructor(
    private readonly maxEntries = 1000,
    private readonly ttlMs = 5_000,
  ) {}

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.body;
  }

  set(key: string, body: string): void {
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expires: Date.now() + this.ttlMs });
  }

  /**
   * The entry's body compressed with Brotli, made once per entry: browsers ask for br on every
   * request, and compressing the same answer again each time cost more than sending it.
   */
  brotli(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expires < Date.now()) return undefined;
    hit.brotli ??= zlib.brotliCompressSync(hit.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(hit.body) },
    });
    return hit.brotli;
  }

  clear(): void {
    this.entries.clear();
  }
}
