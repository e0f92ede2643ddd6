import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openPostgresDatabase } from '../db/database.ts';
import { adminQuery } from './postgres-admin.ts';

/*
 * A new PGlite runs initdb, which takes seconds; loading a copy takes well under one. So the
 * migrated empty database is made once per run, and every test file starts from a copy. On
 * PostgreSQL (TEST_DATABASE_URL), likewise: a migrated template database that each test's
 * database is created from, instead of running every migration again.
 */
export default async function setup(project: TestProject) {
  const adminUrl = (project.config.provide as { testDatabaseUrl?: string | null }).testDatabaseUrl;
  let postgresTemplate: string | null = null;
  if (typeof adminUrl === 'string') {
    postgresTemplate = `nestling_template_${String(Date.now())}_${String(process.pid)}`;
    await adminQuery(adminUrl, `create database "${postgresTemplate}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplate}`;
    const handle = openPostgresDatabase(url.toString());
    await handle.migrate();
    await handle.close();
  }
  project.provide('postgresTemplate', postgresTemplate);

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
    if (typeof adminUrl === 'string' && postgresTemplate !== null) {
      await adminQuery(adminUrl, `drop database if exists "${postgresTemplate}" with (force)`);
    }
  };
}
