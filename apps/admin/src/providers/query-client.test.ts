import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './data-provider.ts';
import { queryClient, UNAVAILABLE_WAIT_MS } from './query-client.ts';

const busy = () => Response.json({ detail: 'The store is briefly unavailable. Please try again in a moment.' }, { status: 503, headers: { 'retry-after': '5' } });
const djs = () => Response.json([{ id: 1, name: 'DJ Afro' }], { headers: { 'content-range': 'djs 0-0/1' } });
/** The server: a token for the asking, and the back office's answers from `answer`; counts the latter. */
function server(answer: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL | Request) => {
      if (String(url) === '/api/token/refresh/') return Response.json({ access: 'token-1' });
      calls.push(String(url));
      return answer();
    }),
  );
  return calls;
}
const list = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

describe('the back office while the store answers 503', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    queryClient.getQueryCache().clear();
  });

  it('a list waits and asks again on its own, then shows the rows', async () => {
    vi.useFakeTimers();
    const answers = [busy(), busy(), djs()];
    const calls = server(() => answers.shift()!);
    const read = queryClient.fetchQuery({ queryKey: ['djs', 'getList', list], queryFn: () => dataProvider.getList('djs', list) });
    await vi.advanceTimersByTimeAsync(UNAVAILABLE_WAIT_MS - 100);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2 * UNAVAILABLE_WAIT_MS);
    expect(await read).toMatchObject({ data: [{ id: 1, name: 'DJ Afro' }], total: 1 });
    expect(calls).toHaveLength(3);
  });

  it('a write (a refund) is sent once: the 503 and its words reach the notification', async () => {
    const calls = server(busy);
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => dataProvider.create('refunds', { data: { purchase_id: 7 } }) });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 503, message: 'The store is briefly unavailable. Please try again in a moment.' });
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toHaveLength(1);
  });
});
