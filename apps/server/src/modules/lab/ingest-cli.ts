/*
 * `npm run report:ingest -- <file.json>`: stores a lab's report payload from a file in the
 * configured database, as POST /api/lab/reports would. Exit code 1 when anything is refused.
 */
import { ConfigError, loadConfig } from '../../config.ts';
import { DataDirLockedError } from '../../db/data-dir-lock.ts';
import { openDatabase } from '../../db/database.ts';
import { ingestReportFile } from './ingest.ts';

async function run(files: string[]): Promise<number> {
  if (files.length !== 1 || files[0] === undefined) {
    console.error('Usage: npm run report:ingest -- <file.json>');
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config, {
    warn: (message) => {
      console.warn(message);
    },
  });
  try {
    await database.migrate();
    const result = await ingestReportFile(database.db, files[0]);
    for (const line of result.lines) (result.ok ? console.log : console.error)(line);
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
