import path from 'node:path';
import { traceQueries } from '../lib/spans.ts';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

/**
 * The Drizzle type repositories use; the same for PGlite and PostgreSQL. It knows no tables:
 * each module imports its own from its schema.ts, and nothing uses Drizzle's relational queries.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** True when `select 1` answers. */
  ping(): Promise<boolean>;
  /** PostgreSQL's connection pool as it is now; null for PGlite, which has no pool. */
  poolStats(): PoolStats | null;
  /**
   * Applies the migrations in `apps/server/drizzle/` that have not run yet; a test of one
   * migration passes a copy of the folder that ends before it.
   */
  migrate(folder?: string): Promise<void>;
  /** Closes the connection (and releases the data-directory lock). Safe to call twice. */
  close(): Promise<void>;
  readonly closed: boolean;
}

/** pg's Pool counts: connections open, those of them idle, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Key of the PostgreSQL advisory lock held while migrating; any fixed number would do. */
const MIGRATION_LOCK_KEY = 604_118_927;

export interface OpenDatabaseOptions {
  /** Where warnings go: a stale lock taken over, a dropped PostgreSQL connection. */
  warn: (message: string) => void;
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite in `${DATA_DIR}/pglite`, guarded by the
 * data-directory lock, which is taken before PGlite touches the directory.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'brand'>,
  options: OpenDatabaseOptions,
): Promise<DatabaseHandle> {
  if (config.databaseUrl !== null) return openPostgresDatabase(config.databaseUrl, options);

  const lock = acquireDataDirLock(config.dataDir, {
    productName: config.brand.productName,
    warn: options.warn,
  });
  try {
    return await openPgliteDatabase({ dataDir: path.join(config.dataDir, 'pglite'), lock });
  } catch (error) {
    lock.release();
    throw error;
  }
}

export interface PgliteOptions {
  /** On disk here; in memory when not given (tests). */
  dataDir?: string;
  /** Released when the database closes. */
  lock?: DataDirLock;
  /** Start from a copy of another database (made with PGlite's `dumpDataDir`). */
  loadDataDir?: Blob;
  /** Sees every statement (tests count them). */
  logger?: Logger;
}

export async function openPgliteDatabase(options: PgliteOptions = {}): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  });
  const db = drizzlePglite({ client, logger: options.logger ?? false });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    poolStats: () => null,
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        options.lock?.release();
      }
    },
    get closed() {
      return closed;
    },
  };
}

export function openPostgresDatabase(
  url: string,
  options: Partial<OpenDatabaseOptions> & { logger?: Logger } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    // Without this, a request waits forever for an unreachable server.
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => {
    options.warn?.(`PostgreSQL connection error: ${error.message}`);
  });
  // Each connection's queries become spans when traces are on (ADR 049).
  pool.on('connect', (client) => {
    traceQueries(client);
  });
  const db = drizzlePostgres({ client: pool, logger: options.logger ?? false });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    ping: () => ping(db),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async migrate(folder = migrationsFolder) {
      // Replicas starting together take turns: the migrator itself does not lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePostgres(db, { migrationsFolder: folder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    get closed() {
      return closed;
    },
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
