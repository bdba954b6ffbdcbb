import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits, profiles } from '../../db/schema.ts';
import { ledgerMismatches } from '../wallet/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { LOST_PUSH } from './reconciler.ts';

const paid = (id: string, amount: number, phone: string, receipt: string) => ({
  Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: id, ResultCode: 0, ResultDesc: 'The service request is processed successfully.', CallbackMetadata: { Item: [{ Name: 'MpesaReceiptNumber', Value: receipt }, { Name: 'Amount', Value: amount }, { Name: 'PhoneNumber', Value: Number(phone) }] } } },
});

/** Issue 14 #2: a process killed between writing a deposit and recording M-Pesa's answer to its push. */
describe.each(engines())('a deposit whose push answer was lost on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { dropCallbacks: true });
  });
  afterAll(() => t.close());
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it('goes to review within minutes, shows in the back office, and its own paid callback still credits it', async () => {
    const c = await signedInCustomer(t.app);
    // What POST /api/deposit/ leaves behind when killed after writing the row and before the push's answer.
    const secret = randomBytes(24).toString('hex');
    const [lost] = await t.database.db.insert(deposits).values({ userId: c.id, amount: 300, phone: '254712555000', callbackSecret: secret, nextCheckAt: later(1) }).returning();
    await t.store.reconcileDeposits(new Date());
    expect((await t.database.db.select().from(deposits).where(eq(deposits.id, lost!.id)))[0]!.state).toBe('pending'); // not due yet
    await t.store.reconcileDeposits(later(2));
    expect((await t.database.db.select().from(deposits).where(eq(deposits.id, lost!.id)))[0]).toMatchObject({ state: 'review', resultDesc: LOST_PUSH });

    const staff = await signedInStaff(t.app);
    const inReview = await t.app.inject({ url: `/api/admin/deposits?filter=${encodeURIComponent(JSON.stringify({ state: 'review' }))}`, headers: staff.auth });
    expect(inReview.statusCode, inReview.body).toBe(200);
    expect(inReview.json<{ id: number }[]>().map((d) => d.id)).toContain(lost!.id);

    // The customer had paid: M-Pesa's callback on the deposit's own path is the answer.
    await t.app.inject({ method: 'POST', url: `/api/deposit/callback/${secret}`, payload: paid('ws_CO_LOST_1', 300, '254712555000', 'LOSTPUSH01') });
    expect((await t.database.db.select().from(deposits).where(eq(deposits.id, lost!.id)))[0]).toMatchObject({ state: 'completed', checkoutRequestId: 'ws_CO_LOST_1', receipt: 'LOSTPUSH01' });
    expect((await t.database.db.select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b).toBe(300);
    // and a second copy of it changes nothing
    await t.app.inject({ method: 'POST', url: `/api/deposit/callback/${secret}`, payload: paid('ws_CO_LOST_1', 300, '254712555000', 'LOSTPUSH01') });
    expect((await t.database.db.select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b).toBe(300);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it('settles a deposit in review when its late callback comes, and never credits a callback that does not match', async () => {
    const c = await signedInCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/deposit/', headers: c.auth, payload: { username: c.buyerid, amount: 120, phone_number: '0712555111' } });
    const id = res.json<{ CheckoutRequestID: string }>().CheckoutRequestID;
    const [row] = await t.database.db.update(deposits).set({ state: 'review' }).where(eq(deposits.checkoutRequestId, id)).returning();
    await t.app.inject({ method: 'POST', url: `/api/deposit/callback/${row!.callbackSecret}`, payload: paid(id, 999, '254712555111', 'LATEREVW01') });
    expect((await t.database.db.select().from(deposits).where(eq(deposits.id, row!.id)))[0]!.state).toBe('review');
    await t.app.inject({ method: 'POST', url: `/api/deposit/callback/${row!.callbackSecret}`, payload: paid(id, 120, '254712555111', 'LATEREVW01') });
    expect((await t.database.db.select().from(deposits).where(eq(deposits.id, row!.id)))[0]!.state).toBe('completed');
    expect((await t.database.db.select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b).toBe(120);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});
