import { useSyncExternalStore } from 'react';
import { signedInAccount } from './session.ts';

/**
 * Videos saved on this phone belong to the account that saved them (decision 0035): their records
 * (localStorage) and bytes (the Cache API, under /offline-video/account-{id}/{video}/) carry its id, and
 * only that account, signed in, sees or plays them. Shared here because the player saves and lists
 * them, the app reviews them, and signing out may remove them.
 */
export const SAVED_VIDEOS_KEY = 'savedVideos';
export const SAVED_NOTICES_KEY = 'savedVideoNotices';
export const SAVED_FILES_CACHE = 'saved-videos-v1';

/** What every saved record has, whatever else the player keeps in it. */
export interface OwnedRecord {
  id: number;
  /** The account that saved it; missing on copies saved before copies had owners. */
  owner?: number;
  storedBytes: number;
}

export function readList<T>(key: string): T[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** Where one account's copy of one video keeps its files. */
export const accountFilesBase = (owner: number) => new URL(`/offline-video/account-${owner}/`, window.location.origin).href;
export const savedFilesBase = (owner: number, videoId: number) => `${accountFilesBase(owner)}${videoId}/`;

/** The records that belong to `owner`: none for nobody (signed out). */
export const recordsOf = <T extends { owner?: number }>(records: T[], owner: number | null): T[] => (owner === null ? [] : records.filter((r) => r.owner === owner));

/** The signed-in account's saved copies: how many, and the space they take. */
export function ownSavedCopies(): { count: number; bytes: number } {
  const own = recordsOf(readList<OwnedRecord>(SAVED_VIDEOS_KEY), signedInAccount());
  return { count: own.length, bytes: own.reduce((sum, r) => sum + r.storedBytes, 0) };
}

/** Whether the signed-in account has a notice to read about a copy that was removed. */
export const hasOwnRemovalNotices = () => recordsOf(readList<{ owner?: number }>(SAVED_NOTICES_KEY), signedInAccount()).length > 0;

const listeners = new Set<() => void>();

/** Tells the screens in this tab that saved records or notices changed (the storage event tells other tabs). */
export const savedCopiesChanged = () => listeners.forEach((l) => l());

/** Calls `listener` when saved records or notices change, here or in another tab, or the account signs in or out. */
export function onSavedCopiesChange(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => [SAVED_VIDEOS_KEY, SAVED_NOTICES_KEY, 'authorized', 'account_id', null].includes(e.key) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether the signed-in account has copies or a notice about one removed, re-rendering as they change:
 * a removal drops the record before its notice is written (the files go in between), and a screen
 * that chose by the records alone then would miss the notice.
 */
export const useHasOwnSavedCopies = () => useSyncExternalStore(onSavedCopiesChange, () => ownSavedCopies().count > 0 || hasOwnRemovalNotices());

/** Deletes every file stored under an address that starts with `base`. */
export async function deleteFilesUnder(base: string): Promise<void> {
  if (!('caches' in window)) return;
  const cache = await caches.open(SAVED_FILES_CACHE);
  const keys = await cache.keys();
  await Promise.all(keys.filter((k) => k.url.startsWith(base)).map((k) => cache.delete(k)));
}

/**
 * The customer chose, signing out, to take their saved videos off this phone: records, notices and
 * bytes of that account go; other accounts' copies stay.
 */
export async function removeSavedCopiesOf(owner: number): Promise<void> {
  localStorage.setItem(SAVED_VIDEOS_KEY, JSON.stringify(readList<OwnedRecord>(SAVED_VIDEOS_KEY).filter((r) => r.owner !== owner)));
  localStorage.setItem(SAVED_NOTICES_KEY, JSON.stringify(readList<{ owner?: number }>(SAVED_NOTICES_KEY).filter((n) => n.owner !== owner)));
  await deleteFilesUnder(accountFilesBase(owner));
}
