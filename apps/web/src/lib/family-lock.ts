import { useSyncExternalStore } from 'react';
import { isAdultRating } from '@store/contract';
import { signedInAccount } from './session.ts';

/**
 * The family lock as this phone knows it (CONTRACT §13), per account: whether it is on (the server
 * decides; this is what it last said), and the X-Family-Unlock value the PIN bought, kept for its 4
 * hours on this phone only. A salted hash of the PIN (PBKDF2) is kept too, the last time it was typed
 * right here, so that saved copies can ask for it with no network; it is no secret from someone who
 * can read the phone's storage, and it opens nothing on the server.
 */
interface Kept {
  on: boolean;
  unlock?: { value: string; until: number };
  pin?: { salt: string; hash: string };
  /** Saved copies opened with the PIN checked here, with no network: until when (ms). */
  offlineUntil?: number;
}

const keyOf = (account: number) => `familyLock:${account}`;
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  listeners.forEach((l) => l());
};

function read(account: number | null): Kept {
  if (account === null) return { on: false };
  try {
    const raw = localStorage.getItem(keyOf(account));
    return raw ? (JSON.parse(raw) as Kept) : { on: false };
  } catch {
    return { on: false };
  }
}
function write(account: number, kept: Kept) {
  localStorage.setItem(keyOf(account), JSON.stringify(kept));
  changed();
}

/** Whether the signed-in account's lock is on (as the server last said). */
export const familyLockOn = () => read(signedInAccount()).on;

/** Until when this phone is unlocked (ms), or null. */
export function unlockedUntil(): number | null {
  const { unlock } = read(signedInAccount());
  return unlock && unlock.until > Date.now() ? unlock.until : null;
}

/** Whether the lock keeps this rating from the signed-in customer on this phone now. */
export const lockedOut = (rating: string) => isAdultRating(rating) && familyLockOn() && unlockedUntil() === null;

/** A list of the account's own videos as this phone may show it now: 16 and 18 left out while locked, and how many. */
export function keptByFamilyLock<T extends { rating?: string | undefined }>(items: T[]): { shown: T[]; hidden: number } {
  const shown = items.filter((i) => !i.rating || !lockedOut(i.rating));
  return { shown, hidden: items.length - shown.length };
}

/** The header every call of the signed-in customer carries while this phone is unlocked. */
export function unlockHeader(): Record<string, string> {
  const { unlock } = read(signedInAccount());
  return unlock && unlock.until > Date.now() ? { 'x-family-unlock': unlock.value } : {};
}

/** What the server said of the lock (GET, PUT or DELETE /family-lock/). */
export function rememberLockState(on: boolean) {
  const account = signedInAccount();
  if (account === null) return;
  const kept = read(account);
  if (kept.on === on && (on || !kept.unlock)) return;
  write(account, on ? { ...kept, on } : { on });
}

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
async function hashPin(pin: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveBits']);
  return hex(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: encoder.encode(salt), iterations: 100_000 }, key, 256));
}

async function pinHash(pin: string) {
  const salt = hex(crypto.getRandomValues(new Uint8Array(16)).buffer);
  return { salt, hash: await hashPin(pin, salt) };
}

/** An unlock the server answered for the PIN typed here; the PIN's hash kept for saved copies. */
export async function rememberUnlock(value: string, expiresAt: string, pin: string) {
  const account = signedInAccount();
  if (account === null) return;
  write(account, { on: true, unlock: { value, until: Date.parse(expiresAt) }, pin: await pinHash(pin) });
}

/** The lock turned on (or its PIN set) on this phone: saved copies can check the PIN with no network. */
export async function rememberPinHere(pin: string) {
  const account = signedInAccount();
  if (account === null) return;
  write(account, { on: true, pin: await pinHash(pin) });
}

/** The PIN, checked on this phone with no network (saved copies): against the last one typed right here. */
export async function pinMatchesHere(pin: string): Promise<boolean | null> {
  const { pin: kept } = read(signedInAccount());
  if (!kept) return null;
  return (await hashPin(pin, kept.salt)) === kept.hash;
}

/** Unlocked with no network (the PIN checked here): for the saved copies only, for the same 4 hours. */
export function unlockHere(hours = 4) {
  const account = signedInAccount();
  if (account === null) return;
  write(account, { ...read(account), offlineUntil: Date.now() + hours * 3600_000 });
}

/**
 * "Lock again now" (issue 32 item 13): the parent hands the phone back before the 4 hours are up. The
 * unlock value and the saved copies' offline unlock are forgotten here, so no call carries them again.
 */
export function lockAgainHere() {
  const account = signedInAccount();
  if (account === null) return;
  const { on, pin } = read(account);
  write(account, pin ? { on, pin } : { on });
}

/** Whether a saved copy of this rating asks for the PIN before it plays. */
export function savedCopyLocked(rating: string | undefined): boolean {
  // A copy saved before ratings were kept with it: asked for as a 16 or 18 would be.
  if (rating !== undefined && !isAdultRating(rating)) return false;
  if (!familyLockOn() || unlockedUntil() !== null) return false;
  return (read(signedInAccount()).offlineUntil ?? 0) <= Date.now();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key?.startsWith('familyLock:') && changed();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** Calls `listener` whenever the lock or the unlock of this phone changes (here or in another tab); answers the unsubscribe. */
export const onFamilyLockChange = (listener: () => void): (() => void) => subscribe(listener);

/** Re-renders when the lock or the unlock of this phone changes. */
export function useFamilyLock() {
  useSyncExternalStore(subscribe, () => version);
  return { on: familyLockOn(), unlockedUntil: unlockedUntil() };
}
