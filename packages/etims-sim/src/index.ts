import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { checkSale, isBranch, isPin, RESULT } from './oscu-rules.ts';

export { checkSale, RESULT, TAX_RATES, taxInside } from './oscu-rules.ts';

/** How the simulated control unit behaves now: tests switch it to refuse or to be out of reach. */
export interface EtimsSimControl {
  mode: 'normal' | 'refuse' | 'unreachable';
  /** The result code a refusal answers (default 999, KRA's "unknown error"). */
  refuseCode?: keyof typeof RESULT;
  /** How many times each invoice number was signed (a test asks that it is once). */
  signed: Map<number, number>;
}

export const simControl = (): EtimsSimControl => ({ mode: 'normal', signed: new Map() });

export interface EtimsSimOptions {
  control?: EtimsSimControl;
  /** The taxpayer the simulated KRA knows, printed on receipts as the seller. */
  taxpayerName?: string;
  /** A file to keep devices and accepted invoices in: KRA outlives the store's restarts. */
  stateFile?: string;
}

interface Device {
  tin: string;
  bhfId: string;
  dvcSrlNo: string;
  sdcId: string;
  mrcNo: string;
  cmcKey: string;
  /** The last invoice number this device had signed; the next must follow it. */
  lastInvcNo: number;
  receipts: { total: number; S: number; R: number };
  /** Accepted invoices: receipt type, total and what credit notes took back, in cents; their tax alike (absent in older journals). */
  invoices: Record<number, { type: 'S' | 'R'; total: number; credited: number; tax?: number; taxCredited?: number }>;
}

/** One accepted invoice, as a line of the journal: which device, its number, type, total and original. */
interface Accepted {
  k: string;
  n: number;
  t: 'S' | 'R';
  c: number;
  o: number;
  /** Its tax in cents (journals written before it was kept lack it). */
  x?: number;
}

/**
 * The devices (written when one is initialised) and the journal of accepted invoices beside them
 * (one appended line per invoice: rewriting every invoice on each sale would grow with the store).
 * KRA outlives the store's restarts: a simulator that forgot an invoice would refuse every next one.
 */
function load(file: string | undefined): Map<string, Device> {
  if (!file || !fs.existsSync(file)) return new Map();
  try {
    const devices = new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Device>));
    const journal = fs.existsSync(`${file}.log`) ? fs.readFileSync(`${file}.log`, 'utf8').split('\n').filter(Boolean) : [];
    for (const line of journal) {
      try {
        apply(devices.get((JSON.parse(line) as Accepted).k), JSON.parse(line) as Accepted);
      } catch {
        // A line cut short by a crash was never answered: it is not an invoice.
      }
    }
    return devices;
  } catch {
    return new Map();
  }
}

/** An accepted invoice onto its device: the sequence, the counters, and what a credit note took back. */
function apply(device: Device | undefined, a: Accepted) {
  if (!device || device.invoices[a.n]) return;
  if (a.t === 'R') {
    const original = device.invoices[a.o];
    if (original) original.credited += a.c;
    if (original?.tax !== undefined && a.x !== undefined) original.taxCredited = (original.taxCredited ?? 0) + a.x;
  }
  device.lastInvcNo = Math.max(device.lastInvcNo, a.n);
  device.invoices[a.n] = { type: a.t, total: a.c, credited: 0, ...(a.x === undefined ? {} : { tax: a.x, taxCredited: 0 }) };
  device.receipts.total += 1;
  device.receipts[a.t] += 1;
}

/** Written to a temporary file and renamed, so a crash leaves the old state or the new, never half. */
function saveDevices(file: string | undefined, devices: Map<string, Device>) {
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  // Invoices live in the journal; the snapshot keeps the devices as they were initialised.
  fs.writeFileSync(tmp, JSON.stringify(Object.fromEntries([...devices].map(([k, d]) => [k, { ...d, lastInvcNo: 0, receipts: { total: 0, S: 0, R: 0 }, invoices: {} }]))));
  fs.renameSync(tmp, file);
}

/** yyyyMMddHHmmss in Nairobi (UTC+3, no daylight saving), as KRA stamps everything. */
export const nairobiStamp = (d = new Date()) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '');
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const base32 = (buf: Buffer, length: number) => [...buf].map((b) => BASE32[b % 32]).join('').slice(0, length);

/**
 * KRA's eTIMS OSCU, in-process (CONTRACT §12, docs/etims.md): device initialisation
 * (`selectInitOsdcInfo`) and sales (`saveTrnsSalesOsdc`) with the specification's fields, the tax
 * arithmetic and each device's invoice sequence checked, KRA's result codes on refusal, and the
 * control unit's receipt numbers, internal data, signature and time on success.
 */
