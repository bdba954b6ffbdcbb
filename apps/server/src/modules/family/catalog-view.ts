import type { FastifyReply, FastifyRequest } from 'fastify';
import { FAMILY_RATINGS, type Rating } from '@store/contract';
import type { CatalogView } from './lock-states.ts';
import { isLockedFor } from './unlock-values.ts';

/**
 * The catalogue answer a request gets, read from its account (CONTRACT §13): 'locked' for an account
 * under the family lock without a valid X-Family-Unlock. A token that is not valid (expired, ended)
 * is a 401, as anywhere else: answered with the visitor's list, a locked phone whose token had
 * expired would show 16 and 18 and never renew it. The state read is remembered for the response
 * cache's fast path (lock-states.ts).
 */
export async function catalogViewOf(request: FastifyRequest, reply: FastifyReply): Promise<CatalogView> {
  if (!request.headers.authorization) return 'open';
  if (!request.user) await request.server.identifyUser(request, reply);
  const user = request.user;
  if (!user) return 'open';
  request.server.familyLocks.remember(user.id, user.familyLockPinHash);
  return isLockedFor(user, request.headers['x-family-unlock']) ? 'locked' : 'open';
}

/** Whether this request's account is locked now (its user already identified by the route's hook). */
export const lockedRequest = (request: FastifyRequest): boolean => isLockedFor(request.user, request.headers['x-family-unlock']);

/** The ratings a list keeps: those asked for (all when none), less 16 and 18 in the locked view. */
export function ratingsFor(view: CatalogView, asked: Rating[] | undefined): Rating[] | undefined {
  if (view === 'open') return asked;
  return (asked ?? [...FAMILY_RATINGS]).filter((r) => FAMILY_RATINGS.includes(r));
}
