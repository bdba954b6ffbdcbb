import type { FastifyBaseLogger } from 'fastify';
import { FieldError } from '../../lib/http-errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.ts';
import { isUniqueViolation, type UserRepository } from './user-repository.ts';

const USERNAME_TAKEN = 'A user with that username already exists.';

/**
 * Creating a customer account without telling anyone which e-mail addresses have one (issue 14 item 7),
 * the way login and password reset already do not: an address that has an account gets the same answer
 * as a new one, after the same work (the password is hashed either way), and its owner gets an e-mail
 * saying someone tried, with the way to log in or reset. A taken *username* is still said: usernames
 * are public names, and the customer must choose another.
 */
export function createRegistration(deps: { users: UserRepository; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger }) {
  const { users } = deps;

  function tellOwner(email: string) {
    const login = `${deps.publicUrl}/account/authenticate`;
    void deps.mailer
      .send({
        to: email,
        subject: 'You already have a Video Store Kenya account',
        text: `Hello,\n\nSomeone tried to create a Video Store Kenya account with this e-mail address, which already has one. No new account was made.\n\nIf it was you, log in at ${login} or choose "Forgot password" there to set a new password.\n\nIf it was not you, you need not do anything.\n`,
        html: `<p>Hello,</p><p>Someone tried to create a Video Store Kenya account with this e-mail address, which already has one. No new account was made.</p><p>If it was you, <a href="${login}">log in</a> or choose "Forgot password" there to set a new password.</p><p>If it was not you, you need not do anything.</p>`,
      })
      .catch((err: unknown) => deps.log.error({ err }, 'could not send the account-exists e-mail'));
  }

  return {
    async register(input: { username: string; email: string; password1: string }): Promise<void> {
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
      tellOwner(input.email);
    },
  };
}
export type Registration = ReturnType<typeof createRegistration>;
