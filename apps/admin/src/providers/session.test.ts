import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from './auth-provider.ts';
import { httpClient } from './data-provider.ts';
import { queryClient } from './query-client.ts';
import { session } from './session.ts';

/** The server as the back office meets it: a rotating refresh cookie, and an API that wants the newest token. */
function fakeServer() {
  const refreshes: number[] = [];
  let newest = 'none';
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    await new Promise((r) => setImmediate(r));
    if (path === '/api/token/refresh/') {
      refreshes.push(refreshes.length + 1);
      newest = `token-${refreshes.length}`;
      return Response.json({ access: newest });
    }
    if (path === '/api/login/') return Response.json({ is_staff: true, tokens: { access: 'token-login' } });
    if (path === '/api/logout/') return Response.json({ detail: 'Logged out.' });
    const auth = new Headers(init?.headers).get('authorization');
    if (auth !== `Bearer ${newest}`) return Response.json({ detail: 'Token expired.' }, { status: 401 });
    return Response.json([], { headers: { 'content-range': 'djs 0-0/0' } });
  });
  return { refreshes, fetch };
}

describe('the back office session', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.set(null);
  });

  it('renews an expired token once for twenty calls at once, as the storefront does (no refresh reuse)', async () => {
    session.set('expired');
    const answers = await Promise.all(Array.from({ length: 20 }, () => httpClient('/api/admin/djs')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(server.refreshes).toHaveLength(1);
  });

  it('empties the answers cache when staff sign in and when they sign out', async () => {
    queryClient.setQueryData(['customers', 'getOne', { id: '7' }], { id: 7, username: 'wanjiku', balance: 1000 });
    await authProvider.login({ username: 'staff@demo.videostore.co.ke', password: 'demo-staff-kilimanjaro' });
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(session.current()).toBe('token-login');
    queryClient.setQueryData(['customers', 'getOne', { id: '7' }], { id: 7, username: 'wanjiku', balance: 1000 });
    await authProvider.logout({});
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(session.current()).toBeNull();
  });
});
