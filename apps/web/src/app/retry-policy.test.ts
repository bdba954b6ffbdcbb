import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './providers.tsx';
import { apiGet, apiPost, ApiError } from '../lib/api-client.ts';

const busy = (seconds: number) => new Response(JSON.stringify({ detail: 'The store is briefly unavailable. Please try again in a moment.' }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': String(seconds) } });
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('while the store answers 503 with Retry-After', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a read waits Retry-After and tries again on its own, then shows the answer', async () => {
    const calls: number[] = [];
    const answers = [busy(1), busy(1), ok({ count: 3 })];
    vi.stubGlobal('fetch', vi.fn(async () => (calls.push(performance.now()), answers.shift()!)));
    const client = createQueryClient();
    const data = await client.fetchQuery({ queryKey: ['videos'], queryFn: () => apiGet<{ count: number }>('/videos/', { q: `x${Math.random()}` }) });
    expect(data).toEqual({ count: 3 });
    expect(calls).toHaveLength(3);
    // Each try waited the server's 1 s, not TanStack's own shorter first backoff.
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(950);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(950);
  }, 10_000);

  it('a read refused (404) is not asked again', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(createQueryClient().fetchQuery({ queryKey: ['gone'], queryFn: () => apiGet('/videos/999/', { q: `x${Math.random()}` }) })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a payment is never sent twice on its own: the 503 reaches the screen with its wait', async () => {
    const fetchMock = vi.fn(async () => busy(5));
    vi.stubGlobal('fetch', fetchMock);
    const observer = new MutationObserver(createQueryClient(), { mutationFn: (videoId: number) => apiPost('/purchased/', { video_id: videoId }) });
    const failure = await observer.mutate(7).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, retryAfter: 5 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
