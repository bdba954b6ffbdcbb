import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type SearchDoc, SearchIndex } from './search-index.ts';

/** Past this many changed videos, reading the whole catalogue again is quicker than one by one. */
const REBUILD_ABOVE = 5_000;
/** The change log keeps a day; a process that has not looked for longer rebuilds instead. */
const STALE_AFTER_MS = 12 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

// The Kiswahili synopsis is searched with the English one: a reader finds a video in either language.
const docColumns = sql`v.id, v.title, concat_ws(' ', v.synopsis, v.synopsis_sw) AS synopsis, v.dj_id AS "djId", v.genre_id AS "genreId", v.cartegory, v.type, v.price,
  v.purchase_times AS "purchaseTimes", (extract(epoch FROM v.date_uploaded) * 1000)::float8 AS "dateUploaded",
  v.suggest, v.popular, v.published, v.rating`;

async function rows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Change {
  id: string;
  kind: 'v' | 'd' | 'g';
  ref: number;
  xid: string;
}

/**
 * Keeps this process's SearchIndex current with the database, whoever wrote to it (this process,
 * another one, a script). Triggers (migration 0009) log every change of videos, DJs and genres in
 * search_changes with its transaction id. Before each search, one query reads the entries of
 * transactions not yet seen: those at or above the oldest transaction still running at the last
 * look (pg_snapshot_xmin), so a transaction that commits late is never skipped. An entry already
 * applied is not applied twice. So a search answers from what was committed when it started, in
 * every process alike.
 */
export class SearchSync {
  private index: SearchIndex | null = null;
  private horizon = 0n;
  private readonly applied = new Map<string, bigint>();
  private lastSync = 0;
  private lastPrune = Date.now();
  private running: Promise<SearchIndex> | null = null;
  /** Counts the looks that changed the index: equal before and after a look, nothing changed. */
  version = 0;
  private next: Promise<SearchIndex> | null = null;

  constructor(private readonly db: Database) {}

  /** The index as it is now, without looking at the change log (null before the first build). */
  peek(): SearchIndex | null {
    return this.index;
  }

  /** The index, caught up with every change committed before this call. */
  current(): Promise<SearchIndex> {
    if (!this.running) {
      this.running = this.sync().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A look is under way, perhaps begun before the caller's last write: wait for the one after it.
    const again = () => {
      this.next = null;
      return this.current();
    };
    this.next ??= this.running.then(again, again);
    return this.next;
  }

  private async sync(): Promise<SearchIndex> {
    if (!this.index || Date.now() - this.lastSync > STALE_AFTER_MS) return this.rebuild();
    const [head] = await rows<{ horizon: string; changes: Change[] | string }>(
      this.db,
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon,
        (SELECT coalesce(json_agg(json_build_object('id', id::text, 'kind', kind, 'ref', ref_id, 'xid', xid::text)), '[]')
         FROM search_changes WHERE xid >= ${this.horizon.toString()}::xid8) AS changes`,
    );
    const all: Change[] = typeof head!.changes === 'string' ? JSON.parse(head!.changes) : head!.changes;
    const fresh = all.filter((c) => !this.applied.has(c.id));
    if (fresh.length > REBUILD_ABOVE) return this.rebuild();
    const videoIds = [...new Set(fresh.filter((c) => c.kind === 'v').map((c) => c.ref))];
    if (fresh.some((c) => c.kind !== 'v')) await this.loadGroups(this.index);
    if (videoIds.length > 0) {
      const docs = await rows<SearchDoc>(this.db, sql`SELECT ${docColumns} FROM videos v WHERE v.id = ANY(${`{${videoIds.join(',')}}`}::int[])`);
      const found = new Set(docs.map((d) => d.id));
      for (const d of docs) this.index.upsert(d);
      for (const id of videoIds) if (!found.has(id)) this.index.remove(id);
    }
    for (const c of fresh) this.applied.set(c.id, BigInt(c.xid));
    if (fresh.length > 0) this.version++;
    this.advance(BigInt(head!.horizon));
    await this.prune();
    return this.index;
  }

  private async rebuild(): Promise<SearchIndex> {
    const index = new SearchIndex();
    // One snapshot for the horizon and the rows, so nothing is missed between them.
    const horizon = await this.db.transaction(
      async (tx) => {
        const [h] = await rows<{ horizon: string }>(tx, sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon`);
        await this.loadGroups(index, tx);
        for (const d of await rows<SearchDoc>(tx, sql`SELECT ${docColumns} FROM videos v ORDER BY v.id`)) index.upsert(d);
        return BigInt(h!.horizon);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    this.index = index;
    this.version++;
    this.applied.clear();
    this.advance(horizon);
    return index;
  }

  private async loadGroups(index: SearchIndex, db: Pick<Database, 'execute'> = this.db) {
    const [djs, genres] = [
      await rows<{ id: number; name: string }>(db, sql`SELECT id, dj_name AS name FROM djs`),
      await rows<{ id: number; name: string }>(db, sql`SELECT id, title AS name FROM genres`),
    ];
    index.setGroups(new Map(djs.map((r) => [r.id, r.name])), new Map(genres.map((r) => [r.id, r.name])));
  }

  private advance(horizon: bigint) {
    this.horizon = horizon;
    this.lastSync = Date.now();
    for (const [id, xid] of this.applied) if (xid < horizon) this.applied.delete(id);
  }

  private async prune() {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.db.execute(sql`DELETE FROM search_changes WHERE created_at < now() - interval '1 day'`);
  }
}

const syncs = new WeakMap<Database, SearchSync>();

/** The one SearchSync of a database handle in this process (the catalogue and suggestions share it). */
export function searchSyncFor(db: Database): SearchSync {
  let s = syncs.get(db);
  if (!s) syncs.set(db, (s = new SearchSync(db)));
  return s;
}
