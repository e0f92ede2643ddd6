import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../db/database.ts';

/*
 * A new PGlite runs initdb, which takes seconds; loading a copy takes well under one. So the
 * migrated empty database is made once per run, and every test file starts from a copy.
 */
export default async function setup(project: TestProject) {
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();

  const dir = await mkdtemp(path.join(tmpdir(), 'nestling-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
