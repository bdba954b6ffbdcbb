import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

/** A cache on a clock the test moves, and a computation the test finishes when it wants. */
function setUp() {
  let now = 1_000_000;
  const cache = new ResponseCache(10, 5_000, () => now);
  const calls: Array<(json: string) => void> = [];
  const compute = () => new Promise<string>((resolve) => calls.push(resolve));
  return { cache, calls, compute, advance: (ms: number) => (now += ms) };
}

describe('ResponseCache', () => {
  it('computes an answer once for every request that misses it at the same moment', async () => {
    const { cache, calls, compute } = setUp();
    const answers = Array.from({ length: 50 }, () => cache.getOrCompute('/list', compute));
    expect(calls).toHaveLength(1);
    calls[0]!('{"count":1}');
    const entries = await Promise.all(answers);
    expect(new Set(entries).size).toBe(1);
    expect(entries[0]!.body.toString()).toBe('{"count":1}');
    expect(cache.get('/list')).toBe(entries[0]);
  });

  it('answers with the expired list while one request refreshes it, then with the new one', async () => {
    const { cache, calls, compute, advance } = setUp();
    const first = cache.set('/list', '{"v":1}');
    advance(5_001);
    // Expired, nothing refreshing it yet: the request goes to its handler.
    expect(cache.get('/list')).toBeUndefined();
    const refreshed = cache.getOrCompute('/list', compute);
    expect(cache.get('/list')).toBe(first);
    calls[0]!('{"v":2}');
    const second = await refreshed;
    expect(cache.get('/list')).toBe(second);
    expect(second.body.toString()).toBe('{"v":2}');
  });

  it('does not answer with an entry older than two lifetimes, even while refreshing', () => {
    const { cache, compute, advance } = setUp();
    cache.set('/list', '{"v":1}');
    advance(10_001);
    void cache.getOrCompute('/list', compute);
    expect(cache.get('/list')).toBeUndefined();
  });

  it('keeps nothing computed before a catalogue write: the next request computes again', async () => {
    const { cache, calls, compute } = setUp();
    const before = cache.getOrCompute('/list', compute);
    cache.clear();
    calls[0]!('{"price":50}');
    expect((await before).body.toString()).toBe('{"price":50}');
    expect(cache.get('/list')).toBeUndefined();
    const after = cache.getOrCompute('/list', compute);
    expect(calls).toHaveLength(2);
    calls[1]!('{"price":75}');
    expect((await after).body.toString()).toBe('{"price":75}');
    expect(cache.get('/list')?.body.toString()).toBe('{"price":75}');
  });

  it('lets a failed computation fail its requests and the next request try again', async () => {
    const { cache, calls, compute } = setUp();
    const failing = cache.getOrCompute('/list', () => Promise.reject(new Error('database gone')));
    await expect(failing).rejects.toThrow('database gone');
    const retried = cache.getOrCompute('/list', compute);
    calls[0]!('{"ok":true}');
    expect((await retried).body.toString()).toBe('{"ok":true}');
  });
});
