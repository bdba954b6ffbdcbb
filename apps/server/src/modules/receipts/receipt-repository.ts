import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AdminSortField } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { etimsCounter, etimsDevices, payouts, receipts, saleLines, users } from '../../db/schema.ts';
import { splitVat } from './vat.ts';

export type ReceiptRow = typeof receipts.$inferSelect;

/** The back office's sort fields for unsigned receipts, each with its column (the contract names them). */
export const receiptSortable = {
  id: receipts.id,
  invoice_no: receipts.invoiceNo,
  issued_at: receipts.issuedAt,
  total: receipts.total,
  state: receipts.etimsState,
  attempts: receipts.etimsAttempts,
} satisfies Record<AdminSortField<'receipts'>, unknown>;
export type DeviceRow = typeof etimsDevices.$inferSelect;

export interface ReceiptLine {
  /** Null on a pass's line (a sale of viewing time, not of one video). */
  videoId: number | null;
  title: string;
  listPrice: number;
  /** What was paid (a credit note's: what it gives back), whole Ksh, positive. */
  amount: number;
  /** A credit note's line: the cents of VAT its invoice line had, given back to the cent (issue 32 #20). */
  vat?: number | undefined;
  /** The promo code that lowered this line, if one did (migration 0034). */
  promoCode?: string | null | undefined;
}

/** The back office's filters of the receipt list (CONTRACT §16): an eTIMS state ("unsigned": waiting or refused), a kind, a month. */
export interface ReceiptFilter {
  state?: 'pending' | 'signed' | 'failed' | 'unsigned' | undefined;
  kind?: 'sale' | 'credit_note' | undefined;
  month?: string | undefined;
}

/** The instants of a month (YYYY-MM) of Nairobi time, as the store's days are Nairobi's: [its first midnight, the next month's). */
const inNairobiMonth = (month: string) => {
  const first = sql`(${`${month}-01`}::date)`;
  return sql`${receipts.issuedAt} >= (${first}::timestamp AT TIME ZONE 'Africa/Nairobi') AND ${receipts.issuedAt} < ((${first} + interval '1 month') AT TIME ZONE 'Africa/Nairobi')`;
};

const filtered = (f: ReceiptFilter) =>
  and(
    f.state === 'unsigned' ? ne(receipts.etimsState, 'signed') : f.state ? eq(receipts.etimsState, f.state) : undefined,
    f.kind ? eq(receipts.kind, f.kind) : undefined,
    f.month ? inNairobiMonth(f.month) : undefined,
  );

export interface FullReceipt extends ReceiptRow {
  lines: ReceiptLine[];
  originalInvoiceNo: number | null;
}

