import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { darajaSimulator } from './index.ts';

const KEY = 'consumer-key';
const SECRET = 'consumer-secret';
type Result = { Result: Record<string, unknown> & { ResultParameters?: { ResultParameter: { Key: string; Value?: unknown }[] } } };

describe('Daraja simulator: B2C payments and the transaction status query', () => {
  let app: FastifyInstance;
  let delivered: { url: string; body: Result }[];
  let token: string;

  beforeEach(async () => {
    delivered = [];
    app = Fastify();
    await app.register(darajaSimulator, { consumerKey: KEY, consumerSecret: SECRET, auto: 'off', securityCredential: 'cred', deliver: async (url, body) => void delivered.push({ url, body: body as Result }) });
    const res = await app.inject({ url: '/oauth/v1/generate?grant_type=client_credentials', headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` } });
    token = res.json<{ access_token: string }>().access_token;
  });
  afterEach(() => app.close());

  const pay = (over: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/mpesa/b2c/v3/paymentrequest',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        OriginatorConversationID: 'a1b2c3',
        InitiatorName: 'testapi',
        SecurityCredential: 'cred',
        CommandID: 'BusinessPayment',
        Amount: 500,
        PartyA: '600000',
        PartyB: '254708374149',
        Remarks: 'DJ payout 1',
        QueueTimeOutURL: 'https://store.example.co.ke/api/payouts/timeout/s',
        ResultURL: 'https://store.example.co.ke/api/payouts/result/s',
        Occasion: 'DJ earnings',
        ...over,
      },
    });
  const behave = (b: object) => app.inject({ method: 'PUT', url: '/b2c/behaviour', payload: b });
  const params = (r: Result) => Object.fromEntries((r.Result.ResultParameters?.ResultParameter ?? []).map((p) => [p.Key, p.Value]));

  it('accepts a payment at once and posts its result to ResultURL with the receipt and amount', async () => {
    const res = await pay();
    expect(res.json()).toEqual({ ConversationID: expect.stringMatching(/^AG_\d{8}_/), OriginatorConversationID: 'a1b2c3', ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    await vi.waitFor(() => expect(delivered).toHaveLength(1));
    const { url, body } = delivered[0]!;
    expect(url).toBe('https://store.example.co.ke/api/payouts/result/s');
    expect(body.Result).toMatchObject({ ResultType: 0, ResultCode: 0, OriginatorConversationID: 'a1b2c3', ConversationID: res.json().ConversationID, TransactionID: expect.stringMatching(/^[A-Z0-9]{10}$/) });
    expect(params(body)).toMatchObject({ TransactionAmount: 500, TransactionReceipt: body.Result.TransactionID, B2CRecipientIsRegisteredCustomer: 'Y' });
  });

  it('pays a repeated OriginatorConversationID once, answering the same ConversationID', async () => {
    const first = (await pay()).json();
    const again = (await pay()).json();
    expect(again.ConversationID).toBe(first.ConversationID);
    await new Promise((r) => setTimeout(r, 20));
    expect(delivered).toHaveLength(1);
    expect((await pay({ Amount: 501 })).statusCode).toBe(409);
  });

  it.each([
    [{ InitiatorName: 'someone' }, 500, '500.001.1001'],
    [{ SecurityCredential: 'wrong' }, 500, '500.001.1001'],
    [{ CommandID: 'Withdraw' }, 400, '400.002.02'],
    [{ Amount: 0 }, 400, '400.002.02'],
    [{ PartyA: '174379' }, 400, '400.002.02'],
    [{ PartyB: '0708374149' }, 400, '400.002.02'],
    [{ ResultURL: 'https://x.co.ke/mpesa/result' }, 400, '400.002.02'],
    [{ OriginatorConversationID: undefined }, 400, '400.002.02'],
  ])('refuses %j as Daraja does', async (over, status, code) => {
    const res = await pay(over);
    expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
  });

  it('fails, repeats or loses results as it is told, and the status query still knows how a lost one ended', async () => {
    await behave({ outcome: 'insufficient' });
    await pay({ OriginatorConversationID: 'fails' });
    await vi.waitFor(() => expect(delivered).toHaveLength(1));
    expect(delivered[0]!.body.Result).toMatchObject({ ResultCode: 1, ResultDesc: 'The balance is insufficient for the transaction.' });
    expect(delivered[0]!.body.Result.ResultParameters).toBeUndefined();

    await behave({ repeat: 3 });
    await pay({ OriginatorConversationID: 'thrice' });
    await vi.waitFor(() => expect(delivered).toHaveLength(4));

    await behave({ lose: true });
    await pay({ OriginatorConversationID: 'lost', Amount: 77 });
    await new Promise((r) => setTimeout(r, 20));
    expect(delivered).toHaveLength(4);
    const asked = await app.inject({
      method: 'POST',
      url: '/mpesa/transactionstatus/v1/query',
      headers: { authorization: `Bearer ${token}` },
      payload: { Initiator: 'testapi', SecurityCredential: 'cred', CommandID: 'TransactionStatusQuery', TransactionID: '', OriginalConversationID: 'lost', PartyA: '600000', IdentifierType: '4', ResultURL: 'https://store.example.co.ke/api/payouts/status/s', QueueTimeOutURL: 'https://store.example.co.ke/api/payouts/timeout/s', Remarks: 'check', Occasion: '' },
    });
    expect(asked.json()).toMatchObject({ ResponseCode: '0' });
    await vi.waitFor(() => expect(delivered).toHaveLength(5));
    expect(delivered[4]!.url).toBe('https://store.example.co.ke/api/payouts/status/s');
    expect(params(delivered[4]!.body)).toMatchObject({ OriginatorConversationID: 'lost', TransactionStatus: 'Completed', Amount: 77, ReceiptNo: expect.stringMatching(/^[A-Z0-9]{10}$/) });
    expect((await behave({ outcome: 'nonsense' })).statusCode).toBe(400);
  });
});
