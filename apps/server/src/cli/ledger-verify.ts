import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { ledgerMismatches } from '../modules/wallet/wallet.ts';

/** `npm run ledger:verify`: every balance must equal the sum of its ledger entries. Exit 1 if not. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await migrateDatabase(database);
    const wrong = await ledgerMismatches(database.db);
    if (wrong.length === 0) {
      console.log('ledger:verify: every balance equals the sum of its ledger entries.');
      return;
    }
    for (const w of wrong) console.error(`user ${w.userId}: balance ${w.balance}, ledger ${w.ledger}`);
    console.error(`ledger:verify: ${wrong.length} balance(s) do not match the ledger.`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
