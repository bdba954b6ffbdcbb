import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutPayment, Deposit, Receipt, ReceiptList } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { etimsCounter, purchases, receipts, videos } from '../../db/schema.ts';
import type { Mail } from '../mail/index.ts';
import { ledger } from '../wallet/index.ts';
import { ledgerMismatches, saleLineMismatches } from '../wallet/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance, signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { paidGiftForTest } from '../../../test/helpers/gifts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

/** CONTRACT §12: every sale a tax invoice, every refund a credit note, signed by eTIMS through the queue. */
describe.each(engines())('tax receipts on %s', (engine) => {
  let t: TestApp;
  let ids: number[];
  const sent: Mail[] = [];
  beforeAll(async () => {
    // Many customers sign in from one address here; the login limit has its own tests.
    t = await createTestApp(engine, { loginRateLimit: 10_000, mailer: { send: async (m) => void sent.push(m) } });
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    // Odd prices, where VAT rounding loses or invents cents if done line by line.
    for (const [i, price] of [1, 7, 199, 250_000].entries()) await t.database.db.update(videos).set({ price }).where(eq(videos.id, ids[i]!));
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const sim = () => t.store.receipts.sim!;
  const drain = () => t.store.receipts.submitter.drain();
  const buy = (c: Customer, videoIds: number[]) => t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: videoIds } });
  const receiptsOf = async (c: Customer) => (await t.app.inject({ url: '/api/receipts/', headers: c.auth })).json<ReceiptList>().results;
  const receipt = async (c: Customer, id: number) => (await t.app.inject({ url: `/api/receipts/${id}/`, headers: c.auth })).json<Receipt>();
  /** Makes every unsigned receipt due now, as a staff Retry does. */
  const dueNow = () => db().update(receipts).set({ etimsNextAt: new Date(0) });

  it('makes a cart of odd prices one tax invoice whose VAT loses no cent, and eTIMS signs it', async () => {
    const c = await customerWithBalance(t.app, 300_000);
    expect((await buy(c, [ids[0]!, ids[1]!, ids[2]!, ids[3]!])).statusCode).toBe(201);
    const [made] = await receiptsOf(c);
    expect(made).toMatchObject({ kind: 'sale', invoice_no: null, original_invoice_no: null, total: 250_207, paid_with: 'balance', mpesa_receipt: null, etims: { state: 'pending', signature: null, qr_url: null } });
    // Each line's share rounded down (0.13, 0.96, 27.44, 34,482.75), and the 3 cents left go to the
    // lines that lost most to rounding: rounding each line alone would make 0.14 + 0.97 + ... = 34,511.32.
    expect(made!.items.map((i) => [i.unit_price, i.vat])).toEqual([
      [1, 0.14],
      [7, 0.96],
      [199, 27.45],
      [250_000, 34_482.76],
    ]);
    // The VAT of Ksh 250,207 is 34,511.31; the lines add up to it exactly, and net + VAT is the total.
    expect(made!.vat_total).toBe(34_511.31);
    expect(Math.round(made!.items.reduce((a, i) => a + i.vat, 0) * 100)).toBe(3_451_131);
    expect(Math.round((made!.taxable_total + made!.vat_total) * 100)).toBe(25_020_700);

    await drain();
    const signed = await receipt(c, made!.id);
    expect(signed.etims).toMatchObject({ state: 'signed', cu_id: expect.stringMatching(/^KRACU\d{10}$/), cu_invoice_no: expect.stringMatching(/^KRACU\d{10}\/\d+$/), internal_data: expect.stringMatching(/^[A-Z2-7]{26}$/), signature: expect.stringMatching(/^[A-Z2-7]{16}$/) });
    expect(signed.etims.qr_url).toBe(`https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${t.config.etims.pin}${t.config.etims.branchId}${signed.etims.signature}`);
    expect(sim().signed.get(signed.invoice_no!)).toBe(1);
    expect(await saleLineMismatches(db())).toEqual([]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('numbers 20 concurrent sales uniquely and in order when it sends them, and eTIMS accepts the sequence', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => customerWithBalance(t.app, 100)));
    const answers = await Promise.all(buyers.map((c) => buy(c, [ids[4]!])));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const made = await db().select().from(receipts).where(inArray(receipts.userId, buyers.map((b) => b.id)));
    expect(made.map((r) => r.invoiceNo)).toEqual(Array(20).fill(null)); // no sale waited for a number
    await drain();
    const after = await db().select().from(receipts).where(inArray(receipts.userId, buyers.map((b) => b.id))).orderBy(receipts.id);
    const numbers = after.map((r) => r.invoiceNo!);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b)); // in the order the receipts were made
    expect(numbers.at(-1)! - numbers[0]!).toBe(19); // no gaps: the control unit wants each number after the last
    expect(after.every((r) => r.etimsState === 'signed')).toBe(true);
    expect(numbers.every((n) => sim().signed.get(n) === 1)).toBe(true);
    expect(await saleLineMismatches(db())).toEqual([]);
  });

  it('keeps a refused receipt as failed with KRA’s code and why, then signs it once on a retry', async () => {
    const c = await customerWithBalance(t.app, 100);
    sim().mode = 'refuse';
    try {
      expect((await buy(c, [ids[5]!])).statusCode).toBe(201); // the sale does not wait for KRA
      await drain();
    } finally {
      sim().mode = 'normal';
    }
    const [r] = await receiptsOf(c);
    expect(r!.etims.state).toBe('failed');
    const [row] = await db().select().from(receipts).where(eq(receipts.id, r!.id));
    expect(row).toMatchObject({ etimsResultCode: '999', etimsError: expect.stringContaining('unknown error'), etimsAttempts: 1 });
    expect(row!.etimsNextAt.getTime()).toBeGreaterThan(Date.now()); // backs off before the next try
    await drain();
    expect((await receipt(c, r!.id)).etims.state).toBe('failed'); // not due yet
    await dueNow();
    await drain();
    await drain();
    expect((await receipt(c, r!.id)).etims.state).toBe('signed');
    expect(sim().signed.get(r!.invoice_no!)).toBe(1);
  });

  it('numbers a receipt only when it sends it, and a refused one keeps its number so none is skipped', async () => {
    await drain(); // the receipts of earlier tests first
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => customerWithBalance(t.app, 100)));
    const [{ last }] = (await db().select({ last: etimsCounter.lastInvoiceNo }).from(etimsCounter)) as [{ last: number }];
    await buy(a!, [ids[5]!]);
    const [ra] = await receiptsOf(a!);
    expect(ra!.invoice_no).toBeNull();
    sim().mode = 'refuse';
    try {
      await drain();
    } finally {
      sim().mode = 'normal';
    }
    const refused = await receipt(a!, ra!.id);
    expect(refused).toMatchObject({ invoice_no: last + 1, etims: { state: 'failed' } });
    await buy(b!, [ids[5]!]);
    await drain(); // not due yet: b's receipt waits behind a's, unnumbered
    const [rb] = await receiptsOf(b!);
    expect(rb!.invoice_no).toBeNull();
    await dueNow();
    await drain();
    await buy(c!, [ids[5]!]);
    await drain();
    const [ra2, rb2, rc2] = [await receipt(a!, ra!.id), (await receiptsOf(b!))[0]!, (await receiptsOf(c!))[0]!];
    expect([ra2.invoice_no, rb2.invoice_no, rc2.invoice_no]).toEqual([last + 1, last + 2, last + 3]);
    expect([ra2, rb2, rc2].map((r) => r.etims.state)).toEqual(['signed', 'signed', 'signed']);
    expect([last + 1, last + 2, last + 3].map((n) => sim().signed.get(n))).toEqual([1, 1, 1]);
  });

  it('sends receipts numbered by a run that died before sending them first, with the numbers they were given', async () => {
    await drain();
    const [a, b] = await Promise.all([0, 1].map(() => customerWithBalance(t.app, 100)));
    await buy(a!, [ids[5]!]);
    const [given] = await t.store.receipts.repo.numberNext(200); // a run numbers a's receipt, then its process is killed
    await buy(b!, [ids[5]!]);
    await drain();
    const [ra, rb] = [(await receiptsOf(a!))[0]!, (await receiptsOf(b!))[0]!];
    expect(ra.invoice_no).toBe(given!.invoiceNo);
    expect(rb.invoice_no).toBe(given!.invoiceNo! + 1);
    expect([ra.etims.state, rb.etims.state]).toEqual(['signed', 'signed']);
  });

  it('keeps waiting while eTIMS is out of reach, then signs once, the later receipts after it', async () => {
    const a = await customerWithBalance(t.app, 100);
    const b = await customerWithBalance(t.app, 100);
    sim().mode = 'unreachable';
    try {
      await buy(a, [ids[5]!]);
      await buy(b, [ids[5]!]);
      await drain();
    } finally {
      sim().mode = 'normal';
    }
    const [ra] = await receiptsOf(a);
    const [rb] = await receiptsOf(b);
    const [row] = await db().select().from(receipts).where(eq(receipts.id, ra!.id));
    expect(row).toMatchObject({ etimsState: 'pending', etimsResultCode: null, etimsError: expect.stringContaining('HTTP 503') });
    expect((await receipt(b, rb!.id)).etims.state).toBe('pending'); // never sent out of turn
    await dueNow();
    await drain();
    expect((await receipt(a, ra!.id)).etims.state).toBe('signed');
    expect((await receipt(b, rb!.id)).etims.state).toBe('signed');
    const [na, nb] = [(await receipt(a, ra!.id)).invoice_no!, (await receipt(b, rb!.id)).invoice_no!];
    expect(nb).toBe(na + 1);
    expect([sim().signed.get(na), sim().signed.get(nb)]).toEqual([1, 1]);
  });

  it('issues a credit note per refund, pointing at the invoice it returns, signed after it', async () => {
    const c = await customerWithBalance(t.app, 500);
    await buy(c, [ids[4]!, ids[5]!]);
    const bought = await db().select().from(purchases).where(eq(purchases.userId, c.id)).orderBy(purchases.id);
    await db().transaction((tx) => ledger.refundPurchase(tx as unknown as Database, bought[1]!.id, 'Wrong video'));
    await db().transaction((tx) => ledger.refundPurchase(tx as unknown as Database, bought[0]!.id, 'Changed mind'));
    expect((await receiptsOf(c)).map((r) => [r.invoice_no, r.original_invoice_no])).toEqual([[null, null], [null, null], [null, null]]); // not numbered yet
    await drain();
    const list = await receiptsOf(c);
    const invoice = list.find((r) => r.kind === 'sale')!;
    const notes = list.filter((r) => r.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.original_invoice_no)).toEqual([invoice.invoice_no, invoice.invoice_no]);
    expect(notes.map((n) => n.total).sort()).toEqual([30, 50]);
    expect(invoice.invoice_no).not.toBeNull();
    expect(notes.every((n) => n.invoice_no! > invoice.invoice_no!)).toBe(true);
    for (const r of list) expect((await receipt(c, r.id)).etims.state).toBe('signed');
    expect(await saleLineMismatches(db())).toEqual([]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('makes a gift the giver’s tax invoice, and the price of a video the recipient already owned a credit note on it', async () => {
    const giver = await customerWithBalance(t.app, 500);
    const recipient = await customerWithBalance(t.app, 100);
    expect((await buy(recipient, [ids[5]!])).statusCode).toBe(201);
    const { token } = await paidGiftForTest(t, { giver, videoIds: [ids[4]!, ids[5]!], toEmail: recipient.email });
    const claimed = await t.app.inject({ method: 'POST', url: '/api/gifts/claim/', headers: recipient.auth, payload: { token } });
    expect(claimed.statusCode, claimed.body).toBeLessThan(300);
    await drain();
    const giverReceipts = await receiptsOf(giver);
    const invoice = giverReceipts.find((r) => r.kind === 'sale')!;
    expect(invoice.items.map((i) => i.unit_price)).toEqual([50, 30]);
    expect(giverReceipts.filter((r) => r.kind === 'credit_note').map((n) => [n.original_invoice_no, n.total])).toEqual([[invoice.invoice_no, 30]]);
    expect(invoice.invoice_no).not.toBeNull();
    expect((await receiptsOf(recipient)).map((r) => r.kind)).toEqual(['sale']); // their own purchase only
    for (const r of giverReceipts) expect((await receipt(giver, r.id)).etims.state).toBe('signed');
    expect(await saleLineMismatches(db())).toEqual([]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('says a sale was paid with M-Pesa, with its M-Pesa receipt, when a deposit paid for it', async () => {
    const c = await signedInCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[4], phone_number: '0712 000 222' } });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<CheckoutPayment>().CheckoutRequestID;
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${id}`, payload: { action: 'pay' } });
    await vi.waitFor(async () => expect((await t.app.inject({ url: `/api/deposit/${id}/`, headers: c.auth })).json<Deposit>().state).toBe('completed'));
    const paid = (await t.app.inject({ url: `/api/deposit/${id}/`, headers: c.auth })).json<Deposit>();
    const [r] = await receiptsOf(c);
    expect(r).toMatchObject({ kind: 'sale', paid_with: 'mpesa', mpesa_receipt: paid.receipt, total: 50 });
  });

  it('answers 404 for someone else’s receipt, and lists only your own', async () => {
    const owner = await customerWithBalance(t.app, 100);
    await buy(owner, [ids[4]!]);
    const [mine] = await receiptsOf(owner);
    const other = await signedInCustomer(t.app);
    const res = await t.app.inject({ url: `/api/receipts/${mine!.id}/`, headers: other.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect(await receiptsOf(other)).toEqual([]);
    expect((await t.app.inject({ url: `/api/receipts/${mine!.id}/` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/receipts/abc/', headers: owner.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/receipts/${mine!.id}/send/`, headers: other.auth, payload: { channel: 'email' } })).statusCode).toBe(404);
  });

  it('sends a copy by e-mail to the account’s address or by SMS to the phone given, a few times at most', async () => {
    const c = await customerWithBalance(t.app, 100);
    await buy(c, [ids[5]!]);
    const [r] = await receiptsOf(c);
    const send = (payload: object) => t.app.inject({ method: 'POST', url: `/api/receipts/${r!.id}/send/`, headers: c.auth, payload });
    expect((await send({ channel: 'email' })).statusCode).toBe(202);
    const early = sent.find((m) => m.to === c.email)!; // sent before the submitter numbered it
    expect(early.subject).toBe('Your receipt from Video Store Kenya');
    expect(early.text).toContain(`Tax invoice (invoice number follows when KRA signs) from Video Store Kenya (PIN ${t.config.etims.pin})`);
    await drain();
    const numbered = await receipt(c, r!.id);
    expect((await send({ channel: 'email' })).statusCode).toBe(202);
    const mail = sent.filter((m) => m.to === c.email).at(-1)!;
    expect(mail.subject).toBe(`Your receipt ${numbered.invoice_no} from Video Store Kenya`);
    expect(mail.text).toContain(`Tax invoice ${numbered.invoice_no} from Video Store Kenya (PIN ${t.config.etims.pin})`);
    expect(mail.text).toContain(`/receipt/${r!.id}`);
    expect((await send({ channel: 'sms', phone_number: 'not a phone' })).json()).toEqual({ phone_number: ['Enter a Kenyan mobile number, e.g. 0712 345 678.'] });
    expect((await send({ channel: 'sms', phone_number: '0712 000 333' })).statusCode).toBe(202);
    const outbox = path.join(t.config.dataDir, 'sms-outbox');
    const texts = await Promise.all((await fs.readdir(outbox)).filter((f) => f.includes('254712000333')).map((f) => fs.readFile(path.join(outbox, f), 'utf8')));
    expect(texts.join()).toContain(`Tax invoice ${numbered.invoice_no}`);
    expect((await send({ channel: 'fax' })).statusCode).toBe(400);
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push((await send({ channel: 'email' })).statusCode);
    expect(answers).toEqual([202, 429]); // five copies a quarter hour
  });

  it('sends the copy in the account’s language: Kiswahili words around staff’s titles', async () => {
    const c = await customerWithBalance(t.app, 100);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/profile/${c.buyerid}/`, headers: c.auth, payload: { language: 'sw' } })).statusCode).toBe(200);
    await buy(c, [ids[5]!]);
    await drain();
    const [r] = await receiptsOf(c);
    const numbered = await receipt(c, r!.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/receipts/${r!.id}/send/`, headers: c.auth, payload: { channel: 'email' } })).statusCode).toBe(202);
    const mail = sent.filter((m) => m.to === c.email).at(-1)!;
    expect(mail.subject).toBe(`Risiti yako ${numbered.invoice_no} kutoka Video Store Kenya`);
    expect(mail.text).toContain(`Ankara ya kodi ${numbered.invoice_no} kutoka Video Store Kenya (PIN ${t.config.etims.pin})`);
    expect(mail.text).toContain('Imelipwa kwa: Salio la duka');
    expect(mail.text).toMatch(/Jumla Ksh [\d.]+, ambapo VAT ya 16% ni Ksh [\d.]+/);
    expect(mail.text).not.toMatch(/Tax invoice|Paid with|Total /);
    expect((await t.app.inject({ method: 'POST', url: `/api/receipts/${r!.id}/send/`, headers: c.auth, payload: { channel: 'sms', phone_number: '0712 000 334' } })).statusCode).toBe(202);
    const outbox = path.join(t.config.dataDir, 'sms-outbox');
    const texts = await Promise.all((await fs.readdir(outbox)).filter((f) => f.includes('254712000334')).map((f) => fs.readFile(path.join(outbox, f), 'utf8')));
    expect(texts.join()).toContain(`Ankara ya kodi ${numbered.invoice_no}`);
    expect(texts.join()).toContain('pamoja na VAT');
  });

  it('shows staff the receipts eTIMS has not signed, with why, and retries one on request', async () => {
    await drain(); // the receipts of earlier tests first: invoices are sent in order
    const c = await customerWithBalance(t.app, 100);
    sim().mode = 'refuse';
    sim().refuseCode = 'parameter';
    try {
      await buy(c, [ids[4]!]);
      await drain();
    } finally {
      sim().mode = 'normal';
      delete sim().refuseCode;
    }
    const [r] = await receiptsOf(c);
    const staff = await signedInStaff(t.app);
    const list = await t.app.inject({ url: `/api/admin/receipts/?filter=${encodeURIComponent('{"state":"failed"}')}`, headers: staff.auth });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-range']).toMatch(/^receipts 0-\d+\/\d+$/);
    expect(list.json()).toContainEqual(expect.objectContaining({ id: r!.id, state: 'failed', result_code: '910', error: expect.stringContaining('Request parameter error'), customer_email: c.email }));
    expect((await t.app.inject({ url: '/api/admin/receipts/', headers: c.auth })).statusCode).toBe(403);
    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/receipts/${r!.id}/retry/`, headers: staff.auth });
    expect(retry.statusCode, retry.body).toBe(202);
    await drain();
    expect((await receipt(c, r!.id)).etims.state).toBe('signed');
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/receipts/${r!.id}/retry/`, headers: staff.auth })).statusCode).toBe(404);
  });
});
