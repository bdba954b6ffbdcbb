import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { darajaSimulator, SANDBOX_PASSKEY, SANDBOX_SHORTCODE } from '@store/daraja-sim';
import { createDarajaClient, DarajaError } from './daraja-client.ts';
import { parsePaybillConfirmation, parseStandingOrderCallback } from './callback.ts';

describe('Daraja client: Ratiba standing orders and C2B URLs, against the simulator', () => {
  let sim: FastifyInstance;
  let base: string;
  const posted: { path: string; body: unknown }[] = [];

  beforeAll(async () => {
    sim = Fastify();
    await sim.register(darajaSimulator, { prefix: '/sim', consumerKey: 'k', consumerSecret: 's', auto: 'off' });
    sim.post('/hooks/*', async (req) => {
      posted.push({ path: req.url, body: req.body });
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    });
    await sim.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  });
  afterAll(() => sim.close());

  const client = () => createDarajaClient({ baseUrl: `${base}/sim`, consumerKey: 'k', consumerSecret: 's', shortcode: SANDBOX_SHORTCODE, passkey: SANDBOX_PASSKEY });
  const order = (over: Partial<Parameters<ReturnType<typeof client>['createStandingOrder']>[0]> = {}) => ({
    name: 'Week pass 1',
    startDate: '20261205',
    endDate: '20271205',
    amount: 150,
    phone: '254711000101',
    callbackUrl: `${base}/hooks/so/abc`,
    accountReference: 'P1A',
    description: 'Week pass',
    frequency: 'weekly' as const,
    ...over,
  });

  it('creates an order, its approval is posted back, and the C2B URLs registered receive its deductions', async () => {
    const c = client();
    await c.registerC2bUrls({ confirmationUrl: `${base}/hooks/c2b/confirm`, validationUrl: `${base}/hooks/c2b/validate` });
    const sent = await c.createStandingOrder(order());
    expect(sent.responseRefId).toMatch(/\S/);
    const [made] = (await (await fetch(`${base}/sim/simulate/standing-orders`)).json()) as { id: string; frequency: number; amount: number }[];
    expect(made).toMatchObject({ frequency: 3, amount: 150 });
    await fetch(`${base}/sim/prompts/${made!.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"pay"}' });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.path).toBe('/hooks/so/abc');
    expect(parseStandingOrderCallback(posted[0]!.body)).toEqual({ ok: true, resultCode: '0', description: 'Standing order created successfully', transactionId: made!.id });
    await fetch(`${base}/sim/simulate/standing-orders/P1A/deduct`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.path).toBe('/hooks/c2b/confirm');
    expect(parsePaybillConfirmation(posted[1]!.body)).toEqual({ transId: expect.stringMatching(/^[A-Z0-9]{10}$/), amount: 150, billRef: 'P1A', msisdn: '254711000101' });
  });

  it('maps Ratiba’s refusals to DarajaErrors with clear messages', async () => {
    const c = client();
    await expect(c.createStandingOrder(order({ phone: '254711000102', startDate: '2026-12-05' }))).rejects.toMatchObject({ code: '1051', httpStatus: 400, message: 'M-Pesa refused the standing order request: Bad Request - Invalid StartDate' });
    await c.createStandingOrder(order({ phone: '254711000103' }));
    const busy = await c.createStandingOrder(order({ phone: '254711000103', name: 'Other' })).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(DarajaError);
    expect(busy).toMatchObject({ code: '500.001.1001' });
    const [, second] = (await (await fetch(`${base}/sim/simulate/standing-orders`)).json()) as { id: string }[];
    await fetch(`${base}/sim/prompts/${second!.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"pay"}' });
    await expect(c.createStandingOrder(order({ phone: '254711000103' }))).rejects.toMatchObject({ code: '1050', message: 'The customer already has a standing order with this name' });
    await expect(c.registerC2bUrls({ confirmationUrl: 'https://x.example/mpesa/confirm', validationUrl: 'https://x.example/v' })).rejects.toMatchObject({ code: '400.002.02' });
  });

  it('reads callbacks in either case, and a refusal by its code', () => {
    const camel = { responseHeader: { responseRefID: 'a', requestRefID: 'b', responseCode: '0', responseDescription: 'ok' }, responseBody: { responseData: [{ Name: 'TransactionID', Value: '2571168' }, { Name: 'ResponseCode', Value: '0' }, { Name: 'Status', Value: 'OKAY' }] } };
    expect(parseStandingOrderCallback(camel)).toEqual({ ok: true, resultCode: '0', description: 'ok', transactionId: '2571168' });
    const refused = { ResponseHeader: { responseCode: '2001', responseDescription: 'The initiator information is invalid.' }, ResponseBody: { responseData: [{ name: 'responseCode', value: '2001' }, { name: 'Status', value: 'ERROR' }] } };
    expect(parseStandingOrderCallback(refused)).toMatchObject({ ok: false, resultCode: '2001' });
    // A header that says 0 with an item that says ERROR is not an approval.
    expect(parseStandingOrderCallback({ ResponseHeader: { responseCode: 0 }, ResponseBody: { responseData: [{ name: 'Status', value: 'ERROR' }] } })).toMatchObject({ ok: false });
    for (const junk of [null, 'x', 42, [], {}, { ResponseHeader: {} }, { ResponseHeader: { responseCode: {} } }]) expect(parseStandingOrderCallback(junk)).toBeNull();
    for (const junk of [null, {}, { TransID: 'A1', TransAmount: 'x' }, { TransID: 'A 1', TransAmount: '10' }, { TransID: 'A1', TransAmount: '0' }]) expect(parsePaybillConfirmation(junk)).toBeNull();
  });
});
