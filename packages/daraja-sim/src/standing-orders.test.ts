import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { darajaSimulator, dueAt, type SimulatorOptions } from './index.ts';

const KEY = 'k';
const SECRET = 's';
const CONFIRM = 'https://store.example.co.ke/api/paybill/confirmation/abc';
const CALLBACK = 'https://store.example.co.ke/api/standing-orders/callback/xyz';

type Posted = { url: string; body: Record<string, unknown> };

describe('Ratiba standing orders in the simulator', () => {
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(apps.splice(0).map((a) => a.close()));
    dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  });

  async function sim(over: Partial<SimulatorOptions> = {}) {
    const posted: Posted[] = [];
    const app = Fastify();
    apps.push(app);
    await app.register(darajaSimulator, { consumerKey: KEY, consumerSecret: SECRET, auto: 'off', c2bUrls: { confirmationUrl: CONFIRM }, deliver: async (url, body) => void posted.push({ url, body: body as Record<string, unknown> }), ...over });
    const token = (await app.inject({ url: '/oauth/v1/generate?grant_type=client_credentials', headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` } })).json<{ access_token: string }>().access_token;
    const create = (o: Record<string, unknown> = {}, auth = `Bearer ${token}`) =>
      app.inject({
        method: 'POST',
        url: '/standingorder/v1/createStandingOrderExternal',
        headers: { authorization: auth },
        payload: {
          StandingOrderName: 'Week pass 12',
          StartDate: '20261201',
          EndDate: '20271201',
          BusinessShortCode: '174379',
          TransactionType: 'Standing Order Customer Pay Bill',
          ReceiverPartyIdentifierType: '4',
          Amount: '150',
          PartyA: '254708374149',
          CallBackURL: CALLBACK,
          AccountReference: 'P1Z',
          TransactionDesc: 'Week pass',
          Frequency: '3',
          ...o,
        },
      });
    const orders = async () => (await app.inject('/simulate/standing-orders')).json<{ id: string; status: string; accountReference: string }[]>();
    const approve = async (action = 'pay') => {
      const id = (await orders()).at(-1)!.id;
      return app.inject({ method: 'POST', url: `/prompts/${id}`, payload: { action } });
    };
    return { app, posted, token, create, orders, approve };
  }
  const data = (body: Record<string, unknown>) => Object.fromEntries((body.ResponseBody as { responseData: { name: string; value: string }[] }).responseData.map((d) => [d.name, d.value]));

  it('accepts an order with Ratiba’s nested answer, shows its one PIN prompt on the phone and posts the approval', async () => {
    const s = await sim();
    const res = await s.create();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ResponseHeader: { responseRefID: expect.any(String), responseCode: '200', responseDescription: 'Request accepted for processing', ResultDesc: expect.any(String) },
      ResponseBody: { responseCode: '200', responseDescription: 'Request accepted for processing' },
    });
    const [order] = await s.orders();
    expect((await s.app.inject('/phone')).body).toContain(`data-checkout="${order!.id}"`);
    expect((await s.approve('pay')).json()).toMatchObject({ ResultCode: 0 });
    expect(s.posted).toHaveLength(1);
    expect(s.posted[0]!.url).toBe(CALLBACK);
    expect(s.posted[0]!.body.ResponseHeader).toEqual({ responseRefID: expect.any(String), requestRefID: res.json().ResponseHeader.responseRefID, responseCode: '0', responseDescription: expect.any(String) });
    expect(data(s.posted[0]!.body)).toMatchObject({ TransactionID: order!.id, responseCode: '0', Status: 'OKAY', Msisdn: '2547******149' });
    expect((await s.app.inject('/phone')).body).not.toContain(order!.id);
    expect((await s.approve('pay')).statusCode).toBe(409);
  });

  it.each([
    ['wrong_pin', '2001'],
    ['cancel', '1032'],
    ['timeout', '1037'],
  ])('posts ERROR when the customer answers %s', async (action, code) => {
    const s = await sim();
    await s.create();
    await s.approve(action);
    expect(s.posted[0]!.body.ResponseHeader).toMatchObject({ responseCode: code });
    expect(data(s.posted[0]!.body)).toMatchObject({ responseCode: code, Status: 'ERROR' });
    expect((await s.orders())[0]!.status).toBe('failed');
  });

  it.each([
    [{ StartDate: '2026-12-01' }, 'StartDate'],
    [{ StartDate: '20261301' }, 'StartDate'],
    [{ EndDate: '20261130' }, 'EndDate'],
    [{ TransactionType: 'CustomerPayBillOnline' }, 'TransactionType'],
    [{ ReceiverPartyIdentifierType: '2' }, 'ReceiverPartyIdentifierType'],
    [{ Amount: 150 }, 'Amount'],
    [{ Amount: '150.50' }, 'Amount'],
    [{ Amount: '0' }, 'Amount'],
    [{ PartyA: '0708374149' }, 'PartyA'],
    [{ CallBackURL: 'https://x.example/mpesa/cb' }, 'CallBackURL'],
    [{ AccountReference: 'ABCDEFGHIJKLM' }, 'AccountReference'],
    [{ TransactionDesc: 'Fourteen chars' }, 'TransactionDesc'],
    [{ Frequency: '9' }, 'Frequency'],
    [{ Frequency: undefined }, 'Frequency'],
    [{ StandingOrderName: '' }, 'StandingOrderName'],
    [{ BusinessShortCode: '600000' }, 'BusinessShortCode'],
  ])('refuses %j with 1051', async (over, field) => {
    const s = await sim();
    const res = await s.create(over);
    expect(res.statusCode).toBe(400);
    expect(res.json().ResponseHeader).toMatchObject({ responseCode: '1051', responseDescription: `Bad Request - Invalid ${field}` });
    expect(await s.orders()).toEqual([]);
  });

  it('refuses a second live order of the same name for the customer (1050), a bad token (404.001.03) and a busy phone', async () => {
    const s = await sim();
    await s.create();
    // A pending order holds the phone, as an open STK push does.
    expect((await s.create({ StandingOrderName: 'Other' })).json().errorCode).toBe('500.001.1001');
    await s.approve('pay');
    const dup = await s.create();
    expect([dup.statusCode, dup.json().ResponseHeader.responseCode]).toEqual([400, '1050']);
    expect((await s.create({ PartyA: '254711000111' })).statusCode).toBe(200);
    expect((await s.create({}, 'Bearer nope')).json().errorCode).toBe('404.001.03');
  });

  it('a refused order frees its name', async () => {
    const s = await sim();
    await s.create();
    await s.approve('cancel');
    expect((await s.create()).statusCode).toBe(200);
  });

  it('deducts on demand as a paybill confirmation carrying the AccountReference, twice with one TransID when asked, and not at all when it fails', async () => {
    const s = await sim();
    await s.create({ Amount: '75' });
    await s.approve('pay');
    const first = await s.app.inject({ method: 'POST', url: '/simulate/standing-orders/P1Z/deduct', payload: { deliveries: 2 } });
    expect(first.json()).toMatchObject({ ok: true, TransID: expect.stringMatching(/^[A-Z0-9]{10}$/) });
    const confirmations = s.posted.slice(1);
    expect(confirmations.map((c) => c.url)).toEqual([CONFIRM, CONFIRM]);
    expect(confirmations[0]!.body).toEqual({
      TransactionType: 'Pay Bill',
      TransID: first.json().TransID,
      TransTime: expect.stringMatching(/^\d{14}$/),
      TransAmount: '75.00',
      BusinessShortCode: '174379',
      BillRefNumber: 'P1Z',
      InvoiceNumber: '',
      OrgAccountBalance: expect.stringMatching(/^\d+\.00$/),
      ThirdPartyTransID: '',
      MSISDN: '254708374149',
      FirstName: 'Simulated',
      MiddleName: '',
      LastName: 'Customer',
    });
    expect(confirmations[1]!.body).toEqual(confirmations[0]!.body);
    const failed = await s.app.inject({ method: 'POST', url: '/simulate/standing-orders/P1Z/deduct', payload: { fail: true } });
    expect(failed.json()).toMatchObject({ ok: false, TransID: null });
    expect(s.posted).toHaveLength(3);
    expect((await s.app.inject({ method: 'POST', url: '/simulate/standing-orders/P1Z/deduct', payload: { deliveries: 9 } })).statusCode).toBe(400);
    expect((await s.app.inject({ method: 'POST', url: '/simulate/standing-orders/NOPE/deduct', payload: {} })).statusCode).toBe(404);
  });

  it('posts confirmations to the URL RegisterURL gave, and refuses a bad registration', async () => {
    const s = await sim();
    const register = (body: Record<string, unknown>) => s.app.inject({ method: 'POST', url: '/mpesa/c2b/v1/registerurl', headers: { authorization: `Bearer ${s.token}` }, payload: { ShortCode: '174379', ResponseType: 'Completed', ConfirmationURL: 'https://shop.example/confirm/1', ValidationURL: 'https://shop.example/validate/1', ...body } });
    expect((await register({ ConfirmationURL: 'https://shop.example/mpesa/confirm' })).json().errorMessage).toBe('Bad Request - Invalid ConfirmationURL');
    expect((await register({ ResponseType: 'completed' })).json().errorMessage).toBe('Bad Request - Invalid ResponseType');
    expect((await register({ ShortCode: '1' })).json().errorMessage).toBe('Bad Request - Invalid ShortCode');
    expect((await register({})).json()).toEqual({ OriginatorCoversationID: expect.any(String), ResponseCode: '0', ResponseDescription: 'Success' });
    await s.create();
    await s.approve('pay');
    await s.app.inject({ method: 'POST', url: '/simulate/standing-orders/P1Z/deduct', payload: {} });
    expect(s.posted.at(-1)!.url).toBe('https://shop.example/confirm/1');
  });

  it('stops deducting once the customer ends the order on *334#', async () => {
    const s = await sim();
    await s.create();
    await s.approve('pay');
    expect((await s.app.inject({ method: 'POST', url: '/simulate/standing-orders/P1Z/cancel' })).json()).toMatchObject({ status: 'cancelled' });
    expect((await s.app.inject({ method: 'POST', url: '/simulate/standing-orders/P1Z/deduct', payload: {} })).statusCode).toBe(409);
  });

  it('ends a PIN prompt nobody answers as STK prompts end: by MPESA_SIM_AUTO after its delay, else 1037 when it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const auto = await sim({ auto: 'pay', autoDelayMs: 4000 });
    await auto.create();
    await vi.advanceTimersByTimeAsync(3999);
    expect(auto.posted).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(data(auto.posted[0]!.body)).toMatchObject({ Status: 'OKAY' });
    const off = await sim({ auto: 'off', expireMs: 30_000 });
    await off.create();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(off.posted[0]!.body.ResponseHeader).toMatchObject({ responseCode: '1037' });
    expect((await off.approve('pay')).json()).toEqual({ detail: 'This prompt expired before it was answered.' });
  });

  it('computes due days from StartDate: daily, weekly, monthly held to the month’s end, none past EndDate', () => {
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    expect(iso(dueAt({ startDate: '20261230', endDate: '20270102', frequency: 2 }, 2))).toBe('2026-12-31T21:00:00.000Z');
    expect(iso(dueAt({ startDate: '20261230', endDate: '20270102', frequency: 2 }, 4))).toBeNull();
    expect(iso(dueAt({ startDate: '20261201', endDate: '20271201', frequency: 3 }, 1))).toBe('2026-12-07T21:00:00.000Z');
    expect(iso(dueAt({ startDate: '20260131', endDate: '20271201', frequency: 4 }, 1))).toBe('2026-02-27T21:00:00.000Z');
    expect(iso(dueAt({ startDate: '20260131', endDate: '20271201', frequency: 1 }, 1))).toBeNull();
  });

  it('deducts on its schedule, once a day for a daily order, and keeps its orders over a restart', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-12-01T06:00:00Z'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ratiba-'));
    dirs.push(dir);
    const files = { standingOrderStateFile: path.join(dir, 'so.json'), c2bStateFile: path.join(dir, 'c2b.json'), standingOrderTickMs: 60_000 };
    const s = await sim(files);
    await s.create({ Frequency: '2', StartDate: '20261202', EndDate: '20261203' });
    await s.approve('pay');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.posted).toHaveLength(1); // the approval only: the first day has not come
    await vi.advanceTimersByTimeAsync(18 * 3600_000); // past midnight in Nairobi on 2 December
    expect(s.posted.slice(1).map((p) => p.body.BillRefNumber)).toEqual(['P1Z']);
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(s.posted).toHaveLength(2);
    await s.app.close();

    const again = await sim(files);
    await vi.advanceTimersByTimeAsync(24 * 3600_000); // 3 December, the last day
    expect(again.posted.map((p) => p.body.BillRefNumber)).toEqual(['P1Z']);
    await vi.advanceTimersByTimeAsync(3 * 24 * 3600_000);
    expect(again.posted).toHaveLength(1);
    expect((await again.orders())[0]!.status).toBe('ended');
  });
});
