import { createFileStore } from '../modules/storage/create-store.ts';
/*
 * `npm run db:seed`: creates the demo accounts in whichever database is configured, including
 * a DATABASE_URL one (the only way demo data reaches PostgreSQL unless DEMO_DATA=true).
 * Accounts that already exist are left alone, so it can run any number of times.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { DEMO_PASSWORD, seedDemoData } from './seed.ts';

async function run(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config, {
    warn: (message) => {
      console.warn(message);
    },
  });
  try {
    await database.migrate();
    const result = await seedDemoData(database.db, {
      fileStore: createFileStore(config),
    });
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
    console.log(`Demo data in ${where}:`);
    for (const email of result.created) console.log(`  created ${email}`);
    for (const email of result.skipped) console.log(`  already there: ${email}`);
    for (const report of result.reports) console.log(`  report ${report}`);
    for (const id of result.documents) console.log(`  document ${id}`);
    console.log(`Password for every demo account: ${DEMO_PASSWORD}`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run();
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
