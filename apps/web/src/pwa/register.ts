/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

/** What the service worker keeps once seen (its runtime rules in vite-pwa.ts): our code, posters, the public catalogue. */
const KEPT = /^\/(assets\/|media\/(posters|portraits)\/|api\/(videoDetails|trend|genre|genreTotal|dj|dj_Total|notification|ceo|about_team)\/)/;

/**
 * On the very first visit the page loaded before the service worker existed: hand it this page and
 * what the page fetched, so they open offline too. Code and posters come from the browser's HTTP cache
 * (cached for a year); only the page and its catalogue answers are asked again (a few KB).
 */
function keepWhatThisPageLoaded(worker: ServiceWorker) {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && KEPT.test(url.pathname))
    .map((url) => url.href);
  worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [[location.href, { headers: { accept: 'text/html' } }], ...new Set(urls)] } });
}

/**
 * Registers the storefront's service worker (decision 0023). `onNeedRefresh` is called when a new
 * version has been installed and waits; the answer reloads the page into it.
 */
export function registerServiceWorker(onNeedRefresh: () => void): () => Promise<void> {
  const firstVisit = !navigator.serviceWorker.controller;
  const update = registerSW({ immediate: true, onNeedRefresh });
  if (firstVisit) void navigator.serviceWorker.ready.then((registration) => registration.active && keepWhatThisPageLoaded(registration.active));
  return () => update(true);
}
