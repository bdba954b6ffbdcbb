import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { passwordResets } from '../../db/schema.ts';
import { FieldError } from '../../lib/http-errors.ts';
import { accountMails } from '../mail/account-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { EMAIL_HAS_ACCOUNT, type Language, type QuickSignupInput } from '@store/contract';
import { hashPassword } from './passwords.ts';
import type { SessionService } from './session-service.ts';
import { isUniqueViolation, type UserRepository } from './user-repository.ts';

/** The link to choose a password lasts a week: a new customer may not read mail the same day. */
const WELCOME_LINK_TTL_MS = 7 * 24 * 3600_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A username from the e-mail's local part, with digits added when it is taken. */
const usernameFrom = (email: string, attempt: number) => {
  const base = email.split('@')[0]!.replace(/[^\w.+-]/g, '').slice(0, 24) || 'mteja';
  return attempt === 0 ? base : `${base}${randomInt(100, 10_000)}`;
};

/**
 * Sign-up at checkout: an account from an e-mail and the M-Pesa phone, signed in at once. Its password
 * is random and unknown to anyone; the welcome e-mail carries a link (the reset mechanism) to choose one.
 * An e-mail that already has an account is refused: its owner logs in, nobody is signed in as them.
 */
export function createQuickSignup(deps: { db: Database; users: UserRepository; sessions: SessionService; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger }) {
  const { users } = deps;

  async function create(input: QuickSignupInput) {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    for (let attempt = 0; ; attempt++) {
      try {
        return await users.create({ username: usernameFrom(input.email, attempt), email: input.email, passwordHash });
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) throw new FieldError({ email: [EMAIL_HAS_ACCOUNT] });
        if (!isUniqueViolation(err, 'users_username_unique') || attempt >= 5) throw err;
      }
    }
  }

  async function sendWelcome(user: { id: number; email: string; username: string }, language: Language) {
    const token = randomBytes(32).toString('base64url');
    await deps.db.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + WELCOME_LINK_TTL_MS) });
    const link = `${deps.publicUrl}/account/password_reset/${token}`;
    void deps.mailer
      .send({ to: user.email, ...accountMails[language].welcome({ username: user.username, link }) })
      .catch((err: unknown) => deps.log.error({ err }, 'could not send a welcome e-mail'));
  }

  return {
    /** A new account has chosen no language yet: its welcome is in the language of the request. */
    async signUp(input: QuickSignupInput, language: Language = 'en') {
      if (await users.byEmail(input.email)) throw new FieldError({ email: [EMAIL_HAS_ACCOUNT] });
      const { user, profile } = await create(input);
      await users.updateProfile(profile.buyerid, { phoneNumber: input.phone_number });
      await sendWelcome(user, language);
      return { user, tokens: await deps.sessions.issue(user) };
    },
  };
}
export type QuickSignup = ReturnType<typeof createQuickSignup>;
