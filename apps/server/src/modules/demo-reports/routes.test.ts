import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diseaseCodes } from '@nestling/shared/catalogue/diseases';
import { VERIFIED_EMAIL_REQUIRED } from '@nestling/shared/contract/auth';
import {
  DEMO_REPORT_NOT_FOUND,
  DEMO_REPORT_SIGNED_OFF_BY,
  DEMO_REPORTS_DEMO_ACCOUNTS_ONLY,
  demoReportVariantSchema,
} from '@nestling/shared/contract/demo-report';
import { embryoReportSchema, type EmbryoReport } from '@nestling/shared/contract/report';
import { reportAnswerSchema } from '@nestling/shared/contract/report-view';
import { currentUserSchema } from '@nestling/shared/contract/user';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';

const emails = {
  admin: 'admin@nestling.health',
  staff: 'staff@demo.test',
  new: 'new@demo.test',
  mother: 'mother@demo.test',
  father: 'father@demo.test',
  unverified: 'unverified@demo.test',
} as const;
type Who = keyof typeof emails;

describe.each(testDatabaseKinds)('demo embryo reports on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const tokens: Partial<Record<Who, string>> = {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-demo-reports-'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    for (const who of Object.keys(emails) as Who[]) {
      tokens[who] = await signInToken(app, emails[who]);
    }
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (who: Who | null, url: string) =>
    app.inject({ method: 'GET', url, headers: who === null ? {} : bearer(tokens[who] ?? '') });
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;

  /** The demo's answer, checked against GET /reports/{id}'s contract and the embryo schema. */
  async function demo(who: Who, variant: string) {
    const response = await get(who, `/api/demo/embryo-reports/${variant}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = reportAnswerSchema.parse(response.json());
    const checked = embryoReportSchema.safeParse(answer.report.content);
    expect(checked.error?.issues, variant).toBeUndefined();
    return { answer, content: answer.report.content as EmbryoReport };
  }

  const findingsOf = (content: EmbryoReport) =>
    content.embryos.flatMap((embryo) => [
      ...embryo.monogenic,
      ...embryo.neurodevelopmentalVariants,
      ...embryo.cancerVariants,
    ]);

  it('answers each demo in the shape of a report: one version, marked as sample data', async () => {
    for (const variant of demoReportVariantSchema.options) {
      const { answer, content } = await demo('new', variant);
      expect(answer.report).toMatchObject({
        id: `demo-${variant}`,
        kind: 'embryo',
        version: 1,
        latestVersion: 1,
        changelog: null,
        testType: content.test.testType,
        signedOffOn: content.test.signedOffOn,
      });
      expect(answer.versions).toEqual([
        {
          version: 1,
          signedOffOn: content.test.signedOffOn,
          receivedAt: answer.report.receivedAt,
          changelog: null,
        },
      ]);
      expect(content.test.signedOffBy).toBe(DEMO_REPORT_SIGNED_OFF_BY);
      expect(content.embryos.length).toBeGreaterThan(1);
      // Asked again, the same report: links to a demo stay valid.
      expect((await demo('new', variant)).answer).toEqual(answer);
    }
  });

  it('tells the demos apart by their test: 30x, low-pass 5x, and scores only for grs', async () => {
    const standard = (await demo('new', 'standard')).content;
    const thirty = (await demo('new', '30x')).content;
    const five = (await demo('new', '5x')).content;
    const grs = (await demo('new', 'grs')).content;

    expect(standard.test.testType).toBe('standard');
    expect(thirty.test.testType).toBe('30x');
    expect(thirty.test.coverage).toBeGreaterThan(25);
    expect(thirty.test.coverage).toBeLessThan(40);
    expect(five.test.testType).toBe('standard');
    expect(five.test.coverage).toBeGreaterThan(4);
    expect(five.test.coverage).toBeLessThan(6);

    // The regular demo screens genes and finds something; the genetic risk scores demo does not.
    expect(findingsOf(standard).length).toBeGreaterThan(0);
    expect(standard.genes.length).toBeGreaterThan(0);
    expect(findingsOf(grs)).toEqual([]);
    expect(grs.genes).toEqual([]);
    expect(grs.variants).toEqual([]);
    expect(grs.embryos.every((embryo) => embryo.diseases.length > 0)).toBe(true);
    expect(grs.priorityMethod).not.toMatch(/single-gene finding/);
  });

  it('reports every condition of the catalogue, each for the embryos of the sex it applies to', async () => {
    for (const variant of demoReportVariantSchema.options) {
      const { content } = await demo('new', variant);
      const codesOf = (sex: EmbryoReport['embryos'][number]['sex']) =>
        content.embryos
          .filter((embryo) => embryo.sex === sex)
          .map((embryo) => embryo.diseases.map((result) => result.code));
      expect(content.childRisk.map((range) => range.code).sort()).toEqual([...diseaseCodes].sort());
      const female = codesOf('female');
      const male = codesOf('male');
      expect(female.length, variant).toBeGreaterThan(0);
      expect(male.length, variant).toBeGreaterThan(0);
      for (const codes of female) {
        expect(codes).toHaveLength(17);
        expect(codes).toEqual(expect.arrayContaining(['brc', 'endo']));
        expect(codes).not.toContain('prc');
      }
      for (const codes of male) {
        expect(codes).toHaveLength(16);
        expect(codes).toContain('prc');
        expect(codes).not.toContain('brc');
        expect(codes).not.toContain('endo');
      }
    }
  });

  it('opens the demos to lab staff without the flag', async () => {
    for (const who of ['admin', 'staff'] as const) {
      expect((await demo(who, '30x')).answer.report.id).toBe('demo-30x');
    }
  });

  it("refuses accounts without the demo flag with a 403 that names 'demo'", async () => {
    for (const who of ['mother', 'father'] as const) {
      for (const variant of ['standard', 'grs', 'no-such-demo']) {
        const response = await get(who, `/api/demo/embryo-reports/${variant}`);
        expect(response.statusCode, `${who} ${variant}`).toBe(403);
        expect(message(response)).toBe(DEMO_REPORTS_DEMO_ACCOUNTS_ONLY);
        expect(message(response)).toMatch(/\bdemo\b/i);
      }
    }
  });

  it('answers 401 without a token and 403 before the email is confirmed', async () => {
    const anonymous = await get(null, '/api/demo/embryo-reports/standard');
    expect(anonymous.statusCode).toBe(401);
    const unverified = await get('unverified', '/api/demo/embryo-reports/standard');
    expect(unverified.statusCode).toBe(403);
    expect(message(unverified)).toBe(VERIFIED_EMAIL_REQUIRED);
  });

  it('answers 404 for a demo that does not exist', async () => {
    for (const variant of ['10x', 'STANDARD', 'embryo-reports']) {
      const response = await get('new', `/api/demo/embryo-reports/${variant}`);
      expect(response.statusCode, variant).toBe(404);
      expect(message(response)).toBe(DEMO_REPORT_NOT_FOUND);
    }
  });

  it('says in GET /api/user/me who may open the demos', async () => {
    const flagOf = async (who: Who) => {
      const response = await get(who, '/api/user/me');
      expect(response.statusCode).toBe(200);
      return currentUserSchema.parse(response.json()).demoReports;
    };
    expect(await flagOf('new')).toBe(true);
    expect(await flagOf('admin')).toBe(true);
    expect(await flagOf('mother')).toBe(false);
  });

  it('follows the flag as it is given and taken away', async () => {
    const setFlag = (email: string, on: boolean) =>
      database.db.execute(sql`update "user" set demo_reports = ${on} where email = ${email}`);
    await setFlag(emails.father, true);
    expect((await get('father', '/api/demo/embryo-reports/grs')).statusCode).toBe(200);
    await setFlag(emails.father, false);
    expect((await get('father', '/api/demo/embryo-reports/grs')).statusCode).toBe(403);
  });

  it('does not let a sign-up give itself the demo flag', async () => {
    const email = `demo-seeker-${kind}@example.org`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: 'a sturdy passphrase', name: 'Demo Seeker', demoReports: true },
    });
    // The field is ignored, not refused: the account is made without it.
    expect(signUp.statusCode, signUp.body).toBe(200);
    const rows = await queryRows<{ demo_reports: boolean }>(
      database,
      sql`select demo_reports from "user" where email = ${email}`,
    );
    expect(rows).toEqual([{ demo_reports: false }]);
    await database.db.execute(sql`update "user" set email_verified = true where email = ${email}`);
    const token = await signInToken(app, email, 'a sturdy passphrase');
    const response = await app.inject({
      method: 'GET',
      url: '/api/demo/embryo-reports/standard',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(403);
  });
});
