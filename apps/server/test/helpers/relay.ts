import net from 'node:net';

/**
 * A TCP relay from a local port to a service (PostgreSQL, Redis, an S3 gateway) that a fault test
 * can cut (every connection reset, new ones refused: the service restarting, a failover, a network
 * blink), hang (connections reset, new ones accepted and never answered: a server that hangs),
 * stall (open connections carry nothing, no reset: a network partition) and heal. The store is pointed at `127.0.0.1:<port>` instead of the service.
 */
export async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  /** Accepting connections and sending nothing anywhere: a server that hangs, or packets dropped on the way. */
  let blackhole = false;
  /** Connections kept open and nothing carried either way: a network partition without resets. */
  let stalled = false;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const carry = ([client, upstream]: [net.Socket, net.Socket]) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const server = net.createServer((client) => {
    connections++;
    if (blackhole) {
      sockets.add(client);
      client.on('error', () => undefined);
      client.on('close', () => sockets.delete(client));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    for (const s of pair) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
    }
    if (stalled) for (const s of pair) s.pause();
    else carry(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    get connections() {
      return connections;
    },
    /** Cut or hanging: a test that failed half-way heals it, so the next one starts whole. */
    get faulty() {
      return blackhole || stalled || !server.listening;
    },
    /** Drops every connection (as a reset) and refuses new ones. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.resetAndDestroy();
      await closed;
    },
    async heal() {
      if (stalled) {
        stalled = false;
        // What waited is carried now, as TCP delivers it once a partition heals.
        for (const pair of pairs) {
          carry(pair);
          for (const s of pair) s.resume();
        }
        return;
      }
      if (blackhole) {
        blackhole = false;
        for (const s of sockets) s.resetAndDestroy();
        return;
      }
      // Its port taken meanwhile: fail now and say so, not hang until the test's timeout.
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
    },
    /** Drops every connection and swallows new ones without an answer. */
    hang() {
      blackhole = true;
      for (const s of sockets) s.resetAndDestroy();
    },
    /** Keeps every connection open and carries nothing either way, new connections alike, until healed. */
    stall() {
      stalled = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Relay = Awaited<ReturnType<typeof startRelay>>;

/** `url` with its host and port replaced by the relay's. */
export function throughRelay(url: string, relay: Relay): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(relay.port);
  return u.toString();
}
