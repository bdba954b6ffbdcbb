import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { retryDelay, retryRead } from '../lib/retry-policy.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Catalogue data changes slowly; refetching on every focus costs customers data.
      // networkMode 'always': with no network a query still asks, and the service worker answers what was
      // already seen (or it fails into the error state) instead of waiting, paused, behind a skeleton.
      // Reads try again after a 503's Retry-After (lib/retry-policy.ts); mutations never on their own.
      queries: { staleTime: 60_000, retry: retryRead, retryDelay, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    // No MUI theme here: the shell, the home page and a video's page are plain elements with static
    // CSS (components/base.css); the parts built with MUI bring the theme (components/lazy-themed.tsx).
    // No language provider either: useT follows the language itself (lib/i18n.ts).
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}