export const etimsSimulator: FastifyPluginAsync<EtimsSimOptions> = async (app, opts) => {
  const control = opts.control ?? simControl();
  const devices = load(opts.stateFile);
  const persistDevices = () => saveDevices(opts.stateFile, devices);
  // The journal's folder is made once here, not before every invoice.
  if (opts.stateFile) fs.mkdirSync(path.dirname(opts.stateFile), { recursive: true });
  /** Appended before the answer is sent: an invoice KRA answered is never forgotten. */
  const journal = (a: Accepted) => {
    if (opts.stateFile) fs.appendFileSync(`${opts.stateFile}.log`, `${JSON.stringify(a)}\n`);
  };
  const answer = (code: { resultCd: string; resultMsg: string }, data: unknown = null, detail?: string) => ({
    resultCd: code.resultCd,
    resultMsg: detail ? `${code.resultMsg}: ${detail}` : code.resultMsg,
    resultDt: nairobiStamp(),
    data,
  });
  /** A unit out of reach answers nothing a client could read; a refusing one answers its code. */
  const unavailable = (reply: FastifyReply) => {
    if (control.mode === 'unreachable') return reply.status(503).type('text/plain').send('');
    if (control.mode === 'refuse') return reply.send(answer(RESULT[control.refuseCode ?? 'unknown']));
    return null;
  };

  app.post('/selectInitOsdcInfo', async (request, reply) => {
    const down = unavailable(reply);
    if (down) return down;
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (!isPin(b.tin)) return answer(RESULT.parameter, null, 'tin');
    if (!isBranch(b.bhfId)) return answer(RESULT.parameter, null, 'bhfId');
    if (typeof b.dvcSrlNo !== 'string' || b.dvcSrlNo.length === 0 || b.dvcSrlNo.length > 100) return answer(RESULT.parameter, null, 'dvcSrlNo');
    const key = `${b.tin}/${b.bhfId}/${b.dvcSrlNo}`;
    if (devices.has(key)) return answer(RESULT.installed);
    const n = devices.size + 1;
    const device: Device = {
      tin: b.tin,
      bhfId: b.bhfId,
      dvcSrlNo: b.dvcSrlNo,
      sdcId: `KRACU${String(n).padStart(10, '0')}`,
      mrcNo: `WIS0${String(n).padStart(7, '0')}`,
      cmcKey: randomBytes(16).toString('hex'),
      lastInvcNo: 0,
      receipts: { total: 0, S: 0, R: 0 },
      invoices: {},
    };
    devices.set(key, device);
    persistDevices();
    return answer(RESULT.ok, {
      info: {
        tin: device.tin,
        taxprNm: opts.taxpayerName ?? 'Simulated Taxpayer',
        bsnsActv: 'Video on demand',
        bhfId: device.bhfId,
        bhfNm: device.bhfId === '00' ? 'Headquarter' : `Branch ${device.bhfId}`,
        bhfOpenDt: nairobiStamp().slice(0, 8),
        prvncNm: 'NAIROBI CITY',
        dstrtNm: 'WESTLANDS',
        sctrNm: 'WESTLANDS',
        locDesc: 'Simulated',
        hqYn: device.bhfId === '00' ? 'Y' : 'N',
        mgrNm: 'Simulator',
        mgrTelNo: '0700000000',
        mgrEmail: 'etims-sim@example.invalid',
        dvcId: `99999${String(n).padStart(11, '0')}`,
        sdcId: device.sdcId,
        mrcNo: device.mrcNo,
        cmcKey: device.cmcKey,
      },
    });
  });

  app.post('/saveTrnsSalesOsdc', async (request, reply) => {
    const down = unavailable(reply);
    if (down) return down;
    const h = request.headers;
    const [tin, bhfId, cmcKey] = [h.tin, h.bhfid, h.cmckey].map((v) => (typeof v === 'string' ? v : ''));
    if (!tin || !bhfId || !cmcKey) return answer(RESULT.noHeader);
    const device = [...devices.values()].find((d) => d.tin === tin && d.bhfId === bhfId && d.cmcKey === cmcKey);
    if (!device) return answer(RESULT.invalidDevice);
    const checked = checkSale((request.body ?? {}) as Record<string, unknown>);
    if ('error' in checked) return answer(RESULT.parameter, null, checked.error);
    const sale = checked.sale;
    if (device.invoices[sale.invcNo]) return answer(RESULT.overlapped, null, `invcNo ${sale.invcNo} was already received`);
    if (sale.invcNo !== device.lastInvcNo + 1) return answer(RESULT.parameter, null, `invcNo ${sale.invcNo} is out of sequence: the next is ${device.lastInvcNo + 1}`);
    if (sale.rcptTyCd === 'R') {
      const original = device.invoices[sale.orgInvcNo];
      if (!original || original.type !== 'S') return answer(RESULT.noSale, null, `orgInvcNo ${sale.orgInvcNo} was never received`);
      if (original.credited + sale.totalCents > original.total) return answer(RESULT.parameter, null, 'a credit note cannot return more than its invoice');
      // Credit notes give back the tax their invoice's items had: together never more than it charged.
      if (original.tax !== undefined && (original.taxCredited ?? 0) + sale.taxCents > original.tax) return answer(RESULT.parameter, null, 'a credit note cannot return more tax than its invoice charged');
    }
    const accepted: Accepted = { k: `${device.tin}/${device.bhfId}/${device.dvcSrlNo}`, n: sale.invcNo, t: sale.rcptTyCd, c: sale.totalCents, o: sale.orgInvcNo, x: sale.taxCents };
    journal(accepted);
    apply(device, accepted);
    control.signed.set(sale.invcNo, (control.signed.get(sale.invcNo) ?? 0) + 1);
    const mac = createHmac('sha256', device.cmcKey).update(`${device.sdcId}|${sale.invcNo}|${sale.rcptTyCd}|${sale.totalCents}|${sale.taxCents}|${device.receipts.total}`).digest();
    return answer(RESULT.ok, {
      curRcptNo: device.receipts[sale.rcptTyCd],
      totRcptNo: device.receipts.total,
      intrlData: base32(mac.subarray(0, 26), 26),
      rcptSign: base32(mac.subarray(6, 22), 16),
      sdcDateTime: nairobiStamp(),
    });
  });
};
