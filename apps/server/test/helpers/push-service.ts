import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** What the test push service received: the decrypted payload and the VAPID header's parts. */
export interface Received {
  path: string;
  payload: unknown;
  vapidKey: string;
  audience: string;
  ttl: string | undefined;
}

/**
 * A local push service for tests, on 127.0.0.1 over http (CONTRACT §15 allows a loopback host:port
 * entry): each subscription it hands out has its own P-256 key pair and auth secret, as a browser's
 * has, and every message is decrypted (RFC 8291 aes128gcm) with them, so a test reads what a
 * phone would show. `answer` makes an endpoint answer 404 or 410 (gone) or 500 (a hiccup), or a
 * redirect to `location`.
 */
export async function startPushService() {
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const redirects = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const sub = subscriptions.get(path);
      const status = answers.get(path) ?? (sub ? 201 : 404);
      if (sub && status === 201) {
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth }).toString('utf8')) as unknown;
        const auth = String(req.headers.authorization ?? '');
        const jwt = /t=([^,\s]+)/.exec(auth)?.[1] ?? '';
        const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}') as { aud?: string };
        received.push({ path, payload, vapidKey: /k=([^,\s]+)/.exec(auth)?.[1] ?? '', audience: claims.aud ?? '', ttl: req.headers.ttl as string | undefined });
      }
      const location = redirects.get(path);
      res.writeHead(status, location ? { location } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    hostPort,
    received,
    /** A browser's new subscription (PushSubscription.toJSON()). */
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const path = `/push/${++n}-${randomBytes(4).toString('hex')}`;
      subscriptions.set(path, { ecdh, auth });
      return { endpoint: `http://${hostPort}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
    },
    answer(endpoint: string, status: number, location?: string) {
      answers.set(new URL(endpoint).pathname, status);
      if (location) redirects.set(new URL(endpoint).pathname, location);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
