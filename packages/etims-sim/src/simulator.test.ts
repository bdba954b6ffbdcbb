import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { etimsSimulator, simControl, type EtimsSimControl } from './index.ts';

const DEVICE = { tin: 'P051234567Q', bhfId: '00', dvcSrlNo: 'TEST-1' };

/** A sale of one item of Ksh `price` (VAT 16% inside), as OSCU's saveTrnsSalesOsdc wants it. */
function sale(invcNo: number, price: number, over: Record<string, unknown> = {}, item: Record<string, unknown> = {}) {
  const tax = Math.round((price * 100 * 16) / 116) / 100;
  return {
    trdInvcNo: `VSK-${invcNo}`,
    invcNo,
    orgInvcNo: 0,
    salesTyCd: 'N',
    rcptTyCd: 'S',
    pmtTyCd: '06',
    salesSttsCd: '02',
    cfmDt: '20261124101500',
    salesDt: '20261124',
    totItemCnt: 1,
    taxblAmtA: 0, taxblAmtB: price, taxblAmtC: 0, taxblAmtD: 0, taxblAmtE: 0,
    taxRtA: 0, taxRtB: 16, taxRtC: 0, taxRtD: 0, taxRtE: 8,
    taxAmtA: 0, taxAmtB: tax, taxAmtC: 0, taxAmtD: 0, taxAmtE: 0,
    totTaxblAmt: price,
    totTaxAmt: tax,
    totAmt: price,
    prchrAcptcYn: 'N',
    regrId: 'store', regrNm: 'Store', modrId: 'store', modrNm: 'Store',
    receipt: { rcptPbctDt: '20261124101500', prchrAcptcYn: 'N' },
    itemList: [{ itemSeq: 1, itemCd: 'KE3NTU0000001', itemNm: 'Nairobi Heist', pkgUnitCd: 'NT', pkg: 1, qtyUnitCd: 'U', qty: 1, prc: price, splyAmt: price, dcRt: 0, dcAmt: 0, taxTyCd: 'B', taxblAmt: price, taxAmt: tax, totAmt: price, ...item }],
    ...over,
  };
}

