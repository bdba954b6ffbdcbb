import { createHmac, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Language,
  NO_VERIFIED_PHONE,
  PHONE_CODE_NEEDED,
  PHONE_CODE_TTL_MINUTES,
  PHONE_CODE_USED_OR_EXPIRED,
  PHONE_CODE_WRONG,
  PHONE_CODE_WRONG_TRIES,
  PHONE_CODES_PER_HOUR,
} from '@store/contract';
import type { Database } from '../../db/client.ts';
import { FieldError, HttpError } from '../../lib/http-errors.ts';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { words } from '../../lib/words.ts';
import type { SmsSender } from '../sms/index.ts';
import { type CodeOwner, type CodePurpose, createPhoneCodeRepository } from './phone-code-repository.ts';
import { codeText } from './phone-code-texts.ts';
import type { UserRow } from './user-repository.ts';

const TTL_MS = PHONE_CODE_TTL_MINUTES * 60_000;
/** After the fifth wrong code, the voided code answers 429 this long (then "expired"); a new code works at once. */
const VOIDED_FOR_MS = 15 * 60_000;

const known = (language: string | null): Language | null => (language === 'en' || language === 'sw' ? language : null);

/** 2547•••••678: enough for the owner to know which phone, too little for anyone else. */
export const maskPhone = (phone: string) => `${phone.slice(0, 4)}${'•'.repeat(Math.max(0, phone.length - 7))}${phone.slice(-3)}`;

/**
 * One-time SMS codes (CONTRACT §16): to sign in by phone, and, for an account with no password, to
 * confirm what would ask for it. Six digits, single use, 5 minutes, only their HMAC stored; at most
 * 3 an hour per number, counted whether or not the number has an account, so neither the answer nor
 * the 429 says which numbers do. Five wrong codes void a code (counted in its row, in one statement
 * per try, so parallel guesses get five in all).
 */
export function createPhoneCodes(deps: { db: Database; sms: SmsSender; limits: LimitFactory; secret: string; publicUrl: string; log: FastifyBaseLogger }) {
  const repo = createPhoneCodeRepository(deps.db);
  const sends = deps.limits('phone-codes', { points: PHONE_CODES_PER_HOUR, windowMs: 3600_000 });
  const hash = (phone: string, code: string) => createHmac('sha256', deps.secret).update(`phone-code|${phone}|${code}`).digest('hex');

  async function takeSend(phone: string) {
    const taken = await sends.consume(phone);
    if (taken.ok) return;
    const seconds = Math.ceil(taken.retryAfterMs / 1000);
    throw new HttpError(429, words('Too many codes were sent to this number. Try again in {minutes} minutes.', { minutes: Math.ceil(seconds / 60) }), {}, { 'retry-after': String(seconds) });
  }

  async function send(userId: number, phone: string, purpose: CodePurpose, language: Language) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = new Date();
    await repo.insert({ userId, phone, purpose, codeHash: hash(phone, code), expiresAt: new Date(now.getTime() + TTL_MS) }, now);
    await deps.sms.send({ to: phone, text: codeText(language, purpose, code, deps.publicUrl) });
  }

  /** The user id a code is for, once; or the field error / 429 the customer reads. */
  async function use(owner: CodeOwner, purpose: CodePurpose, code: string): Promise<number> {
    const now = new Date();
    const latest = await repo.latest(owner, purpose);
    if (latest?.voidedAt && latest.attempts >= PHONE_CODE_WRONG_TRIES) {
      const left = latest.voidedAt.getTime() + VOIDED_FOR_MS - now.getTime();
      if (left > 0) throw tooManyWrong(left);
    }
    const expired = () => new FieldError({ code: [PHONE_CODE_USED_OR_EXPIRED] });
    if (!latest || latest.usedAt || latest.voidedAt || latest.expiresAt <= now) throw expired();
    const claimed = await repo.claim(latest.id, hash(latest.phone, code), now);
    if (claimed) return claimed.userId;
    const tries = await repo.wrongTry(latest.id, now);
    if (tries === null) throw expired();
    if (tries >= PHONE_CODE_WRONG_TRIES) throw tooManyWrong(VOIDED_FOR_MS);
    throw new FieldError({ code: [PHONE_CODE_WRONG] });
  }

  return {
    /**
     * POST /login/phone/: counted against the number, then answered; the account is looked up and
     * its SMS sent after the answer, so the answer's time says nothing either.
     */
    async requestLogin(phone: string, requestLanguage: Language): Promise<void> {
      await takeSend(phone);
      const sendIfOwned = async () => {
        const account = await repo.accountByVerifiedPhone(phone);
        // Staff sign in with their password only (their accounts move money and videos), as with links.
        if (!account || !account.user.isActive || account.user.isStaff) return;
        await send(account.user.id, phone, 'login', known(account.language) ?? requestLanguage);
      };
      void sendIfOwned().catch((err: unknown) => deps.log.error({ err }, 'could not send a sign-in code'));
    },

    /** The account a sign-in code is for; the code is used. */
    verifyLogin: (phone: string, code: string) => use({ phone }, 'login', code),

    /** A confirmation code to the signed-in account's verified phone; answers the phone, masked. */
    async requestConfirm(user: UserRow, requestLanguage: Language): Promise<string> {
      const verified = await repo.verifiedPhoneOf(user.id);
      if (!verified) throw new HttpError(409, NO_VERIFIED_PHONE);
      await takeSend(verified.phone);
      await send(user.id, verified.phone, 'confirm', known(verified.language) ?? requestLanguage);
      return maskPhone(verified.phone);
    },

    /**
     * What asks for the password accepts a confirmation code instead from an account with no password
     * (issue 32 item 12). True: the code settled it. False: the account has a password, checked as before.
     */
    async confirmedByCode(user: UserRow, code: string | undefined): Promise<boolean> {
      if (user.hasPassword) return false;
      if (code === undefined) throw new FieldError({ code: [PHONE_CODE_NEEDED] });
      await use({ userId: user.id }, 'confirm', code);
      return true;
    },

  };

  function tooManyWrong(ms: number) {
    const seconds = Math.ceil(ms / 1000);
    return new HttpError(429, words('Too many wrong codes: this one no longer works. Ask for a new code in {minutes} minutes.', { minutes: Math.ceil(seconds / 60) }), {}, { 'retry-after': String(seconds) });
  }
}
export type PhoneCodes = ReturnType<typeof createPhoneCodes>;
