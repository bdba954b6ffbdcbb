import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { passwordResets } from '../../db/schema.ts';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { accountMails } from '../mail/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { Language, QuickSignupInput } from '@store/contract';
import { hashPassword } from './passwords.ts';
import type { SignInLinks } from './sign-in-links.ts';
import { isUniqueViolation, profileLanguage, type UserRepository, type UserRow } from './user-repository.ts';

/** The link to choose a password lasts a week: a new customer may not read mail the same day. */
const WELCOME_LINK_TTL_MS = 7 * 24 * 3600_000;
/** Sign-in links one existing account receives per hour at most, as reset mails: nobody floods an inbox. */
const OWNER_MAILS_PER_HOUR = 3;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A username from the e-mail's local part, with digits added when it is taken. */
const usernameFrom = (email: string, attempt: number) => {
  const base = email.split('@')[0]!.replace(/[^\w.+-]/g, '').slice(0, 24) || 'mteja';
  return attempt === 0 ? base : `${base}${randomInt(100, 10_000)}`;
};

/**
 * Sign-up at checkout, telling nobody whether an e-mail has an account (issue 24 item 13). Every
 * request gets the same answer after the same work (a password hashed); what differs happens after
 * the answer and only in the mailbox: a new address gets an account (its password random and
 * unknown, the M-Pesa phone on its profile) and a welcome with a sign-in link; an address that has
 * an account gets a sign-in link, in its owner's language, and nothing of the account changes. The
 * link signs in once, within the hour, and carries the purchase on (sign-in-links.ts).
 */
export function createQuickSignup(deps: { db: Database; users: UserRepository; links: SignInLinks; mailer: Mailer; limits: LimitFactory; publicUrl: string; log: FastifyBaseLogger }) {
  const { users } = deps;
  const ownerMails = deps.limits('quick-signup-owner-mails', { points: OWNER_MAILS_PER_HOUR, windowMs: 3600_000 });
  const signInLink = (token: string) => `${deps.publicUrl}/account/sign-in/${token}`;

  /** The new account, or null when the address turned out to have one (a sign-up racing this one). */
  async function create(input: QuickSignupInput, passwordHash: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await users.create({ username: usernameFrom(input.email, attempt), email: input.email, passwordHash, hasPassword: false });
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) return null;
        if (!isUniqueViolation(err, 'users_username_unique') || attempt >= 5) throw err;
      }
    }
  }

  async function welcome(user: UserRow, input: QuickSignupInput, language: Language, browserNonce: string) {
    const token = randomBytes(32).toString('base64url');
    await deps.db.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + WELCOME_LINK_TTL_MS) });
    const signIn = signInLink(await deps.links.create(user.id, { next: input.next, videoIds: input.video_ids, browserNonce }));
    await deps.mailer.send({ to: user.email, ...accountMails[language].welcome({ username: user.username, signIn, link: `${deps.publicUrl}/account/password_reset/${token}` }) });
  }

  async function tellOwner(owner: UserRow, input: QuickSignupInput, requestLanguage: Language, browserNonce: string) {
    if (!owner.isActive || !(await ownerMails.consume(owner.email.toLowerCase())).ok) return;
    const language = profileLanguage((await users.withProfile(owner.id))!.profile) ?? requestLanguage;
    // A link signs in without the password: never for staff, whose accounts move money and videos.
    if (owner.isStaff) return deps.mailer.send({ to: owner.email, ...accountMails[language].staffSignInWithPassword({ username: owner.username, login: `${deps.publicUrl}/account/authenticate` }) });
    const signIn = signInLink(await deps.links.create(owner.id, { next: input.next, videoIds: input.video_ids, browserNonce }));
    await deps.mailer.send({ to: owner.email, ...accountMails[language].signInToCarryOn({ username: owner.username, signIn }) });
  }

  async function carryOn(input: QuickSignupInput, passwordHash: string, language: Language, browserNonce: string) {
    const existing = await users.byEmail(input.email);
    const created = existing ? null : await create(input, passwordHash);
    if (created) {
      await users.updateProfile(created.profile.buyerid, { phoneNumber: input.phone_number });
      return welcome(created.user, input, language, browserNonce);
    }
    const owner = existing ?? (await users.byEmail(input.email));
    if (owner) await tellOwner(owner, input, language, browserNonce);
  }

  return {
    /**
     * A new account has chosen no language yet: its mail is in the language of the request. The link
     * carries the purchase on only in the browser whose nonce cookie is `browserNonce` (sign-in-links.ts).
     */
    async signUp(input: QuickSignupInput, language: Language, browserNonce: string): Promise<void> {
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      // After the answer, whichever way it goes: the answer's time says nothing about the address.
      void carryOn(input, passwordHash, language, browserNonce).catch((err: unknown) => deps.log.error({ err }, 'could not carry on a sign-up at checkout'));
    },
  };
}
export type QuickSignup = ReturnType<typeof createQuickSignup>;
