import sharp from 'sharp';
import { CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG, type Language, USERNAME_EDITABLE_MAX } from '@store/contract';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { verifyPassword } from './passwords.ts';
import { FieldError, HttpError } from '../../lib/http-errors.ts';
import { words } from '../../lib/words.ts';
import { storeImage, UnreadableImageError } from '../media/index.ts';
import type { MediaStore } from '../media/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { accountMails } from '../mail/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { PhoneCodes } from './phone-codes.ts';
import { isUniqueViolation, profileLanguage, type ProfileRow, type UserRepository, type UserRow } from './user-repository.ts';

const TAKEN = {
  username: 'A user with that username already exists.',
  email: 'A user with that email already exists.',
};
/** "Your e-mail was changed" notices one address receives per hour at most, as reset mails. */
const NOTICES_PER_ADDRESS_PER_HOUR = 3;
const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** More than a 108 MP phone camera takes; a picture beyond it is a decompression bomb, not a photo. */
const PICTURE_MAX_PIXELS = 120_000_000;
/** A portrait is at most 384 px wide: the picture is shrunk to this once, before its widths are made. */
const PICTURE_WORKING_SIZE = 1536;

/** An address as a letter may show it to someone else: `wa•••@example.co.ke`. */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, Math.max(0, at - 1)))}•••${email.slice(at)}`;
};

/** The changes a customer may make to their own account (registration: registration.ts). */
export function createAccountService(deps: { users: UserRepository; media: MediaStore; mailer: Mailer; limits: LimitFactory; publicUrl: string; log: FastifyBaseLogger; phoneCodes: PhoneCodes }) {
  const { users } = deps;
  const changeNotices = deps.limits('email-changed-mails', { points: NOTICES_PER_ADDRESS_PER_HOUR, windowMs: 3600_000 });

  /**
   * A new e-mail needs the current password (CONTRACT §3): a stolen session alone cannot move the
   * account. An account with no password confirms with a code sent to its verified phone (§16).
   */
  async function checkCurrentPassword(user: UserRow, password: string | undefined, code: string | undefined) {
    if (await deps.phoneCodes.confirmedByCode(user, code)) return;
    if (!password) throw new FieldError({ current_password: [CURRENT_PASSWORD_NEEDED] });
    if (!(await verifyPassword(user.passwordHash, password))) throw new FieldError({ current_password: [CURRENT_PASSWORD_WRONG] });
  }

  /**
   * A change of e-mail is allowed only while its notice can go: at most three to one address an hour,
   * as reset mails, so alternating between two addresses floods neither inbox (issue 24 item 14); a
   * change beyond them is refused, never made unannounced.
   */
  async function takeNotice(user: UserRow) {
    const taken = await changeNotices.consume(user.email.toLowerCase());
    if (taken.ok) return;
    const retry = Math.ceil(taken.retryAfterMs / 1000);
    throw new HttpError(429, words('This account’s e-mail was changed too often. Try again in {minutes} minutes.', { minutes: Math.ceil(retry / 60) }), {}, { 'retry-after': String(retry) });
  }

  /** The address an account had hears that it has a new one, in its language, and where to turn. */
  async function tellOldAddress(user: UserRow, profile: ProfileRow, newEmail: string, requestLanguage: Language) {
    const language = profileLanguage(profile) ?? requestLanguage;
    const letter = accountMails[language].emailChanged({ username: user.username, to: maskEmail(newEmail), contact: `${deps.publicUrl}/contact` });
    await deps.mailer.send({ to: user.email, ...letter }).catch((err: unknown) => deps.log.error({ err }, 'could not tell the old address of an e-mail change'));
  }

  /** Runs a write, answering a taken username or e-mail as the field error it is. */
  async function unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_unique')) throw new FieldError({ username: [TAKEN.username] });
      if (isUniqueViolation(err, 'users_email_unique')) throw new FieldError({ email: [TAKEN.email] });
      throw err;
    }
  }

  function ownProfileOnly(user: UserRow, ownerId: number) {
    if (ownerId !== user.id) throw new HttpError(403, 'You can only change your own account.');
  }

  function checkUsernameChange(current: string, wanted: string | undefined) {
    if (wanted === undefined || wanted === current) return;
    if (current.length > USERNAME_EDITABLE_MAX) throw new FieldError({ username: ['Your username can no longer be changed.'] });
  }

  return {
    /** Re-encodes a customer's picture as a square WebP without its metadata; refuses anything else. */
    async storePicture(bytes: Buffer): Promise<string> {
      const meta = await sharp(bytes)
        .metadata()
        .catch(() => null);
      if (!meta?.format || !PICTURE_FORMATS.has(meta.format)) throw new FieldError({ profile_pic: ['Upload a JPEG, PNG or WebP picture.'] });
      if ((meta.width ?? 0) * (meta.height ?? 0) > PICTURE_MAX_PIXELS) throw new FieldError({ profile_pic: ['The picture is too large: at most 120 megapixels.'] });
      // Decoded once, streaming (JPEG shrinks as it loads), instead of whole once per stored width:
      // a large photo costs a few hundred ms and little memory.
      const working = await sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS })
        .rotate()
        .resize(PICTURE_WORKING_SIZE, PICTURE_WORKING_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 90 })
        .toBuffer()
        .catch((err: unknown) => {
          throw new FieldError({ profile_pic: [new UnreadableImageError(err).message] });
        });
      return storeImage(deps.media, 'portraits', working).catch((err: unknown) => {
        throw err instanceof UnreadableImageError ? new FieldError({ profile_pic: [err.message] }) : err;
      });
    },

    async updateProfile(
      user: UserRow,
      buyerid: number,
      changes: { phone_number?: string; username?: string; country?: string; city?: string; language?: Language; account?: unknown },
      picture: Buffer | undefined,
    ) {
      if (changes.account !== undefined) throw new HttpError(403, 'Your balance changes only through deposits and purchases.');
      const profile = await users.profileByBuyerId(buyerid);
      if (!profile) throw new HttpError(404, 'Not found.');
      ownProfileOnly(user, profile.userId);
      checkUsernameChange(user.username, changes.username);
      const pictureKey = picture ? await this.storePicture(picture) : undefined;
      if (changes.username !== undefined && changes.username !== user.username) {
        await unique(() => users.updateUser(user.id, { username: changes.username! }));
      }
      await users.updateProfile(buyerid, {
        ...(changes.phone_number !== undefined ? { phoneNumber: changes.phone_number } : {}),
        ...(changes.country !== undefined ? { country: changes.country } : {}),
        ...(changes.city !== undefined ? { city: changes.city } : {}),
        ...(changes.language !== undefined ? { language: changes.language } : {}),
        ...(pictureKey ? { pictureKey } : {}),
      });
      return (await users.withProfile(user.id))!;
    },

    async updateMember(user: UserRow, memberId: number, changes: { email?: string; username?: string; current_password?: string; code?: string }, language: Language = 'en') {
      ownProfileOnly(user, memberId);
      checkUsernameChange(user.username, changes.username);
      const newEmail = changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase();
      if (newEmail) {
        await checkCurrentPassword(user, changes.current_password, changes.code);
        await takeNotice(user);
      }
      const updates = {
        ...(changes.email !== undefined ? { email: changes.email } : {}),
        ...(changes.username !== undefined ? { username: changes.username } : {}),
      };
      if (Object.keys(updates).length > 0) await unique(() => users.updateUser(user.id, updates));
      const me = (await users.withProfile(user.id))!;
      if (newEmail) await tellOldAddress(user, me.profile, changes.email!, language);
      return me;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
