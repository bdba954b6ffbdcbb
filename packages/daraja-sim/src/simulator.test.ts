import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { darajaSimulator, SANDBOX_PASSKEY, stkPassword } from './index.ts';

const KEY = 'consumer-key';
const SECRET = 'consumer-secret';
const TS = '20261121103015';

describe('Daraja simulator', () => {
  let app: FastifyInstance;
  let delivered: { url: string; body: { Body: { stkCallback: Record<string, unknown> } } }[];
  let token: string;

  beforeEach(async () => {
    delivered = [];
    app = Fastify();
    await app.register(darajaSimulator, { consumerKey: KEY, consumerSecret: SECRET, auto: 'off', deliver: async (url, body) => void delivered.push({ url, body: body as never }) });
    const res = await app.inject({ url: '/oauth/v1/generate?grant_type=client_credentials', headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` } });
    token = res.json<{ access_token: string }>().access_token;
  });
  afterEach(() => app.close());

  const push = (over: Record<string, unknown> = {}, auth = `Bearer ${token}`) =>
    app.inject({
      method: 'POST',
      url: '/mpesa/stkpush/v1/processrequest',
      headers: { authorization: auth },
      payload: {
        BusinessShortCode: 174379,
        Password: stkPassword('174379', SANDBOX_PASSKEY, TS),
        Timestamp: TS,
        TransactionType: 'CustomerPayBillOnline',
        Amount: '50',
        PartyA: 254708374149,
        PartyB: '174379',
        PhoneNumber: '254708374149',
        CallBackURL: 'https://store.example.co.ke/api/deposit/callback/abc',
        AccountReference: 'VSK-42',
        TransactionDesc: 'Deposit',
        ...over,
      },
    });

  it('issues a 28-character token with expires_in as a string', async () => {
    const res = await app.inject({ url: '/oauth/v1/generate?grant_type=client_credentials', headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` } });
    expect(res.json()).toEqual({ access_token: expect.stringMatching(/^.{28}$/), expires_in: '3599' });
  });

  it.each([
    ['/oauth/v1/generate?grant_type=password', `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`, 400, '400.008.02'],
    ['/oauth/v1/generate?grant_type=client_credentials', 'Bearer x', 400, '400.008.01'],
  ])('refuses OAuth at %s', async (url, authorization, status, code) => {
    const res = await app.inject({ url, headers: { authorization } });
    expect(res.statusCode).toBe(status);
    expect(res.json().errorCode).toBe(code);
  });

  it('answers wrong credentials with an empty 400, as the real sandbox does', async () => {
    const res = await app.inject({ url: '/oauth/v1/generate?grant_type=client_credentials', headers: { authorization: `Basic ${Buffer.from('x:y').toString('base64')}` } });
    expect([res.statusCode, res.body]).toEqual([400, '']);
  });

  it('accepts a push with numbers as strings or numbers', async () => {
    const res = await push();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      MerchantRequestID: expect.any(String),
      CheckoutRequestID: expect.stringMatching(/^ws_CO_\d+$/),
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  });

  it.each([
    [{ Password: 'wrong' }, 500, '500.001.1001', 'Wrong credentials'],
    [{ Timestamp: '2026-11-21 10:30' }, 400, '400.002.02', 'Bad Request - Invalid Timestamp'],
    [{ Timestamp: '20261121103016' }, 500, '500.001.1001', 'Wrong credentials'],
    [{ PhoneNumber: '0708374149' }, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber'],
    [{ PartyA: '25570837414' }, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber'],
    [{ Amount: 0 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    [{ Amount: 250_001 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    [{ Amount: '12.5' }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    [{ CallBackURL: 'https://example.co.ke/mpesa/callback' }, 400, '400.002.02', 'Bad Request - Invalid CallBackURL'],
    [{ CallBackURL: 'https://example.co.ke/cb?Query=1' }, 400, '400.002.02', 'Bad Request - Invalid CallBackURL'],
    [{ CallBackURL: 'not a url' }, 400, '400.002.02', 'Bad Request - Invalid CallBackURL'],
    [{ TransactionDesc: undefined }, 400, '400.002.02', 'Bad Request - Invalid Remarks'],
    [{ BusinessShortCode: '600000' }, 500, '500.001.1001', 'Merchant does not exist'],
  ])('refuses %j as Daraja does', async (over, status, code, message) => {
    const res = await push(over);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ requestId: expect.any(String), errorCode: code, errorMessage: message });
  });

  it('refuses an unknown token with 404.001.03', async () => {
    const res = await push({}, 'Bearer not-a-token');
    expect([res.statusCode, res.json().errorCode]).toEqual([404, '404.001.03']);
  });

  it('will not lock a subscriber who already has a prompt open', async () => {
    await push();
    const res = await push();
    expect(res.json().errorMessage).toMatch(/Unable to lock subscriber/);
  });

  const query = (id: string) =>
    app.inject({ method: 'POST', url: '/mpesa/stkpushquery/v1/query', headers: { authorization: `Bearer ${token}` }, payload: { BusinessShortCode: '174379', Password: stkPassword('174379', SANDBOX_PASSKEY, TS), Timestamp: TS, CheckoutRequestID: id } });

  it('answers a query 4999 while the prompt is open, then the result; unknown ids are a 500', async () => {
    const id = (await push()).json<{ CheckoutRequestID: string }>().CheckoutRequestID;
    expect((await query(id)).json()).toMatchObject({ ResponseCode: '0', ResultCode: '4999' });
    await app.inject({ method: 'POST', url: `/prompts/${id}`, payload: { action: 'cancel' } });
    expect((await query(id)).json()).toMatchObject({ ResultCode: '1032', ResultDesc: 'Request cancelled by user', CheckoutRequestID: id });
    const unknown = await query('ws_CO_nope');
    expect([unknown.statusCode, unknown.json().errorMessage]).toEqual([500, 'The transaction does not Exist']);
  });

  it('delivers one success callback with Daraja’s items, Balance without a value', async () => {
    const sent = (await push({ Amount: 75 })).json<{ CheckoutRequestID: string; MerchantRequestID: string }>();
    const res = await app.inject({ method: 'POST', url: `/prompts/${sent.CheckoutRequestID}`, payload: { action: 'pay' } });
    expect(res.json()).toMatchObject({ ResultCode: 0 });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.url).toBe('https://store.example.co.ke/api/deposit/callback/abc');
    const cb = delivered[0]!.body.Body.stkCallback;
    expect(cb).toMatchObject({ MerchantRequestID: sent.MerchantRequestID, CheckoutRequestID: sent.CheckoutRequestID, ResultCode: 0, ResultDesc: 'The service request is processed successfully.' });
    const items = (cb.CallbackMetadata as { Item: { Name: string; Value?: unknown }[] }).Item;
    expect(items).toEqual([
      { Name: 'Amount', Value: 75 },
      { Name: 'MpesaReceiptNumber', Value: expect.stringMatching(/^[A-Z0-9]{10}$/) },
      { Name: 'Balance' },
      { Name: 'TransactionDate', Value: expect.any(Number) },
      { Name: 'PhoneNumber', Value: 254708374149 },
    ]);
    expect((await app.inject({ method: 'POST', url: `/prompts/${sent.CheckoutRequestID}`, payload: { action: 'pay' } })).statusCode).toBe(409);
  });

  it.each([
    ['cancel', 1032],
    ['wrong_pin', 2001],
    ['insufficient', 1],
    ['timeout', 1037],
  ])('delivers a %s callback without metadata (ResultCode %i)', async (action, code) => {
    const id = (await push()).json<{ CheckoutRequestID: string }>().CheckoutRequestID;
    await app.inject({ method: 'POST', url: `/prompts/${id}`, payload: { action } });
    expect(delivered.at(-1)!.body.Body.stkCallback).toEqual({ MerchantRequestID: expect.any(String), CheckoutRequestID: id, ResultCode: code, ResultDesc: expect.any(String) });
  });

  it('lists open prompts on the phone page', async () => {
    const id = (await push({ Amount: 120 })).json<{ CheckoutRequestID: string }>().CheckoutRequestID;
    const page = await app.inject('/phone');
    expect(page.body).toContain(`data-checkout="${id}"`);
    expect(page.body).toContain('Pay Ksh 120');
    expect(page.body).toContain('Wrong PIN');
  });

  it('refuses an action that is not one of its own, such as a name from the object prototype', async () => {
    const id = (await push()).json<{ CheckoutRequestID: string }>().CheckoutRequestID;
    for (const action of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 42, null, ['pay']]) {
      const res = await app.inject({ method: 'POST', url: `/prompts/${id}`, payload: { action } });
      expect(res.statusCode, JSON.stringify(action)).toBe(400);
    }
    expect(delivered).toHaveLength(0);
    expect((await query(id)).json()).toMatchObject({ ResultCode: '4999' });
  });

  it('runs the phone page with no inline script, from a script file it serves', async () => {
    await push();
    const page = await app.inject('/phone');
    expect(page.body).toContain('<script src="/phone.js"></script>');
    expect(page.body).not.toMatch(/<script>/);
    const script = await app.inject('/phone.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("button[data-action]");
  });

  it('resolves prompts nobody answers, after the configured delay and not before', async () => {
    const auto = Fastify();
    const got: unknown[] = [];
    await auto.register(darajaSimulator, { consumerKey: KEY, consumerSecret: SECRET, auto: 'cancel', autoDelayMs: 4000, deliver: async (_u, b) => void got.push(b) });
    const t = (await auto.inject({ url: '/oauth/v1/generate?grant_type=client_credentials', headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` } })).json<{ access_token: string }>().access_token;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await auto.inject({ method: 'POST', url: '/mpesa/stkpush/v1/processrequest', headers: { authorization: `Bearer ${t}` }, payload: { BusinessShortCode: '174379', Password: stkPassword('174379', SANDBOX_PASSKEY, TS), Timestamp: TS, TransactionType: 'CustomerPayBillOnline', Amount: 5, PartyA: '254708374149', PartyB: '174379', PhoneNumber: '254708374149', CallBackURL: 'https://x.example/cb', AccountReference: 'A', TransactionDesc: 'D' } });
      await vi.advanceTimersByTimeAsync(3999);
      expect(got).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(got).toHaveLength(1);
      expect((got[0] as { Body: { stkCallback: { ResultCode: number } } }).Body.stkCallback.ResultCode).toBe(1032);
    } finally {
      vi.useRealTimers();
      await auto.close();
    }
  });
  it('ends a prompt nobody answers as M-Pesa does (1037, after its time runs out), with auto off: the callback comes, STK query reports it, the phone no longer shows it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const expiring = Fastify();
    const got: { Body: { stkCallback: { ResultCode: number; CheckoutRequestID: string } } }[] = [];
    try {
      await expiring.register(darajaSimulator, { consumerKey: KEY, consumerSecret: SECRET, auto: 'off', expireMs: 30_000, deliver: async (_u, b) => void got.push(b as never) });
      const t = (await expiring.inject({ url: '/oauth/v1/generate?grant_type=client_credentials', headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` } })).json<{ access_token: string }>().access_token;
      const auth = { authorization: `Bearer ${t}` };
      const pushed = await expiring.inject({ method: 'POST', url: '/mpesa/stkpush/v1/processrequest', headers: auth, payload: { BusinessShortCode: '174379', Password: stkPassword('174379', SANDBOX_PASSKEY, TS), Timestamp: TS, TransactionType: 'CustomerPayBillOnline', Amount: 5, PartyA: '254708374149', PartyB: '174379', PhoneNumber: '254708374149', CallBackURL: 'https://x.example/cb', AccountReference: 'A', TransactionDesc: 'D' } });
      const id = pushed.json<{ CheckoutRequestID: string }>().CheckoutRequestID;
      const query = async () => (await expiring.inject({ method: 'POST', url: '/mpesa/stkpushquery/v1/query', headers: auth, payload: { BusinessShortCode: '174379', Password: stkPassword('174379', SANDBOX_PASSKEY, TS), Timestamp: TS, CheckoutRequestID: id } })).json<{ ResultCode: string }>().ResultCode;
      await vi.advanceTimersByTimeAsync(29_999);
      expect([got.length, await query()]).toEqual([0, '4999']);
      expect((await expiring.inject('/phone')).body).toContain(id);
      await vi.advanceTimersByTimeAsync(1);
      expect(got.map((b) => b.Body.stkCallback)).toEqual([expect.objectContaining({ CheckoutRequestID: id, ResultCode: 1037 })]);
      expect(await query()).toBe('1037');
      expect((await expiring.inject('/phone')).body).not.toContain(id);
      const late = await expiring.inject({ method: 'POST', url: `/prompts/${id}`, payload: { action: 'pay' } });
      expect([late.statusCode, late.json()]).toEqual([409, { detail: 'This prompt expired before it was answered.' }]);
    } finally {
      vi.useRealTimers();
      await expiring.close();
    }
  });
});
