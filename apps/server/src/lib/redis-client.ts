import { Redis } from 'ioredis';

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * A command unanswered this long fails ("Command timed out", answered 503): a connection that stays
 * open and carries nothing (a network partition, a frozen server) would otherwise hold every request
 * that needs Redis, uploads included, for as long as the operating system keeps the socket. The
 * store's commands take well under a millisecond.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/**
 * The store's Redis client (shared rate limits, upload locks). Without an 'error' listener ioredis
 * prints every failed reconnection as plain text beside the JSON log; with this one a Redis that goes
 * away is one JSON line, and one more when it is back, however many retries lie between. Requests
 * that need it meanwhile fail at once (no offline queue), or after REDIS_COMMAND_TIMEOUT_MS on a
 * connection that went quiet, and are answered 503 (lib/outage.ts).
 */
export function openRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  let down = false;
  redis.on('error', (err: Error & { code?: string }) => {
    if (down) return;
    down = true;
    log.warn({ redis: 'down', code: err.code ?? null, reason: err.message.split('\n')[0] }, 'Redis cannot be reached; retrying');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: 'up' }, 'Redis is back');
  });
  return redis;
}
