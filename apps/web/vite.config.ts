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
            // MUI and emotion as the themed screens share them, in one file: left alone they came as about
            // 40 files of 1 to 7 KB, and a phone's six connections at 600 ms a request took 5 s to fetch a
            // watch page's (issue 32 item 7). The home page loads none of it (decision 0028).
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|stylis|react-transition-group|hoist-non-react-statics)[\\/]/, minShareCount: 3, priority: 1 },
            // The small modules every screen needs, the home page too, as one file instead of ten: with
            // them TanStack Query's parts that every read uses, which the bundler otherwise puts in two
            // more chunks (one gzip stream compresses them together: 1.2 KB less, issue 32 item 8).
            {
              name: 'shell',
              priority: 3,
              test: new RegExp(
                [
                  /src[\\/](lib[\\/](session|auth|api-client|format|local-cart)\.ts|components[\\/](poster|states|use-video-href)\.tsx?)$/.source,
                  /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/](environmentManager|focusManager|infiniteQueryBehavior|notifyManager|onlineManager|query|queryObserver|removable|retryer|subscribable|timeoutManager|utils)\.js$/.source,
                  /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](errorBoundaryUtils|IsRestoringProvider|QueryClientProvider|QueryErrorResetBoundary|suspense|useBaseQuery|useQuery)\.js$/.source,
                  // React Router's core: left alone, the bundler made it a chunk of its own once the
                  // account page and the side menu shared the navigation's links (0.5 KB more to load).
                  /react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[A-Z0-9]+\.mjs$/.source,
                  // React itself, which the MUI group would otherwise take along as its dependency, making the
                  // home page load MUI (priority 3 over MUI's 1).
                  /node_modules[\\/](react|react-dom|scheduler)[\\/]/.source,
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
