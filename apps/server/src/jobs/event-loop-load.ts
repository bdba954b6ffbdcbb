import { performance } from 'node:perf_hooks';

/** How busy serving customers this process was lately: 0 (no requests) to 1 (its event loop never idle). */
export interface CustomerLoad {
  busy(): number;
  stop(): void;
}

/**
 * A window counts as customers' only with this many requests in it (100 a second at 100 ms): a
 * trickle (a visitor, a health probe) while a fan-out runs would otherwise pass the fan-out's own
 * busyness off as theirs, and the pushes would slow themselves down.
 */
export const CUSTOMER_REQUESTS_PER_WINDOW = 10;

/**
 * Samples, every 100 ms, the event loop's utilisation over the last window, counted only when
 * customers kept it busy (CUSTOMER_REQUESTS_PER_WINDOW): the background work's own busyness is not a
 * customer, so a quiet store runs its jobs at full speed and a busy one gives them what is left.
 */
export function sampleCustomerLoad(server: { on(event: 'request', listener: () => void): unknown }, everyMs = 100): CustomerLoad {
  const enough = Math.max(1, Math.round((CUSTOMER_REQUESTS_PER_WINDOW * everyMs) / 100));
  let requests = 0;
  server.on('request', () => void requests++);
  let last = performance.eventLoopUtilization();
  let busy = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    busy = requests >= enough ? performance.eventLoopUtilization(now, last).utilization : 0;
    last = now;
    requests = 0;
  }, everyMs);
  timer.unref();
  return { busy: () => busy, stop: () => clearInterval(timer) };
}
