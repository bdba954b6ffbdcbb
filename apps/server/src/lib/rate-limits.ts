import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** One named limit: `points` actions per key in a window. */
export interface Limit {
  /**
   * Takes one point for `key`, counted and checked in one step (a Redis script, or one synchronous
   * update in memory), so parallel requests cannot all pass a check made before any of them counted.
   */
  consume(key: string): Promise<{ ok: true; used: number } | { ok: false; retryAfterMs: number; used: number }>;
  /** Forgets the key's points (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /** Gives one point back: the action it was taken for did not happen (the database was away). */
  giveBack(key: string): Promise<void>;
  /** Refuses the key for `ms` from now, whatever its points (a pause that grows: the accounts' slow-down). */
  block(key: string, ms: number): Promise<void>;
}

export type LimitFactory = (name: string, opts: { points: number; windowMs: number }) => Limit;

/**
 * Limits that need keys @fastify/rate-limit's per-route limits cannot express (an account and an
 * address together, an e-mail address), with rate-limiter-flexible: in this process's memory, or in
 * Redis when several instances must share the counts (decision 0017).
 */
export function rateLimits(redis?: Redis): LimitFactory {
  // One limit per name and size: two parts of a module asking for the same one count together in
  // memory too, as they do in Redis (where the name is the keys' prefix).
  const made = new Map<string, Limit>();
  return (name, size) => {
    const id = `${name}|${size.points}|${size.windowMs}`;
    if (!made.has(id)) made.set(id, limit(name, size, redis));
    return made.get(id)!;
  };
}

function limit(name: string, { points, windowMs }: { points: number; windowMs: number }, redis?: Redis): Limit {
  const opts = { keyPrefix: `store-limit:${name}`, points, duration: Math.ceil(windowMs / 1000) };
  const limiter = redis ? new RateLimiterRedis({ storeClient: redis, ...opts }) : new RateLimiterMemory(opts);
  return {
    async consume(key) {
      try {
        const taken = await limiter.consume(key);
        return { ok: true, used: taken.consumedPoints };
      } catch (err) {
        // Refused: the library answers the window's state; anything else (Redis down) is an error.
        if (err instanceof RateLimiterRes) return { ok: false, retryAfterMs: err.msBeforeNext, used: err.consumedPoints };
        throw err;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async giveBack(key) {
      await limiter.reward(key, 1);
    },
    async block(key, ms) {
      await limiter.block(key, Math.ceil(ms / 1000));
    },
  };
}
