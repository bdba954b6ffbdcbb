import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_TTL_S = 14 * 24 * 3600;

export interface AccessClaims {
  sub: string;
  tv: number;
  /** The login (refresh-token family) it belongs to: ending that login ends this token at once. */
  sid: string;
}
export interface RefreshClaims {
  sub: string;
  jti: string;
  fam: string;
}

const VERIFIED_CACHE_SIZE = 10_000;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** JWTs signed with HS256: short-lived access tokens, and refresh tokens that rotate. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  // WebCrypto's HMAC costs a trip through the thread pool; every API call of a signed-in customer
  // presents the same access token for 15 minutes. Revocation is checked per request (the user's
  // tokenVersion and isActive, and whether its login has ended), so remembering signatures changes
  // nothing about who gets in.
  const verifiedAccess = new Map<string, { claims: AccessClaims; exp: number }>();
  // HS256 is deterministic: the same claims and times sign to the same token, which is how a renewal
  // whose answer was lost is answered again with the very same pair (session-service.ts).
  const sign = (claims: Record<string, unknown>, typ: string, ttl: number, issuedAt: number, jti?: string) => {
    const jwt = new SignJWT({ ...claims, typ }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(issuedAt).setExpirationTime(issuedAt + ttl);
    return (jti ? jwt.setJti(jti) : jwt).sign(key);
  };
  const verify = async (token: string, typ: string) => {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (payload.typ !== typ || typeof payload.sub !== 'string') throw new Error('wrong token type');
    return payload;
  };
  return {
    /** `issuedAt` in seconds since the epoch: now, or the time of the renewal being answered again. */
    access: (userId: number, tokenVersion: number, session: string, issuedAt = nowSeconds()) =>
      sign({ sub: String(userId), tv: tokenVersion, sid: session }, 'access', ACCESS_TTL_S, issuedAt),
    refresh: (userId: number, family: string, jti: string = randomUUID(), issuedAt = nowSeconds()) =>
      sign({ sub: String(userId), fam: family }, 'refresh', REFRESH_TTL_S, issuedAt, jti).then((token) => ({ token, jti })),
    async verifyAccess(token: string): Promise<AccessClaims> {
      // A token is immutable: once its signature checked out, only its expiry can change that.
      const known = verifiedAccess.get(token);
      if (known && known.exp * 1000 > Date.now()) return known.claims;
      const p = await verify(token, 'access');
      if (typeof p.sid !== 'string') throw new Error('access token without a session');
      const claims = { sub: p.sub!, tv: Number(p.tv), sid: p.sid };
      if (verifiedAccess.size >= VERIFIED_CACHE_SIZE) verifiedAccess.delete(verifiedAccess.keys().next().value!);
      verifiedAccess.set(token, { claims, exp: p.exp! });
      return claims;
    },
    async verifyRefresh(token: string): Promise<RefreshClaims> {
      const p = await verify(token, 'refresh');
      if (typeof p.jti !== 'string' || typeof p.fam !== 'string') throw new Error('malformed refresh token');
      return { sub: p.sub!, jti: p.jti, fam: p.fam };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
