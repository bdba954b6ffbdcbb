import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** public/push-sw.js run against a stand-in for the service worker's `self`. */
const source = readFileSync(path.join(import.meta.dirname, '../../public/push-sw.js'), 'utf8');
const ORIGIN = 'https://store.test';

type Tab = { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn>; postMessage: ReturnType<typeof vi.fn> };
const tab = (url: string): Tab => ({ url, focus: vi.fn(async () => undefined), navigate: vi.fn(async () => ({})), postMessage: vi.fn() });

function worker(tabs: Tab[]) {
  const handlers = new Map<string, (event: unknown) => void>();
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    clients: { matchAll: vi.fn(async () => tabs), openWindow: vi.fn(async () => null) },
    registration: { showNotification: vi.fn(async () => undefined) },
  };
  new Function('self', source)(self);
  /** A tap on a notification that carries this data; resolves when the worker is done with it. */
  const tap = async (data: unknown) => {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get('notificationclick')!({ notification: { data, close: vi.fn() }, waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  };
  return { self, tap };
}

describe('the service worker’s tap on a push', () => {
  it('opens the page with the notification’s id for the page to mark it read', async () => {
    const { self, tap } = worker([]);
    await tap({ url: '/video/12', id: 7 });
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/video/12?notification=7`);
  });

  it('moves the store’s open tab there with the id, keeping the page’s own query', async () => {
    const open = tab(`${ORIGIN}/`);
    const { self, tap } = worker([open]);
    await tap({ url: '/account?section=gifts', id: 40 });
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/account?section=gifts&notification=40`);
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('tells a tab already on that page, which then marks it without reloading', async () => {
    const there = tab(`${ORIGIN}/video/12`);
    const { self, tap } = worker([there]);
    await tap({ url: '/video/12', id: 7 });
    expect(there.postMessage).toHaveBeenCalledWith({ type: 'notification-opened', id: 7 });
    expect(there.navigate).not.toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('never leaves the store, and adds nothing without an id', async () => {
    const { self, tap } = worker([]);
    await tap({ url: 'https://evil.example/x', id: 5 });
    await tap({ url: '/video/3' });
    expect(self.clients.openWindow.mock.calls).toEqual([[`${ORIGIN}/?notification=5`], [`${ORIGIN}/video/3`]]);
  });
});
