import { useSyncExternalStore } from 'react';

/**
 * The videos saved on this phone: what the screens show (kept in localStorage, small), while the
 * bytes themselves are in the Cache API under stable addresses (see files.ts).
 */
export interface SavedVideo {
  id: number;
  title: string;
  /** The poster's address when saved; the picture itself is kept with the files. */
  poster: string | null;
  rung: { name: string; height: number; bandwidth: number; data_saver: boolean };
  duration: number;
  /** What the whole rung takes, said before saving started. */
  expectedBytes: number;
  /** What is stored so far. */
  storedBytes: number;
  files: number;
  storedFiles: number;
  status: 'saving' | 'paused' | 'saved';
  /** Why it is paused: the customer tapped Pause, the connection dropped, or it waits for Wi-Fi. */
  pausedFor?: 'customer' | 'connection' | 'wifi' | undefined;
  wifiOnly: boolean;
  savedAt: number;
  /** When the server last said the customer still owns it. */
  checkedAt: number;
}

/** A saved copy removed because access ended or it went unchecked for too long. */
export interface RemovalNotice {
  title: string;
  reason: 'refunded' | 'unchecked';
}

const KEY = 'savedVideos';
const NOTICES = 'savedVideoNotices';
const listeners = new Set<() => void>();
let snapshot: SavedVideo[] | null = null;

function read<T>(key: string): T[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function savedVideos(): SavedVideo[] {
  snapshot ??= read<SavedVideo>(KEY);
  return snapshot;
}

const emit = () => {
  snapshot = null;
  listeners.forEach((l) => l());
};

export const savedVideo = (id: number) => savedVideos().find((v) => v.id === id);

/** Adds or changes one saved video's record. */
export function putSavedVideo(video: SavedVideo): void {
  const others = read<SavedVideo>(KEY).filter((v) => v.id !== video.id);
  localStorage.setItem(KEY, JSON.stringify([video, ...others]));
  emit();
}

export function updateSavedVideo(id: number, change: Partial<SavedVideo>): SavedVideo | undefined {
  const current = read<SavedVideo>(KEY).find((v) => v.id === id);
  if (!current) return undefined;
  const next = { ...current, ...change };
  localStorage.setItem(KEY, JSON.stringify(read<SavedVideo>(KEY).map((v) => (v.id === id ? next : v))));
  emit();
  return next;
}

export function dropSavedVideo(id: number): void {
  localStorage.setItem(KEY, JSON.stringify(read<SavedVideo>(KEY).filter((v) => v.id !== id)));
  emit();
}

export const removalNotices = () => read<RemovalNotice>(NOTICES);

export function addRemovalNotice(notice: RemovalNotice): void {
  localStorage.setItem(NOTICES, JSON.stringify([...read<RemovalNotice>(NOTICES), notice]));
  emit();
}

export function clearRemovalNotices(): void {
  localStorage.removeItem(NOTICES);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab saving or removing a video.
  const onStorage = (e: StorageEvent) => (e.key === KEY || e.key === NOTICES) && emit();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The saved videos, re-rendering as they change (progress, pause, removal). */
export const useSavedVideos = () => useSyncExternalStore(subscribe, savedVideos);

const emptyNotices: RemovalNotice[] = [];
let noticesSnapshot: { raw: string | null; value: RemovalNotice[] } = { raw: null, value: emptyNotices };
function noticesSnap() {
  const raw = localStorage.getItem(NOTICES);
  if (raw !== noticesSnapshot.raw) noticesSnapshot = { raw, value: read<RemovalNotice>(NOTICES) };
  return noticesSnapshot.value;
}
export const useRemovalNotices = () => useSyncExternalStore(subscribe, noticesSnap);
