/** The service worker's cache of public catalogue answers (its NetworkFirst rule in vite-pwa.ts), which the page also fills. */
export const CATALOGUE_CACHE = 'catalogue';
