import { lazy, Suspense } from 'react';

const pageLoaded = () => new Promise((done) => (document.readyState === 'complete' ? done(0) : window.addEventListener('load', done, { once: true })));

/**
 * The offline notice and the update prompt. Their code, their words and the service worker's
 * registration load once the page has loaded: none of it is in the home page's first JavaScript.
 */
const PwaStatus = lazy(() => pageLoaded().then(() => import('./pwa-status.tsx')).then((m) => m.load()));

/** Where the layout shows them. */
export const PwaMount = () => (
  <Suspense>
    <PwaStatus />
  </Suspense>
);
