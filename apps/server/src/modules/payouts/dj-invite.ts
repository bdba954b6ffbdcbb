import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DjInvite, DjInviteInput, Language } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { djs, profiles, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/back-office/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { FieldError, HttpError } from '../../lib/http-errors.ts';
import { hashPassword, newBrowserNonce, type SignInLinks } from '../accounts/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { SmsSender } from '../sms/index.ts';
import { djInviteTexts } from './dj-invite-texts.ts';

/** An invitation lasts a week: the DJ may not read it the day staff send it. */
const INVITE_TTL_MS = 7 * 24 * 3600_000;
/** Where the link lands: the back office, which shows a DJ's login their statements. */
const BACK_OFFICE = '/admin/';

/** A username from the DJ's name (dj-zamu), with digits added when it is taken. */
const usernameFor = (djName: string, attempt: number) => {
  const base = `dj-${djName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 24) || 'login'}`;
  return attempt === 0 ? base : `${base}${randomInt(100, 10_000)}`;
};
/** A login invited by phone has no mailbox: an address that can never deliver, until the DJ adds one. */
const noMailbox = (djId: number) => `dj${djId}.${randomBytes(4).toString('hex')}@phone.invalid`;

/**
 * Staff invite a DJ to a login of their own instead of making up a password for them (issue 32
 * item 16): the login (role dj, no password anyone knows, the DJ's language on its profile) and a
 * one-time sign-in link, a week long, that lands in the back office, by e-mail or by SMS.
 */
export function createDjInvites(deps: { db: Database; links: SignInLinks; mailer: Mailer; sms: SmsSender; publicUrl: string }) {
  async function createLogin(staffId: number, djId: number, input: { email?: string | undefined; phone_number?: string | undefined; language: Language }) {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    return deps.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const [dj] = await tx.select({ id: djs.id, name: djs.djName }).from(djs).where(eq(djs.id, djId));
      if (!dj) throw new HttpError(404, 'No such DJ.');
      for (let attempt = 0; ; attempt++) {
        try {
          // A savepoint: a taken username is tried again, not the end of the transaction.
          const user = await tx.transaction(async (sp) => {
            const [row] = await sp.insert(users).values({ username: usernameFor(dj.name, attempt), email: input.email ?? noMailbox(djId), passwordHash, hasPassword: false, djId }).returning({ id: users.id, username: users.username, email: users.email });
            await sp.insert(profiles).values({ userId: row!.id, phoneNumber: input.phone_number ?? null, language: input.language });
            return row!;
          });
          await recordAudit(tx, { userId: staffId, action: 'create', resource: 'dj-logins', recordId: user.id, after: { username: user.username, dj_id: djId, invited_by: input.email ? 'email' : 'sms' } });
          return { ...user, djName: dj.name };
        } catch (err) {
          if (isUniqueViolation(err, 'users_dj_unique')) throw new HttpError(409, 'This DJ already has a login.');
          if (isUniqueViolation(err, 'users_email_unique')) throw new FieldError({ email: ['A user with that email already exists.'] });
          if (!isUniqueViolation(err, 'users_username_unique') || attempt >= 5) throw err;
        }
      }
    });
  }

  return {
    async invite(staffId: number, djId: number, input: DjInviteInput): Promise<DjInvite> {
      const user = await createLogin(staffId, djId, input);
      const token = await deps.links.create(user.id, { next: BACK_OFFICE, browserNonce: newBrowserNonce(), ttlMs: INVITE_TTL_MS });
      const letter = { djName: user.djName, username: user.username, signIn: `${deps.publicUrl}/account/sign-in/${token}` };
      const texts = djInviteTexts[input.language];
      if (input.phone_number) await deps.sms.send({ to: input.phone_number, text: texts.sms(letter) });
      else await deps.mailer.send({ to: user.email, ...texts.mail(letter) });
      return { id: user.id, username: user.username, dj_id: djId, sent_by: input.phone_number ? 'sms' : 'email' };
    },
  };
}
export type DjInvites = ReturnType<typeof createDjInvites>;
