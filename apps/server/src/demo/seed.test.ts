import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueRepository } from '../modules/catalogue/repository.ts';
import { normalizeKitId, ORDER_STAGES } from '@nestling/shared/contract/order-tracker';
import { reportContentSchema } from '@nestling/shared/contract/report';
import { isProfileComplete } from '@nestling/shared/rules';
import { createUsersRepository } from '../modules/users/repository.ts';
import { toUser } from '../modules/users/service.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../test/database.ts';
import { demoDocuments } from './documents.ts';
import {
  demoCoupleAccountId,
  demoEmbryoCoupleAccountId,
} from '../modules/demo-reports/payloads.ts';
import { counselor, counselorAvailability } from '../modules/appointments/schema.ts';
import { account } from '../modules/auth/schema.ts';
import { document } from '../modules/documents/schema.ts';
import { report, reportVersion } from '../modules/lab/schema.ts';
import {
  DEMO_PASSWORD,
  demoAccounts,
  DEMO_DISCOUNT_CODE,
  demoCouple,
  seedDemoData,
  seedDemoDataIfEmpty,
} from './seed.ts';
import { createLocalFileStore } from '../modules/storage/local-store.ts';

const demoEmails = demoAccounts.map((demo) => demo.email);

describe('the demo accounts', () => {
  it('are the ones the README lists', () => {
    expect(demoEmails).toEqual([
      'admin@nestling.health',
      'mother@demo.test',
      'father@demo.test',
      'individual@demo.test',
      'embryo@demo.test',
      'embryo-partner@demo.test',
      'new@demo.test',
      'unverified@demo.test',
      'incomplete@demo.test',
      'staff@demo.test',
      'orders-partner@demo.test',
      'orders@demo.test',
    ]);
    expect(DEMO_PASSWORD).toBe('demo-password');
    expect(new Set(demoAccounts.map((demo) => demo.id)).size).toBe(demoAccounts.length);
  });
});

