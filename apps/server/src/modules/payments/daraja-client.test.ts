import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { darajaSimulator, SANDBOX_PASSKEY, SANDBOX_SHORTCODE } from '@store/daraja-sim';
import { createDarajaClient, darajaTimestamp, DarajaError, stateForResultCode } from './daraja-client.ts';

describe('Daraja client against the simulator', () => {
  let sim: FastifyInstance;
  let base: string;
  const callbacks: unknown[] = [];
  const results: unknown[] = [];
  const oauthCalls = vi.fn();

  beforeAll(async () => {
    sim = Fastify();
    sim.addHook('onRequest', async (req) => {
      if (req.url.startsWith('/sim/oauth')) oauthCalls();
    });
    await sim.register(darajaSimulator, { prefix: '/sim', consumerKey: 'k', consumerSecret: 's', auto: 'off' });
    sim.post('/hooks/deposit/:secret', async (req) => {
      callbacks.push(req.body);
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    });
    sim.post('/hooks/payout/:secret', async (req) => {
      results.push(req.body);
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    });
    await sim.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  });
  afterAll(() => sim.close());

  const client = (over: Partial<Parameters<typeof createDarajaClient>[0]> = {}) =>
    createDarajaClient({ baseUrl: `${base}/sim`, consumerKey: 'k', consumerSecret: 's', shortcode: SANDBOX_SHORTCODE, passkey: SANDBOX_PASSKEY, ...over });
  const push = (c: ReturnType<typeof client>, phone: string, amount = 100) =>
    c.stkPush({ amount, phone, callbackUrl: `${base}/hooks/deposit/s3cr3t`, accountReference: 'VSK-7', description: 'Deposit' });

  it('writes the timestamp in Nairobi time', () => {
    expect(darajaTimestamp(new Date('2026-11-21T22:30:05Z'))).toBe('20261122013005');
  });

  it('pushes, is answered with a CheckoutRequestID, and the paid callback arrives', async () => {
    const c = client();
    const sent = await push(c, '254711000001', 250);
    expect(sent.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(await c.stkQuery(sent.checkoutRequestId)).toBeNull(); // still on the phone
    await fetch(`${base}/sim/prompts/${sent.checkoutRequestId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"pay"}' });
    await vi.waitFor(() => expect(callbacks).toHaveLength(1));
    expect(callbacks[0]).toMatchObject({ Body: { stkCallback: { CheckoutRequestID: sent.checkoutRequestId, ResultCode: 0 } } });
    expect(await c.stkQuery(sent.checkoutRequestId)).toEqual({ state: 'completed', resultCode: '0', resultDesc: 'The service request is processed successfully.' });
  });

  it('sends a B2C payment over HTTP, pays it once when sent again with the same OriginatorConversationID, and refuses a wrong initiator', async () => {
    const c = client({ b2cShortcode: '600000', initiatorName: 'testapi', securityCredential: 'simulator-security-credential' });
    const payment = { originatorConversationId: 'payout-test-1', amount: 150, phone: '254708374149', remarks: 'DJ payout 1', occasion: 'DJ earnings', resultUrl: `${base}/hooks/payout/abc`, timeoutUrl: `${base}/hooks/payout/abc-timeout` };
    const first = await c.b2cPayment(payment);
    expect(first).toEqual({ conversationId: expect.stringMatching(/^AG_/), originatorConversationId: 'payout-test-1' });
    expect(await c.b2cPayment(payment)).toEqual(first);
    await vi.waitFor(() => expect(results).toHaveLength(1));
    expect(results[0]).toMatchObject({ Result: { ResultCode: 0, OriginatorConversationID: 'payout-test-1', ConversationID: first.conversationId } });
    await c.transactionStatus({ originalConversationId: 'payout-test-1', resultUrl: `${base}/hooks/payout/abc-status`, timeoutUrl: `${base}/hooks/payout/abc-timeout` });
    await vi.waitFor(() => expect(results).toHaveLength(2));
    expect(results[1]).toMatchObject({ Result: { ResultCode: 0, ResultParameters: { ResultParameter: expect.arrayContaining([{ Key: 'TransactionStatus', Value: 'Completed' }]) } } });
    const wrong = client({ b2cShortcode: '600000', initiatorName: 'someone', securityCredential: 'x' });
    await expect(wrong.b2cPayment({ ...payment, originatorConversationId: 'payout-test-2' })).rejects.toMatchObject({ code: '500.001.1001', httpStatus: 500 });
  });

  it('keeps one OAuth token for many calls', async () => {
    const c = client();
    oauthCalls.mockClear();
    await push(c, '254711000002');
    await push(c, '254711000003');
    expect(oauthCalls).toHaveBeenCalledTimes(1);
  });

  it('renews a token Daraja no longer accepts, once, and carries on', async () => {
    const c = client();
    await c.token();
    // another process's token, or one Daraja dropped early
    let first = true;
    const realFetch = globalThis.fetch;
    const c2 = client({
      fetch: (async (url: string, init?: RequestInit) => {
        if (first && String(url).includes('processrequest')) {
          first = false;
          return new Response(JSON.stringify({ requestId: 'x', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' }), { status: 404 });
        }
        return realFetch(url, init);
      }) as typeof fetch,
    });
    oauthCalls.mockClear();
    const sent = await push(c2, '254711000004');
    expect(sent.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(oauthCalls).toHaveBeenCalledTimes(2);
  });

  it('turns a refused push into a DarajaError with its code and a clear message', async () => {
    const c = client();
    const err = await push(c, '254711000005', 0).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DarajaError);
    expect(err).toMatchObject({ code: '400.002.02', httpStatus: 400, message: 'M-Pesa refused the request: Bad Request - Invalid Amount' });
    const locked = await push(c, '254711000006').then(() => push(c, '254711000006')).catch((e: unknown) => e);
    expect(locked).toMatchObject({ code: '500.001.1001' });
  });

  it('says so when the store’s credentials are wrong', async () => {
    const err = await client({ consumerSecret: 'wrong' }).token().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'http-400', message: 'M-Pesa refused the store’s credentials' });
  });

  it('reports an unreachable Daraja as a network error, without retrying the push', async () => {
    const attempts = vi.fn(async () => {
      throw new Error('socket hang up');
    });
    const c = client({ fetch: attempts as unknown as typeof fetch });
    await expect(c.token()).rejects.toMatchObject({ code: 'network' });
    expect(attempts).toHaveBeenCalledTimes(1);
  });

  it('reads an unknown CheckoutRequestID as an error and maps result codes to states', async () => {
    await expect(client().stkQuery('ws_CO_unknown')).rejects.toMatchObject({ code: '500.001.1001' });
    expect([0, '0', 1032, 1037, 2001, 1, 'SFC_IC0003'].map(stateForResultCode)).toEqual(['completed', 'completed', 'cancelled', 'failed', 'failed', 'failed', 'failed']);
  });
});
