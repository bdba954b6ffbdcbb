import { vi } from 'vitest';

/** The Cache API, in memory (jsdom has none): answers the stored responses by address. */
export function fakeCaches() {
  const store = new Map<string, Response>();
  const cache = {
    match: async (url: string | { url: string }) => store.get(typeof url === 'string' ? url : url.url)?.clone(),
    put: async (url: string, res: Response) => void store.set(url, res),
    keys: async () => [...store.keys()].map((url) => ({ url })),
    delete: async (req: { url: string }) => store.delete(req.url),
  };
  vi.stubGlobal('caches', { open: async () => cache });
  return store;
}
