import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { djs, genres, videos } from '../../db/schema.ts';

export interface GroupRow {
  id: number;
  name: string;
  videoCount: number;
}

const groups = {
  dj: { table: djs, name: djs.djName, key: videos.djId, order: asc(djs.id) },
  genre: { table: genres, name: genres.title, key: videos.genreId, order: asc(genres.title) },
} as const;
export type GroupKind = keyof typeof groups;

/**
 * DJs and genres, each with how many published videos it has and, on request, its newest ones;
 * with `ratings`, counting and showing only videos of those ratings (a locked account's view).
 */
export function createGroupRepository(db: Database) {
  return {
    async list(kind: GroupKind, limit: number, offset: number, ratings?: readonly string[]): Promise<{ rows: GroupRow[]; count: number }> {
      const g = groups[kind];
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: g.table.id, name: g.name, videoCount: sql<number>`count(${videos.id})::int` })
          .from(g.table)
          .leftJoin(videos, and(eq(g.key, g.table.id), eq(videos.published, true), ratings ? inArray(videos.rating, [...ratings]) : undefined))
          .groupBy(g.table.id)
          .orderBy(g.order)
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(g.table),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** The newest `perGroup` video ids of each group, one index range scan per group. */
    async newestVideoIds(kind: GroupKind, groupIds: number[], perGroup: number, ratings?: readonly string[]): Promise<Map<number, number[]>> {
      const out = new Map<number, number[]>(groupIds.map((id) => [id, []]));
      if (groupIds.length === 0 || perGroup === 0) return out;
      const key = groups[kind].key;
      const ids = sql.join(
        groupIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const rated = ratings ? sql`AND ${videos.rating} = ANY(ARRAY[${sql.join(ratings.length ? ratings.map((r) => sql`${r}`) : [sql`NULL`], sql`, `)}]::text[])` : sql``;
      const result = (await db.execute(sql`
        SELECT g.id AS group_id, v.id AS video_id
        FROM unnest(ARRAY[${ids}]::int[]) AS g(id)
        CROSS JOIN LATERAL (
          SELECT ${videos.id} AS id FROM ${videos}
          WHERE ${key} = g.id AND ${videos.published} ${rated}
          ORDER BY ${videos.dateUploaded} DESC, ${videos.id} DESC
          LIMIT ${perGroup}
        ) v`)) as unknown as { rows: { group_id: number; video_id: number }[] };
      for (const row of result.rows) out.get(Number(row.group_id))?.push(Number(row.video_id));
      return out;
    },
  };
}
export type GroupRepository = ReturnType<typeof createGroupRepository>;
