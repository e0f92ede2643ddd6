import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_NOT_FOUND, reportAnswerSchema } from '@nestling/shared/contract/report-view';
import {
  NO_SENSITIVE_RESULTS,
  SENSITIVE_CONDITION_MESSAGE,
  SENSITIVE_RULE_EXISTS,
  sensitiveReleaseAnswerSchema,
  sensitiveRuleSchema,
  sensitiveRulesAnswerSchema,
} from '@nestling/shared/contract/sensitive-results';
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
import { readPdfText } from '../../test/pdf-text.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

const ZIP = { accept: 'application/zip' };
const JOINT_FOLDER = 'reports/joint-DEMO-JOINT';

describe.each(testDatabaseKinds)('sensitive results on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const tokens: Record<string, string> = {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-sensitive-'));
  let jointId = '';
  let embryoId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    for (const who of ['admin', 'mother', 'father', 'individual', 'embryo'] as const) {
      tokens[who] = await signInToken(
        app,
        who === 'admin' ? 'admin@nestling.health' : `${who}@demo.test`,
      );
    }
    const idOf = async (account: string) => {
      const rows = await queryRows<{ id: string }>(
        database,
        sql`select id from report where couple_account_id = ${account}`,
      );
      return rows[0]?.id ?? '';
    };
    jointId = await idOf(demoCoupleAccountId);
    embryoId = await idOf(demoEmbryoCoupleAccountId);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const headers = (who: string, extra: Record<string, string> = {}) => ({
    ...bearer(tokens[who] ?? ''),
    ...extra,
  });
  const get = (who: string, url: string, extra: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: headers(who, extra) });
  const post = (who: string, url: string, payload?: unknown) =>
    app.inject({ method: 'POST', url, headers: headers(who), ...(payload ? { payload } : {}) });
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;

  const report = async (who: string, id: string, query = '') => {
    const response = await get(who, `/api/reports/${id}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, answer: reportAnswerSchema.parse(response.json()) };
  };
  const pdfOf = async (who: string, id: string) => {
    const response = await get(who, `/api/reports/${id}`, { accept: 'application/pdf' });
    expect(response.statusCode).toBe(200);
    return readPdfText(response.rawPayload);
  };
  const zipOf = async (who: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/archive',
      headers: headers(who, ZIP),
    });
    expect(response.statusCode, response.body).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    return {
      json: Buffer.from(files[`${JOINT_FOLDER}/version-1.json`] ?? []).toString('utf8'),
      pdf: await readPdfText(files[`${JOINT_FOLDER}/version-1.pdf`] ?? new Uint8Array()),
    };
  };
  const auditRows = async () => {
    const rows = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from audit_log where action = 'sensitive-rule-update'`,
    );
    return Number(rows[0]?.count);
  };

  it('lets only admins keep the rules, audited, and names mistakes by their field', async () => {
    expect((await get('mother', '/api/admin/sensitive-rules')).statusCode).toBe(403);
    const refused = await post('mother', '/api/admin/sensitive-rules', {
      kind: 'condition',
      code: 'scz',
      note: '',
    });
    expect(refused.statusCode).toBe(403);

    const before = await auditRows();
    const unknown = await post('admin', '/api/admin/sensitive-rules', {
      kind: 'condition',
      code: 'nope',
      note: '',
    });
    expect(unknown.statusCode).toBe(400);
    expect(message(unknown)).toContain(SENSITIVE_CONDITION_MESSAGE);

    const condition = await post('admin', '/api/admin/sensitive-rules', {
      kind: 'condition',
      code: 'scz',
      note: 'Counseling first',
    });
    expect(condition.statusCode, condition.body).toBe(200);
    expect(sensitiveRuleSchema.parse(condition.json())).toMatchObject({
      kind: 'condition',
      code: 'scz',
      note: 'Counseling first',
    });
    const gene = await post('admin', '/api/admin/sensitive-rules', {
      kind: 'gene',
      code: 'gjb2',
      note: '',
    });
    expect(gene.statusCode, gene.body).toBe(200);
    expect(gene.json<{ code: string }>().code).toBe('GJB2');
    const twice = await post('admin', '/api/admin/sensitive-rules', {
      kind: 'gene',
      code: 'GJB2',
      note: '',
    });
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe(SENSITIVE_RULE_EXISTS);

    const list = sensitiveRulesAnswerSchema.parse(
      (await get('admin', '/api/admin/sensitive-rules')).json(),
    );
    expect(list.rules.map((rule) => `${rule.kind}:${rule.code}`)).toEqual([
      'condition:scz',
      'gene:GJB2',
    ]);
    expect(await auditRows()).toBe(before + 2);
  });

  it('holds the results back from the JSON, the PDF and the ZIP, and says how many', async () => {
    for (const who of ['mother', 'father']) {
      const { body, answer } = await report(who, jointId);
      expect(answer.sensitive).toEqual({ count: 4, released: false });
      expect(body).not.toContain('scz');
      const content = answer.report.content;
      if (content.kind !== 'joint') throw new Error('A joint report');
      expect(content.carrierMatches).toEqual([]);
      expect(content.mother.monogenic).toEqual([]);
      expect(content.father.monogenic).toEqual([]);
      expect(content.childRisk.length).toBeGreaterThan(0);
    }
    const pdf = await pdfOf('mother', jointId);
    expect(pdf).not.toContain('Schizophrenia');
    expect(pdf).toContain('You do not both carry a variant');
    expect(pdf).toContain('4 results are held back');

    const zip = await zipOf('mother');
    expect(zip.json).not.toContain('scz');
    expect(zip.json).not.toContain('"carrierMatches": [\n      {');
    expect(zip.pdf).not.toContain('Schizophrenia');
    expect(zip.pdf).toContain('4 results are held back');
  });

  it('shows an admin viewing as the patient what the patient sees, and lets them release nothing', async () => {
    const { body, answer } = await report('admin', jointId, '?asUser=demo-mother');
    expect(answer.sensitive).toEqual({ count: 4, released: false });
    expect(body).not.toContain('scz');
    // The release is the caller's own: the admin is no owner of this report.
    const release = await post('admin', `/api/reports/${jointId}/sensitive-release`);
    expect(release.statusCode).toBe(404);
    expect(message(release)).toBe(REPORT_NOT_FOUND);
  });

  it("answers 404 for another person's report", async () => {
    const release = await post('individual', `/api/reports/${jointId}/sensitive-release`);
    expect(release.statusCode).toBe(404);
    expect(message(release)).toBe(REPORT_NOT_FOUND);
  });

  it('releases for the one partner who chooses, everywhere, and not for the other', async () => {
    const release = await post('mother', `/api/reports/${jointId}/sensitive-release`);
    expect(release.statusCode, release.body).toBe(200);
    expect(sensitiveReleaseAnswerSchema.parse(release.json()).sensitive).toEqual({
      count: 4,
      released: true,
    });
    const rows = await queryRows<{ had_appointment: boolean }>(
      database,
      sql`select had_appointment from sensitive_release where report_id = ${jointId}`,
    );
    expect(rows).toEqual([{ had_appointment: false }]);
    // Asked again, the first choice stands.
    expect((await post('mother', `/api/reports/${jointId}/sensitive-release`)).statusCode).toBe(
      200,
    );

    const mother = await report('mother', jointId);
    expect(mother.answer.sensitive).toEqual({ count: 4, released: true });
    expect(mother.body).toContain('"scz"');
    const content = mother.answer.report.content;
    if (content.kind !== 'joint') throw new Error('A joint report');
    expect(content.carrierMatches.map((match) => match.gene)).toEqual(['GJB2']);
    const pdf = await pdfOf('mother', jointId);
    expect(pdf).toContain('Schizophrenia');
    expect(pdf).not.toContain('held back');
    const zip = await zipOf('mother');
    expect(zip.json).toContain('"scz"');
    expect(zip.pdf).toContain('Schizophrenia');

    // The admin viewing as her sees what she sees now.
    expect((await report('admin', jointId, '?asUser=demo-mother')).body).toContain('"scz"');

    // Her partner has not chosen: his report, PDF and ZIP still hold them back.
    const father = await report('father', jointId);
    expect(father.answer.sensitive).toEqual({ count: 4, released: false });
    expect(father.body).not.toContain('scz');
    expect(await pdfOf('father', jointId)).not.toContain('Schizophrenia');
    const fatherZip = await zipOf('father');
    expect(fatherZip.json).not.toContain('scz');
    expect(fatherZip.pdf).not.toContain('Schizophrenia');
    expect((await report('admin', jointId, '?asUser=demo-father')).body).not.toContain('scz');
  });

  it("holds back the embryos' results too", async () => {
    const { body, answer } = await report('embryo', embryoId);
    expect(answer.sensitive?.released).toBe(false);
    expect(body).not.toContain('scz');
    const content = answer.report.content;
    if (content.kind !== 'embryo') throw new Error('An embryo report');
    for (const embryo of content.embryos) {
      expect(embryo.diseases.map((result) => result.code)).not.toContain('scz');
      expect(embryo.monogenic.map((finding) => finding.gene)).not.toContain('GJB2');
    }
  });

  it('answers a report whose every condition is held back, with none left to show', async () => {
    const rows = await queryRows<{ id: string }>(
      database,
      sql`select id from report where lab_report_id = 'DEMO-IND-IRIS'`,
    );
    const irisId = rows[0]?.id ?? '';
    const before = await report('individual', irisId);
    if (before.answer.report.content.kind !== 'individual') throw new Error('An individual report');
    for (const disease of before.answer.report.content.diseases) {
      const added = await post('admin', '/api/admin/sensitive-rules', {
        kind: 'condition',
        code: disease.code,
        note: '',
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const after = await report('individual', irisId);
    if (after.answer.report.content.kind !== 'individual') throw new Error('An individual report');
    expect(after.answer.report.content.diseases).toEqual([]);
    expect(after.answer.sensitive?.count).toBeGreaterThanOrEqual(
      before.answer.report.content.diseases.length,
    );
    expect(await pdfOf('individual', irisId)).toContain('held back');
  });

  it('refuses a release where nothing is held back, and shows everything once a rule goes', async () => {
    const list = sensitiveRulesAnswerSchema.parse(
      (await get('admin', '/api/admin/sensitive-rules')).json(),
    );
    for (const rule of list.rules) {
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/admin/sensitive-rules/${rule.id}`,
        headers: headers('admin'),
      });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const father = await report('father', jointId);
    expect(father.answer.sensitive).toBeUndefined();
    expect(father.body).toContain('"scz"');
    const release = await post('father', `/api/reports/${jointId}/sensitive-release`);
    expect(release.statusCode).toBe(409);
    expect(message(release)).toBe(NO_SENSITIVE_RESULTS);
  });
});
