import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/app.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../test/database.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { openDatabase, openPostgresDatabase } from './database.ts';

/** One row per migration file in drizzle/, as its journal lists them. */
const migrationCount = (
  JSON.parse(
    readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: unknown[] }
).entries.length;

describe.each(testDatabaseKinds)('database on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('has the tables of the migrations', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'account',
      'account_deletion',
      'appointment',
      'audit_log',
      'checkout',
      'clinic',
      'clinic_share',
      'counselor',
      'counselor_availability',
      'couple_account',
      'data_export',
      'discount_code',
      'document',
      'document_session',
      'genotype_import',
      'individual_order',
      'job',
      'jwks',
      'kit',
      'lab_api_key',
      'order_event',
      'partner_invitation',
      'patient_clinic',
      'payment_event',
      'product',
      'purchase_order',
      'rate_limit',
      'report',
      'report_reading',
      'report_version',
      'retained_test_record',
      'return_label',
      'return_shipment',
      'risk_condition_setting',
      'sensitive_release',
      'sensitive_result_rule',
      'session',
      'shipping_event',
      'survey_response',
      'terms_acceptance',
      'user',
      'verification',
    ]);
  });

  it('has the portal fields on the user table, with their defaults', async () => {
    await database.db.execute(
      sql`insert into "user" (id, name, email) values ('u-defaults', 'A B', 'defaults@example.org')`,
    );
    const rows = await queryRows<Record<string, unknown>>(
      database,
      sql`select * from "user" where id = 'u-defaults'`,
    );
    expect(rows[0]).toMatchObject({
      email_verified: false,
      first_name: null,
      last_name: null,
      phone: null,
      sex: null,
      birth_month: null,
      birth_day: null,
      birth_year: null,
      is_admin_user: false,
      enable_data_portal: false,
      health_survey_status: null,
      tos_accepted: false,
      hipaa_accepted: false,
    });
  });

  it('runs the migrations once', async () => {
    await database.migrate();
    const rows = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(rows[0]?.count)).toBe(migrationCount);
  });

  it('answers a ping until it is closed', async () => {
    expect(database.kind).toBe(kind);
    expect(await database.ping()).toBe(true);
    await database.close();
    expect(database.closed).toBe(true);
    expect(await database.ping()).toBe(false);
    await database.close();
  });
});

describe('the embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-data-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lives in DATA_DIR/pglite, behind the lock, which it releases on close', async () => {
    const config = testConfig({ DATA_DIR: dataDir });
    const warnings: string[] = [];
    const database = await openDatabase(config, { warn: (message) => warnings.push(message) });
    try {
      expect(database.kind).toBe('pglite');
      const lock = JSON.parse(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')) as {
        pid: number;
      };
      expect(lock.pid).toBe(process.pid);

      // A second open of the same directory is refused before PGlite touches it.
      await expect(openDatabase(config, { warn: () => undefined })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );

      await database.migrate();
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
    expect(() => readFileSync(path.join(dataDir, 'server.lock'))).toThrow(/ENOENT/);
    expect(readFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toMatch(
      /^\d+$/,
    );
    expect(warnings).toEqual([]);
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('migrations on PostgreSQL', () => {
  it('run once when several servers start together', async () => {
    const database = await createTestDatabase('postgres', { migrate: false });
    const replicas = [1, 2, 3].map(() => openPostgresDatabase(database.url ?? ''));
    try {
      await Promise.all(replicas.map((replica) => replica.migrate()));
      const rows = await queryRows<{ count: number | string }>(
        database,
        sql`select count(*) as count from drizzle.__drizzle_migrations`,
      );
      expect(Number(rows[0]?.count)).toBe(migrationCount);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await database.destroy();
    }
  });
});
