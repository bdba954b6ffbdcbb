import net from 'node:net';
import type { BrowserContext } from 'playwright-core';

/**
 * A network that can really be switched off: the browser reaches the store through this relay, which
 * drops every connection while off. Playwright's setOffline alone is not enough with a service worker
 * (microsoft/playwright#2311): after a navigation the page and its worker were online again and
 * fetched what they should have found in the caches. setOffline is still called, for navigator.onLine.
 */
export async function switchableNetwork(storeUrl: string) {
  const { hostname, port } = new URL(storeUrl);
  const open = new Set<net.Socket>();
  let up = true;
  const relay = net.createServer((client) => {
    if (!up) return void client.destroy();
    const store = net.connect(Number(port), hostname);
    const drop = () => {
      client.destroy();
      store.destroy();
      open.delete(client);
      open.delete(store);
    };
    for (const socket of [client, store]) {
      open.add(socket);
      socket.on('error', drop).on('close', drop);
    }
    client.pipe(store).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    async set(context: BrowserContext, online: boolean) {
      up = online;
      if (!online) for (const socket of open) socket.destroy();
      await context.setOffline(!online);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
