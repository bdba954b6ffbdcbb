import { unlockedUntil } from './unlock-values.ts';

/** How long a remembered lock state answers without the database: as long as a cached list lives. */
export const LOCK_STATE_FRESH_MS = 5_000;
const MAX_USERS = 20_000;
const MAX_TOKENS = 10_000;

/** Which answer a catalogue request gets: everyone's, or the locked one without 16 and 18. */
export type CatalogView = 'open' | 'locked';

/** The response-cache key of a locked account's answer at `url` (a visitor's is the url itself). */
export const lockedKey = (url: string) => `locked:${url}`;

/**
 * What this process knows of accounts' family locks, so that a locked account's catalogue lists come
 * from the response cache as a visitor's do (decision 0044): the catalogue's answers differ by lock
 * state only, never by user, so there are two cached answers per address, not one per customer.
 *
 * A state is remembered each time a request of that account is identified against the database (a
 * list that missed the cache, any signed-in call, turning the lock on or off here) and answers the
 * cache's fast path for LOCK_STATE_FRESH_MS; after that the next list request goes through Fastify,
 * which reads the user again. So another process's change shows within that time, as a catalogue
 * change does. Media addresses and sales never use this: they read the user with the request.
 *
 * The user id of a token is read from its payload without checking its signature: a forged token
 * can at most get itself the locked answer, which is public too. A request whose token cannot be
 * read gets the visitor's answer, as before.
 */
export class FamilyLocks {
  private readonly states = new Map<number, { pinHash: string | null; at: number }>();
  private readonly tokenUsers = new Map<string, number | null>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(userId: number, pinHash: string | null): void {
    this.states.delete(userId);
    if (this.states.size >= MAX_USERS) this.states.delete(this.states.keys().next().value!);
    this.states.set(userId, { pinHash, at: this.now() });
  }

  /** The view of a request by its headers, or undefined when this process does not know its account's lock now. */
  viewOf(authorization: string | undefined, unlock: string | string[] | undefined): CatalogView | undefined {
    if (authorization === undefined) return 'open';
    const userId = this.userOf(authorization);
    if (userId === null) return 'open';
    const state = this.states.get(userId);
    if (!state || this.now() - state.at > LOCK_STATE_FRESH_MS) return undefined;
    if (state.pinHash === null) return 'open';
    return unlockedUntil(state.pinHash, userId, unlock, this.now()) === null ? 'locked' : 'open';
  }

  private userOf(authorization: string): number | null {
    let id = this.tokenUsers.get(authorization);
    if (id === undefined) {
      id = subjectOf(authorization);
      if (this.tokenUsers.size >= MAX_TOKENS) this.tokenUsers.delete(this.tokenUsers.keys().next().value!);
      this.tokenUsers.set(authorization, id);
    }
    return id;
  }
}

/** The `sub` of a Bearer JWT's payload, unchecked (see FamilyLocks), or null. */
function subjectOf(authorization: string): number | null {
  const m = /^Bearer\s+[\w-]+\.([\w-]+)\.[\w-]+$/i.exec(authorization);
  if (!m) return null;
  try {
    const sub = (JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    const id = typeof sub === 'string' && /^\d{1,10}$/.test(sub) ? Number(sub) : NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
