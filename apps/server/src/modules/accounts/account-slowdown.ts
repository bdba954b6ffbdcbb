import { HttpError } from '../../lib/http-errors.ts';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { words } from '../../lib/words.ts';

/** Wrong passwords for one account, from anywhere, before signing in with its password pauses. */
export const ACCOUNT_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** Each pause within a day is longer than the one before, up to an hour: a slow-down, never a lock. */
export const PAUSE_MINUTES = [15, 30, 60] as const;
const DAY_MS = 24 * 3600_000;

/**
 * OWASP's throttling of password guessing spread over many addresses (issue 32 item 22): wrong
 * passwords are counted per e-mail address, from every address together; after ACCOUNT_FAILURES in
 * 15 minutes the account's password answers 429 for a pause that grows through the day (15, 30, 60
 * minutes). Counted and checked in one step in the shared limit store (Redis when configured), keyed
 * by the address typed, so an e-mail with no account answers exactly as one with an account.
 *
 * Nobody can lock the owner out: only the password pauses. The SMS code to the verified phone and
 * the e-mailed links (sign-in, reset) are other doors with limits of their own, and the 429 says so;
 * a password reset ends the pause. The limit store must be the one the session service counts in
 * (rateLimits gives one limit per name, in memory as in Redis).
 */
export function createAccountSlowdown(limits: LimitFactory) {
  const failures = limits('login-failures-account', { points: ACCOUNT_FAILURES, windowMs: FAILURE_WINDOW_MS });
  const pauses = limits('login-pauses-account', { points: 1_000, windowMs: DAY_MS });
  const keyOf = (email: string) => email.trim().toLowerCase();

  return {
    /**
     * Takes an attempt's point before its password is checked (parallel guesses get ACCOUNT_FAILURES
     * checks in all), or throws the 429 while the account's password is paused. The attempt that first
     * finds the limit reached starts the pause (one per window, as the store counts atomically).
     */
    async take(email: string): Promise<void> {
      const key = keyOf(email);
      const taken = await failures.consume(key);
      if (taken.ok) return;
      let waitMs = taken.retryAfterMs;
      if (taken.used === ACCOUNT_FAILURES + 1) {
        const nth = (await pauses.consume(key)).used;
        waitMs = PAUSE_MINUTES[Math.min(nth, PAUSE_MINUTES.length) - 1]! * 60_000;
        await failures.block(key, waitMs);
      }
      throw paused(waitMs);
    },

    /**
     * The attempt's point back: it was no wrong password (it signed in, or the database was away).
     * Only its own: a success does not forget the failures before it, or an attacker would get a new
     * ten guesses each time the owner signs in.
     */
    giveBack: (email: string) => failures.giveBack(keyOf(email)),

    /**
     * The owner set a new password from the link mailed to them: the pause ends, so they sign in with
     * it at once. A guesser gains only ten tries at a password nobody has tried yet.
     */
    forget: (email: string) => failures.reset(keyOf(email)),
  };
}
export type AccountSlowdown = ReturnType<typeof createAccountSlowdown>;

function paused(ms: number) {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new HttpError(
    429,
    words('Too many wrong passwords for this account: signing in with its password is paused for {minutes} minutes. You can still sign in now with a code by SMS to your phone, or by e-mail with “Forgot password”.', {
      minutes: Math.ceil(seconds / 60),
    }),
    {},
    { 'retry-after': String(seconds) },
  );
}
