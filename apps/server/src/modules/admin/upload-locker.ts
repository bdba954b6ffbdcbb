import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';

export interface RedisLockerOptions {
  /** How long a lock outlives its holder's last renewal: the uploads of a process that died are free after this. */
  ttlMs?: number;
  /** How long a request waits for a lock before tus answers that it failed (MemoryLocker's 30 s). */
  acquireTimeoutMs?: number;
  /** How often a waiting request tries again. */
  retryMs?: number;
  /** Keys and channel, so several stores can share one Redis. */
  namespace?: string;
}

/** Deletes the lock only if it is still ours: after an expiry it may be another process's. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Extends the lock only if it is still ours. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

interface Held {
  token: string;
  requestRelease: RequestRelease;
  renewal: NodeJS.Timeout;
}

/**
 * tus upload locks shared by every web process through Redis, so two PATCHes of one upload never
 * write at once even when they reach different processes (@tus/server's MemoryLocker only sees
 * its own). A lock is `SET NX PX` with a random token, renewed while held and released by a
 * compare-and-delete, so a process that dies frees its uploads after `ttlMs` and can never delete
 * a lock that has since become someone else's. A request that finds the upload locked publishes
 * the upload's id; whichever process holds it calls tus's `requestRelease`, which ends the older
 * request (a phone that lost signal left it half-open) so the new one can carry on.
 */
export function createRedisLocker(redis: Redis, opts: RedisLockerOptions = {}): Locker & { close(): Promise<void> } {
  const ttlMs = opts.ttlMs ?? 10_000;
  const acquireTimeoutMs = opts.acquireTimeoutMs ?? 30_000;
  const retryMs = opts.retryMs ?? 100;
  const namespace = opts.namespace ?? 'store-tus';
  const channel = `${namespace}:release`;
  const keyOf = (id: string) => `${namespace}:lock:${id}`;
  /** The uploads this process holds, by id. */
  const held = new Map<string, Held>();

  // Subscribing needs a connection of its own; it queues commands until connected.
  let subscriber: Redis | undefined;
  let subscribed: Promise<unknown> | undefined;
  function listen(): Promise<unknown> {
    if (!subscriber) {
      subscriber = redis.duplicate({ enableOfflineQueue: true });
      subscriber.on('message', (_channel: string, id: string) => void held.get(id)?.requestRelease());
      // Errors are retried by ioredis; a failed subscribe fails the lock that waited for it.
      subscriber.on('error', () => undefined);
    }
    subscribed ??= subscriber.subscribe(channel).catch((err: unknown) => {
      subscribed = undefined;
      throw err;
    });
    return subscribed;
  }

  function startRenewal(id: string, token: string, requestRelease: RequestRelease): NodeJS.Timeout {
    let renewedAt = Date.now();
    const lost = () => {
      stopHolding(id, token);
      void requestRelease();
    };
    const timer = setInterval(() => {
      redis.eval(RENEW, 1, keyOf(id), token, String(ttlMs)).then(
        (ok) => (ok === 1 ? (renewedAt = Date.now()) : lost()),
        // Redis unreachable: once the lock may have expired, the holder must stop writing.
        () => Date.now() - renewedAt >= ttlMs && lost(),
      );
    }, Math.max(50, Math.floor(ttlMs / 3)));
    timer.unref();
    return timer;
  }

  function stopHolding(id: string, token: string) {
    const mine = held.get(id);
    if (mine?.token !== token) return;
    clearInterval(mine.renewal);
    held.delete(id);
  }

  return {
    newLock(id: string): Lock {
      const token = randomUUID();
      const key = keyOf(id);
      let locked = false;
      return {
        async lock(signal, requestRelease) {
          await listen();
          const deadline = Date.now() + acquireTimeoutMs;
          let askedAt = 0;
          for (;;) {
            if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
            if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) === 'OK') {
              locked = true;
              held.set(id, { token, requestRelease, renewal: startRenewal(id, token, requestRelease) });
              return;
            }
            // Ask the holder to let go, again every second in case it took the lock after our first ask.
            if (Date.now() - askedAt >= 1000) {
              await redis.publish(channel, id);
              askedAt = Date.now();
            }
            if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await abortableSleep(retryMs, signal);
          }
        },
        async unlock() {
          if (!locked) throw new Error('Releasing an unlocked lock!');
          locked = false;
          stopHolding(id, token);
          await redis.eval(RELEASE, 1, key, token);
        },
      };
    },
    /** Stops renewing (held locks then expire) and closes the subscription. */
    async close() {
      for (const [id, h] of held) stopHolding(id, h.token);
      subscriber?.disconnect();
      subscriber = undefined;
      subscribed = undefined;
    },
  };
}
