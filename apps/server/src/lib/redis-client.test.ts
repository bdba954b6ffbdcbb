import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openRedis } from './redis-client.ts';

describe('the Redis client', () => {
  const closers: (() => void)[] = [];
  afterEach(() => closers.splice(0).forEach((c) => c()));

  it('says once, as JSON fields, that Redis cannot be reached, however many retries fail', async () => {
    // A port nothing listens on: every connection attempt is refused.
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const log = { warn: vi.fn(), info: vi.fn() };
    const redis = openRedis(`redis://127.0.0.1:${port}`, log);
    closers.push(() => redis.disconnect());
    const stderr = vi.spyOn(console, 'error');
    await vi.waitFor(() => expect(redis.status === 'reconnecting' || redis.status === 'connecting').toBe(true));
    // Let several reconnections fail.
    await new Promise((r) => setTimeout(r, 1500));
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ redis: 'down', code: 'ECONNREFUSED' });
    expect(stderr).not.toHaveBeenCalled();
    await expect(redis.get('x')).rejects.toThrow();
  });
});
