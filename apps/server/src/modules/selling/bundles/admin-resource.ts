import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { adminBundleInputSchema, adminBundleSchema, type AdminBundle, type AdminBundleInput } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { bundles, bundleVideos, gifts, saleLines, videos } from '../../../db/schema.ts';
import { FieldError, HttpError } from '../../../lib/http-errors.ts';
import type { Resource } from '../../../lib/back-office/crud.ts';
import { likePattern, sortOrder } from '../../../lib/back-office/list-query.ts';
import { posterUrls } from '../../media/index.ts';
import { bundlePrice } from './pricing.ts';

type Row = typeof bundles.$inferSelect;

/** A bundle sale's reference names its bundle: `bundle-{id}-...` (bundle-sale.ts). */
export const bundleReference = (bundleId: number, rest: string) => `bundle-${bundleId}-${rest}`;

const SORT = { id: bundles.id, title: bundles.title, kind: bundles.kind, discount_percent: bundles.discountPercent, published: bundles.published, created_at: bundles.createdAt };

/** Each bundle's videos (all of them, on sale or not) with their prices and posters, in order. */
async function members(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ bundleId: bundleVideos.bundleId, videoId: videos.id, price: videos.price, posterKey: videos.posterKey, onSale: sql<boolean>`${videos.published} AND ${videos.videoPath} IS NOT NULL` })
    .from(bundleVideos)
    .innerJoin(videos, eq(videos.id, bundleVideos.videoId))
    .where(inArray(bundleVideos.bundleId, ids))
    .orderBy(asc(bundleVideos.bundleId), asc(bundleVideos.position), sql`length(${videos.season})`, asc(videos.season), asc(videos.id));
}

/** How many times each bundle was sold: bought (its sale references) or given. */
async function sales(db: Database, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const bought = await db
    .select({ reference: saleLines.reference })
    .from(saleLines)
    .where(and(eq(saleLines.kind, 'bundle'), sql`${saleLines.reference} LIKE 'bundle-%'`))
    .groupBy(saleLines.reference);
  for (const { reference } of bought) {
    const id = Number(/^bundle-(\d+)-/.exec(reference)?.[1]);
    if (ids.includes(id)) out.set(id, (out.get(id) ?? 0) + 1);
  }
  const given = await db.select({ id: gifts.bundleId, n: count() }).from(gifts).where(inArray(gifts.bundleId, ids)).groupBy(gifts.bundleId);
  for (const g of given) if (g.id !== null) out.set(g.id, (out.get(g.id) ?? 0) + Number(g.n));
  return out;
}

async function toRecords(db: Database, rows: Row[]): Promise<AdminBundle[]> {
  const ids = rows.map((r) => r.id);
  // One after the other: in a write, db is the transaction's one connection.
  const vids = await members(db, ids);
  const sold = await sales(db, ids);
  return rows.map((r) => {
    const mine = vids.filter((v) => v.bundleId === r.id);
    const listTotal = mine.filter((v) => v.onSale).reduce((s, v) => s + v.price, 0);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      image: posterUrls(mine.find((v) => v.posterKey)?.posterKey ?? null).default,
      kind: r.kind,
      series: r.seriesKey,
      discount_percent: r.discountPercent,
      video_ids: mine.map((v) => v.videoId),
      price: bundlePrice(listTotal, r.discountPercent, r.price),
      list_total: listTotal,
      published: r.published,
      sold: sold.get(r.id) ?? 0,
      created_at: r.createdAt.toISOString(),
    };
  });
}

/** A staff bundle's videos, checked: each must exist; their order is kept. */
async function setVideos(tx: Database, bundleId: number, videoIds: number[]) {
  const ids = [...new Set(videoIds)];
  if (ids.length === 0) throw new FieldError({ video_ids: ['Choose at least one video.'] });
  const found = await tx.select({ id: videos.id }).from(videos).where(inArray(videos.id, ids));
  if (found.length !== ids.length) throw new FieldError({ video_ids: ['A chosen video does not exist.'] });
  await tx.delete(bundleVideos).where(eq(bundleVideos.bundleId, bundleId));
  await tx.insert(bundleVideos).values(ids.map((videoId, position) => ({ bundleId, videoId, position })));
}

async function one(db: Database, id: number): Promise<AdminBundle | null> {
  const [row] = await db.select().from(bundles).where(eq(bundles.id, id));
  return row ? (await toRecords(db, [row]))[0]! : null;
}

/**
 * Bundles in the back office (/api/admin/bundles): staff make and edit their own (title, words,
 * videos, discount); an all-seasons bundle's videos follow its series, so staff set only its words,
 * discount and whether it is offered, and it is never deleted (unpublish it instead).
 */
export const bundleResource: Resource<AdminBundle, AdminBundleInput> = {
  name: 'bundles',
  label: 'bundle',
  record: adminBundleSchema,
  input: adminBundleInputSchema as unknown as Resource<AdminBundle, AdminBundleInput>['input'],
  catalogue: true,
  inUse: 'This bundle is still in use.',
  async list(db, w) {
    const where: SQL[] = [];
    const f = w.filter as { q?: unknown; id?: unknown; kind?: unknown };
    if (typeof f.q === 'string' && f.q.trim()) where.push(ilike(bundles.title, likePattern(f.q.trim())));
    if (Array.isArray(f.id)) where.push(inArray(bundles.id, f.id.filter((x): x is number => Number.isInteger(x))));
    if (f.kind === 'all_seasons' || f.kind === 'staff') where.push(eq(bundles.kind, f.kind));
    const condition = where.length ? and(...where) : undefined;
    const [total] = await db.select({ n: count() }).from(bundles).where(condition);
    const rows = await db.select().from(bundles).where(condition).orderBy(sortOrder(w.sort, SORT, ['id', 'ASC']), asc(bundles.id)).limit(w.limit).offset(w.offset);
    return { rows: await toRecords(db, rows), total: Number(total!.n) };
  },
  get: one,
  async create(tx, input) {
    const [row] = await tx.insert(bundles).values({ kind: 'staff', title: input.title, description: input.description, discountPercent: input.discount_percent, published: input.published }).returning();
    await setVideos(tx, row!.id, input.video_ids);
    return (await one(tx, row!.id))!;
  },
  async update(tx, id, input) {
    const [row] = await tx.select().from(bundles).where(eq(bundles.id, id)).for('update');
    if (!row) return null;
    if (input.video_ids !== undefined && row.kind === 'staff') await setVideos(tx, id, input.video_ids);
    else if (input.video_ids !== undefined) {
      const now = (await members(tx, [id])).map((v) => v.videoId);
      if ([...input.video_ids].sort().join() !== [...now].sort().join()) throw new FieldError({ video_ids: ['The videos of an all-seasons bundle follow its series.'] });
    }
    await tx
      .update(bundles)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.discount_percent !== undefined ? { discountPercent: input.discount_percent } : {}),
        ...(input.published !== undefined ? { published: input.published } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(bundles.id, id));
    return one(tx, id);
  },
  async remove(tx, id) {
    const [row] = await tx.select({ kind: bundles.kind }).from(bundles).where(eq(bundles.id, id));
    if (!row) return false;
    if (row.kind === 'all_seasons') throw new HttpError(409, 'An all-seasons bundle follows its series: unpublish it instead.');
    const deleted = await tx.delete(bundles).where(eq(bundles.id, id)).returning({ id: bundles.id });
    return deleted.length > 0;
  },
};
