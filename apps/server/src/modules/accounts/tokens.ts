import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_TTL_S = 14 * 24 * 3600;

export interface AccessClaims {
  sub: string;
  tv: number;
}
export interface RefreshClaims {
  sub: string;
  jti: string;
  fam: string;
}

/** JWTs signed with HS256: short-lived access tokens, and refresh tokens that rotate. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  const sign = (claims: Record<string, unknown>, typ: string, ttl: number, jti?: string) => {
    const jwt = new SignJWT({ ...claims, typ }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(`${ttl}s`);
    return (jti ? jwt.setJti(jti) : jwt).sign(key);
  };
  const verify = async (token: string, typ: string) => {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (payload.typ !== typ || typeof payload.sub !== 'string') throw new Error('wrong token type');
    return payload;
  };
  return {
    access: (userId: number, tokenVersion: number) => sign({ sub: String(userId), tv: tokenVersion }, 'access', ACCESS_TTL_S),
    refresh: (userId: number, family: string, jti = randomUUID()) => sign({ sub: String(userId), fam: family }, 'refresh', REFRESH_TTL_S, jti).then((token) => ({ token, jti })),
    async verifyAccess(token: string): Promise<AccessClaims> {
      const p = await verify(token, 'access');
      return { sub: p.sub!, tv: Number(p.tv) };
    },
    async verifyRefresh(token: string): Promise<RefreshClaims> {
      const p = await verify(token, 'refresh');
      if (typeof p.jti !== 'string' || typeof p.fam !== 'string') throw new Error('malformed refresh token');
      return { sub: p.sub!, jti: p.jti, fam: p.fam };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
