import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, usernameSchema } from '@store/contract';
import { loadStoreConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { hashPassword, createUserRepository } from '../modules/accounts/index.ts';

const USAGE = `Creates a staff account, or makes an existing account staff.

  npm run create-staff -- --email EMAIL [--username NAME] [--password PASSWORD]

Without --password a new account gets a random one, printed once. Uses DATA_DIR or DATABASE_URL
like the server; on the embedded database, stop the server first.`;

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.email) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const email = emailSchema.parse(values.email);
  const config = loadStoreConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await migrateDatabase(database);
    const users = createUserRepository(database.db);
    const existing = await users.byEmail(email);
    if (existing) {
      await users.updateUser(existing.id, { isStaff: true });
      console.log(`${existing.username} <${existing.email}> is now staff.`);
      return;
    }
    const username = usernameSchema.parse(values.username ?? email.split('@')[0]);
    const password = passwordSchema.parse(values.password ?? randomBytes(15).toString('base64url'));
    await users.create({ username, email, passwordHash: await hashPassword(password), isStaff: true });
    console.log(`Created staff account ${username} <${email}>.${values.password ? '' : `\nPassword (shown once): ${password}`}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
