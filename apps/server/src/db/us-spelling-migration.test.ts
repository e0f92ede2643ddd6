import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../test/database.ts';
import { migrationsFolder, openPgliteDatabase, type DatabaseHandle } from './database.ts';

const SPELLING_MIGRATION = '0026_us_spelling';

/** A copy of drizzle/ whose journal ends before `tag`: the migrations as they stood then. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'nestling-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`No migration ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

describe.each(testDatabaseKinds)('the US-spelling migration on %s', (kind) => {
  let handle: DatabaseHandle;
  let postgres: TestDatabase | undefined;
  const earlier = migrationsBefore(SPELLING_MIGRATION);

  beforeAll(async () => {
    if (kind === 'pglite') {
      handle = await openPgliteDatabase();
    } else {
      postgres = await createTestDatabase(kind, { migrate: false });
      handle = postgres;
    }
    await handle.migrate(earlier);
    // A portal's rows as the code before wrote them.
    for (const statement of [
      sql`insert into "user" (id, name, email) values ('patient-1', 'Pat', 'pat@spelling.test')`,
      sql`insert into counsellor (id, name, email, time_zone) values
        ('demo-counsellor', 'Dana Whitfield', 'counselling@demo.test', 'America/New_York'),
        ('staff-counsellor', 'Sam Lee', 'sam@lab.test', 'America/Chicago')`,
      sql`insert into counsellor_availability
        (id, counsellor_id, weekday, start_minute, end_minute, slot_minutes) values
        ('demo-counsellor-1-540', 'demo-counsellor', 1, 540, 720, 30),
        ('staff-1', 'staff-counsellor', 2, 540, 720, 30)`,
      sql`insert into appointment (id, user_id, counsellor_id, starts_at, ends_at, status, cancelled_at)
        values ('visit-1', 'patient-1', 'demo-counsellor', '2026-12-01T15:00Z', '2026-12-01T15:30Z',
          'cancelled', '2026-11-20T10:00Z'),
        ('visit-2', 'patient-1', 'staff-counsellor', '2026-12-02T15:00Z', '2026-12-02T15:30Z',
          'booked', null)`,
      sql`insert into audit_log (id, action) values ('audit-1', 'counsellor-update'),
        ('audit-2', 'view-report')`,
      sql`insert into job (id, kind, payload, state) values ('job-1', 'data-export', '{}', 'cancelled'),
        ('job-2', 'mail', '{}', 'succeeded')`,
      sql`insert into checkout (id, user_id, idempotency_key, product_code, request, price_cents,
          discount_cents, total_cents, currency, provider, status, expires_at)
        values ('checkout-1', 'patient-1', 'key-1', 'couple-standard', '{}', 100, 0, 100, 'usd',
          'test', 'cancelled', '2026-11-21T10:00Z')`,
    ]) {
      await handle.db.execute(statement);
    }
    await handle.migrate();
  });
  afterAll(async () => {
    await (postgres === undefined ? handle.close() : postgres.destroy());
    rmSync(earlier, { recursive: true, force: true });
  });

  it('keeps every counselor, their hours and bookings under the new names', async () => {
    expect(await queryRows(handle, sql`select id, email from counselor order by id`)).toEqual([
      { id: 'demo-counselor', email: 'counseling@demo.test' },
      { id: 'staff-counsellor', email: 'sam@lab.test' },
    ]);
    expect(
      await queryRows(handle, sql`select id, counselor_id from counselor_availability order by id`),
    ).toEqual([
      { id: 'demo-counselor-1-540', counselor_id: 'demo-counselor' },
      { id: 'staff-1', counselor_id: 'staff-counsellor' },
    ]);
    expect(
      await queryRows(
        handle,
        sql`select id, counselor_id, status, canceled_at is not null as canceled
          from appointment order by id`,
      ),
    ).toEqual([
      { id: 'visit-1', counselor_id: 'demo-counselor', status: 'canceled', canceled: true },
      { id: 'visit-2', counselor_id: 'staff-counsellor', status: 'booked', canceled: false },
    ]);
  });

  it('writes the stored states and the audit action as the code reads them', async () => {
    expect(await queryRows(handle, sql`select action from audit_log order by id`)).toEqual([
      { action: 'counselor-update' },
      { action: 'view-report' },
    ]);
    expect(await queryRows(handle, sql`select state from job order by id`)).toEqual([
      { state: 'canceled' },
      { state: 'succeeded' },
    ]);
    expect(await queryRows(handle, sql`select status from checkout`)).toEqual([
      { status: 'canceled' },
    ]);
  });

  it('refuses the old spelling from now on', async () => {
    await expect(
      handle.db.execute(sql`update appointment set status = 'cancelled' where id = 'visit-2'`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`update job set state = 'cancelled' where id = 'job-2'`),
    ).rejects.toThrow();
  });
});