/** The SQL of receipts: the only place that reads or writes them (the trigger of migration 0022 makes them). */
export function createReceiptRepository(db: Database) {
  // Every receipt is marked signed once, as fast as sales come: one named statement, built by drizzle
  // once and on PostgreSQL planned once per connection (as the auth hook's user read).
  const param = (name: string) => sql`${sql.placeholder(name)}`;
  const markSignedQuery = db
    .update(receipts)
    .set({
      etimsState: 'signed',
      etimsResultCode: '000',
      etimsError: null,
      cuId: param('cuId'),
      cuReceiptNo: param('cuReceiptNo'),
      cuTotalReceiptNo: param('cuTotalReceiptNo'),
      internalData: param('internalData'),
      signature: param('signature'),
      sdcDateTime: param('sdcDateTime'),
      signedAt: sql`now()`,
      etimsAttempts: sql`${receipts.etimsAttempts} + 1`,
    })
    .where(and(eq(receipts.id, sql.placeholder('id')), ne(receipts.etimsState, 'signed')))
    .returning({ id: receipts.id })
    .prepare('receipt_mark_signed');
  /**
   * The VAT each refunded line had on its invoice, by sale line id: the invoices of `refunded` split as
   * their receipts split them (every line of the sale, in id order), so a credit note gives back
   * exactly what its invoice line charged.
   */
  async function invoiceLineVat(refunded: number[]): Promise<Map<number, { amount: number; vat: number }>> {
    const out = new Map<number, { amount: number; vat: number }>();
    if (refunded.length === 0) return out;
    const sold = await db
      .select({ id: saleLines.id, ledgerKind: saleLines.ledgerKind, reference: saleLines.reference, amount: saleLines.amount })
      .from(saleLines)
      .where(
        sql`(${saleLines.ledgerKind}, ${saleLines.reference}) IN (SELECT o.ledger_kind, o.reference FROM sale_lines o WHERE o.id IN (${sql.join(
          refunded.map((id) => sql`${id}`),
          sql`, `,
        )})) AND ${saleLines.amount} <> 0`,
      )
      .orderBy(asc(saleLines.id));
    for (const key of new Set(sold.map((l) => JSON.stringify([l.ledgerKind, l.reference])))) {
      const invoice = sold.filter((l) => JSON.stringify([l.ledgerKind, l.reference]) === key);
      const split = splitVat(invoice.map((l) => ({ amount: Math.abs(l.amount) })));
      invoice.forEach((l, i) => out.set(l.id, { amount: Math.abs(l.amount), vat: split.lines[i]! }));
    }
    return out;
  }

  /**
   * Credit notes of refunds sent on to the customer's M-Pesa (a refund payout, decision 0046): they say
   * so, with M-Pesa's receipt once it is paid. One whose payout failed went back to the balance, as
   * the sale trigger recorded it (make_receipt knows only the refund's own ledger entry).
   */
  async function refundsToMpesa(rows: ReceiptRow[]): Promise<Map<string, { paidWith: 'mpesa'; mpesaReceipt: string | null }>> {
    const refs = rows.filter((r) => r.kind === 'credit_note' && r.ledgerKind === 'refund').map((r) => r.reference);
    if (refs.length === 0) return new Map();
    const sent = await db
      .select({ reference: payouts.reference, receipt: payouts.mpesaReceipt })
      .from(payouts)
      .where(and(eq(payouts.purpose, 'refund'), inArray(payouts.reference, refs), ne(payouts.state, 'failed')));
    return new Map(sent.map((p) => [p.reference!, { paidWith: 'mpesa' as const, mpesaReceipt: p.receipt }]));
  }

  async function withLines(rows: ReceiptRow[]): Promise<FullReceipt[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .select({ ledgerKind: saleLines.ledgerKind, reference: saleLines.reference, videoId: saleLines.videoId, title: saleLines.title, listPrice: saleLines.listPrice, amount: saleLines.amount, refundsLineId: saleLines.refundsLineId, promoCode: saleLines.promoCode })
      .from(saleLines)
      .where(sql`(${saleLines.ledgerKind}, ${saleLines.reference}) IN (${sql.join(
        rows.map((r) => sql`(${r.ledgerKind}, ${r.reference})`),
        sql`, `,
      )})`)
      .orderBy(asc(saleLines.id));
    const originals = rows.map((r) => r.originalReceiptId).filter((id): id is number => id !== null);
    const numbers = originals.length ? await db.select({ id: receipts.id, invoiceNo: receipts.invoiceNo }).from(receipts).where(inArray(receipts.id, originals)) : [];
    const mirrored = await invoiceLineVat(lines.flatMap((l) => (l.refundsLineId !== null && l.amount !== 0 ? [l.refundsLineId] : [])));
    // A line giving back all of its invoice line gives back its VAT too; a part of one (none today) is split afresh.
    const vatOf = (l: (typeof lines)[number]) => {
      const sold = l.refundsLineId === null ? undefined : mirrored.get(l.refundsLineId);
      return sold && sold.amount === Math.abs(l.amount) ? { vat: sold.vat } : {};
    };
    const toMpesa = await refundsToMpesa(rows);
    return rows.map((r) => ({
      ...r,
      ...(toMpesa.get(r.reference) ?? {}),
      lines: lines
        .filter((l) => l.ledgerKind === r.ledgerKind && l.reference === r.reference && l.amount !== 0)
        .map((l) => ({ videoId: l.videoId, title: l.title, listPrice: l.listPrice, amount: Math.abs(l.amount), promoCode: r.kind === 'sale' ? l.promoCode : null, ...vatOf(l) })),
      originalInvoiceNo: numbers.find((n) => n.id === r.originalReceiptId)?.invoiceNo ?? null,
    }));
  }

  return {
    withLines,

    async get(id: number, userId?: number): Promise<FullReceipt | null> {
      const rows = await db
        .select()
        .from(receipts)
        .where(and(eq(receipts.id, id), userId === undefined ? undefined : eq(receipts.userId, userId)));
      return (await withLines(rows))[0] ?? null;
    },

    async listForUser(userId: number, page: { limit: number; offset: number }): Promise<{ count: number; rows: FullReceipt[] }> {
      const [total] = await db.select({ n: count() }).from(receipts).where(eq(receipts.userId, userId));
      const rows = await db.select().from(receipts).where(eq(receipts.userId, userId)).orderBy(desc(receipts.issuedAt), desc(receipts.id)).limit(page.limit).offset(page.offset);
      return { count: Number(total?.n ?? 0), rows: await withLines(rows) };
    },

    /** Every invoice and credit note the filter lets through, a page of them in `order`, with their lines and whose they are (the back office). */
    async list(page: { limit: number; offset: number }, filter: ReceiptFilter, order: SQL) {
      const where = filtered(filter);
      const [total] = await db.select({ n: count() }).from(receipts).where(where);
      const rows = await db
        .select({ receipt: receipts, email: users.email })
        .from(receipts)
        .innerJoin(users, eq(users.id, receipts.userId))
        .where(where)
        .orderBy(order, asc(receipts.id))
        .limit(page.limit)
        .offset(page.offset);
      const full = await withLines(rows.map((r) => r.receipt));
      return { count: Number(total?.n ?? 0), rows: full.map((r, i) => ({ receipt: r, email: rows[i]!.email })) };
    },

    /**
     * A month's receipts (Nairobi time) after the receipt `afterId`, `limit` of them in id order, with
     * their lines and buyer: the VAT report reads a month in such batches, so a busy month is never
     * one query's worth of lines.
     */
    async monthBatch(month: string, afterId: number, limit: number) {
      const rows = await db
        .select({ receipt: receipts, email: users.email })
        .from(receipts)
        .innerJoin(users, eq(users.id, receipts.userId))
        .where(and(inNairobiMonth(month), gt(receipts.id, afterId)))
        .orderBy(asc(receipts.id))
        .limit(limit);
      const full = await withLines(rows.map((r) => r.receipt));
      return full.map((r, i) => ({ receipt: r, email: rows[i]!.email }));
    },

    /** Numbered receipts not signed yet, with their lines: they go to the control unit in the order they were numbered. */
    async nextUnsigned(limit: number): Promise<FullReceipt[]> {
      return withLines(await db.select().from(receipts).where(and(ne(receipts.etimsState, 'signed'), isNotNull(receipts.invoiceNo))).orderBy(asc(receipts.invoiceNo)).limit(limit));
    },

    /**
     * Claims up to `limit` unnumbered receipts, oldest first, and gives them the next invoice numbers,
     * in one transaction with the counter row locked: numbers are unique, consecutive and increasing,
     * and a number once given (committed) stays with its receipt. Only the submitter calls it, so no
     * sale ever waits for the counter. Answers the receipts numbered, in number order.
     */
    async numberNext(limit: number): Promise<FullReceipt[]> {
      const ids = await db.transaction(async (tx) => {
        const [counter] = await tx.select({ last: etimsCounter.lastInvoiceNo }).from(etimsCounter).where(eq(etimsCounter.id, 1)).for('update');
        const todo = await tx.select({ id: receipts.id }).from(receipts).where(isNull(receipts.invoiceNo)).orderBy(asc(receipts.id)).limit(limit).for('update');
        if (!counter || todo.length === 0) return [];
        const numbered = sql.join(
          todo.map((r, i) => sql`(${r.id}::integer, ${counter.last + i + 1}::integer)`),
          sql`, `,
        );
        await tx.execute(sql`UPDATE ${receipts} SET invoice_no = v.no FROM (VALUES ${numbered}) AS v(id, no) WHERE ${receipts.id} = v.id`);
        await tx.update(etimsCounter).set({ lastInvoiceNo: counter.last + todo.length }).where(eq(etimsCounter.id, 1));
        return todo.map((r) => r.id);
      });
      if (ids.length === 0) return [];
      return withLines(await db.select().from(receipts).where(inArray(receipts.id, ids)).orderBy(asc(receipts.invoiceNo)));
    },

    /** Keeps the control unit's answer; only an unsigned receipt changes, so a receipt is signed once. */
    async markSigned(id: number, s: { cuId: string; curRcptNo: number; totRcptNo: number; intrlData: string; rcptSign: string; sdcDateTime: string }): Promise<boolean> {
      const rows = await markSignedQuery.execute({ id, cuId: s.cuId, cuReceiptNo: s.curRcptNo, cuTotalReceiptNo: s.totRcptNo, internalData: s.intrlData, signature: s.rcptSign, sdcDateTime: s.sdcDateTime });
      return rows.length > 0;
    },

    /** An attempt that did not sign: why, and when to try again. A refusal is "failed", no answer stays "pending". */
    async markUnsigned(id: number, o: { refused: boolean; code: string | null; error: string; retryInMs: number }): Promise<void> {
      await db
        .update(receipts)
        .set({
          etimsState: o.refused ? 'failed' : 'pending',
          etimsResultCode: o.code,
          etimsError: o.error.slice(0, 500),
          etimsAttempts: sql`${receipts.etimsAttempts} + 1`,
          etimsNextAt: sql`now() + make_interval(secs => ${o.retryInMs / 1000})`,
        })
        .where(and(eq(receipts.id, id), ne(receipts.etimsState, 'signed')));
    },

    /** Staff's Retry: the receipt is due now. */
    async retryNow(id: number): Promise<boolean> {
      const rows = await db
        .update(receipts)
        .set({ etimsNextAt: sql`now()` })
        .where(and(eq(receipts.id, id), ne(receipts.etimsState, 'signed')))
        .returning({ id: receipts.id });
      return rows.length > 0;
    },

    async device(k: { tin: string; branchId: string; deviceSerial: string }): Promise<DeviceRow | null> {
      const [row] = await db
        .select()
        .from(etimsDevices)
        .where(and(eq(etimsDevices.tin, k.tin), eq(etimsDevices.branchId, k.branchId), eq(etimsDevices.deviceSerial, k.deviceSerial)));
      return row ?? null;
    },

    async saveDevice(d: { tin: string; branchId: string; deviceSerial: string; cuId: string; cmcKey: string; sellerName: string | null }): Promise<void> {
      await db.insert(etimsDevices).values(d).onConflictDoNothing();
    },
  };
}
export type ReceiptRepository = ReturnType<typeof createReceiptRepository>;
