import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { djs, passProducts } from '../db/schema.ts';

/** The DJ whose day pass the demo sells. */
export const DEMO_PASS_DJ = 'Zamu';

/**
 * The demo's passes (CONTRACT §14), priced the way Kenyans buy airtime: a DJ's day for Ksh 20 (as
 * Viusasa's day), and a week or a month of everything for less than renting what one would watch:
 * three films a week rent for at least Ksh 45 here (the cheapest rent is 15), the week costs 40.
 */
export const DEMO_PASSES = [
  { title: `DJ ${DEMO_PASS_DJ} day pass`, scope: 'dj', hours: 24, price: 20 },
  { title: 'Week of everything', scope: 'all', hours: 168, price: 40 },
  { title: 'Month of everything', scope: 'all', hours: 720, price: 150 },
] as const;

export async function addDemoPasses(tx: Database): Promise<void> {
  const [dj] = await tx.select({ id: djs.id }).from(djs).where(eq(djs.djName, DEMO_PASS_DJ));
  await tx.insert(passProducts).values(
    DEMO_PASSES.filter((p) => p.scope === 'all' || dj).map((p) => ({ title: p.title, scopeKind: p.scope, scopeValue: p.scope === 'dj' ? String(dj!.id) : null, hours: p.hours, price: p.price })),
  );
}
