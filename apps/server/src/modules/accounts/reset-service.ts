import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { passwordResets, users as usersTable } from '../../db/schema.ts';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { FieldError } from '../../lib/http-errors.ts';
import { type Language, RESET_LINK_INVALID as INVALID_LINK } from '@store/contract';
import { accountMails } from '../mail/index.ts';
import type { Mailer } from '../mail/index.ts';
import { createAccountSlowdown } from './account-slowdown.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.ts';
import { profileLanguage, type UserRepository } from './user-repository.ts';

const RESET_TTL_MS = 60 * 60_000;
/** Reset mails one address receives per hour at most, so nobody can flood a customer's inbox. */
const MAILS_PER_ADDRESS_PER_HOUR = 3;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function createResetService(deps: { db: Database; users: UserRepository; mailer: Mailer; limits: LimitFactory; publicUrl: string; log: FastifyBaseLogger }) {
  const { db, users, mailer } = deps;
  const mails = deps.limits('reset-mails', { points: MAILS_PER_ADDRESS_PER_HOUR, windowMs: RESET_TTL_MS });
  const slowdown = createAccountSlowdown(deps.limits);

  return {
    /**
     * Sends a reset link if the address belongs to a customer. Answers the same, in about the same
     * time, either way: the mail goes out after the answer, and an unknown address does the same hashing.
     * The mail is in the account's language, else in the request's.
     */
    async request(email: string, requestLanguage: Language = 'en'): Promise<void> {
      const token = randomBytes(32).toString('base64url'); // 256 bits
      const tokenHash = sha256(token);
      const user = await users.byEmail(email);
      const mail = await mails.consume(email.toLowerCase());
      if (!user || !user.isActive || !mail.ok) return;
      // One live link per account: a new one ends any sent before it.
      await db.transaction(async (tx) => {
        await tx.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
      });
      // The link is built from the configured address, never from the request's Host header.
      const link = `${deps.publicUrl}/account/password_reset/${token}`;
      const language = profileLanguage((await users.withProfile(user.id))!.profile) ?? requestLanguage;
      void mailer
        .send({ to: user.email, ...accountMails[language].reset({ username: user.username, link }) })
        .catch((err: unknown) => deps.log.error({ err }, 'could not send a password reset e-mail'));
    },

    /**
     * Sets a new password with a reset token: once, within the hour; every session of the user ends,
     * and a pause of its password for wrong guesses (account-slowdown.ts) too.
     */
    async reset(token: string, newPassword: string): Promise<void> {
      if (await isCommonPassword(newPassword)) throw new FieldError({ new_password: [COMMON_PASSWORD_MESSAGE] });
      const passwordHash = await hashPassword(newPassword);
      const done = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
          .returning();
        if (!claimed) return null;
        // Whichever link is used, none of the account's others works afterwards.
        await tx.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
        const [owner] = await tx.update(usersTable).set({ passwordHash, hasPassword: true }).where(eq(usersTable.id, claimed.userId)).returning({ email: usersTable.email });
        await users.endAllSessions(tx as unknown as Database, claimed.userId);
        return owner!;
      });
      if (!done) throw new FieldError({ token: [INVALID_LINK] });
      // Its own end comes anyway: a limit store away for a moment fails nothing here.
      await slowdown.forget(done.email).catch((err: unknown) => deps.log.warn({ err }, 'could not end a password pause after a reset'));
    },
  };
}
