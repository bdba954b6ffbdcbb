import type { Redis } from 'ioredis';

/**
 * Counts attempts per key in a time window: in this process's memory, or in Redis when several
 * instances must share the counts. Used for failed logins and reset mails, which need keys that
 * @fastify/rate-limit's per-route limits cannot express (account and address together).
 */
export interface AttemptCounter {
  /** Adds one attempt and answers the count in the current window and the ms until it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  clear(key: string): Promise<void>;
}

export function memoryAttemptCounter(): AttemptCounter {
  const entries = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.until <= Date.now()) entries.delete(key);
    return entries.get(key);
  };
  return {
    async hit(key, windowMs) {
      const e = live(key) ?? { count: 0, until: Date.now() + windowMs };
      e.count++;
      entries.set(key, e);
      return { count: e.count, resetInMs: e.until - Date.now() };
    },
    async peek(key) {
      const e = live(key);
      return { count: e?.count ?? 0, resetInMs: e ? e.until - Date.now() : 0 };
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

export function redisAttemptCounter(redis: Redis, prefix = 'store-attempts:'): AttemptCounter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      return { count, resetInMs: ttl < 0 ? windowMs : ttl };
    },
    async peek(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[null, string | null], [null, number]];
      return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}
