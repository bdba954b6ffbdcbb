/**
 * A small in-process cache of serialised public responses. Catalogue reads outnumber writes by far,
 * so lists are answered from memory for a few seconds; any catalogue write calls clear(), so a
 * change shows on the next request of this process (the TTL bounds staleness across processes).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();

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

  clear(): void {
    this.entries.clear();
  }
}
