import fs from 'node:fs';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { theme } from './src/components/theme.ts';
import { CATALOGUE_CACHE } from './src/pwa/cache-names.ts';

const DAY = 24 * 3600;

/** The catalogs main.tsx loads before the first render (the shared layers' and the catalogue's), in both languages. */
const SHELL_CATALOGS = ['src/locales/en.json', 'src/locales/sw.json', 'src/features/catalog/locales/en.json', 'src/features/catalog/locales/sw.json'];

/**
 * The small parts that must open with no network after one visit although the home page does not
 * load them (decision 0035): the phone's menu and the Saved videos screen, both plain elements (a few
 * KB). The Saved list itself and the player are kept for the accounts that saved videos, by the app.
 */
const OFFLINE_PARTS = [
  'src/app/layout/menu-drawer.tsx',
  'src/app/routes/saved.tsx',
  // The shell's parts that load after the first render or for a signed-in customer only (app/layout/signed-in-only.tsx).
  'src/app/layout/saved-videos-review.ts',
  'src/app/layout/notification-bell.tsx',
  'src/app/layout/family-lock-watch.tsx',
  'src/app/layout/push-opened-read.tsx',
  'src/app/routes/continue-watching-rail.tsx',
];

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * What the service worker downloads when it installs: the shell only (index.html, the entry chunk and
 * the chunks it imports statically, their CSS, the first catalogs, the menu and the Saved screen, the
 * manifest and its icons). Lazy
 * screens, the player and hls.js are cached when first opened (the runtime rule for /assets/), so an
 * install costs a customer on a metered bundle what the home page costs anyway.
 */
function shellOnly(outDir: string): ManifestTransform {
  return async (entries) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
    const keep = new Set<string>();
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || keep.has(chunk.file)) return;
      keep.add(chunk.file);
      chunk.css?.forEach((file) => keep.add(file));
      chunk.imports?.forEach(walk);
    };
    Object.keys(manifest).filter((key) => manifest[key]!.isEntry).forEach(walk);
    SHELL_CATALOGS.forEach(walk);
    OFFLINE_PARTS.forEach(walk);
    return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || keep.has(entry.url)), warnings: [] };
  };
}

/**
 * The installable storefront (CONTRACT §9, decision 0023): the web app manifest, and a Workbox service
 * worker that precaches the shell and keeps what a customer has already seen (pages, catalogue
 * answers, posters) for when the network is gone. Nothing personal is ever cached: no request that
 * carries an Authorization header, nothing but the public catalogue under /api, no signed media.
 */
export function storefrontPwa() {
  const outDir = path.resolve(import.meta.dirname, 'dist');
  return VitePWA({
    registerType: 'prompt',
    // src/pwa/register.ts registers it after the page has loaded, outside the home page's first JavaScript.
    injectRegister: false,
    manifest: {
      name: 'Video Store Kenya',
      short_name: 'Video Store',
      description: "Movies, TV series, anime and how-to guides voiced by Kenya's favourite DJs. Top up with M-Pesa, buy and watch on any phone.",
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
      theme_color: theme.palette.background.default,
      background_color: theme.palette.background.default,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html}'],
      // Web Push: showing a push and opening its page on a tap (public/push-sw.js, a few lines).
      importScripts: ['push-sw.js'],
      manifestTransforms: [shellOnly(outDir)],
      // Pages are the NetworkFirst rule below: the precached index.html is only its last resort.
      navigateFallback: null,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // Pages of the storefront (not the back office): the network first, for fresh prices; after 3 s
          // or with no network, the copy of that page from the last visit; a page never seen gets the shell.
          urlPattern: ({ request, url }) => (request.mode === 'navigate' || request.headers.get('accept') === 'text/html') && !url.pathname.startsWith('/admin') && !url.pathname.startsWith('/api/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            networkTimeoutSeconds: 3,
            expiration: { maxEntries: 40, maxAgeSeconds: 30 * DAY },
            cacheableResponse: { statuses: [200] },
            precacheFallback: { fallbackURL: 'index.html' },
          },
        },
        {
          // Hashed code and styles (lazy screens, the player): immutable, so kept once loaded.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'assets', expiration: { maxEntries: 120, maxAgeSeconds: 60 * DAY }, cacheableResponse: { statuses: [200] } },
        },
        {
          // The public catalogue: fresh when online (the network first, 4 s), the last answer when not.
          // Only anonymous requests: a signed-in customer's /videoDetails/{id}/ carries their access
          // and signed addresses, and goes with an Authorization header.
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin && request.method === 'GET' && !request.headers.has('authorization') && /^\/api\/(videoDetails|trend|genre|genreTotal|dj|dj_Total|notification|ceo|about_team)\//.test(url.pathname),
          handler: 'NetworkFirst',
          options: { cacheName: CATALOGUE_CACHE, networkTimeoutSeconds: 4, expiration: { maxEntries: 200, maxAgeSeconds: 14 * DAY }, cacheableResponse: { statuses: [200] } },
        },
        {
          // Posters and DJ portraits: content-addressed (a new picture has a new address), so cache first.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/media\/(posters|portraits)\//.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'pictures', expiration: { maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }, cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  });
}
