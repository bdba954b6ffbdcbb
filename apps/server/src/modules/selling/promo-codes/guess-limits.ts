import { HttpError } from '../../../lib/http-errors.ts';
import type { Limit, LimitFactory } from '../../../lib/rate-limits.ts';
import { words } from '../../../lib/words.ts';

/**
 * Codes are short and read out on radio, so they can be guessed: each address and each account may
 * try only so many. Generous for a customer typing a code or two, far too few to walk the space.
 */
export const PREVIEW_LIMITS = { perUser: { points: 20, windowMs: 10 * 60_000 }, perAddress: { points: 60, windowMs: 10 * 60_000 } };

/** Takes one guess for the address and the account, or throws the 429 with Retry-After. */
export interface PromoGuesses {
  take(address: string, userId: number | null): Promise<void>;
}

async function take(limit: Limit, key: string) {
  const taken = await limit.consume(key);
  if (taken.ok) return;
  const retry = Math.ceil(taken.retryAfterMs / 1000);
  throw new HttpError(429, words('Too many codes were tried. Try again in {minutes} minutes.', { minutes: Math.max(1, Math.ceil(retry / 60)) }), {}, { 'retry-after': String(retry) });
}

/**
 * The one count of code guesses (created once per app): the preview and every sale that carries a
 * promo_code answer alike for a code that does not exist, so they all take from the same counters.
 */
export function promoGuessLimits(limits: LimitFactory): PromoGuesses {
  const perUser = limits('promo-preview-user', PREVIEW_LIMITS.perUser);
  const perAddress = limits('promo-preview-address', PREVIEW_LIMITS.perAddress);
  return {
    async take(address, userId) {
      await take(perAddress, address);
      if (userId !== null) await take(perUser, String(userId));
    },
  };
}
