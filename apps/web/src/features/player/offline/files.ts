/**
 * The bytes of saved videos, in the Cache API under stable addresses of this origin
 * (/offline-video/{video}/{rung}/seg-{index}.m4s): signed addresses expire, these do not. Nothing
 * fetches these addresses from the network: the player reads them through its own loader
 * (cache-loader.ts), so no service worker is involved.
 */
export const CACHE_NAME = 'saved-videos-v1';

export const savedBase = (videoId: number) => new URL(`/offline-video/${videoId}/`, window.location.origin).href;
export const savedMasterUrl = (videoId: number) => `${savedBase(videoId)}master.m3u8`;
export const savedRungUrl = (videoId: number, rung: string, name: string) => `${savedBase(videoId)}${rung}/${name}`;
export const savedPosterUrl = (videoId: number) => `${savedBase(videoId)}poster`;

const open = () => caches.open(CACHE_NAME);

export async function readSaved(url: string): Promise<Response | undefined> {
  if (!('caches' in window)) return undefined;
  return (await open()).match(url);
}

/** Stores bytes or text under a stable address, with their size in a header to count them later. */
export async function storeSaved(url: string, body: ArrayBuffer | string, type: string): Promise<number> {
  const size = typeof body === 'string' ? new TextEncoder().encode(body).byteLength : body.byteLength;
  await (await open()).put(url, new Response(body, { headers: { 'content-type': type, 'x-stored-bytes': String(size) } }));
  return size;
}

/** The size of a file already stored, or null when it is not. */
export async function storedSize(url: string): Promise<number | null> {
  const res = await readSaved(url);
  return res ? Number(res.headers.get('x-stored-bytes') ?? 0) : null;
}

/** Deletes every file of one saved video. */
export async function deleteSavedFiles(videoId: number): Promise<void> {
  if (!('caches' in window)) return;
  const cache = await open();
  const base = savedBase(videoId);
  const keys = await cache.keys();
  await Promise.all(keys.filter((k) => k.url.startsWith(base)).map((k) => cache.delete(k)));
}

/** The phone's space for this site: what is used and what is left, where the browser says. */
export async function storageSpace(): Promise<{ free: number } | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return null;
  return { free: Math.max(0, estimate.quota - (estimate.usage ?? 0)) };
}

/** Asks the browser not to clear saved videos when space runs low (it may say no). */
export async function askToKeepSaved(): Promise<boolean> {
  return (await navigator.storage?.persist?.().catch(() => false)) ?? false;
}
