import { sql, type SQL } from 'drizzle-orm';

/** The store's days are Nairobi's (UTC+3 all year): a sale at 01:00 EAT belongs to that day. */
export const STORE_TZ = 'Africa/Nairobi';

/**
 * Revenue, the store's one definition (CONTRACT §16, issue 32): what the sale lines brought in
 * (every way of selling: purchase, rental, bundle, gift), Ksh with VAT inside, after promo codes;
 * a refund is a negative line counted on the day it was made, under the kind it was sold as. The
 * dashboard and the reports sum these; DJ statements list the same lines and the receipts are made
 * from them (make_receipt), so all of them agree (revenue.test.ts).
 *
 * A subquery of lines whose `created_at` passes `when`, each with video_id, dj_id, amount,
 * ledger_kind, reference, is_refund, sale_kind and its Nairobi `day`.
 */
export const revenueLines = (when: (createdAt: SQL) => SQL) => sql`
  SELECT l.video_id, l.dj_id, l.amount, l.ledger_kind, l.reference, l.kind = 'refund' AS is_refund,
         CASE WHEN l.kind = 'refund' THEN o.kind ELSE l.kind END AS sale_kind,
         (l.created_at AT TIME ZONE ${STORE_TZ})::date AS day
  FROM sale_lines l LEFT JOIN sale_lines o ON o.id = l.refunds_line_id
  WHERE ${when(sql`l.created_at`)}`;

/**
 * The sums of revenue lines (as `lines`): videos sold, distinct orders, `sales` (what sales brought
 * in), `refunds` (what went back, positive) and `net`, the revenue: sales less refunds.
 */
export const revenueSums = sql`
  count(*) FILTER (WHERE NOT is_refund)::int AS videos,
  count(DISTINCT ledger_kind || ':' || reference) FILTER (WHERE NOT is_refund)::int AS orders,
  coalesce(sum(amount) FILTER (WHERE NOT is_refund), 0)::int AS sales,
  coalesce(-sum(amount) FILTER (WHERE is_refund), 0)::int AS refunds,
  coalesce(sum(amount), 0)::int AS net`;

/** The instants of a range of Nairobi days (YYYY-MM-DD, both included): from its first midnight to the midnight after its last. */
export const withinNairobiDays = (column: SQL, from: string, to: string) =>
  sql`${column} >= (${from}::date::timestamp AT TIME ZONE ${STORE_TZ}) AND ${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${STORE_TZ})`;