describe.each(testDatabaseKinds)('seeding on %s', (kind) => {
  let database: TestDatabase;
  const filesDir = mkdtempSync(path.join(tmpdir(), 'nestling-seed-files-'));
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => {
    rmSync(filesDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates every demo account in an empty database', async () => {
    const result = await seedDemoDataIfEmpty(database.db, {
      fileStore: createLocalFileStore(filesDir),
    });
    expect(result).toEqual({
      created: demoEmails,
      skipped: [],
      reports: [
        'DEMO-IND-MOTHER v1',
        'DEMO-IND-FATHER v1',
        'DEMO-JOINT v1',
        'DEMO-IND-IRIS v1',
        'DEMO-IND-IRIS v2',
        'DEMO-EMBRYO v1',
      ],
      documents: demoDocuments.map((demo) => demo.id),
    });
  });

  it('offers a demo discount code of 10% off, once however often it runs', async () => {
    await seedDemoData(database.db, { fileStore: createLocalFileStore(filesDir) });
    const codes = await createCatalogueRepository(database.db).listDiscountCodes();
    expect(codes.map(({ code, percentOff, active }) => ({ code, percentOff, active }))).toEqual([
      { code: DEMO_DISCOUNT_CODE, percentOff: 10, active: true },
    ]);
  });

  it('adds one demo counselor with weekday hours, once however often it runs', async () => {
    await seedDemoData(database.db, { fileStore: createLocalFileStore(filesDir) });
    const counselors = await database.db.select().from(counselor);
    expect(counselors.map(({ id, timeZone, active }) => ({ id, timeZone, active }))).toEqual([
      { id: 'demo-counselor', timeZone: 'America/New_York', active: true },
    ]);
    const hours = await database.db
      .select()
      .from(counselorAvailability)
      .where(eq(counselorAvailability.counselorId, 'demo-counselor'));
    expect(hours).toHaveLength(10);
    expect(new Set(hours.map((period) => period.weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('stores each demo document with its file: the consent form a one-page PDF', async () => {
    const rows = await database.db.select().from(document);
    expect(rows).toHaveLength(demoDocuments.length);
    for (const row of rows) {
      const file = readFileSync(path.join(filesDir, row.storagePath));
      expect(file.length, row.id).toBe(row.size);
      if (row.contentType === 'application/pdf') {
        const text = file.toString('latin1');
        expect(text.startsWith('%PDF-1.4\n')).toBe(true);
        expect(text).toContain('/Type /Page ');
        // The xref offset points at the xref table, as PDF readers check.
        const offset = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
        expect(text.slice(offset, offset + 4)).toBe('xref');
      }
    }
    const letter = rows.find((row) => row.id === 'demo-individual-cover-letter');
    const [iris] = await database.db
      .select({ id: report.id })
      .from(report)
      .where(eq(report.labReportId, 'DEMO-IND-IRIS'));
    expect(letter?.reportId).toBe(iris?.id);
  });

  it("gives each demo patient's orders and accounts their reports", async () => {
    const rows = await queryRows<{
      lab_report_id: string;
      kind: string;
      version: number;
      changelog: string | null;
      order_user: string | null;
      mother_id: string | null;
      father_id: string | null;
      test_type: string | null;
    }>(
      database,
      sql`select r.lab_report_id, r.kind, v.version, v.changelog, o.user_id as order_user,
            c.mother_id, c.father_id, c.test_type
          from report r join report_version v on v.report_id = r.id
          left join individual_order o on o.id = r.individual_order_id
          left join couple_account c on c.id = r.couple_account_id
          order by r.lab_report_id, v.version`,
    );
    const summary = rows.map((row) => [
      row.lab_report_id,
      row.kind,
      row.version,
      row.order_user ??
        `${String(row.mother_id)}+${String(row.father_id)} ${String(row.test_type)}`,
    ]);
    expect(summary).toEqual([
      ['DEMO-EMBRYO', 'embryo', 1, 'demo-embryo+demo-embryo-partner standard'],
      ['DEMO-IND-FATHER', 'individual', 1, 'demo-father'],
      ['DEMO-IND-IRIS', 'individual', 1, 'demo-individual'],
      ['DEMO-IND-IRIS', 'individual', 2, 'demo-individual'],
      ['DEMO-IND-MOTHER', 'individual', 1, 'demo-mother'],
      ['DEMO-JOINT', 'joint', 1, 'demo-mother+demo-father 30x'],
    ]);
    expect(rows.find((row) => row.version === 2)?.changelog).toMatch(/beta-thalassemia/);
    expect(rows.filter((row) => row.version === 1).every((row) => row.changelog === null)).toBe(
      true,
    );

    const [embryo] = await database.db
      .select()
      .from(reportVersion)
      .innerJoin(report, eq(report.id, reportVersion.reportId))
      .where(eq(report.labReportId, 'DEMO-EMBRYO'));
    const content = embryo?.report_version.content;
    if (content?.kind !== 'embryo') throw new Error('no embryo report');
    expect(content.embryos).toHaveLength(6);
    expect(content.embryos.filter((e) => e.chromosomes.status !== 'euploid')).toHaveLength(1);
    expect(content.embryos.filter((e) => e.monogenic.length > 0)).toHaveLength(1);
    expect(reportContentSchema.safeParse(content).success).toBe(true);

    // new@demo.test has bought nothing.
    const newUser = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from individual_order where user_id = 'demo-new'`,
    );
    expect(Number(newUser[0]?.count)).toBe(0);
  });

  it('gives the demo couples and the individual a paid order whose kits their accounts name, and every tracker stage an order', async () => {
    const accounts = await queryRows<{ id: string; mother_order: string; father_order: string }>(
      database,
      sql`select id, mother_order, father_order from couple_account
          where id in (${demoCoupleAccountId}, ${demoEmbryoCoupleAccountId}) order by id`,
    );
    expect(accounts).toHaveLength(2);
    for (const account of accounts) {
      const kits = await queryRows<{ role: string; id: string; stage: string }>(
        database,
        sql`select k.role, k.id, o.stage from kit k join purchase_order o on o.id = k.order_id
            where o.couple_account_id = ${account.id} order by k.role`,
      );
      expect(kits.map((row) => [row.role, row.id])).toEqual([
        ['father', account.father_order],
        ['mother', account.mother_order],
      ]);
      expect(kits.every((row) => row.stage === 'report-ready')).toBe(true);
      for (const row of kits) expect(normalizeKitId(row.id), row.id).toBe(row.id);
    }

    const stages = await queryRows<{ stage: string; status: string }>(
      database,
      sql`select stage, status from purchase_order`,
    );
    for (const stage of ORDER_STAGES) {
      expect(
        stages.some((row) => row.stage === stage && row.status === 'paid'),
        stage,
      ).toBe(true);
    }
    expect(stages.filter((row) => row.status === 'refunded')).toHaveLength(1);
    const newUser = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from purchase_order where user_id = 'demo-new'`,
    );
    expect(Number(newUser[0]?.count)).toBe(0);
  });

  it('gives each the confirmation and profile its gate step needs', async () => {
    const users = createUsersRepository(database.db);
    for (const demo of demoAccounts) {
      const row = await users.findByEmail(demo.email);
      expect(row, demo.email).not.toBeNull();
      if (row === null) continue;
      const user = toUser(row);
      expect(user.id).toBe(demo.id);
      expect(user.emailVerified, demo.email).toBe(demo.email !== 'unverified@demo.test');
      expect(isProfileComplete(user), demo.email).toBe(
        !['incomplete@demo.test', 'staff@demo.test'].includes(demo.email),
      );
    }
  });

  it('gives each the flags of its role', async () => {
    const users = createUsersRepository(database.db);
    const byEmail = async (email: string) => {
      const row = await users.findByEmail(email);
      if (row === null) throw new Error(`${email} missing`);
      return toUser(row);
    };
    expect(await byEmail('admin@nestling.health')).toMatchObject({
      isAdminUser: true,
      name: { First: 'Avery', Last: 'Admin' },
    });
    expect(await byEmail('mother@demo.test')).toMatchObject({
      id: demoCouple.motherId,
      sex: 'Female',
    });
    expect(await byEmail('father@demo.test')).toMatchObject({
      id: demoCouple.fatherId,
      sex: 'Male',
    });
    expect(await byEmail('individual@demo.test')).toMatchObject({ enableDataPortal: true });
    expect(await byEmail('new@demo.test')).toMatchObject({
      isAdminUser: false,
      enableDataPortal: false,
      healthSurveyStatus: null,
      tosAccepted: false,
      hipaaAccepted: false,
    });
    const admins = ['admin@nestling.health', 'staff@demo.test'];
    for (const email of demoEmails) {
      expect((await byEmail(email)).isAdminUser, email).toBe(admins.includes(email));
      // Only the prospective patient has the demo flag (lab staff may open demos anyway).
      expect((await users.findByEmail(email))?.demoReports, email).toBe(email === 'new@demo.test');
    }
  });

  it("gives the demo mother a submitted survey, and the father's results shared with her", async () => {
    const surveys = await queryRows<{ user_id: string; variant: string; status: string }>(
      database,
      sql`select user_id, variant, status from survey_response`,
    );
    expect(surveys).toEqual([
      { user_id: demoCouple.motherId, variant: 'saliva-mother', status: 'completed' },
    ]);
    const [mother] = await queryRows<{ response: { item: { linkId: string }[] } }>(
      database,
      sql`select response from survey_response where user_id = ${demoCouple.motherId}`,
    );
    expect(JSON.stringify(mother?.response)).toContain('"linkId":"self-asthma"');
    const [couple] = await queryRows<{ mother: boolean; father: boolean }>(
      database,
      sql`select mother_shares_individual as mother, father_shares_individual as father
          from couple_account where id = ${demoCoupleAccountId}`,
    );
    expect(couple).toEqual({ mother: false, father: true });
  });

  it('stores the password the way better-auth signs in with it', async () => {
    for (const demo of demoAccounts) {
      const rows = await database.db.select().from(account).where(eq(account.userId, demo.id));
      expect(rows, demo.email).toHaveLength(1);
      const credential = rows[0];
      expect(credential).toMatchObject({ providerId: 'credential', accountId: demo.id });
      expect(
        await verifyPassword({ hash: credential?.password ?? '', password: DEMO_PASSWORD }),
        demo.email,
      ).toBe(true);
      expect(await verifyPassword({ hash: credential?.password ?? '', password: 'wrong' })).toBe(
        false,
      );
    }
  });

  it('changes nothing when run again', async () => {
    expect(await seedDemoDataIfEmpty(database.db)).toBeNull();
    expect(await seedDemoData(database.db, { fileStore: createLocalFileStore(filesDir) })).toEqual({
      created: [],
      skipped: demoEmails,
      reports: [],
      documents: [],
    });
    const versions = await database.db.select().from(reportVersion);
    expect(versions).toHaveLength(6);
    expect(await createUsersRepository(database.db).count()).toBe(demoAccounts.length);
  });
});

describe.each(testDatabaseKinds)('seeding a database with users on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('leaves a database that has users alone at start, and fills gaps when asked', async () => {
    const users = createUsersRepository(database.db);
    // Someone signed up with a demo address before the seed ran.
    await users.insertWithPassword(
      { id: 'real-user', name: 'Real Person', email: 'new@demo.test' },
      'not-a-demo-hash',
    );
    expect(await seedDemoDataIfEmpty(database.db)).toBeNull();
    expect(await users.count()).toBe(1);

    const result = await seedDemoData(database.db);
    expect(result.skipped).toEqual(['new@demo.test']);
    expect(result.created).toHaveLength(demoAccounts.length - 1);
    expect((await users.findByEmail('new@demo.test'))?.id).toBe('real-user');
    expect(await users.findById('demo-new')).toBeNull();
  });
});
