import { deleteFilesUnder, SAVED_FILES_CACHE, savedFilesBase } from '../../../lib/saved-copies.ts';

/**
 * The bytes of saved videos, in the Cache API under stable addresses of this origin, per account
 * (/offline-video/account-{id}/{video}/{rung}/seg-{index}.m4s): signed addresses expire, these do
 * not. Nothing fetches these addresses from the network: the player reads them through its own
 * loader (cache-loader.ts), so no service worker is involved.
 */
export const CACHE_NAME = SAVED_FILES_CACHE;

/** One account's copy of one video; without an owner, a copy saved before copies had owners (/offline-video/{video}/). */
export interface CopyRef {
  id: number;
  owner?: number | undefined;
}

export const savedBase = (copy: CopyRef) => (copy.owner === undefined ? new URL(`/offline-video/${copy.id}/`, window.location.origin).href : savedFilesBase(copy.owner, copy.id));
export const savedMasterUrl = (copy: CopyRef) => `${savedBase(copy)}master.m3u8`;
export const savedRungUrl = (copy: CopyRef, rung: string, name: string) => `${savedBase(copy)}${rung}/${name}`;
export const savedPosterUrl = (copy: CopyRef) => `${savedBase(copy)}poster`;

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

/** Deletes every file of one copy. */
export const deleteSavedFiles = (copy: CopyRef) => deleteFilesUnder(savedBase(copy));

/** Moves a copy's files to another copy's addresses (an unowned copy claimed by its owner). */
export async function moveSavedFiles(from: CopyRef, to: CopyRef): Promise<void> {
  if (!('caches' in window)) return;
  const cache = await open();
  const [source, target] = [savedBase(from), savedBase(to)];
  for (const key of await cache.keys()) {
    if (!key.url.startsWith(source)) continue;
    const res = await cache.match(key);
    if (res) await cache.put(target + key.url.slice(source.length), res);
    await cache.delete(key);
  }
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
