/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { CATALOGUE_CACHE } from './cache-names.ts';

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
 * The answers the server wrote into this page (the hero's newest videos, the DJ tabs, the newest
 * strip, a video's details) were never fetched, so the worker never kept them: the home page reached
 * offline from another screen had no DJ tabs, a grey hero and an error for Newest. They go into the
 * worker's catalogue cache from the page itself, at no cost in data (decision 0035).
 */
async function keepAnswersInThisPage() {
  const json = document.getElementById('initial-data')?.textContent;
  if (!json || !navigator.onLine || !('caches' in window)) return;
  const answers = JSON.parse(json) as Record<string, unknown>;
  const cache = await caches.open(CATALOGUE_CACHE);
  await Promise.all(
    Object.entries(answers)
      .filter(([url]) => KEPT.test(url))
      .map(([url, body]) => cache.put(new URL(url, location.href).href, new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }))),
  );
}

/**
 * Registers the storefront's service worker (decision 0023). `onNeedRefresh` is called when a new
 * version has been installed and waits; the answer reloads the page into it.
 */
export function registerServiceWorker(onNeedRefresh: () => void): () => Promise<void> {
  const firstVisit = !navigator.serviceWorker.controller;
  const update = registerSW({ immediate: true, onNeedRefresh });
  void keepAnswersInThisPage().catch(() => undefined);
  if (firstVisit) void navigator.serviceWorker.ready.then((registration) => registration.active && keepWhatThisPageLoaded(registration.active));
  return () => update(true);
}
