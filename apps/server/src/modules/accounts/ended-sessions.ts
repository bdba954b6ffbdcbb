import type { Database, ListenState } from '../../db/client.ts';
import { createRefreshTokenRepository } from './refresh-token-repository.ts';
import { ACCESS_TTL_S } from './tokens.ts';

export const SESSION_ENDED_CHANNEL = 'session_ended';
const ACCESS_TTL_MS = ACCESS_TTL_S * 1000;
const PRUNE_EVERY_MS = 60_000;
const RELISTEN_AFTER_MS = 1000;

type Listen = (channel: string, onMessage: (payload: string) => void, state: ListenState) => Promise<() => Promise<void>>;

/**
 * The logins (refresh-token families) that ended in the last 15 minutes, the lifetime of an access
 * token: their access tokens are refused at once (CONTRACT §3, decision 0032). Each process keeps them
 * in memory, so checking a token costs no database round trip, and hears of new ones from migration
 * 0013's trigger (`pg_notify('session_ended', family)` when a family's rows are revoked, whoever did
 * it). The process that ends a login remembers it before the notification arrives. While the process
 * is not listening (not yet, or its connection was lost until it is back and has read the table
 * again), every check asks the database instead: a missed notification never lets a token through.
 * A family ended more than 15 minutes ago has no access token left to refuse.
 */
export function createEndedSessions(db: Database, listen: Listen) {
  const tokenRows = createRefreshTokenRepository(db);
  /** family -> until when its access tokens may still be presented (ms). */
  const ended = new Map<string, number>();
  let listening = false;
  let closed = false;
  // Bumped when the LISTEN connection is lost: a read of the table that began before does not turn listening back on.
  let connection = 0;

  const remember = (family: string, until = Date.now() + ACCESS_TTL_MS) => {
    if ((ended.get(family) ?? 0) < until) ended.set(family, until);
  };
  const prune = () => {
    const now = Date.now();
    for (const [family, until] of ended) if (until <= now) ended.delete(family);
  };
  const pruning = setInterval(prune, PRUNE_EVERY_MS).unref();

  /** The families ended within an access token's lifetime, read after LISTEN is up so none falls between. */
  async function readEnded() {
    const rows = await tokenRows.endedSince(new Date(Date.now() - ACCESS_TTL_MS));
    for (const r of rows) remember(r.family, r.at.getTime() + ACCESS_TTL_MS);
  }
  const startListening = (): Promise<void> => {
    const asked = connection;
    return readEnded().then(
      () => {
        listening = !closed && asked === connection;
      },
      // A failed read is tried again, or every check would ask the database for the life of the process.
      () =>
        new Promise<void>((resolve) => setTimeout(resolve, RELISTEN_AFTER_MS).unref()).then(() =>
          closed || asked !== connection ? undefined : startListening(),
        ),
    );
  };

  const state: ListenState = {
    onDown: () => {
      connection++;
      listening = false;
    },
    onUp: () => void startListening(),
  };
  // A first LISTEN that fails (the database not reachable yet) is tried again every second: until it
  // is up every check asks the database, which is correct but costs a round trip per request.
  const subscribe = (): Promise<(() => Promise<void>) | null> =>
    listen(SESSION_ENDED_CHANNEL, (family) => family && remember(family), state).then(
      async (stop) => {
        await startListening();
        return stop;
      },
      async () => {
        await new Promise((resolve) => setTimeout(resolve, RELISTEN_AFTER_MS).unref());
        return closed ? null : subscribe();
      },
    );
  const unlisten = subscribe();

  return {
    async hasEnded(family: string): Promise<boolean> {
      const until = ended.get(family);
      if (until !== undefined && until > Date.now()) return true;
      if (listening) return false;
      return tokenRows.isEnded(family);
    },
    /** A login this process ended: refused here at once, before PostgreSQL's notification arrives. */
    end: (family: string) => remember(family),
    /** Whether checks are answered from memory (what the tests read). */
    listening: () => listening,
    async close() {
      closed = true;
      listening = false;
      clearInterval(pruning);
      await (await unlisten)?.();
    },
  };
}
export type EndedSessions = ReturnType<typeof createEndedSessions>;
