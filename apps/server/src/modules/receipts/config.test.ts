import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), MPESA_MODE: 'sandbox', DEMO_DATA: 'false' } as const;

describe('eTIMS configuration', () => {
  it('uses the simulator in the store by default, at /etims-sim, with KRA’s sandbox checker for the QR code', () => {
    const c = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://store.example.co.ke' }).etims;
    expect(c).toMatchObject({ mode: 'simulator', url: 'https://store.example.co.ke/etims-sim', branchId: '00', checkerUrl: 'https://etims-sbx.kra.go.ke' });
  });

  it('calls the simulator in-process unless ETIMS_URL sends the client elsewhere, and never in sandbox or production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).etims.inProcess).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', ETIMS_URL: 'http://127.0.0.1:9/etims-sim' }).etims).toMatchObject({ inProcess: false, url: 'http://127.0.0.1:9/etims-sim' });
    expect(loadConfig({ NODE_ENV: 'test', ETIMS_MODE: 'sandbox' }).etims.inProcess).toBe(false);
  });

  it('refuses to start production with the simulator or the simulated taxpayer', () => {
    expect(() => loadConfig({ ...production })).toThrow(/ETIMS_MODE/);
    expect(() => loadConfig({ ...production, ETIMS_MODE: 'production' })).toThrow(/ETIMS_PIN and ETIMS_DEVICE_SERIAL/);
    const c = loadConfig({ ...production, ETIMS_MODE: 'production', ETIMS_PIN: 'P000111222Z', ETIMS_DEVICE_SERIAL: 'KRA-DEVICE-7' }).etims;
    expect(c).toMatchObject({ mode: 'production', url: 'https://etims-api.kra.go.ke/etims-api', pin: 'P000111222Z', checkerUrl: 'https://etims.kra.go.ke' });
  });

  it('says what is wrong with a PIN or branch that KRA would not know', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ETIMS_PIN: '12345' })).toThrow(/ETIMS_PIN must be a KRA PIN/);
    expect(() => loadConfig({ NODE_ENV: 'test', ETIMS_BRANCH_ID: '1' })).toThrow(/ETIMS_BRANCH_ID/);
  });
});
