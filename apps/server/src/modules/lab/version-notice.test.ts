import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPayload } from '@nestling/shared/contract/report';
import type { App } from '../../app.ts';
import { demoOrders, jointReport, motherReport } from '../demo-reports/payloads.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp, testConfig } from '../../test/app.ts';
import { signInToken, TEST_ORIGIN, bearer } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { expectWellFormedMail } from '../../test/mail-checks.ts';
import { startTestWorker } from '../../test/my-data.ts';
import { mailsTo } from '../../test/outbox.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

/** Waits until `check` holds, polling; fails after 10 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabaseKinds)('notice of a delivered report on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let labKey: string;
  let worker: Awaited<ReturnType<typeof startTestWorker>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-version-notice-'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    worker = await startTestWorker(app, database);
    const adminToken = await signInToken(app, 'admin@nestling.health');
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/lab-keys',
      headers: { ...bearer(adminToken), origin: TEST_ORIGIN },
      payload: { name: 'Notice test' },
    });
    labKey = created.json<{ key: string }>().key;
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const deliver = (payload: ReportPayload) =>
    app.inject({
      method: 'POST',
      url: '/api/lab/reports',
      headers: { authorization: `Bearer ${labKey}` },
      payload: payload as unknown as Record<string, unknown>,
    });

  it('mails the person when their report arrives and again for each new version, without health data', async () => {
    const before = (await mailsTo(dataDir, 'individual@demo.test')).length;
    const first = {
      ...motherReport,
      labReportId: 'NOTICE-1',
      individualOrderId: demoOrders.individual,
    };
    expect((await deliver(first)).statusCode).toBe(201);
    await eventually(
      async () => (await mailsTo(dataDir, 'individual@demo.test')).length === before + 1,
    );

    const second = { ...first, version: 2, changelog: 'Added a carrier finding (HBB).' };
    expect((await deliver(second)).statusCode).toBe(201);
    await eventually(
      async () => (await mailsTo(dataDir, 'individual@demo.test')).length === before + 2,
    );
    // The same version again is a repeat, not news: no third mail.
    expect((await deliver(second)).statusCode).toBe(200);

    const mails = (await mailsTo(dataDir, 'individual@demo.test')).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your Nestling report is ready',
      'Your Nestling report has a new version',
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(`${TEST_ORIGIN}/reports`);
      // Neither the changelog nor any condition, finding or figure of the report.
      expect(mail.text).not.toMatch(/HBB|carrier|diabetes|thalassemia|risk|%/i);
      expectWellFormedMail(mail, testConfig().brand);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(dataDir, 'individual@demo.test')).toHaveLength(before + 2);
  });

  it('mails both partners of a couple for their joint report, and no one else', async () => {
    const mother = (await mailsTo(dataDir, 'mother@demo.test')).length;
    const father = (await mailsTo(dataDir, 'father@demo.test')).length;
    const individual = (await mailsTo(dataDir, 'individual@demo.test')).length;
    expect((await deliver({ ...jointReport, labReportId: 'NOTICE-JOINT' })).statusCode).toBe(201);
    await eventually(
      async () =>
        (await mailsTo(dataDir, 'mother@demo.test')).length === mother + 1 &&
        (await mailsTo(dataDir, 'father@demo.test')).length === father + 1,
    );
    expect(await mailsTo(dataDir, 'individual@demo.test')).toHaveLength(individual);
  });
});
