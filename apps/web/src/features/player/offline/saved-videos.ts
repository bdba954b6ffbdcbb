import { useSyncExternalStore } from 'react';
import { onSavedCopiesChange, readList, recordsOf, SAVED_NOTICES_KEY, SAVED_VIDEOS_KEY, savedCopiesChanged } from '../../../lib/saved-copies.ts';
import { signedInAccount } from '../../../lib/session.ts';

/**
 * The videos saved on this phone: what the screens show (kept in localStorage, small), while the
 * bytes themselves are in the Cache API under stable addresses (see files.ts). Each belongs to the
 * account that saved it (decision 0035): every function here reads and changes the signed-in
 * account's copies only, and with nobody signed in there are none.
 */
export interface SavedVideo {
  id: number;
  /** The account that saved it; missing on copies saved before copies had owners (review.ts claims those). */
  owner?: number;
  title: string;
  /** Its season ("Season 2"), kept so the list tells a series' copies apart; missing on copies saved before. */
  season?: string | null;
  /** KFCB rating when saved (CONTRACT §13): a 16 or 18 asks for the family PIN before it plays. */
  rating?: string;
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
  /**
   * A copy saved under a rental (CONTRACT §11): the rental's clock as the server last said it. Past
   * `expires_at` by this phone's clock the copy does not play and goes, with no network needed.
   */
  rental?: { started_at: string | null; expires_at: string; pass?: true } | undefined;
}

/** A saved copy removed because access ended or it went unchecked for too long; shown to its owner until dismissed. */
export interface RemovalNotice {
  owner: number;
  /** The video's id: one notice per copy, however many checks found it gone. */
  id: number;
  title: string;
  reason: 'refunded' | 'unchecked' | 'rental_ended' | 'pass_ended';
}

/**
 * The clock to keep with a copy: a rental's, or a live pass's end (CONTRACT §14: at the end saved
 * copies go, as for rentals); a video bought (owned), or neither rented nor under a pass, has none.
 */
export const rentalOf = (video: { owned?: boolean | undefined; rental?: { started_at: string | null; expires_at: string } | null | undefined; pass?: { ends_at: string } | null | undefined }): SavedVideo['rental'] => {
  if (video.owned === true) return undefined;
  if (video.rental) return { started_at: video.rental.started_at, expires_at: video.rental.expires_at };
  return video.pass ? { started_at: null, expires_at: video.pass.ends_at, pass: true } : undefined;
};

/** Whether a copy saved under a rental is past its end by this phone's clock (no network needed). */
export const rentalEnded = (copy: Pick<SavedVideo, 'rental'>, now = Date.now()) => copy.rental !== undefined && !(Date.parse(copy.rental.expires_at) > now);

const KEY = SAVED_VIDEOS_KEY;
const NOTICES = SAVED_NOTICES_KEY;

const allRecords = () => readList<SavedVideo>(KEY);
const isCopy = (owner: number, id: number) => (v: SavedVideo) => v.owner === owner && v.id === id;

/** Every record on this phone, whoever saved it: for the review only, never for a screen. */
export const everySavedRecord = allRecords;

// One snapshot per stored value and account, so React sees the same array until either changes.
let snapshot: { raw: string | null; owner: number | null; value: SavedVideo[] } | null = null;

/** The signed-in account's saved videos. */
export function savedVideos(): SavedVideo[] {
  const raw = localStorage.getItem(KEY);
  const owner = signedInAccount();
  if (!snapshot || snapshot.raw !== raw || snapshot.owner !== owner) snapshot = { raw, owner, value: recordsOf(allRecords(), owner) };
  return snapshot.value;
}

const emit = savedCopiesChanged;

export const savedVideo = (id: number) => savedVideos().find((v) => v.id === id);

function write(records: SavedVideo[]) {
  localStorage.setItem(KEY, JSON.stringify(records));
  emit();
}

/** Adds or changes one saved video's record (its `owner` says whose). */
export function putSavedVideo(video: SavedVideo & { owner: number }): void {
  write([video, ...allRecords().filter((v) => !isCopy(video.owner, video.id)(v))]);
}

/** Changes the signed-in account's copy of a video; nothing when signed out or it has none. */
export function updateSavedVideo(id: number, change: Partial<SavedVideo>): SavedVideo | undefined {
  const owner = signedInAccount();
  const records = allRecords();
  const current = owner === null ? undefined : records.find(isCopy(owner, id));
  if (!current) return undefined;
  const next = { ...current, ...change };
  write(records.map((v) => (v === current ? next : v)));
  return next;
}

/** Drops one account's record of a video (the signed-in account's unless said). */
export function dropSavedVideo(id: number, owner = signedInAccount()): void {
  if (owner !== null) write(allRecords().filter((v) => !isCopy(owner, id)(v)));
}

/** Drops a record saved before copies had owners. */
export const dropUnownedRecord = (id: number) => write(allRecords().filter((v) => v.owner !== undefined || v.id !== id));

export const removalNotices = () => recordsOf(readList<RemovalNotice>(NOTICES), signedInAccount());

/** Tells the owner once that a copy went, however many checks find it gone. */
export function addRemovalNotice(notice: RemovalNotice): void {
  const all = readList<RemovalNotice>(NOTICES);
  if (all.some((n) => n.owner === notice.owner && n.id === notice.id)) return;
  localStorage.setItem(NOTICES, JSON.stringify([...all, notice]));
  emit();
}

/** The customer closed the notice: it does not come back. */
export function dismissRemovalNotice(id: number): void {
  const owner = signedInAccount();
  localStorage.setItem(NOTICES, JSON.stringify(readList<RemovalNotice>(NOTICES).filter((n) => n.owner !== owner || n.id !== id)));
  emit();
}

// Another tab saving or removing a video, or signing in or out, too.
const subscribe = onSavedCopiesChange;

/** The signed-in account's saved videos, re-rendering as they change (progress, pause, removal). */
export const useSavedVideos = () => useSyncExternalStore(subscribe, savedVideos);

let noticesSnapshot: { raw: string | null; owner: number | null; value: RemovalNotice[] } | null = null;
function noticesSnap() {
  const raw = localStorage.getItem(NOTICES);
  const owner = signedInAccount();
  if (!noticesSnapshot || noticesSnapshot.raw !== raw || noticesSnapshot.owner !== owner) noticesSnapshot = { raw, owner, value: removalNotices() };
  return noticesSnapshot!.value;
}
/** The signed-in account's removal notices. */
export const useRemovalNotices = () => useSyncExternalStore(subscribe, noticesSnap);
