/*
 * Web Push in the storefront's service worker (CONTRACT §15), added to Workbox's worker with
 * importScripts (vite-pwa.ts). The server words each push in the customer's language: this shows it,
 * and a tap focuses the store's open tab (or opens one) on the notification's page. Pages go through
 * the worker's own rules, so one the worker has kept opens with no network too.
 */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Video Store', {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      // A newer push about the same thing replaces the older one.
      tag: data.tag || undefined,
      data: { url: data.url || '/', id: data.id },
    }),
  );
});

/*
 * A tap also marks the notification read. The API takes the customer's token, which lives only in
 * the page's memory, so the worker cannot call it: the page does (PushOpenedRead in the app's layout),
 * told which notification by `?notification=<id>` on the page it opens, or by a message when the
 * store's tab is on that page already (no reload).
 */
const OPENED_PARAM = 'notification';
const OPENED_MESSAGE = 'notification-opened';

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  let target = new URL(data.url || '/', self.location.origin);
  // Only the store's own pages: a push never sends the customer elsewhere.
  if (target.origin !== self.location.origin) target = new URL('/', self.location.origin);
  const id = Number.isInteger(Number(data.id)) && Number(data.id) > 0 ? Number(data.id) : null;
  const opened = new URL(target.href);
  if (id !== null) opened.searchParams.set(OPENED_PARAM, String(id));
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const here = tabs.find((c) => c.url === target.href) || tabs.find((c) => new URL(c.url).origin === target.origin && !new URL(c.url).pathname.startsWith('/admin'));
      if (here) {
        // Focus is allowed in a notification's click; if the browser refuses it, the tab still moves.
        await here.focus().catch(() => undefined);
        if (here.url === target.href) {
          if (id !== null) here.postMessage({ type: OPENED_MESSAGE, id });
          return;
        }
        if ('navigate' in here && (await here.navigate(opened.href).catch(() => null))) return;
      }
      await self.clients.openWindow(opened.href);
    })(),
  );
});
