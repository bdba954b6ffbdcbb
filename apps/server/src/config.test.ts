import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect([c.port, c.databaseUrl, c.demoData, c.publicUrl]).toEqual([3000, undefined, true, 'http://localhost:3000']);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses the development JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('refuses the M-Pesa simulator in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' })).toThrow(/simulator/);
  });

  it('refuses demo data in production', () => {
    const secret = { JWT_SECRET: 'a-production-secret-of-at-least-32-chars', MPESA_MODE: 'production' };
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true', ...secret })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).demoData).toBe(false);
  });
});
