import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  accountDeletionAnswerSchema,
  DELETION_ALREADY_REQUESTED,
  DELETION_CONFIRM_MESSAGE,
  myDataOverviewSchema,
  NO_DELETION_REQUESTED,
  privacyAnswerSchema,
  researchConsentAnswerSchema,
} from '@nestling/shared/contract/data-rights';
import type { App } from '../../app.ts';
import { demoCoupleAccountId } from '../demo-reports/payloads.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { importFile, startTestWorker } from '../../test/my-data.ts';
import { mailsTo } from '../../test/outbox.ts';
import { rowsNaming } from '../../test/person-rows.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

const MOTHER = { id: 'demo-mother', email: 'mother@demo.test' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function twentyThreeAndMe(calls: number): Buffer {
  const lines = ['# build 37', '# rsid\tchromosome\tposition\tgenotype'];
  for (let i = 0; i < calls; i += 1)
    lines.push(`rs${String(1000 + i)}\t1\t${String(10_000 + i)}\tAG`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe.each(testDatabaseKinds)('the data-rights center on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let worker: Awaited<ReturnType<typeof startTestWorker>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-data-rights-'));
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    worker = await startTestWorker(app, database);
    for (const who of ['mother', 'father', 'individual'] as const) {
      tokens[who] = await signInToken(app, `${who}@demo.test`);
    }
    tokens.admin = await signInToken(app, 'admin@nestling.health');
    await app.database.db.execute(
      sql`update "user" set enable_data_portal = true where id = ${MOTHER.id}`,
    );
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(tokens[who] ?? ''), origin: TEST_ORIGIN },
      ...(payload === undefined ? {} : { payload }),
    });
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;
  const overview = async (who: string, query = '') => {
    const response = await call(who, 'GET', `/api/my-data${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return myDataOverviewSchema.parse(response.json());
  };
  it('lists what the portal holds, only with My Data on, and shows staff the same', async () => {
    const mine = await overview('mother');
    const count = (kind: string) => mine.held.find((entry) => entry.kind === kind);
    expect(count('reports')?.count).toBeGreaterThanOrEqual(2);
    expect(count('documents')?.count).toBeGreaterThan(0);
    expect(count('documents')?.bytes).toBeGreaterThan(0);
    expect(count('surveys')?.count).toBeGreaterThan(0);
    expect(mine.deletion).toBeNull();
    expect(await overview('admin', `?asUser=${MOTHER.id}`)).toEqual(mine);
    const off = await call('father', 'GET', '/api/my-data');
    expect(off.statusCode).toBe(403);
  });

  it('records the research consent and its withdrawal, the person’s own', async () => {
    const given = await call('mother', 'PUT', '/api/user/research-consent', { consent: true });
    expect(given.statusCode, given.body).toBe(200);
    expect(researchConsentAnswerSchema.parse(given.json()).researchConsentSince).not.toBeNull();
    expect((await overview('mother')).researchConsentSince).not.toBeNull();
    const withdrawn = await call('mother', 'PUT', '/api/user/research-consent', { consent: false });
    expect(researchConsentAnswerSchema.parse(withdrawn.json()).researchConsentSince).toBeNull();
  });

  it('asks for the email address, waits the grace period, and can be undone', async () => {
    const wrong = await call('mother', 'POST', '/api/user/deletion', {
      confirmEmail: 'someone@else.test',
    });
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toContain(DELETION_CONFIRM_MESSAGE);

    const asked = await call('mother', 'POST', '/api/user/deletion', {
      confirmEmail: ' Mother@Demo.test ',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { deletion } = accountDeletionAnswerSchema.parse(asked.json());
    const days =
      (Date.parse(deletion?.dueAt ?? '') - Date.parse(deletion?.requestedAt ?? '')) / 86_400_000;
    expect(days).toBe(ACCOUNT_DELETION_GRACE_DAYS);
    const twice = await call('mother', 'POST', '/api/user/deletion', {
      confirmEmail: MOTHER.email,
    });
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe(DELETION_ALREADY_REQUESTED);
    // The job is due then, and names the request, not the person.
    const jobs = await queryRows<{ user_id: string | null; payload: unknown }>(
      database,
      sql`select user_id, payload from job where kind = 'account-deletion'`,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.user_id).toBeNull();
    expect(JSON.stringify(jobs[0]?.payload)).not.toContain(MOTHER.id);

    const undone = await call('mother', 'DELETE', '/api/user/deletion');
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await overview('mother')).deletion).toBeNull();
    const again = await call('mother', 'DELETE', '/api/user/deletion');
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(NO_DELETION_REQUESTED);
  });

  it('gives everyone their rights, My Data or not: consent, deletion with a mail, and the state of both', async () => {
    // father@demo.test has My Data off.
    const before = await call('father', 'GET', '/api/user/privacy');
    expect(before.statusCode, before.body).toBe(200);
    expect(privacyAnswerSchema.parse(before.json())).toEqual({
      researchConsentSince: null,
      deletion: null,
      testRecordRetentionYears: 10,
    });
    expect(
      (await call('father', 'PUT', '/api/user/research-consent', { consent: true })).statusCode,
    ).toBe(200);
    const asked = await call('father', 'POST', '/api/user/deletion', {
      confirmEmail: 'father@demo.test',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const after = privacyAnswerSchema.parse(
      (await call('father', 'GET', '/api/user/privacy')).json(),
    );
    expect(after.researchConsentSince).not.toBeNull();
    expect(after.deletion?.dueAt).toBe(
      accountDeletionAnswerSchema.parse(asked.json()).deletion?.dueAt,
    );
    // Staff viewing as him read the same.
    expect((await call('admin', 'GET', '/api/user/privacy?asUser=demo-father')).json()).toEqual(
      after,
    );
    // He is told by mail, with the way to keep the account.
    let mails: Awaited<ReturnType<typeof mailsTo>> = [];
    await vi.waitFor(async () => {
      mails = (await mailsTo(dataDir, 'father@demo.test')).filter((mail) =>
        /will be deleted on/.test(mail.subject ?? ''),
      );
      expect(mails).toHaveLength(1);
    });
    expect(mails[0]?.text).toContain(`${TEST_ORIGIN}/account-settings`);
    expect(mails[0]?.text).toContain('must keep your test records');
    expect(mails[0]?.text).toContain('for 10 years after your last test');
    expect((await call('father', 'DELETE', '/api/user/deletion')).statusCode).toBe(200);
    expect(
      (await call('father', 'PUT', '/api/user/research-consent', { consent: false })).statusCode,
    ).toBe(200);
  });

  it('deletes the account when due: no row and no file of the person is left, the partner keeps the joint report', async () => {
    // Something of every kind: an import and its stored genotypes, an upload under way, a link
    // mailed to a clinic, besides the seeded reports, documents and survey.
    await importFile(app, tokens.mother ?? '', 'genome_Maya.txt', twentyThreeAndMe(50));
    await call('mother', 'PUT', '/api/user/clinic', { clinicId: 'demo-clinic-hudson' });
    const shared = await call('mother', 'PUT', '/api/user/clinic/sharing', { share: true });
    expect(shared.statusCode, shared.body).toBe(200);
    const documents = await queryRows<{ storage_path: string }>(
      database,
      sql`select storage_path from document where user_id = ${MOTHER.id}`,
    );
    expect(documents.length).toBeGreaterThan(0);
    const filesDir = path.join(dataDir, 'files');
    expect(
      filesUnder(filesDir).filter((file) => file.startsWith(`users/${MOTHER.id}/`)).length,
    ).toBeGreaterThan(0);
    // An upload begun and not finished: its part file waits in the upload area.
    const begun = await app.inject({
      method: 'POST',
      url: '/api/my-data/uploads',
      headers: {
        ...bearer(tokens.mother ?? ''),
        origin: TEST_ORIGIN,
        'tus-resumable': '1.0.0',
        'upload-length': '4096',
        'upload-metadata': `filename ${Buffer.from('genome.vcf').toString('base64')}`,
      },
    });
    expect(begun.statusCode, begun.body).toBe(201);
    expect(filesUnder(path.join(dataDir, 'uploads')).length).toBeGreaterThan(0);
    // She has opened the joint report: the portal remembers which version (ADR 029).
    const opened = await queryRows<{ id: string }>(
      database,
      sql`select id from report where couple_account_id = ${demoCoupleAccountId}`,
    );
    const reading = await call('mother', 'GET', `/api/reports/${opened[0]?.id ?? ''}`);
    expect(reading.statusCode, reading.body).toBe(200);
    // What the lab must keep: her individual orders that were tested and their reports.
    const testedRows = await queryRows<{
      first_name: string;
      purchase_id: string;
      lab_report_id: string;
      signed_off_on: string;
    }>(
      database,
      sql`select u.first_name, o.purchase_id, r.lab_report_id, v.signed_off_on::text
          from individual_order o join "user" u on u.id = o.user_id
          join report r on r.individual_order_id = o.id
          join report_version v on v.report_id = r.id
          where o.user_id = ${MOTHER.id} order by r.lab_report_id, v.version`,
    );
    expect(testedRows.length).toBeGreaterThan(0);
    const keptBefore = {
      firstName: testedRows[0]?.first_name,
      kitIds: [...new Set(testedRows.map((row) => row.purchase_id))],
      labReportIds: testedRows.map((row) => row.lab_report_id),
      lastSignedOff:
        testedRows
          .map((row) => row.signed_off_on)
          .sort()
          .at(-1) ?? '',
    };
    const before = await rowsNaming(database, MOTHER);
    expect(Object.keys(before).length).toBeGreaterThan(5);
    expect(before).toHaveProperty('report_reading', 1);

    const asked = await call('mother', 'POST', '/api/user/deletion', {
      confirmEmail: MOTHER.email,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // She is told what the lab keeps, and for how long.
    const privacy = privacyAnswerSchema.parse(
      (await call('mother', 'GET', '/api/user/privacy')).json(),
    );
    expect(privacy.testRecordRetentionYears).toBe(10);
    // The grace period passes.
    await app.database.db.execute(sql`update account_deletion set due_at = now()`);
    await app.database.db.execute(
      sql`update job set run_at = now() where kind = 'account-deletion' and state = 'queued'`,
    );
    let state = '';
    for (let i = 0; i < 800 && state !== 'succeeded'; i += 1) {
      await pause(25);
      const rows = await queryRows<{ state: string }>(
        database,
        sql`select state from job where kind = 'account-deletion' order by created_at desc limit 1`,
      );
      state = rows[0]?.state ?? '';
    }
    expect(state).toBe('succeeded');

    expect(await rowsNaming(database, MOTHER)).toEqual({});
    for (const document of documents) {
      expect(existsSync(path.join(filesDir, document.storage_path))).toBe(false);
    }
    expect(filesUnder(filesDir).filter((file) => file.startsWith(`users/${MOTHER.id}/`))).toEqual(
      [],
    );
    expect(filesUnder(path.join(dataDir, 'uploads'))).toEqual([]);

    // The joint report is the father's too: it stays his, without her email.
    const joint = await queryRows<{ id: string }>(
      database,
      sql`select id from report where couple_account_id = ${demoCoupleAccountId}`,
    );
    const read = await call('father', 'GET', `/api/reports/${joint[0]?.id ?? ''}`);
    expect(read.statusCode, read.body).toBe(200);
    // The audit trail stays, under a pseudonym, and says the account was deleted.
    const deleted = await queryRows<{ subject_id: string }>(
      database,
      sql`select subject_id from audit_log where action = 'account-deleted'`,
    );
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.subject_id).toMatch(/^deleted-/);
    // Her token no longer works.
    expect((await call('mother', 'GET', '/api/user')).statusCode).toBe(401);

    // Her test records are kept apart, as the lab must, naming no account, and go in time.
    const kept = await queryRows<{
      id: string;
      person: { firstName: string; birthYear: number };
      records: { orders: { kitId: string }[]; reports: { labReportId: string; version: number }[] };
      retain_until: Date | string;
    }>(database, sql`select id, person, records, retain_until from retained_test_record`);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.person.firstName).toBe(keptBefore.firstName);
    expect(kept[0]?.records.orders.map((order) => order.kitId)).toEqual(keptBefore.kitIds);
    expect(kept[0]?.records.reports.map((version) => version.labReportId)).toEqual(
      keptBefore.labReportIds,
    );
    const until = new Date(kept[0]?.retain_until ?? 0);
    expect(until.getUTCFullYear()).toBe(new Date(keptBefore.lastSignedOff).getUTCFullYear() + 10);
    const expiry = await queryRows<{ run_at: Date | string }>(
      database,
      sql`select run_at from job where kind = 'retained-test-record-expiry'`,
    );
    expect(expiry.map((job) => new Date(job.run_at).getTime())).toEqual([until.getTime()]);
    await app.database.db.execute(
      sql`update job set run_at = now() where kind = 'retained-test-record-expiry'`,
    );
    for (let i = 0; i < 800; i += 1) {
      await pause(25);
      const left = await queryRows<{ id: string }>(
        database,
        sql`select id from retained_test_record`,
      );
      if (left.length === 0) break;
    }
    expect(
      await queryRows<{ id: string }>(database, sql`select id from retained_test_record`),
    ).toEqual([]);
  });
});
