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

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  let target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  // Only the store's own pages: a push never sends the customer elsewhere.
  if (target.origin !== self.location.origin) target = new URL('/', self.location.origin);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const here = tabs.find((c) => c.url === target.href) || tabs.find((c) => new URL(c.url).origin === target.origin && !new URL(c.url).pathname.startsWith('/admin'));
      if (here) {
        // Focus is allowed in a notification's click; if the browser refuses it, the tab still moves.
        await here.focus().catch(() => undefined);
        if (here.url === target.href) return;
        if ('navigate' in here && (await here.navigate(target.href).catch(() => null))) return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
