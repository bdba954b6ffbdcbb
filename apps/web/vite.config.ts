import react from '@vitejs/plugin-react';
import { messageCatalogs } from './vite-catalogs.ts';
import { leanRouter } from './vite-lean-router.ts';
import { storefrontPwa } from './vite-pwa.ts';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), messageCatalogs(), leanRouter(), storefrontPwa()],
  // The manifest lets bench/web/bundle-size.mjs measure what the home page loads before it can render
  // (and the service worker precache just that: vite-pwa.ts).
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod alone: left to the default grouping it was merged into a chunk the home page loads,
            // though only the form screens need it (it has no dependencies, so the group takes nothing else).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The small modules every screen needs, the home page too, as one file instead of ten: with
            // them TanStack Query's parts that every read uses, which the bundler otherwise puts in two
            // more chunks (one gzip stream compresses them together: 1.2 KB less, issue 32 item 8).
            {
              name: 'shell',
              test: new RegExp(
                [
                  /src[\\/](lib[\\/](session|auth|api-client|format|local-cart)\.ts|components[\\/](poster|states|use-video-href)\.tsx?)$/.source,
                  /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/](environmentManager|focusManager|infiniteQueryBehavior|notifyManager|onlineManager|query|queryObserver|removable|retryer|subscribable|timeoutManager|utils)\.js$/.source,
                  /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](errorBoundaryUtils|IsRestoringProvider|QueryClientProvider|QueryErrorResetBoundary|suspense|useBaseQuery|useQuery)\.js$/.source,
                  // React Router's core: left alone, the bundler made it a chunk of its own once the
                  // account page and the side menu shared the navigation's links (0.5 KB more to load).
                  /react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[A-Z0-9]+\.mjs$/.source,
                ].join('|'),
              ),
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
