import { and, asc, desc, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerPasses, djs, genres, passDjShares, passPeriods, passProducts, passViews, profiles, users, videos } from '../../../db/schema.ts';

export type PassProductRow = typeof passProducts.$inferSelect;
export type CustomerPassRow = typeof customerPasses.$inferSelect;
export type CustomerPassWithProduct = CustomerPassRow & { product: PassProductRow };

/** A video the store can play that a product's scope takes in (pass_covers: db/functions/pass_covers.sql). */
const covers = (v: typeof videos) => sql`${v.published} AND ${v.videoPath} IS NOT NULL AND pass_covers(${passProducts.scopeKind}, ${passProducts.scopeValue}, ${v.djId}, ${v.genreId}, ${v.cartegory})`;

/** The scope's name for the page: the DJ's or genre's name, the category as it is; null for everything. */
const scopeName = sql<string | null>`CASE ${passProducts.scopeKind}
  WHEN 'dj' THEN (SELECT d.dj_name FROM ${djs} d WHERE d.id::text = ${passProducts.scopeValue})
  WHEN 'genre' THEN (SELECT g.title FROM ${genres} g WHERE g.id::text = ${passProducts.scopeValue})
  WHEN 'category' THEN ${passProducts.scopeValue} END`;

const productColumns = {
  id: passProducts.id,
  title: passProducts.title,
  scopeKind: passProducts.scopeKind,
  scopeValue: passProducts.scopeValue,
  hours: passProducts.hours,
  price: passProducts.price,
  active: passProducts.active,
  createdAt: passProducts.createdAt,
  scopeName,
  videoCount: sql<number>`(SELECT count(*) FROM ${videos} WHERE ${covers(videos)})::int`.mapWith(Number),
};

