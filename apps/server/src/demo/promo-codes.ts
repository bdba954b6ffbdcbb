import type { Database } from '../db/client.ts';
import { promoCodes } from '../db/schema.ts';

/**
 * The demo's promo codes (CONTRACT §2, §11), printed at start-up: one for a new customer's first
 * purchase, as a shop would hand out, and one any customer (the demo customer too) can try in the cart.
 */
export const DEMO_PROMO_CODES = [
  { code: 'KARIBU20', percentOff: 20, firstPurchaseOnly: true, perCustomer: 1, note: 'Welcome: 20% off a first purchase', says: '20% off a first purchase' },
  { code: 'SIKUKUU50', amountOff: 50, minTotal: 150, perCustomer: 2, maxRedemptions: 500, note: 'Holiday: Ksh 50 off an order of Ksh 150 or more', says: 'Ksh 50 off an order of Ksh 150 or more' },
] as const;

export async function addDemoPromoCodes(tx: Database): Promise<void> {
  await tx.insert(promoCodes).values(DEMO_PROMO_CODES.map(({ says: _says, ...c }) => c));
}
