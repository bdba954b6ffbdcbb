import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { Themed } from '../components/themed.tsx';

/** Renders inside the app's providers, the MUI theme (as the lazy screens have it) and a router at `path`. */
export function renderApp(ui: ReactNode, path = '/') {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return render(
    <AppProviders queryClient={client}>
      <Themed>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </Themed>
    </AppProviders>,
  );
}

type Handler = (url: URL, init?: RequestInit) => unknown;

/** Answers the app's API calls from `handler` (a JSON body, or a Response for errors). */
export function mockApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://store.test');
    const out = await handler(url, init);
    return out instanceof Response ? out : new Response(JSON.stringify(out), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const emptyPage = { count: 0, next: null, previous: null, results: [] };