/** Passes' SQL: the only place that reads or writes pass products, customers' passes, periods, views and shares. */
export const passRepository = {
  /** Products on sale (or all, for staff), cheapest first, each with how many playable videos it covers. */
  products(db: Database, o: { activeOnly: boolean; coveringVideo?: number | undefined; order?: SQL | undefined }) {
    const v = sql`(SELECT 1 FROM ${videos} WHERE ${videos.id} = ${o.coveringVideo ?? 0} AND ${covers(videos)})`;
    return db
      .select(productColumns)
      .from(passProducts)
      .where(and(o.activeOnly ? eq(passProducts.active, true) : undefined, o.coveringVideo !== undefined ? sql`EXISTS ${v}` : undefined))
      .orderBy(...(o.order ? [o.order, asc(passProducts.id)] : [asc(passProducts.hours), asc(passProducts.price), asc(passProducts.id)]));
  },

  /** One product; `counted: false` leaves video_count at 0 (a sale's answer has no use for it, and it counts the catalogue). */
  async product(db: Database, id: number, o: { counted?: boolean } = {}) {
    const columns = o.counted === false ? { ...productColumns, videoCount: sql<number>`0`.mapWith(Number) } : productColumns;
    const [p] = await db.select(columns).from(passProducts).where(eq(passProducts.id, id));
    return p ?? null;
  },

  async insertProduct(db: Database, values: typeof passProducts.$inferInsert) {
    const [p] = await db.insert(passProducts).values(values).returning({ id: passProducts.id });
    return p!.id;
  },

  async updateProduct(db: Database, id: number, values: Partial<typeof passProducts.$inferInsert>) {
    const [p] = await db.update(passProducts).set(values).where(eq(passProducts.id, id)).returning({ id: passProducts.id });
    return p?.id ?? null;
  },

  async deleteProduct(db: Database, id: number): Promise<boolean> {
    return (await db.delete(passProducts).where(eq(passProducts.id, id)).returning({ id: passProducts.id })).length > 0;
  },

  /** The customer's pass of this product, locked for the sale that extends it (the profile is locked already). */
  async forUpdate(tx: Database, userId: number, passId: number): Promise<CustomerPassRow | null> {
    const [row] = await tx
      .select()
      .from(customerPasses)
      .where(and(eq(customerPasses.userId, userId), eq(customerPasses.passId, passId)))
      .for('update');
    return row ?? null;
  },

  /** One more period of a pass, in the sale's transaction: extend_pass (db/functions), the one copy of the stacking rule. */
  async extend(tx: Database, o: { userId: number; passId: number; hours: number; reference: string; saleLineId: number; amount: number }): Promise<CustomerPassRow> {
    const result = (await tx.execute(
      sql`SELECT (p).id, (p).user_id AS "userId", (p).pass_id AS "passId", (p).starts_at AS "startsAt", (p).ends_at AS "endsAt", (p).renewal, (p).standing_order_id AS "standingOrderId",
                 (p).reminded_for AS "remindedFor", (p).prompted_for AS "promptedFor", (p).ended_noticed_for AS "endedNoticedFor"
            FROM (SELECT extend_pass(${o.userId}, ${o.passId}, ${o.hours}, ${o.reference}, ${o.saleLineId}, ${o.amount}) AS p) x`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const r = result.rows[0]!;
    const at = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
    return { ...(r as unknown as CustomerPassRow), id: Number(r.id), userId: Number(r.userId), passId: Number(r.passId), startsAt: at(r.startsAt)!, endsAt: at(r.endsAt)!, remindedFor: at(r.remindedFor), promptedFor: at(r.promptedFor), endedNoticedFor: at(r.endedNoticedFor), standingOrderId: r.standingOrderId === null ? null : Number(r.standingOrderId) };
  },

  /** A customer's passes with their products: live ones first (soonest to end), then ended ones. */
  async mine(db: Database, userId: number, o: { id?: number | undefined } = {}): Promise<CustomerPassWithProduct[]> {
    const rows = await db
      .select({ pass: customerPasses, product: productColumns })
      .from(customerPasses)
      .innerJoin(passProducts, eq(passProducts.id, customerPasses.passId))
      .where(and(eq(customerPasses.userId, userId), o.id !== undefined ? eq(customerPasses.id, o.id) : undefined))
      .orderBy(sql`${customerPasses.endsAt} > now() DESC`, asc(customerPasses.endsAt));
    return rows.map((r) => ({ ...r.pass, product: r.product as unknown as PassProductRow & { scopeName: string | null; videoCount: number } }));
  },

  async setRenewal(db: Database, id: number, values: { renewal: CustomerPassRow['renewal']; standingOrderId?: number | null }) {
    await db.update(customerPasses).set(values).where(eq(customerPasses.id, id));
  },

  /** Staff: every customer's passes, newest end first. */
  async all(db: Database, limit: number, offset: number, order: SQL) {
    const rows = await db
      .select({ pass: customerPasses, title: passProducts.title, username: users.username, count: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(customerPasses)
      .innerJoin(passProducts, eq(passProducts.id, customerPasses.passId))
      .innerJoin(users, eq(users.id, customerPasses.userId))
      .orderBy(order, desc(customerPasses.id))
      .limit(limit)
      .offset(offset);
    return { rows, count: rows[0]?.count ?? 0 };
  },

  /** Counts a segment served under the pass, in the period live now (once: the primary key). */
  async countView(db: Database, passId: number, videoId: number, segment: number, seconds: number) {
    await db.execute(sql`INSERT INTO ${passViews} (period_id, video_id, segment, seconds)
      SELECT p.id, ${videoId}, ${segment}, ${seconds} FROM ${passPeriods} p
       WHERE p.customer_pass_id = ${passId} AND p.starts_at <= now() AND p.ends_at > now()
       ORDER BY p.starts_at LIMIT 1
      ON CONFLICT DO NOTHING`);
  },

  /** Ended periods whose DJs are not paid yet, oldest first, locked so one process settles each. */
  endedUnsettled(tx: Database, limit: number) {
    return tx
      .select({ id: passPeriods.id, amount: passPeriods.amount, customerPassId: passPeriods.customerPassId, title: passProducts.title })
      .from(passPeriods)
      .innerJoin(customerPasses, eq(customerPasses.id, passPeriods.customerPassId))
      .innerJoin(passProducts, eq(passProducts.id, customerPasses.passId))
      .where(and(isNull(passPeriods.settledAt), lte(passPeriods.endsAt, sql`now()`)))
      .orderBy(asc(passPeriods.endsAt))
      .limit(limit)
      .for('update', { of: passPeriods, skipLocked: true });
  },

  /** Seconds watched in a period by DJ: each video's counted segments, never more than the video runs. */
  async secondsByDj(tx: Database, periodId: number) {
    const rows = (
      (await tx.execute(sql`SELECT v.dj_id AS "djId", d.revenue_share_percent AS "percent", sum(w.seconds)::int AS "seconds" FROM (
          SELECT pv.video_id, least(sum(pv.seconds), coalesce(ceil((vv.media_info->>'duration')::numeric)::int, sum(pv.seconds))) AS seconds
            FROM ${passViews} pv JOIN ${videos} vv ON vv.id = pv.video_id
           WHERE pv.period_id = ${periodId} GROUP BY pv.video_id, vv.media_info) w
        JOIN ${videos} v ON v.id = w.video_id JOIN ${djs} d ON d.id = v.dj_id
        GROUP BY v.dj_id, d.revenue_share_percent ORDER BY v.dj_id`)) as unknown as { rows: { djId: number; percent: number; seconds: number }[] }
    ).rows;
    return rows.map((r) => ({ djId: Number(r.djId), percent: Number(r.percent), seconds: Number(r.seconds) }));
  },

  async settle(tx: Database, periodId: number, shares: (typeof passDjShares.$inferInsert)[]) {
    if (shares.length) await tx.insert(passDjShares).values(shares);
    await tx.update(passPeriods).set({ settledAt: sql`now()` }).where(eq(passPeriods.id, periodId));
  },

  /** Live passes with renewal on whose end is within `withinMs`, not yet told or prompted for this end. */
  dueForRenewal(db: Database, withinMs: number, field: 'remindedFor' | 'promptedFor') {
    const column = customerPasses[field];
    return db
      .select({ pass: customerPasses, product: passProducts, phone: profiles.phoneNumber, language: profiles.language })
      .from(customerPasses)
      .innerJoin(passProducts, eq(passProducts.id, customerPasses.passId))
      .innerJoin(profiles, eq(profiles.userId, customerPasses.userId))
      .where(
        and(
          eq(customerPasses.renewal, 'prompt'),
          gt(customerPasses.endsAt, sql`now()`),
          lte(customerPasses.endsAt, sql`now() + make_interval(secs => ${withinMs / 1000})`),
          sql`${column} IS DISTINCT FROM ${customerPasses.endsAt}`,
        ),
      )
      .limit(200);
  },

  /** Marks a pass told (or prompted) for its current end: each once per period, whichever process gets there first. */
  async mark(db: Database, id: number, endsAt: Date, field: 'remindedFor' | 'promptedFor'): Promise<boolean> {
    const column = customerPasses[field];
    const done = await db
      .update(customerPasses)
      .set({ [field]: endsAt })
      .where(and(eq(customerPasses.id, id), eq(customerPasses.endsAt, endsAt), sql`${column} IS DISTINCT FROM ${endsAt.toISOString()}::timestamptz`))
      .returning({ id: customerPasses.id });
    return done.length > 0;
  },

  async phoneOf(db: Database, userId: number): Promise<string | null> {
    const [p] = await db.select({ phone: profiles.phoneNumber }).from(profiles).where(eq(profiles.userId, userId));
    return p?.phone ?? null;
  },

  /** The customer pass a standing order renews. */
  async byId(db: Database, id: number) {
    const [row] = await db.select({ pass: customerPasses, product: passProducts }).from(customerPasses).innerJoin(passProducts, eq(passProducts.id, customerPasses.passId)).where(eq(customerPasses.id, id));
    return row ?? null;
  },
};
