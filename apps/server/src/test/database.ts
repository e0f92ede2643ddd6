import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Logger, SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import {
  openPgliteDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
  type DatabaseKind,
} from '../db/database.ts';
import { adminQuery } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_DATABASE_URL: a PostgreSQL server the tests may create databases on, or null. */
    testDatabaseUrl: string | null;
    /** A migrated, empty PGlite database, made by global-setup.ts. */
    pgliteTemplate: string;
    /** A migrated, empty database on the TEST_DATABASE_URL server (global-setup.ts), or null. */
    postgresTemplate: string | null;
  }
}

const adminUrl = inject('testDatabaseUrl');

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. For `describe.each`. */
export const testDatabaseKinds: readonly DatabaseKind[] =
  adminUrl === null ? ['pglite'] : ['pglite', 'postgres'];

export interface TestDatabase extends DatabaseHandle {
  /** The connection string, for PostgreSQL (to hand to a server process); null for PGlite. */
  readonly url: string | null;
  /** Closes the database and, on PostgreSQL, drops it. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database: PGlite in memory (a copy of the migrated template), or a new
 * uniquely named database on the TEST_DATABASE_URL server (left empty with `migrate: false`).
 * A `logger` sees every statement, migrations included.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { migrate?: boolean; logger?: Logger } = {},
): Promise<TestDatabase> {
  const logging = options.logger === undefined ? {} : { logger: options.logger };
  if (kind === 'pglite') {
    const template = await readFile(inject('pgliteTemplate'));
    const handle = await openPgliteDatabase({ loadDataDir: new Blob([template]), ...logging });
    await handle.migrate();
    return withDestroy(handle, null, () => handle.close());
  }

  if (adminUrl === null) throw new Error('TEST_DATABASE_URL is not set');
  const name = `nestling_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = options.migrate === false ? null : inject('postgresTemplate');
  await createDatabase(adminUrl, name, template);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgresDatabase(url.toString(), logging);
  try {
    // A copy of the migrated template needs no migration; without one, migrate here.
    if (options.migrate !== false && template === null) await handle.migrate();
  } catch (error) {
    await handle.close();
    await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  return withDestroy(handle, url.toString(), async () => {
    await handle.close();
    await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
  });
}

function withDestroy(
  handle: DatabaseHandle,
  url: string | null,
  destroy: () => Promise<void>,
): TestDatabase {
  return {
    url,
    get db() {
      return handle.db;
    },
    get kind() {
      return handle.kind;
    },
    get closed() {
      return handle.closed;
    },
    ping: () => handle.ping(),
    poolStats: () => handle.poolStats(),
    migrate: (folder) => handle.migrate(folder),
    close: () => handle.close(),
    destroy,
  };
}

/**
 * A new database, empty or a copy of `template`. PostgreSQL copies a template only while no
 * other session is connected to it, and another copy being made counts: tried again then.
 */
async function createDatabase(adminUrl: string, name: string, template: string | null) {
  const statement =
    template === null
      ? `create database "${name}"`
      : `create database "${name}" template "${template}"`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(adminUrl, statement);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * Rows of a raw SQL query. The shared Drizzle type cannot name the drivers' result types, but
 * both drivers answer with `rows`.
 */
export async function queryRows<Row>(handle: DatabaseHandle, query: SQL): Promise<Row[]> {
  const result: unknown = await handle.db.execute(query);
  return (result as { rows: Row[] }).rows;
}
