import { eq } from 'drizzle-orm';
import { CURRENT_PASSWORD_WRONG, type FamilyLockState, type FamilyUnlockResult } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { FieldError, HttpError } from '../../lib/http-errors.ts';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { words } from '../../lib/words.ts';
import { hashPassword, verifyPassword } from '../accounts/index.ts';
import type { PhoneCodes, UserRow } from '../accounts/index.ts';
import type { FamilyLocks } from './lock-states.ts';
import { makeUnlockValue, unlockedUntil } from './unlock-values.ts';

/** Five wrong PINs (or passwords) in 15 minutes, then a 429 (CONTRACT §13). */
export const WRONG_TRIES = 5;
const WINDOW_MS = 15 * 60_000;

/**
 * The family lock of one account (CONTRACT §13): on with a 4-digit PIN and the account's password (or
 * an SMS code, for an account with none: CONTRACT §16)
 * (again with a new PIN when the old one is forgotten), off with the password, unlocked for 4 hours
 * with the PIN. The child holding the phone is signed in as the parent, so guesses are counted per
 * account, not per address: five wrong PINs, or five wrong passwords, in 15 minutes and the next
 * attempt is refused until the window has passed.
 */
/** What confirms turning the lock on or off: the account's password, or an SMS code for an account with none. */
export type LockConfirmation = { password?: string | undefined; code?: string | undefined };

export function createFamilyLockService(deps: { db: Database; locks: FamilyLocks; limits: LimitFactory; phoneCodes: Pick<PhoneCodes, 'confirmedByCode'> }) {
  const { db, locks } = deps;
  const attempts = deps.limits('family-lock', { points: WRONG_TRIES, windowMs: WINDOW_MS });

  /** Takes one attempt's point, or refuses with 429 and Retry-After. */
  async function attempt(key: string, message: 'Too many wrong PINs. Try again in {minutes} minutes.' | 'Too many failed attempts. Try again in {minutes} minutes.') {
    const taken = await attempts.consume(key);
    if (taken.ok) return;
    const seconds = Math.ceil(taken.retryAfterMs / 1000);
    throw new HttpError(429, words(message, { minutes: Math.ceil(seconds / 60) }), {}, { 'retry-after': String(seconds) });
  }

  async function checkPassword(user: UserRow, given: LockConfirmation) {
    // An account with no password confirms with a code (issue 32 item 12); its wrong tries are the code's.
    if (await deps.phoneCodes.confirmedByCode(user, given.code)) return;
    const password = given.password;
    if (password === undefined) throw new FieldError({ password: ['This field is required.'] });
    const key = `password:${user.id}`;
    await attempt(key, 'Too many failed attempts. Try again in {minutes} minutes.');
    if (!(await verifyPassword(user.passwordHash, password))) throw new FieldError({ password: [CURRENT_PASSWORD_WRONG] });
    await attempts.reset(key);
  }

  async function setPin(user: UserRow, pinHash: string | null): Promise<UserRow> {
    const since = pinHash === null ? null : new Date();
    await db.update(users).set({ familyLockPinHash: pinHash, familyLockSince: since }).where(eq(users.id, user.id));
    // This process's cached lists follow at once; others within LOCK_STATE_FRESH_MS.
    locks.remember(user.id, pinHash);
    return { ...user, familyLockPinHash: pinHash, familyLockSince: since };
  }

  function state(user: UserRow, unlock: string | string[] | undefined): FamilyLockState {
    const until = user.familyLockPinHash ? unlockedUntil(user.familyLockPinHash, user.id, unlock) : null;
    return {
      enabled: user.familyLockPinHash !== null,
      unlocked_until: until === null ? null : new Date(until).toISOString(),
      age_confirmed: user.ageConfirmedAt !== null,
      confirm_with: user.hasPassword ? 'password' : 'code',
    };
  }

  return {
    state,

    /** On, or a new PIN: every unlock value made before stops working (they are signed with the old PIN's hash). */
    async turnOn(user: UserRow, pin: string, confirmation: LockConfirmation): Promise<FamilyLockState> {
      await checkPassword(user, confirmation);
      await attempts.reset(`pin:${user.id}`);
      return state(await setPin(user, await hashPassword(pin)), undefined);
    },

    async turnOff(user: UserRow, confirmation: LockConfirmation): Promise<FamilyLockState> {
      await checkPassword(user, confirmation);
      return state(await setPin(user, null), undefined);
    },

    async unlock(user: UserRow, pin: string): Promise<FamilyUnlockResult> {
      if (!user.familyLockPinHash) throw new HttpError(409, 'The family lock is not on.');
      const key = `pin:${user.id}`;
      await attempt(key, 'Too many wrong PINs. Try again in {minutes} minutes.');
      if (!(await verifyPassword(user.familyLockPinHash, pin))) throw new FieldError({ pin: ['That PIN is not right.'] });
      await attempts.reset(key);
      const { value, expiresAt } = makeUnlockValue(user.familyLockPinHash, user.id);
      return { unlock: value, expires_at: expiresAt.toISOString() };
    },
  };
}
export type FamilyLockService = ReturnType<typeof createFamilyLockService>;
