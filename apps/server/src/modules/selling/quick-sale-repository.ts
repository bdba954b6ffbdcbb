import { sql } from 'drizzle-orm';
import { RENT_THEN_OWN_DAYS } from '@store/contract';
import type { Database } from '../../db/client.ts';

const intArray = (xs: number[]) => sql`ARRAY[${sql.join(
  xs.map((x) => sql`${x}`),
  sql`, `,
)}]::int[]`;

/** A video as sale_facts reads it (migration 0026). */
export interface FactVideo {
  id: number;
  title: string;
  season: string | null;
  posterKey: string | null;
  price: number;
  rentPrice: number | null;
  hours: number;
  djId: number | null;
  genreId: number | null;
  rating: string;
}

/** A code's terms as sale_facts reads them: dates as ISO text, no times_redeemed. */
export interface FactCode {
  id: number;
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  validFrom: string | null;
  validUntil: string | null;
  maxRedemptions: number | null;
  perCustomer: number;
  minTotal: number;
  appliesVideoIds: number[];
  appliesDjIds: number[];
  appliesGenreIds: number[];
  appliesBundleIds: number[];
  kinds: string[];
  firstPurchaseOnly: boolean;
  active: boolean;
}

/** Everything a purchase or a rental is priced from, in one read (sale_facts). */
export interface SaleFacts {
  username: string | null;
  ageConfirmed: boolean | null;
  familyLocked: boolean | null;
  videos: FactVideo[];
  owned: number[];
  renting: number[];
  /** Rent, then own: video id -> the rent credited. */
  credits: Record<string, number>;
  code: FactCode | null;
  liveCount: number | null;
  hasBought: boolean | null;
}

export interface QuickSaleInput {
  ledgerKind: 'purchase' | 'rental';
  saleKind: 'purchase' | 'rental';
  reference: string;
  note: string;
  lines: { videoId: number; listPrice: number; amount: number }[];
  discount: number;
  rentalStartDays: number;
}

export type QuickSaleOutcome =
  | { outcome: 'no_profile' | 'stale' | 'used_up' }
  | { outcome: 'short'; balance: number; total: number }
  | {
      outcome: 'sold';
      balance: number;
      total: number;
      lines: { id: number; videoId: number; amount: number }[];
      bought: { videoId: number; price: number; createdAt: string }[] | null;
      rental: { id: number; userId: number; videoId: number; pricePaid: number; hours: number; reference: string; saleLineId: number | null; rentedAt: string; startedAt: string | null; expiresAt: string } | null;
    };

type Facts = { raw: string; facts: SaleFacts };

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** The SQL of quick sales (decision 0048): one read, one sale. */
export const quickSaleRepository = {
  /** sale_facts, and its JSON as read, to hand back to sell_checked unchanged. */
  async facts(db: Database, userId: number, ids: number[], code: string | null): Promise<Facts> {
    const result = (await db.execute(sql`SELECT sale_facts(${userId}, ${intArray(ids)}, ${code}, ${RENT_THEN_OWN_DAYS})::text AS f`)) as unknown as { rows: { f: string }[] };
    const raw = result.rows[0]!.f;
    return { raw, facts: JSON.parse(raw) as SaleFacts };
  },

  /** sell_checked: sells only if the facts are as read, under the profile lock, in one statement. */
  async sell(db: Database, o: { userId: number; ids: number[]; code: string | null; facts: string; sale: QuickSaleInput }): Promise<QuickSaleOutcome> {
    const result = (await db.execute(
      sql`SELECT sell_checked(${o.userId}, ${intArray(o.ids)}, ${o.code}, ${RENT_THEN_OWN_DAYS}, ${o.facts}::jsonb, ${JSON.stringify(o.sale)}::jsonb) AS r`,
    )) as unknown as { rows: { r: unknown }[] };
    return jsonOf<QuickSaleOutcome>(result.rows[0]!.r);
  },
};
