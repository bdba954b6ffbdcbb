import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etimsSimulator, simControl } from '@store/etims-sim';
import { createEtimsClient } from './etims-client.ts';
import { salePayload } from './oscu-payload.ts';
import { aReceipt } from '../../../test/helpers/receipt-fixture.ts';

const device = { tin: 'P051234567A', branchId: '00', deviceSerial: 'VSK-CLIENT-TEST' };
const receipt = (invoiceNo: number) =>
  aReceipt({ id: invoiceNo, invoiceNo, reference: `p-${invoiceNo}`, total: 150, paidWith: 'balance', mpesaReceipt: null, lines: [{ videoId: 1, title: 'Kibanda', listPrice: 150, amount: 150 }] });

/**
 * The client as sandbox and production use it: the platform's fetch over a real socket. In simulator
 * mode the store calls its simulator in-process (decision 0056), so this is where that path is tested.
 */
describe('the eTIMS client over HTTP', () => {
  let sim: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    sim = Fastify();
    await sim.register(etimsSimulator, { prefix: '/etims-sim', control: simControl() });
    baseUrl = `${await sim.listen({ host: '127.0.0.1', port: 0 })}/etims-sim`;
  });
  afterAll(() => sim.close());

  it('initialises the device, gets a sale signed, and hears KRA refuse the same invoice twice', async () => {
    const client = createEtimsClient({ baseUrl, ...device });
    const init = await client.initialise();
    if (!init.ok) throw new Error(init.message);
    const body = salePayload(receipt(1), { sellerName: 'Video Store Kenya', publishedAt: new Date() });
    const signed = await client.saveSale(body, init.data.cmcKey);
    expect(signed).toMatchObject({ ok: true, data: { curRcptNo: 1, totRcptNo: 1 } });
    expect(signed.ok && signed.data.rcptSign).toMatch(/^[A-Z2-7]{16}$/);
    expect(await client.saveSale(body, init.data.cmcKey)).toMatchObject({ ok: false, refused: true, code: '994' });
    expect(await client.saveSale(body, 'not-the-key')).toMatchObject({ ok: false, refused: true, code: '901' });
  });

  it('says eTIMS could not be reached when nothing answers, without a refusal code', async () => {
    const gone = Fastify();
    const address = await gone.listen({ host: '127.0.0.1', port: 0 });
    await gone.close();
    const client = createEtimsClient({ baseUrl: `${address}/etims-sim`, ...device, timeoutMs: 2000 });
    const r = await client.initialise();
    expect(r).toMatchObject({ ok: false, refused: false });
    expect(!r.ok && r.message).toMatch(/could not be reached/);
  });
});
