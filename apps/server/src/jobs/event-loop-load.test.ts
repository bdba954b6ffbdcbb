import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { sampleCustomerLoad } from './event-loop-load.ts';

/** Keeps the event loop busy for `ms`, in slices of 20 ms, emitting `perSlice` requests each when asked. */
async function spin(ms: number, server?: EventEmitter, perSlice = 5) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const slice = Date.now() + 20;
    while (Date.now() < slice);
    for (let i = 0; i < perSlice; i++) server?.emit('request');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('how busy serving customers the process is', () => {
  it('counts a busy event loop only while requests arrive: the background work alone is not a customer', async () => {
    const server = new EventEmitter();
    const load = sampleCustomerLoad(server, 50);
    try {
      await spin(300); // a push fan-out keeps the loop busy, no customer
      expect(load.busy()).toBe(0);
      await spin(300, server, 1); // ... and a trickle of requests (50 a second): still the fan-out's busyness, not theirs
      expect(load.busy()).toBe(0);
      await spin(300, server); // customers keep it busy
      expect(load.busy()).toBeGreaterThan(0.6);
      await new Promise((resolve) => setTimeout(resolve, 200)); // quiet again
      expect(load.busy()).toBe(0);
    } finally {
      load.stop();
    }
  });
});
