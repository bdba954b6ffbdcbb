import { createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Who may fetch one media path, until when, and (for downloads) the file name to save it as. */
export interface MediaGrant {
  userId: number;
  /** Unix seconds. */
  expires: number;
  /** Present for downloads: the bytes go out as an attachment with this name. */
  downloadName?: string | undefined;
}

function mac(secret: string, path: string, grant: MediaGrant): Buffer {
  return createHmac('sha256', secret)
    .update(`${path}\n${grant.userId}\n${grant.expires}\n${grant.downloadName ?? ''}`)
    .digest();
}

/** A path as it goes in an address: each segment percent-encoded (spaces, Kiswahili, `#`, `%`). */
export const encodeMediaPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * A media address: the path plus the grant and an HMAC over path, user, expiry and file name
 * (CONTRACT §5). Changing any of them, or using it after it expires, makes it worthless. The HMAC
 * covers the decoded path, which is what the request's path decodes to.
 */
export function signMediaPath(secret: string, path: string, grant: MediaGrant): string {
  const query = new URLSearchParams({ u: String(grant.userId), e: String(grant.expires) });
  if (grant.downloadName) query.set('n', grant.downloadName);
  query.set('s', mac(secret, path, grant).toString('base64url'));
  return `${encodeMediaPath(path)}?${query.toString()}`;
}

/** The grant a request carries if its signature is genuine and unexpired, else null. */
export function verifyMediaSignature(secret: string, path: string, query: Record<string, string | undefined>, nowSeconds: number): MediaGrant | null {
  const { u, e, n, s } = query;
  if (!u || !e || !s || !/^\d{1,10}$/.test(u) || !/^\d{1,12}$/.test(e)) return null;
  const grant: MediaGrant = { userId: Number(u), expires: Number(e), downloadName: n };
  if (grant.expires < nowSeconds) return null;
  const expected = mac(secret, path, grant);
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return grant;
}

/**
 * verifyMediaSignature with the grants of recently verified addresses kept: a download manager
 * resuming in 1 MB ranges sends the same address hundreds of times, and the HMAC was a tenth of the
 * store's time on a redirect (bench/media/object-storage.mjs). The signature is a pure function of
 * the address, so a kept grant is what verifying again would give; expiry is still checked on every
 * request, and a failed verification is never kept.
 */
export function createMediaSignatureVerifier(secret: string, max = 10_000) {
  const genuine = new LRUCache<string, MediaGrant>({ max });
  return (path: string, query: Record<string, string | undefined>, nowSeconds: number): MediaGrant | null => {
    const key = `${path}\n${query.u}\n${query.e}\n${query.n ?? ''}\n${query.s}`;
    const kept = genuine.get(key);
    if (kept) return kept.expires < nowSeconds ? null : kept;
    const grant = verifyMediaSignature(secret, path, query, nowSeconds);
    if (grant) genuine.set(key, grant);
    return grant;
  };
}
