/**
 * KRA's eTIMS OSCU API as its specification documents it (docs/etims.md): initialise the device
 * once (`selectInitOsdcInfo`, answering the communication key), then save each sale
 * (`saveTrnsSalesOsdc`) with the taxpayer's PIN, branch and key in the headers. Every answer is an
 * envelope `{resultCd, resultMsg, resultDt, data}`; "000" is success, anything else a refusal.
 */
export interface OscuEnvelope<T> {
  resultCd: string;
  resultMsg: string;
  resultDt?: string;
  data: T | null;
}

export interface InitInfo {
  taxprNm?: string;
  sdcId: string;
  mrcNo?: string;
  cmcKey: string;
}

export interface SignedSale {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
}

/** What came back: KRA's answer, a refusal with its code, or nothing (the unit could not be reached). */
export type OscuOutcome<T> = { ok: true; data: T } | { ok: false; refused: true; code: string; message: string } | { ok: false; refused: false; message: string };

export interface EtimsClientOptions {
  baseUrl: string;
  tin: string;
  branchId: string;
  deviceSerial: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createEtimsClient(o: EtimsClientOptions) {
  const doFetch = o.fetch ?? fetch;

  async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<OscuOutcome<T>> {
    let res: Response;
    try {
      res = await doFetch(`${o.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
      });
    } catch (err) {
      return { ok: false, refused: false, message: `eTIMS could not be reached (${err instanceof Error ? err.message : 'network error'})` };
    }
    const raw = await res.text().catch(() => '');
    let env: OscuEnvelope<T> | null;
    try {
      env = JSON.parse(raw) as OscuEnvelope<T>;
    } catch {
      env = null;
    }
    if (!env || typeof env.resultCd !== 'string') return { ok: false, refused: false, message: `eTIMS answered HTTP ${res.status} without a result` };
    if (env.resultCd !== '000' || !env.data) return { ok: false, refused: true, code: env.resultCd, message: env.resultMsg || 'refused' };
    return { ok: true, data: env.data };
  }

  return {
    /** Initialises the OSCU device: KRA answers the control unit's id and the communication key. */
    async initialise(): Promise<OscuOutcome<InitInfo>> {
      const r = await post<{ info: InitInfo }>('/selectInitOsdcInfo', { tin: o.tin, bhfId: o.branchId, dvcSrlNo: o.deviceSerial });
      return r.ok ? { ok: true, data: r.data.info } : r;
    },
    /** Saves one sale or credit note; success carries the control unit's numbers, data and signature. */
    saveSale(body: unknown, cmcKey: string): Promise<OscuOutcome<SignedSale>> {
      return post<SignedSale>('/saveTrnsSalesOsdc', body, { tin: o.tin, bhfId: o.branchId, cmcKey });
    },
  };
}
export type EtimsClient = ReturnType<typeof createEtimsClient>;
