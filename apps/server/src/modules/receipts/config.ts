import { z } from 'zod';

/** The defaults: a simulated taxpayer, fine for the simulator and the demo, refused in production. */
export const DEFAULT_PIN = 'P051234567Q';
export const DEFAULT_DEVICE_SERIAL = 'VSK-SIM-0001';

/** KRA's OSCU gateways (docs/etims.md); ETIMS_URL overrides. */
const GATEWAYS = { sandbox: 'https://etims-api-sbx.kra.go.ke/etims-api', production: 'https://etims-api.kra.go.ke/etims-api' } as const;
/** Where KRA's receipt checker lives, which the QR code opens (docs/etims.md). */
const CHECKERS = { simulator: 'https://etims-sbx.kra.go.ke', sandbox: 'https://etims-sbx.kra.go.ke', production: 'https://etims.kra.go.ke' } as const;

/** The environment variables of tax receipts; config.ts reads them with the rest. */
const etimsEnv = z.object({
  /** simulator (in process at /etims-sim), sandbox or production (KRA). */
  ETIMS_MODE: z.enum(['simulator', 'sandbox', 'production']).default('simulator'),
  ETIMS_URL: z.string().url().optional(),
  /** The seller's KRA PIN, branch and OSCU device serial, as KRA registered them. */
  ETIMS_PIN: z
    .string()
    .regex(/^[AP]\d{9}[A-Z]$/, 'ETIMS_PIN must be a KRA PIN: A or P, nine digits, a letter.')
    .default(DEFAULT_PIN),
  ETIMS_BRANCH_ID: z
    .string()
    .regex(/^\d{2}$/, 'ETIMS_BRANCH_ID must be two digits (00 is the head office).')
    .default('00'),
  ETIMS_DEVICE_SERIAL: z.string().min(1).max(100).default(DEFAULT_DEVICE_SERIAL),
  /** The seller's name printed on receipts. */
  ETIMS_SELLER_NAME: z.string().min(1).max(60).default('Video Store Kenya'),
  /** How often the submitter looks for receipts to send when nothing woke it. */
  ETIMS_SUBMIT_EVERY_MS: z.coerce.number().int().min(100).default(1000),
});

export interface EtimsConfig {
  mode: 'simulator' | 'sandbox' | 'production';
  url: string;
  /**
   * The simulator this process mounts is called in-process (simulator mode without ETIMS_URL,
   * decision 0056): through app.inject, never through the store's public address, so a call costs
   * no socket and no second HTTP end. A worker turns it off: it signs against the web server's.
   */
  inProcess: boolean;
  pin: string;
  branchId: string;
  deviceSerial: string;
  sellerName: string;
  submitEveryMs: number;
  /** KRA's receipt checker: the QR code opens `${checkerUrl}/common/link/etims/receipt/indexEtimsReceiptData?Data=…`. */
  checkerUrl: string;
}

/** The tax-receipt settings, or why they cannot be used (production refuses the simulator and the defaults). */
export function readEtimsConfig(env: NodeJS.ProcessEnv, o: { production: boolean; publicUrl: string }): EtimsConfig | { error: string } {
  const parsed = etimsEnv.safeParse(env);
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n') };
  const e = parsed.data;
  if (o.production && e.ETIMS_MODE === 'simulator') return { error: 'Set ETIMS_MODE to sandbox or production: the eTIMS simulator cannot run in production.' };
  if (o.production && (e.ETIMS_PIN === DEFAULT_PIN || e.ETIMS_DEVICE_SERIAL === DEFAULT_DEVICE_SERIAL)) {
    return { error: 'Set ETIMS_PIN and ETIMS_DEVICE_SERIAL to the ones KRA registered: production cannot sign receipts as the simulated taxpayer.' };
  }
  return {
    mode: e.ETIMS_MODE,
    url: (e.ETIMS_URL ?? (e.ETIMS_MODE === 'simulator' ? `${o.publicUrl}/etims-sim` : GATEWAYS[e.ETIMS_MODE])).replace(/\/$/, ''),
    inProcess: e.ETIMS_MODE === 'simulator' && !e.ETIMS_URL,
    pin: e.ETIMS_PIN,
    branchId: e.ETIMS_BRANCH_ID,
    deviceSerial: e.ETIMS_DEVICE_SERIAL,
    sellerName: e.ETIMS_SELLER_NAME,
    submitEveryMs: e.ETIMS_SUBMIT_EVERY_MS,
    checkerUrl: CHECKERS[e.ETIMS_MODE],
  };
}
