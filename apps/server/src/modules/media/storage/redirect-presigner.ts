import { LRUCache } from 'lru-cache';
import type { MediaStore } from './media-store.ts';

/** Our addresses' expiries are rounded down to this step, so the ranges of one download share an address. */
const STEP_SECONDS = 60;
/** An address is handed out only while it has at least this long to live: time for the client to use it. */
const MIN_LIFE_SECONDS = 60;

/**
 * Presigned addresses for the store's redirects (downloads, extras), reused for the same object,
 * file name and expiry step: a download manager resuming in 1 MB ranges asks for the same file
 * hundreds of times with one grant. Every redirect still passes our signature and canAccess
 * first; this only saves signing the same address again. A reused address never outlives the
 * grant it answers (its expiry is the grant's, rounded down), so no customer gets a longer life
 * than their own address allows. A grant about to end is signed afresh, for at least a minute,
 * as before.
 */
export function createRedirectPresigner(store: MediaStore, opts: { max?: number } = {}) {
  const cache = new LRUCache<string, { url: string; reuseUntil: number }>({ max: opts.max ?? 5000 });
  return async function presignUntil(key: string, grantExpires: number, downloadName: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string | null> {
    const until = Math.floor(grantExpires / STEP_SECONDS) * STEP_SECONDS;
    if (until - nowSeconds < 2 * MIN_LIFE_SECONDS) return store.presign(key, { expiresIn: Math.max(MIN_LIFE_SECONDS, grantExpires - nowSeconds), downloadName });
    const id = `${until}\n${downloadName ?? ''}\n${key}`;
    const hit = cache.get(id);
    if (hit && nowSeconds < hit.reuseUntil) return hit.url;
    const url = await store.presign(key, { expiresIn: until - nowSeconds, downloadName });
    if (url) cache.set(id, { url, reuseUntil: until - MIN_LIFE_SECONDS });
    return url;
  };
}
