/** A quick sale as sell_checked takes it and what it answers (db/functions/sell_checked.sql). */
export interface QuickSaleInput {
  ledgerKind: 'purchase' | 'rental';
  saleKind: 'purchase' | 'rental';
  reference: string;
  note: string;
  lines: { videoId: number; listPrice: number; amount: number; promoCode?: string | null | undefined }[];
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
