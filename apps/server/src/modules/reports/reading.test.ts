import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JointReport, ReportPayload } from '@nestling/shared/contract/report';
import { reportAnswerSchema } from '@nestling/shared/contract/report-view';
import type { App } from '../../app.ts';
import { demoOrders, jointReport } from '../demo-reports/payloads.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, claimsOf, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

/** The joint report's version 2: new expected risks for type 2 diabetes and schizophrenia. */
function secondVersion(): ReportPayload {
  const content = jointReport.content as JointReport;
  return {
    ...jointReport,
    version: 2,
    changelog: 'Recalibrated two models.',
    content: {
      ...content,
      childRisk: content.childRisk.map((range) =>
        range.code === 't2d' || range.code === 'scz' ? { ...range, expected: range.upper } : range,
      ),
    },
  };
}

describe.each(testDatabaseKinds)('what changed since the version last opened, on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let labKey: string;
  let jointId: string;
  const tokens: Record<string, string> = {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-reading-'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    for (const who of ['admin', 'mother', 'father', 'individual'] as const) {
      tokens[who] = await signInToken(
        app,
        who === 'admin' ? 'admin@nestling.health' : `${who}@demo.test`,
      );
    }
    const admin = { ...bearer(tokens.admin ?? ''), origin: TEST_ORIGIN };
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/lab-keys',
      headers: admin,
      payload: { name: 'Reading test' },
    });
    labKey = created.json<{ key: string }>().key;
    // Schizophrenia is held back until each reader chooses to see it.
    const rule = await app.inject({
      method: 'POST',
      url: '/api/admin/sensitive-rules',
      headers: admin,
      payload: { kind: 'condition', code: 'scz', note: '' },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const rows = await queryRows<{ id: string }>(
      database,
      sql`select id from report where lab_report_id = ${jointReport.labReportId}`,
    );
    jointId = rows[0]?.id ?? '';
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const read = async (who: string, url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: bearer(tokens[who] ?? ''),
    });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, answer: reportAnswerSchema.parse(response.json()) };
  };
  const markers = async () =>
    queryRows<{ user_id: string; opened_version: number; previous_version: number | null }>(
      database,
      sql`select user_id, opened_version, previous_version from report_reading
          where report_id = ${jointId} order by user_id`,
    );

  it('records the first opening with nothing to show', async () => {
    const { answer } = await read('mother', `/api/reports/${jointId}`);
    expect(answer.report.version).toBe(1);
    expect(answer.changes).toBeUndefined();
    expect(await markers()).toEqual([
      { user_id: 'demo-mother', opened_version: 1, previous_version: null },
    ]);
  });

  it('shows each owner what changed since the version they opened, until a newer one arrives', async () => {
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/lab/reports',
      headers: { authorization: `Bearer ${labKey}` },
      payload: secondVersion() as unknown as Record<string, unknown>,
    });
    expect(delivered.statusCode, delivered.body).toBe(201);

    // Staff viewing as her see her page but do not move her marker.
    const staff = await read('admin', `/api/reports/${jointId}?asUser=demo-mother`);
    expect(staff.answer.report.version).toBe(2);
    expect(staff.answer.changes).toBeUndefined();
    expect(await markers()).toEqual([
      { user_id: 'demo-mother', opened_version: 1, previous_version: null },
    ]);

    const first = await read('mother', `/api/reports/${jointId}`);
    expect(first.answer.changes).toEqual({
      sinceVersion: 1,
      changelogs: [{ version: 2, changelog: 'Recalibrated two models.' }],
      items: [
        expect.stringMatching(/^Type 2 Diabetes: the expected risk for your children is now /),
      ],
      more: 0,
    });
    // The held-back condition changed too, but nothing of it shows.
    expect(first.body).not.toContain('scz');
    expect(first.body).not.toContain('Schizophrenia');

    // A reload still shows them; so does staff's view as her now.
    const again = await read('mother', `/api/reports/${jointId}`);
    expect(again.answer.changes).toEqual(first.answer.changes);
    const staffAgain = await read('admin', `/api/reports/${jointId}?asUser=demo-mother`);
    expect(staffAgain.answer.changes).toEqual(first.answer.changes);
    // An earlier version shows no changes and moves nothing.
    const earlier = await read('mother', `/api/reports/${jointId}?version=1`);
    expect(earlier.answer.changes).toBeUndefined();
    expect(await markers()).toEqual([
      { user_id: 'demo-mother', opened_version: 2, previous_version: 1 },
    ]);
  });

  it('keeps a marker for each partner, which an admin impersonating him does not move', async () => {
    // An admin impersonating the father reads as him, but it is not his reading.
    tokens.support = await signInToken(app, 'father@demo.test');
    await database.db.execute(
      sql`update session set impersonated_by = 'demo-admin' where id = ${claimsOf(tokens.support).sid}`,
    );
    const impersonated = await read('support', `/api/reports/${jointId}`);
    expect(impersonated.answer.report.version).toBe(2);
    expect(await markers()).toEqual([
      { user_id: 'demo-mother', opened_version: 2, previous_version: 1 },
    ]);

    // He never opened version 1: nothing to show him, whatever she was shown.
    const { answer } = await read('father', `/api/reports/${jointId}`);
    expect(answer.changes).toBeUndefined();
    expect(await markers()).toEqual([
      { user_id: 'demo-father', opened_version: 2, previous_version: null },
      { user_id: 'demo-mother', opened_version: 2, previous_version: 1 },
    ]);
  });

  it("records an individual report read by its order's id", async () => {
    const { answer } = await read('individual', `/api/individual_reports/${demoOrders.individual}`);
    const rows = await queryRows<{ opened_version: number }>(
      database,
      sql`select opened_version from report_reading where report_id = ${answer.report.id}
          and user_id = 'demo-individual'`,
    );
    expect(rows).toEqual([{ opened_version: answer.report.latestVersion }]);
  });
});
