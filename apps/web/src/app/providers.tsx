import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Catalogue data changes slowly; refetching on every focus costs customers data.
      // networkMode 'always': with no network a query still asks, and the service worker answers what was
      // already seen (or it fails into the error state) instead of waiting, paused, behind a skeleton.
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'always' },
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
