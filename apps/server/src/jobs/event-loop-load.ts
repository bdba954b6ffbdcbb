import { performance } from 'node:perf_hooks';

/** How busy serving customers this process was lately: 0 (no requests) to 1 (its event loop never idle). */
export interface CustomerLoad {
  busy(): number;
  stop(): void;
}

/**
 * Samples, every 100 ms, the event loop's utilisation over the last window, counted only when
 * requests arrived in it: the background work's own busyness (a push fan-out) is not a customer,
 * so a quiet store runs its jobs at full speed and a busy one gives them what is left.
 */
export function sampleCustomerLoad(server: { on(event: 'request', listener: () => void): unknown }, everyMs = 100): CustomerLoad {
  let requests = 0;
  server.on('request', () => void requests++);
  let last = performance.eventLoopUtilization();
  let busy = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    busy = requests > 0 ? performance.eventLoopUtilization(now, last).utilization : 0;
    last = now;
    requests = 0;
  }, everyMs);
  timer.unref();
  return { busy: () => busy, stop: () => clearInterval(timer) };
}
