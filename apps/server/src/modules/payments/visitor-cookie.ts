import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The asking browser of a visitor's payment (CONTRACT §16): httpOnly, as sign-in links' nonce. */
export const VISITOR_COOKIE = 'visitor_payment';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** This browser's visitor cookie (made and set when it has none), as the hash a payment keeps. */
export function visitorHash(request: FastifyRequest, reply: FastifyReply): string {
  let secret = request.cookies[VISITOR_COOKIE];
  if (!secret || !/^[\w-]{43}$/.test(secret)) {
    secret = randomBytes(32).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure: request.server.config.env === 'production', path: '/api/', maxAge: 24 * 3600 });
  }
  return sha256(secret);
}

/** The hash of the visitor cookie this request carries, or null. */
export const carriedVisitorHash = (request: FastifyRequest) => {
  const secret = request.cookies[VISITOR_COOKIE];
  return secret ? sha256(secret) : null;
};
