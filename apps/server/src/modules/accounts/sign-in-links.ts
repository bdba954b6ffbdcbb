import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInLinks } from '../../db/schema.ts';

/** An hour, as a reset link: long enough to find the mail, short enough that an old inbox is not a key. */
const SIGN_IN_LINK_TTL_MS = 60 * 60_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A path of this store to carry on at, or nothing: never another site (`//host`, `/\\host`). */
export const storePath = (next: string | undefined) => (next && /^\/(?![/\\])/.test(next) ? next : null);

/** A random value for the browser that asks for a link (a cookie), so the link knows it again. */
export const newBrowserNonce = () => randomBytes(32).toString('base64url');

/**
 * One-time sign-in links (issue 24 item 13): 256 random bits in the mail, only their SHA-256 here,
 * an hour, one use (claimed by a conditional update, so two taps racing sign in once).
 *
 * A link also names the browser that asked for it: its second half is an HMAC of the first and that
 * browser's nonce cookie. Only there does it carry the purchase on; anywhere else it only signs in,
 * after asking (someone who mails themselves a link and sends it to another person must not get that
 * person signed in as them, paying into their account with their cart).
 */
export function createSignInLinks(db: Database, secret: string) {
  const mac = (random: string, nonce: string) => createHmac('sha256', secret).update(`sign-in-link|${random}|${nonce}`).digest('base64url');
  const sameBrowser = (token: string, nonce: string | undefined) => {
    const [random = '', given = ''] = token.split('.');
    if (!nonce || !given) return false;
    const expected = Buffer.from(mac(random, nonce));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };
  const live = (token: string) => and(eq(signInLinks.tokenHash, sha256(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, new Date()));

  return {
    /** `ttlMs`: an hour unless said (a DJ's invitation lasts a week: staff send it, the DJ may read it later). */
    async create(userId: number, carryOn: { next?: string | undefined; videoIds?: number[] | undefined; browserNonce: string; ttlMs?: number }) {
      const random = randomBytes(32).toString('base64url');
      const token = `${random}.${mac(random, carryOn.browserNonce)}`;
      await db.insert(signInLinks).values({ userId, tokenHash: sha256(token), next: storePath(carryOn.next), videoIds: carryOn.videoIds ?? [], expiresAt: new Date(Date.now() + (carryOn.ttlMs ?? SIGN_IN_LINK_TTL_MS)) });
      return token;
    },
    /** Whose a live link is, and whether this browser asked for it; null when it is unknown, used or expired. */
    async peek(token: string, nonce: string | undefined) {
      const [row] = await db.select({ userId: signInLinks.userId }).from(signInLinks).where(live(token));
      return row ? { userId: row.userId, sameBrowser: sameBrowser(token, nonce) } : null;
    },
    /** The link's account, once, and its purchase when this browser asked for it; null when it is unknown, used or expired. */
    async claim(token: string, nonce: string | undefined) {
      const [row] = await db.update(signInLinks).set({ usedAt: new Date() }).where(live(token)).returning();
      if (!row) return null;
      const carryOn = sameBrowser(token, nonce);
      return { userId: row.userId, sameBrowser: carryOn, next: carryOn ? row.next : null, videoIds: carryOn ? row.videoIds : [] };
    },
  };
}
export type SignInLinks = ReturnType<typeof createSignInLinks>;
