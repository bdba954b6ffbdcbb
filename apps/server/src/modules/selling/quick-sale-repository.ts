import { sql } from 'drizzle-orm';
import { RENT_THEN_OWN_DAYS } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';

/**
 * sale_facts as one named statement: drizzle builds it once per database, and PostgreSQL parses and
 * plans it once per connection (as the auth hook's user read and media/access.ts). A transaction
 * (a sale with an Idempotency-Key) gets its own, built for it.
 */
function prepareFacts(db: Database) {
  return db
    .select({ f: sql<string>`t.f::text` })
    .from(sql`sale_facts(${sql.placeholder('userId')}::int, ${sql.placeholder('ids')}::int[], ${sql.placeholder('code')}::text, ${sql.raw(String(RENT_THEN_OWN_DAYS))}) AS t(f)`)
    .prepare('sale_facts');
}
const saleFactsStatement = preparedPerDatabase(prepareFacts);

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

type Facts = { raw: string; facts: SaleFacts };

/** The read of quick sales (decision 0048); the sale is the ledger's (wallet: ledger.sellChecked). */
export const quickSaleRepository = {
  /** sale_facts, and its JSON as read, to hand back to sell_checked unchanged. */
  async facts(db: Database, userId: number, ids: number[], code: string | null): Promise<Facts> {
    const [row] = await saleFactsStatement(db).execute({ userId, ids, code });
    const raw = row!.f;
    return { raw, facts: JSON.parse(raw) as SaleFacts };
  },
};
