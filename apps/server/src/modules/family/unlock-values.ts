import { createHmac, timingSafeEqual } from 'node:crypto';
import { FAMILY_UNLOCK_HOURS } from '@store/contract';

export const UNLOCK_TTL_MS = FAMILY_UNLOCK_HOURS * 3600_000;

/**
 * The X-Family-Unlock value: `{userId}.{expires (s)}.{HMAC}`, signed with the key of the account's
 * own PIN hash. So it opens only that account's lock (another account's value is signed with another
 * key), only until it expires, and only until the PIN is set again or the lock is turned off; and
 * checking it needs no database, only the hash the caller already read with the user.
 */
const sign = (pinHash: string, userId: number, expires: number) =>
  createHmac('sha256', `family-unlock:${pinHash}`).update(`${userId}.${expires}`).digest('base64url');

export function makeUnlockValue(pinHash: string, userId: number, now = Date.now()) {
  const expires = Math.floor((now + UNLOCK_TTL_MS) / 1000);
  return { value: `${userId}.${expires}.${sign(pinHash, userId, expires)}`, expiresAt: new Date(expires * 1000) };
}

/** When the value stops opening this account's lock (ms), or null when it does not open it at all. */
export function unlockedUntil(pinHash: string, userId: number, value: string | string[] | undefined, now = Date.now()): number | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const [id, exp, mac, extra] = value.split('.');
  if (extra !== undefined || id !== String(userId) || !exp || !/^\d{1,12}$/.test(exp) || !mac) return null;
  const expires = Number(exp) * 1000;
  if (expires <= now || expires > now + UNLOCK_TTL_MS + 60_000) return null;
  const wanted = Buffer.from(sign(pinHash, userId, Number(exp)));
  const got = Buffer.from(mac);
  return got.length === wanted.length && timingSafeEqual(got, wanted) ? expires : null;
}

/** Whether a request with this user and unlock value sees the locked catalogue (no 16, no 18, no media for them). */
export function isLockedFor(user: { id: number; familyLockPinHash: string | null } | null, value: string | string[] | undefined): boolean {
  if (!user?.familyLockPinHash) return false;
  return unlockedUntil(user.familyLockPinHash, user.id, value) === null;
}
