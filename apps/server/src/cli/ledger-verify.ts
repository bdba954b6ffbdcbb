import path from 'node:path';
import { loadStoreConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { payoutMismatches, ledgerMismatches, saleLineMismatches } from '../modules/wallet/index.ts';

/** `npm run ledger:verify`: every balance must equal the sum of its ledger entries. Exit 1 if not. */
async function main() {
  const config = loadStoreConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await migrateDatabase(database);
    const wrong = await ledgerMismatches(database.db);
    const lines = await saleLineMismatches(database.db);
    const sent = await payoutMismatches(database.db);
    if (wrong.length === 0 && lines.length === 0 && sent.length === 0) {
      console.log('ledger:verify: every balance equals the sum of its ledger entries, every sale its lines, and every refund sent to M-Pesa its entries.');
      return;
    }
    for (const w of wrong) console.error(`user ${w.userId}: balance ${w.balance}, ledger ${w.ledger}`);
    for (const l of lines) console.error(`${l.kind} ${l.reference}: lines ${l.lines}, ledger entry ${l.entry}`);
    if (wrong.length) console.error(`ledger:verify: ${wrong.length} balance(s) do not match the ledger.`);
    if (lines.length) console.error(`ledger:verify: ${lines.length} sale(s) whose lines do not match their ledger entry.`);
    for (const p of sent) console.error(`payout ${p.payoutId} (${p.reference}, ${p.state}): Ksh ${p.amount}, taken ${p.taken ?? 'never'}, returned ${p.returned ?? 'never'}`);
    if (sent.length) console.error(`ledger:verify: ${sent.length} refund(s) sent to M-Pesa whose ledger entries do not match.`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
