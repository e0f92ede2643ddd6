import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClinicSchema,
  CLINIC_RECEIVES_NO_REPORTS,
  CLINIC_SHARE_NOT_FOUND,
  clinicShareAnswerSchema,
  myClinicAnswerSchema,
  NO_CLINIC_CHOSEN,
  type ClinicInput,
} from '@nestling/shared/contract/clinics';
import { REPORT_NOT_FOUND } from '@nestling/shared/contract/report-view';
import type { App } from '../../app.ts';
import { demoCoupleAccountId, demoEmbryoCoupleAccountId } from '../demo-reports/payloads.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { mailsTo, quickWorkDone } from '../../test/outbox.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

const RESULTS_EMAIL = 'results@hudson.test';

function clinicInput(name: string, resultsEmail: string | null): ClinicInput {
  return {
    name,
    addressLine1: '1 Test Plaza',
    addressLine2: null,
    city: 'New York',
    state: 'NY',
    zip: '10001',
    phone: '(555) 555-0100',
    website: null,
    resultsEmail,
    active: true,
  };
}

describe.each(testDatabaseKinds)('sharing reports with a clinic on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-clinic-sharing-'));
  const tokens: Record<string, string> = {};
  const clinics = { hudson: '', quiet: '' };
  const reports = { joint: '', embryo: '', individual: '' };

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
    for (const [key, input] of [
      ['hudson', clinicInput('Hudson Fertility', RESULTS_EMAIL)],
      ['quiet', clinicInput('Quiet Clinic', null)],
    ] as const) {
      const response = await call('admin', 'POST', '/api/admin/clinics', input);
      expect(response.statusCode, response.body).toBe(200);
      const clinic = adminClinicSchema.parse(response.json());
      expect(clinic.receivesReports).toBe(key === 'hudson');
      clinics[key] = clinic.id;
    }
    const rule = await call('admin', 'POST', '/api/admin/sensitive-rules', {
      kind: 'condition',
      code: 'scz',
      note: '',
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const idOf = async (where: ReturnType<typeof sql>) =>
      (await queryRows<{ id: string }>(database, sql`select id from report where ${where}`))[0]
        ?.id ?? '';
    reports.joint = await idOf(sql`couple_account_id = ${demoCoupleAccountId}`);
    reports.embryo = await idOf(sql`couple_account_id = ${demoEmbryoCoupleAccountId}`);
    reports.individual = await idOf(sql`kind = 'individual' and individual_order_id in
      (select id from individual_order where user_id = 'demo-individual')`);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function call(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return app.inject({
      method,
      url,
      headers: who === '' ? {} : bearer(tokens[who] ?? ''),
      ...(payload === undefined ? {} : { payload }),
    });
  }
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;
  const choose = async (who: string, clinicId: string) => {
    const response = await call(who, 'PUT', '/api/user/clinic', { clinicId });
    expect(response.statusCode, response.body).toBe(200);
    return myClinicAnswerSchema.parse(response.json());
  };
  const share = async (who: string, on: boolean) => {
    const response = await call(who, 'PUT', '/api/user/clinic/sharing', { share: on });
    expect(response.statusCode, response.body).toBe(200);
    return myClinicAnswerSchema.parse(response.json());
  };
  /** The link in the newest mail to the clinic, and that mail's text. */
  const latestLink = async () => {
    await quickWorkDone(app);
    const mails = await mailsTo(dataDir, RESULTS_EMAIL);
    const text = mails.at(-1)?.text ?? '';
    const token = /\/clinic-share\/([\w-]+)/.exec(text)?.[1] ?? '';
    return { token, text, count: mails.length };
  };
  /** Each test starts with no mails counted against the one-person limit. */
  const forgetMailLimit = () =>
    app.database.db.execute(sql`delete from rate_limit where bucket = 'mail:user'`);
  const open = (token: string) => call('', 'GET', `/api/clinic-shares/${token}`);
  const opened = async (token: string) => {
    const response = await open(token);
    expect(response.statusCode, response.body).toBe(200);
    return clinicShareAnswerSchema.parse(response.json());
  };
  const pdf = (token: string, reportId: string) =>
    call('', 'GET', `/api/clinic-shares/${token}/reports/${reportId}`);
  const audits = async (action: string) =>
    Number(
      (
        await queryRows<{ count: number | string }>(
          database,
          sql`select count(*) as count from audit_log where action = ${action}`,
        )
      )[0]?.count,
    );

  it('refuses to share without a chosen clinic, or with a clinic that receives no reports', async () => {
    const none = await call('individual', 'PUT', '/api/user/clinic/sharing', { share: true });
    expect(none.statusCode).toBe(409);
    expect(message(none)).toBe(NO_CLINIC_CHOSEN);
    await choose('individual', clinics.quiet);
    const quiet = await call('individual', 'PUT', '/api/user/clinic/sharing', { share: true });
    expect(quiet.statusCode).toBe(409);
    expect(message(quiet)).toBe(CLINIC_RECEIVES_NO_REPORTS);
    expect((await latestLink()).count).toBe(0);
    const anonymous = await call('', 'PUT', '/api/user/clinic/sharing', { share: true });
    expect(anonymous.statusCode).toBe(401);
  });

  it('records the consent, mails the clinic a link with no name or result, and opens the report there', async () => {
    await choose('individual', clinics.hudson);
    const consents = await audits('clinic-sharing');
    const answer = await share('individual', true);
    expect(answer.sharing).toMatchObject({ reports: 1, awaitingPartner: 0 });
    expect(await audits('clinic-sharing')).toBe(consents + 1);

    const { token, text } = await latestLink();
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(text).not.toContain('Iris');
    expect(text).not.toContain('Sample');
    expect(text).toContain('Hudson Fertility');
    // Only the token's hash is kept.
    const stored = await queryRows<{ token_hash: string }>(
      database,
      sql`select token_hash from clinic_share where user_id = 'demo-individual'`,
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const reads = await audits('clinic-share-read');
    const seen = await opened(token);
    expect(seen.clinicName).toBe('Hudson Fertility');
    expect(seen.patient).toEqual({ name: 'Iris Sample', dateOfBirth: '11/23/1993' });
    expect(seen.reports.map((report) => report.id)).toEqual([reports.individual]);

    const file = await pdf(token, reports.individual);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(await readPdfText(file.rawPayload)).toContain('Prepared for Iris Sample');
    expect(await audits('clinic-share-read')).toBe(reads + 2);

    // Another person's report is not behind this link.
    const other = await pdf(token, reports.joint);
    expect(other.statusCode).toBe(404);
    expect(message(other)).toBe(REPORT_NOT_FOUND);
  });

  it('shares a joint report only once both partners share with the clinic, without sensitive results until both release them', async () => {
    await choose('mother', clinics.hudson);
    const alone = await share('mother', true);
    expect(alone.sharing?.awaitingPartner).toBe(1);
    const motherLink = (await latestLink()).token;
    const ids = async () => (await opened(motherLink)).reports.map((report) => report.id);
    expect(await ids()).not.toContain(reports.joint);
    expect((await pdf(motherLink, reports.joint)).statusCode).toBe(404);

    await choose('father', clinics.hudson);
    expect((await share('father', true)).sharing?.awaitingPartner).toBe(0);
    const mine = myClinicAnswerSchema.parse(
      (await call('mother', 'GET', '/api/user/clinic')).json(),
    );
    expect(mine.sharing?.awaitingPartner).toBe(0);
    const joint = (await opened(motherLink)).reports.find((report) => report.id === reports.joint);
    expect(joint?.people).toEqual(['Maya Demo', 'Daniel Demo']);
    expect(joint?.heldBack).toBeGreaterThan(0);
    const held = await readPdfText((await pdf(motherLink, reports.joint)).rawPayload);
    expect(held).not.toContain('Schizophrenia');
    expect(held).toContain('held back');

    // One partner's release is not enough: the report is the other's too.
    const release = await call('mother', 'POST', `/api/reports/${reports.joint}/sensitive-release`);
    expect(release.statusCode, release.body).toBe(200);
    expect(await readPdfText((await pdf(motherLink, reports.joint)).rawPayload)).not.toContain(
      'Schizophrenia',
    );
    const second = await call('father', 'POST', `/api/reports/${reports.joint}/sensitive-release`);
    expect(second.statusCode, second.body).toBe(200);
    expect(
      (await opened(motherLink)).reports.find((report) => report.id === reports.joint)?.heldBack,
    ).toBe(0);
    expect(await readPdfText((await pdf(motherLink, reports.joint)).rawPayload)).toContain(
      'Schizophrenia',
    );

    // The father stops: the joint report leaves the mother's link too.
    await share('father', false);
    expect(await ids()).not.toContain(reports.joint);
  });

  it('stops a link when sharing stops, a new link is sent, another clinic is chosen, or it expires', async () => {
    await forgetMailLimit();
    await choose('individual', clinics.hudson);
    await share('individual', true);
    const first = (await latestLink()).token;
    expect((await open(first)).statusCode).toBe(200);

    await share('individual', true);
    const second = (await latestLink()).token;
    expect(second).not.toBe(first);
    expect((await open(first)).statusCode).toBe(404);
    expect(message(await open(first))).toBe(CLINIC_SHARE_NOT_FOUND);
    expect((await open(second)).statusCode).toBe(200);

    expect((await share('individual', false)).sharing).toBeNull();
    expect((await open(second)).statusCode).toBe(404);

    await share('individual', true);
    const third = (await latestLink()).token;
    expect((await choose('individual', clinics.quiet)).sharing).toBeNull();
    expect((await open(third)).statusCode).toBe(404);
    expect((await pdf(third, reports.individual)).statusCode).toBe(404);

    await forgetMailLimit();
    await choose('individual', clinics.hudson);
    await share('individual', true);
    const fourth = (await latestLink()).token;
    await app.database.db.execute(
      sql`update clinic_share set expires_at = now() - interval '1 minute' where revoked_at is null and user_id = 'demo-individual'`,
    );
    expect((await open(fourth)).statusCode).toBe(404);
    expect((await open('not-a-real-token-at-all-000000')).statusCode).toBe(404);
  });

  it('limits how often one person has the clinic mailed', async () => {
    await forgetMailLimit();
    await choose('father', clinics.hudson);
    const before = (await latestLink()).count;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push(
        (await call('father', 'PUT', '/api/user/clinic/sharing', { share: true })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await latestLink()).count).toBe(before + 3);
  });
});