describe('eTIMS OSCU simulator', () => {
  let app: FastifyInstance;
  let control: EtimsSimControl;
  let headers: Record<string, string>;

  beforeEach(async () => {
    control = simControl();
    app = Fastify();
    await app.register(etimsSimulator, { control });
    const init = await app.inject({ method: 'POST', url: '/selectInitOsdcInfo', payload: DEVICE });
    const info = init.json().data.info as { cmcKey: string; sdcId: string };
    headers = { tin: DEVICE.tin, bhfId: DEVICE.bhfId, cmcKey: info.cmcKey };
  });
  afterEach(() => app.close());
  const save = (body: unknown, h = headers) => app.inject({ method: 'POST', url: '/saveTrnsSalesOsdc', headers: h, payload: body as object }).then((r) => r.json());

  it('initialises a device once: the control unit id and communication key, then 902', async () => {
    const again = await app.inject({ method: 'POST', url: '/selectInitOsdcInfo', payload: DEVICE });
    expect(again.json()).toMatchObject({ resultCd: '902', data: null });
    expect((await app.inject({ method: 'POST', url: '/selectInitOsdcInfo', payload: { ...DEVICE, tin: 'nope' } })).json()).toMatchObject({ resultCd: '910' });
  });

  it('signs a sale: receipt numbers, internal data, signature and the control unit’s time', async () => {
    expect(await save(sale(1, 199))).toMatchObject({
      resultCd: '000',
      resultMsg: 'It is succeeded',
      resultDt: expect.stringMatching(/^\d{14}$/),
      data: { curRcptNo: 1, totRcptNo: 1, intrlData: expect.stringMatching(/^[A-Z2-7]{26}$/), rcptSign: expect.stringMatching(/^[A-Z2-7]{16}$/), sdcDateTime: expect.stringMatching(/^\d{14}$/) },
    });
    expect(control.signed.get(1)).toBe(1);
  });

  it('refuses a sale without the headers (900) or with a wrong communication key (901)', async () => {
    expect((await save(sale(1, 10), {})).resultCd).toBe('900');
    expect((await save(sale(1, 10), { ...headers, cmcKey: 'wrong' })).resultCd).toBe('901');
  });

  it('refuses wrong tax arithmetic with 910, naming what is wrong', async () => {
    expect(await save(sale(1, 7, { taxAmtB: 0.97, totTaxAmt: 0.97 }, { taxAmt: 0.97 }))).toMatchObject({ resultCd: '000' }); // 0.9655 rounds to 0.97
    expect(await save(sale(2, 7, { taxAmtB: 0.96, totTaxAmt: 0.96 }, { taxAmt: 0.96 }))).toMatchObject({ resultCd: '910', resultMsg: expect.stringContaining('taxAmtB is not the 16% inside taxblAmtB') });
    expect(await save(sale(2, 100, { totAmt: 101 }))).toMatchObject({ resultCd: '910', resultMsg: expect.stringContaining('totAmt') });
    expect(await save(sale(2, 100, {}, { splyAmt: 90 }))).toMatchObject({ resultCd: '910', resultMsg: expect.stringContaining('splyAmt is not qty x prc') });
    expect(await save(sale(2, 100, { taxRtB: 18 }))).toMatchObject({ resultCd: '910', resultMsg: expect.stringContaining('taxRtB') });
    expect(await save(sale(2, 100, { totItemCnt: 2 }))).toMatchObject({ resultCd: '910' });
    expect(await save(sale(2, 100, { itemList: [null], totItemCnt: 1 }))).toMatchObject({ resultCd: '910', resultMsg: expect.stringContaining('itemList[0]') });
    expect(await save(sale(2, 100, { receipt: [] }))).toMatchObject({ resultCd: '910', resultMsg: expect.stringContaining('receipt') });
    expect((await save([1, 2])).resultCd).toBe('910');
    expect(control.signed.get(2)).toBeUndefined();
  });

  it('keeps each device’s invoices in sequence: a number twice is 994, a skipped one 910', async () => {
    expect((await save(sale(1, 50))).resultCd).toBe('000');
    expect((await save(sale(1, 50))).resultCd).toBe('994');
    expect(await save(sale(3, 50))).toMatchObject({ resultCd: '910', resultMsg: expect.stringContaining('out of sequence: the next is 2') });
    expect((await save(sale(2, 50))).resultCd).toBe('000');
    expect(control.signed.get(1)).toBe(1);
  });

  it('takes a credit note only for an invoice it received (922), and never for more than it', async () => {
    const note = (invcNo: number, org: number, price: number) => sale(invcNo, price, { rcptTyCd: 'R', orgInvcNo: org, rfdDt: '20261124111500', rfdRsnCd: '06' });
    expect((await save(sale(1, 100))).resultCd).toBe('000');
    expect((await save(note(2, 9, 100))).resultCd).toBe('922');
    expect(await save(note(2, 1, 150))).toMatchObject({ resultCd: '910', resultMsg: expect.stringContaining('more than its invoice') });
    expect(await save(note(2, 1, 100))).toMatchObject({ resultCd: '000', data: { curRcptNo: 1, totRcptNo: 2 } });
    expect((await save(sale(3, 100, { orgInvcNo: 1 }))).resultCd).toBe('910'); // a sale names no original
  });

  it('takes a credit note with the tax its invoice item had, and never more tax back than the invoice charged', async () => {
    // Two items of Ksh 200 share the 55.17 of Ksh 400 as 27.59 and 27.58.
    const item = (seq: number, tax: number) => ({ itemSeq: seq, itemCd: `KE3NTU000000${seq}`, itemNm: 'Nairobi Heist', pkgUnitCd: 'NT', pkg: 1, qtyUnitCd: 'U', qty: 1, prc: 200, splyAmt: 200, dcRt: 0, dcAmt: 0, taxTyCd: 'B', taxblAmt: 200, taxAmt: tax, totAmt: 200 });
    const invoice = sale(1, 400, { totItemCnt: 2, taxAmtB: 55.17, totTaxAmt: 55.17, itemList: [item(1, 27.59), item(2, 27.58)] });
    const note = (invcNo: number, tax: number) => sale(invcNo, 200, { rcptTyCd: 'R', orgInvcNo: 1, rfdDt: '20261124111500', rfdRsnCd: '06', taxAmtB: tax, totTaxAmt: tax }, { taxAmt: tax });
    expect((await save(invoice)).resultCd).toBe('000');
    expect((await save(note(2, 27.59))).resultCd).toBe('000');
    expect(await save(note(3, 27.59))).toMatchObject({ resultCd: '910', resultMsg: expect.stringContaining('more tax than its invoice') });
    expect((await save(note(3, 27.58))).resultCd).toBe('000'); // a cent under the 16% inside Ksh 200: the item's own
    expect((await save(sale(4, 200, { taxAmtB: 27.58, totTaxAmt: 27.58 }, { taxAmt: 27.58 }))).resultCd).toBe('910'); // a sale's tax is the rate inside its total
  });

  it('remembers its devices and every invoice it accepted across a restart, as KRA outlives the store', async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'etims-sim-')), 'state.json');
    const start = async () => {
      const sim = Fastify();
      await sim.register(etimsSimulator, { stateFile });
      return sim;
    };
    const first = await start();
    const info = (await first.inject({ method: 'POST', url: '/selectInitOsdcInfo', payload: DEVICE })).json().data.info as { cmcKey: string };
    const h = { tin: DEVICE.tin, bhfId: DEVICE.bhfId, cmcKey: info.cmcKey };
    const send = (sim: FastifyInstance, body: unknown) => sim.inject({ method: 'POST', url: '/saveTrnsSalesOsdc', headers: h, payload: body as object }).then((r) => r.json());
    for (const n of [1, 2]) expect((await send(first, sale(n, 100))).resultCd).toBe('000');
    await first.close();
    const second = await start();
    expect((await second.inject({ method: 'POST', url: '/selectInitOsdcInfo', payload: DEVICE })).json().resultCd).toBe('902');
    expect((await send(second, sale(2, 100))).resultCd).toBe('994');
    expect(await send(second, sale(3, 100, { rcptTyCd: 'R', orgInvcNo: 1, rfdDt: '20261124111500', rfdRsnCd: '06' }))).toMatchObject({ resultCd: '000', data: { curRcptNo: 1, totRcptNo: 3 } });
    await second.close();
    fs.rmSync(path.dirname(stateFile), { recursive: true, force: true });
  });

  it('refuses everything or answers nothing when a test says so', async () => {
    control.mode = 'refuse';
    expect((await save(sale(1, 10))).resultCd).toBe('999');
    control.mode = 'unreachable';
    const res = await app.inject({ method: 'POST', url: '/saveTrnsSalesOsdc', headers, payload: sale(1, 10) });
    expect([res.statusCode, res.body]).toEqual([503, '']);
    control.mode = 'normal';
    expect((await save(sale(1, 10))).resultCd).toBe('000');
  });
});
