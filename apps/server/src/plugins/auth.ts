import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';
import type { users } from '../db/schema.ts';

/** The signed-in user's row, as the auth hook hands it to routes. */
export type SignedInUser = typeof users.$inferSelect;

/** What the auth hook asks of the accounts module: who an access token belongs to (null: nobody now). */
export interface AccessTokenReader {
  userForAccessToken(token: string): Promise<SignedInUser | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A back-office route a DJ's own login may call too (it answers only that DJ's data). */
    djAllowed?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, set by requireUser. */
    user: SignedInUser | null;
  }
  interface FastifyInstance {
    /** The one hook that decides who is calling: 401 unless a valid Bearer access token is sent. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The same check when a token is sent; without one the caller is a visitor (user null). */
    identifyUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function registerAuth(app: FastifyInstance, sessions: AccessTokenReader) {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'Authentication credentials were not provided.', {}, { 'www-authenticate': 'Bearer' });
    const user = await sessions.userForAccessToken(match[1]!);
    if (!user) throw new HttpError(401, 'Your session has expired. Please log in again.', {}, { 'www-authenticate': 'Bearer error="invalid_token"' });
    request.user = user;
  });
  app.decorate('identifyUser', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) await app.requireUser(request, reply);
  });
}

/** The user requireUser found; routes that use the hook can rely on it. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new HttpError(401, 'Authentication credentials were not provided.');
  return request.user;
}

/**
 * The back office's door (/api/admin/*), one pair of hooks on its scope: 401 without a valid token,
 * 403 for a customer, staff through; a DJ's own login only to the routes marked djAllowed.
 */
export function guardBackOffice(scope: FastifyInstance) {
  scope.addHook('onRequest', scope.requireUser);
  scope.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.user?.isStaff && !(request.user?.djId && request.routeOptions.config.djAllowed)) throw new HttpError(403, 'Only staff can use the back office.');
  });
}
