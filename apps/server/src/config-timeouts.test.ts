import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('database timeouts in the configuration', () => {
  it('have defaults: 5 s to get a connection, 15 s for a statement of the web server', () => {
    const c = loadConfig({});
    expect([c.databaseConnectTimeoutMs, c.databaseStatementTimeoutMs]).toEqual([5000, 15_000]);
  });

  it('are read from DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS; 0 means no statement timeout', () => {
    const c = loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '2500', DATABASE_STATEMENT_TIMEOUT_MS: '0' });
    expect([c.databaseConnectTimeoutMs, c.databaseStatementTimeoutMs]).toEqual([2500, 0]);
  });

  it('refuse values that are not a number of milliseconds, and a connection timeout that never ends', () => {
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '1.5' })).toThrow(ConfigError);
  });

  it('are in the README’s configuration table', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    for (const name of ['DATABASE_CONNECT_TIMEOUT_MS', 'DATABASE_STATEMENT_TIMEOUT_MS']) expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\| \``, 'm'));
  });
});
