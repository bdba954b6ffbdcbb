import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

// What moving money looks like in code: the ledger's low-level write, a ledger row written by hand,
// a balance set by hand, the purchase function called by hand.
const movesMoney: [string, RegExp][] = [
  ['postLedgerEntry', /\bpostLedgerEntry\b/],
  ['a ledger row written', /insert\(\s*ledgerEntries\s*\)|INSERT\s+INTO\s+ledger_entries/i],
  ['a balance written', /\baccount:\s*sql`|UPDATE\s+profiles\s+SET\s+account/i],
  // Called in a select list or, as a prepared statement, in FROM (wallet/ledger.ts): any call at all.
  ['a money-writing SQL function called', /\b(sell_checked|sell_pass)\s*\(/i],
  // What a DJ is owed is read from payouts: a payout made or settled is money too (migration 0023).
  ['a payout written', /insert\(\s*payouts\s*\)|INSERT\s+INTO\s+payouts|update\(\s*payouts\s*\)\s*\.set\(\s*\{\s*state/i],
];

// The demo's month of trade is history written at start-up in bulk, with past dates, and checked by
// ledger:verify in seed.test.ts; it is the one writer outside the service.
const allowed = new Set(['demo/sales.ts']);

// The SQL functions allowed to write balances and ledger rows: each is called only by the wallet
// (ledger.sellChecked, ledger.sellPass), so the rule above covers who may call them.
const ledgerFunctions = new Set(['sell_checked', 'sell_pass']);
const functionsDir = join(src, 'db/functions');

describe('the ledger service is the one place money moves', () => {
  it('no SQL function or trigger but the ledger\'s writes a balance, a ledger row, a sale line or a payout', () => {
    const writes = /INSERT\s+INTO\s+(ledger_entries|sale_lines|payouts)\b|UPDATE\s+(profiles|payouts)\s+SET\s+(account|state)\b/i;
    const files = readdirSync(functionsDir).filter((f) => f.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.filter((f) => writes.test(readFileSync(join(functionsDir, f), 'utf8')) && !ledgerFunctions.has(f.replace(/\.sql$/, '')));
    expect(offenders).toEqual([]);
    // The ledger's own function does write them, so the pattern above does find such writes.
    expect(writes.test(readFileSync(join(functionsDir, 'sell_checked.sql'), 'utf8'))).toBe(true);
  });

  it('no route or service outside modules/wallet writes a balance, a ledger row, or calls the ledger\'s SQL', () => {
    const offenders = sourceFiles(src).flatMap((file) => {
      const name = relative(src, file).split('\\').join('/');
      if (name.startsWith('modules/wallet/') || allowed.has(name)) return [];
      const text = readFileSync(file, 'utf8');
      return movesMoney.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${name}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });
});
