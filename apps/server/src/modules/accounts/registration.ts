import type { FastifyBaseLogger } from 'fastify';
import { FieldError } from '../../lib/http-errors.ts';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import type { Language } from '@store/contract';
import { accountMails } from '../mail/index.ts';
import type { Mailer } from '../mail/index.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.ts';
import { isUniqueViolation, profileLanguage, type UserRepository } from './user-repository.ts';

const USERNAME_TAKEN = 'A user with that username already exists.';
/** As password reset mails: strangers from many addresses cannot flood an owner's inbox. */
const OWNER_MAILS_PER_HOUR = 3;

/**
 * Creating a customer account without telling anyone which e-mail addresses have one (issue 14 item 7),
 * the way login and password reset already do not: an address that has an account gets the same answer
 * as a new one, after the same work (the password is hashed either way), and its owner gets an e-mail
 * saying someone tried, with the way to log in or reset. A taken *username* is still said: usernames
 * are public names, and the customer must choose another.
 */
export function createRegistration(deps: { users: UserRepository; mailer: Mailer; limits: LimitFactory; publicUrl: string; log: FastifyBaseLogger }) {
  const { users } = deps;
  const ownerMails = deps.limits('account-exists-mails', { points: OWNER_MAILS_PER_HOUR, windowMs: 3600_000 });

  /** In the owner's language, else the language of the request. */
  function tellOwner(email: string, requestLanguage: Language) {
    const login = `${deps.publicUrl}/account/authenticate`;
    // Looked up after the answer, like the sending: the answer takes the same time either way.
    void (async () => {
      if (!(await ownerMails.consume(email.toLowerCase())).ok) return;
      const owner = await users.byEmail(email);
      const language = (owner && profileLanguage((await users.withProfile(owner.id))!.profile)) ?? requestLanguage;
      await deps.mailer.send({ to: email, ...accountMails[language].accountExists({ login }) });
    })()
      .catch((err: unknown) => deps.log.error({ err }, 'could not send the account-exists e-mail'));
  }

  return {
    async register(input: { username: string; email: string; password1: string }, language: Language = 'en'): Promise<void> {
      if (await isCommonPassword(input.password1)) throw new FieldError({ password1: [COMMON_PASSWORD_MESSAGE] });
      const passwordHash = await hashPassword(input.password1);
      try {
        await users.create({ username: input.username, email: input.email, passwordHash });
        return;
      } catch (err) {
        if (isUniqueViolation(err, 'users_username_unique')) throw new FieldError({ username: [USERNAME_TAKEN] });
        if (!isUniqueViolation(err, 'users_email_unique')) throw err;
      }
      // The e-mail has an account. The username is judged as for anyone; then the owner hears of it.
      if (await users.usernameTaken(input.username)) throw new FieldError({ username: [USERNAME_TAKEN] });
      tellOwner(input.email, language);
    },
  };
}
export type Registration = ReturnType<typeof createRegistration>;
