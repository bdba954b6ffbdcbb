import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** One named limit: `points` actions per key in a window. */
export interface Limit {
  /**
   * Takes one point for `key`, counted and checked in one step (a Redis script, or one synchronous
   * update in memory), so parallel requests cannot all pass a check made before any of them counted.
   */
  consume(key: string): Promise<{ ok: true } | { ok: false; retryAfterMs: number }>;
  /** Forgets the key's points (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /** Gives one point back: the action it was taken for did not happen (the database was away). */
  giveBack(key: string): Promise<void>;
}

export type LimitFactory = (name: string, opts: { points: number; windowMs: number }) => Limit;

/**
 * Limits that need keys @fastify/rate-limit's per-route limits cannot express (an account and an
 * address together, an e-mail address), with rate-limiter-flexible: in this process's memory, or in
 * Redis when several instances must share the counts (decision 0017).
 */
export function rateLimits(redis?: Redis): LimitFactory {
  return (name, { points, windowMs }) => {
    const opts = { keyPrefix: `store-limit:${name}`, points, duration: Math.ceil(windowMs / 1000) };
    const limiter = redis ? new RateLimiterRedis({ storeClient: redis, ...opts }) : new RateLimiterMemory(opts);
    return {
      async consume(key) {
        try {
          await limiter.consume(key);
          return { ok: true };
        } catch (err) {
          // Refused: the library answers the window's state; anything else (Redis down) is an error.
          if (err instanceof RateLimiterRes) return { ok: false, retryAfterMs: err.msBeforeNext };
          throw err;
        }
      },
      async reset(key) {
        await limiter.delete(key);
      },
      async giveBack(key) {
        await limiter.reward(key, 1);
      },
    };
  };
}
