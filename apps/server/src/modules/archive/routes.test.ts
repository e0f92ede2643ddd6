import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { unzipSync, type Unzipped } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_NOT_ACCEPTABLE,
  ARCHIVE_RATE_LIMIT,
  ARCHIVE_TOO_MANY,
  archiveProfileSchema,
  archiveReportVersionSchema,
} from '@nestling/shared/contract/archive';
import { documentsAnswerSchema } from '@nestling/shared/contract/document';
import {
  userAnswerSchema,
  VIEW_AS_ADMIN_ONLY,
  type UserAnswer,
} from '@nestling/shared/contract/portal-user';
import { reportAnswerSchema, type ReportSummary } from '@nestling/shared/contract/report-view';
import type { App } from '../../app.ts';
import { demoCounselor } from '../../demo/counselors.ts';
import { demoCoupleAccountId } from '../demo-reports/payloads.ts';
import { appointment } from '../appointments/schema.ts';
import { user } from '../auth/schema.ts';
import { clinicShare } from '../clinic-sharing/schema.ts';
import { patientClinic } from '../clinics/schema.ts';
import { accountDeletion } from '../data-rights/schema.ts';
import { document } from '../documents/schema.ts';
import { dataExport } from '../exports/schema.ts';
import { genotypeImport } from '../imports/schema.ts';
import { kit, returnLabel } from '../kits/schema.ts';
import { report } from '../lab/schema.ts';
import { partnerInvitation } from '../partner/schema.ts';
import { orderEvent, purchaseOrder } from '../purchase-orders/schema.ts';
import { reportReading } from '../reports/schema.ts';
import { sensitiveRelease } from '../sensitive-results/schema.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createLogger } from '../../logger.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { rowsNaming } from '../../test/person-rows.ts';
import { ARCHIVED_TABLES, TABLES_LEFT_OUT } from './records.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

const ZIP = { accept: 'application/zip' };
const emailOf = (who: string) => (who === 'admin' ? 'admin@nestling.health' : `${who}@demo.test`);

describe.each(testDatabaseKinds)('the archive on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const tokens: Record<string, string> = {};
  const logLines: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-archive-'));
  const filesDir = path.join(dataDir, 'files');

  let folderToLose: string | null = null;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, { fileStore: createLocalFileStore(filesDir) });
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir },
      // Once an archive's answer is made (its entries chosen, none read yet), the folder a
      // test names goes away: its files fail when the stream reaches them.
      routes: (testApp) => {
        testApp.addHook('onSend', async (request, _reply, payload) => {
          if (folderToLose !== null && request.url.startsWith('/api/user/archive')) {
            renameSync(folderToLose, `${folderToLose}-away`);
            folderToLose = null;
          }
          return payload;
        });
      },
      logger: createLogger(
        { logLevel: 'info' },
        {
          write(line: string) {
            logLines.push(line);
          },
        },
      ),
    });
    for (const who of ['admin', 'mother', 'father', 'individual', 'embryo', 'new'] as const) {
      tokens[who] = await signInToken(app, emailOf(who));
    }
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const auth = (who: string) => bearer(tokens[who] ?? '');
  const get = (who: string, url: string) => app.inject({ method: 'GET', url, headers: auth(who) });
  const post = (who: string, query = '', headers: Record<string, string> = ZIP) =>
    app.inject({
      method: 'POST',
      url: `/api/user/archive${query}`,
      headers: { ...auth(who), ...headers },
    });
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;
  const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');

  const archiveOf = async (who: string, query = '') => {
    const response = await post(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return { response, files: unzipSync(new Uint8Array(response.rawPayload)) };
  };

  /** GET /user with flags. */
  const portal = async (who: string, query: string): Promise<UserAnswer> => {
    const response = await get(who, `/api/user?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return userAnswerSchema.parse(response.json());
  };

  /** Every report the portal shows the user, whichever account or order is chosen. */
  const visibleReports = async (who: string): Promise<ReportSummary[]> => {
    const found = new Map<string, ReportSummary>();
    const withEmbryo = await portal(who, 'embryo=true');
    for (const account of withEmbryo.accounts ?? []) {
      for (const report of account.embryoReports ?? []) found.set(report.id, report);
    }
    const withJoint = await portal(who, 'preconception=true');
    for (const account of withJoint.accounts ?? []) {
      const chosen = await portal(who, `preconception=true&preferredAccount=${account.id}`);
      for (const report of chosen.preconceptionReports ?? []) found.set(report.id, report);
    }
    const individual = await portal(who, 'individual=true');
    for (const order of individual.individualOrders ?? []) {
      const chosen = await portal(
        who,
        `individual=true&withIndividualReport=true&preferredOrder=${order.id}`,
      );
      if (chosen.order?.report) found.set(chosen.order.report.id, chosen.order.report);
    }
    return [...found.values()];
  };

  const documentsOf = async (who: string) => {
    const response = await get(who, '/api/user/documents');
    expect(response.statusCode, response.body).toBe(200);
    return documentsAnswerSchema.parse(response.json()).documents;
  };

  /** The archive holds each report the portal shows (each version, the latest PDF) and no other. */
  async function expectReportsOf(who: string, files: Unzipped) {
    const expected = new Set<string>();
    for (const summary of await visibleReports(who)) {
      const folder = `reports/${summary.kind}-${summary.labReportId}`;
      const latest = await get(who, `/api/reports/${summary.id}`);
      const { versions } = reportAnswerSchema.parse(latest.json());
      for (const { version } of versions) {
        const name = `${folder}/version-${String(version)}.json`;
        expected.add(name);
        const stored = reportAnswerSchema.parse(
          (await get(who, `/api/reports/${summary.id}?version=${String(version)}`)).json(),
        ).report;
        const archived = archiveReportVersionSchema.parse(JSON.parse(text(files[name])));
        expect(archived).toEqual({
          kind: stored.kind,
          labReportId: stored.labReportId,
          version,
          signedOffOn: stored.signedOffOn,
          receivedAt: stored.receivedAt,
          changelog: stored.changelog,
          content: stored.content,
        });
      }
      const pdfName = `${folder}/version-${String(summary.version)}.pdf`;
      expected.add(pdfName);
      const pdf = Buffer.from(files[pdfName] ?? []);
      expect(pdf.subarray(0, 5).toString('latin1'), pdfName).toBe('%PDF-');
      expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
    }
    expect(new Set(Object.keys(files).filter((name) => name.startsWith('reports/')))).toEqual(
      expected,
    );
  }

  /** The archive holds each document the documents endpoint lists, byte for byte in size. */
  async function expectDocumentsOf(who: string, files: Unzipped) {
    const listed = await documentsOf(who);
    const names = listed.map((document) => `documents/${document.date}-${document.fileName}`);
    expect(new Set(Object.keys(files).filter((name) => name.startsWith('documents/')))).toEqual(
      new Set(names),
    );
    listed.forEach((document, index) => {
      expect(files[names[index] ?? '']?.length).toBe(document.size);
    });
  }

  function expectReadmeListsEverything(files: Unzipped, who: string) {
    const readme = text(files['README.txt']);
    expect(readme).toContain(emailOf(who));
    expect(readme).toMatch(/It was made on \d{1,2}\/\d{1,2}\/\d{4} at \d{2}:\d{2} UTC\./);
    const lines = readme.split('\n');
    for (const name of Object.keys(files)) expect(lines, name).toContain(name);
  }

  it('holds every report, version and document of the user, and a README listing them, as an attachment', async () => {
    for (const who of ['mother', 'father', 'individual', 'embryo']) {
      const { response, files } = await archiveOf(who);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="nestling-archive-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(Object.keys(files)[0]).toBe('README.txt');

      const profile = archiveProfileSchema.parse(JSON.parse(text(files['profile.json'])));
      expect(profile.user.email).toBe(emailOf(who));
      const couple = await portal(who, 'preconception=true&embryo=true&withPartner=true');
      expect(profile.accounts.map((account) => account.id)).toEqual(
        (couple.accounts ?? []).map((account) => account.id),
      );
      const individual = await portal(who, 'individual=true');
      expect(profile.individualOrders).toEqual(individual.individualOrders ?? []);

      await expectReportsOf(who, files);
      await expectDocumentsOf(who, files);
      expectReadmeListsEverything(files, who);
    }
  });

  it('holds a record of every kind: each table with the person’s rows is in the archive, or says why not', async () => {
    const mother = { id: 'demo-mother', email: emailOf('mother') };
    const db = app.database.db;
    // Something of every kind, besides the seeded orders, survey, terms and documents.
    const [order] = await db
      .select()
      .from(purchaseOrder)
      .where(eq(purchaseOrder.userId, mother.id));
    const kits = await db
      .select()
      .from(kit)
      .where(eq(kit.orderId, order?.id ?? ''));
    const [joint] = await db
      .select({ id: report.id })
      .from(report)
      .where(eq(report.coupleAccountId, demoCoupleAccountId));
    const [firstDocument] = await db
      .select({ id: document.id })
      .from(document)
      .where(eq(document.userId, mother.id));
    const at = new Date('2026-03-02T15:00:00Z');
    await db.insert(appointment).values({
      id: 'archive-appointment',
      userId: mother.id,
      counselorId: demoCounselor.id,
      startsAt: at,
      endsAt: new Date(at.getTime() + 30 * 60_000),
    });
    await db.insert(orderEvent).values({
      id: 'archive-event',
      orderId: order?.id ?? '',
      stage: 'shipped',
      at,
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      source: 'staff',
    });
    await db.insert(returnLabel).values({
      kitId: kits[0]?.id ?? '',
      userId: mother.id,
      documentId: firstDocument?.id ?? '',
    });
    await db.insert(partnerInvitation).values({
      id: 'archive-invitation',
      coupleAccountId: demoCoupleAccountId,
      invitedBy: mother.id,
      email: 'partner@archive.test',
      role: 'father',
      tokenHash: 'archive-token-hash',
      lastSentAt: at,
      expiresAt: at,
    });
    await db.insert(patientClinic).values({
      userId: mother.id,
      clinicId: 'demo-clinic-hudson',
      sharingSince: at,
    });
    await db.insert(clinicShare).values({
      id: 'archive-share',
      tokenHash: 'archive-share-hash',
      userId: mother.id,
      clinicId: 'demo-clinic-hudson',
      expiresAt: at,
    });
    await db.insert(genotypeImport).values({
      id: 'archive-import',
      userId: mother.id,
      fileName: 'genome_Maya.txt',
      size: 1234,
      state: 'done',
    });
    await db.insert(dataExport).values({
      id: 'archive-export',
      userId: mother.id,
      kind: 'genotypes-vcf',
      importId: 'archive-import',
      state: 'ready',
    });
    await db
      .insert(reportReading)
      .values({ reportId: joint?.id ?? '', userId: mother.id, openedVersion: 1 })
      .onConflictDoNothing();
    await db.insert(sensitiveRelease).values({
      reportId: joint?.id ?? '',
      userId: mother.id,
      hadAppointment: true,
    });
    await db.insert(accountDeletion).values({
      id: 'archive-deletion',
      userId: mother.id,
      requestedAt: at,
      dueAt: at,
    });
    await db.update(user).set({ researchConsentAt: at }).where(eq(user.id, mother.id));

    const { files } = await archiveOf('mother');
    const found = await rowsNaming(database, mother);
    for (const table of Object.keys(found)) {
      const place = ARCHIVED_TABLES[table];
      expect(place ?? TABLES_LEFT_OUT[table], `where the rows of ${table} go`).toBeDefined();
      if (place === undefined) continue;
      const inArchive = Object.keys(files).filter((name) =>
        place.endsWith('/') ? name.startsWith(place) : name === place,
      );
      expect(inArchive, `the archive's ${place} for ${table}`).not.toEqual([]);
      if (place.endsWith('/')) continue;
      // Each of the person's rows is in its file, by its id.
      const ids = await queryRows<{ id: string }>(
        database,
        sql`select t.id as id from ${sql.identifier(table)} as t
            where t::text like ${`%${mother.id}%`} or lower(t::text) like ${`%${mother.email}%`}`,
      ).catch(() => []);
      for (const { id } of ids) expect(text(files[place]), `${table} ${id}`).toContain(id);
    }
    expect(Object.keys(found).length).toBeGreaterThanOrEqual(18);

    const records = (name: string) => JSON.parse(text(files[`records/${name}.json`])) as unknown;
    const orders = records('orders') as {
      orders: {
        id: string;
        kits: { id: string; shippingAddress: unknown }[];
        tracker: { trackingNumber: string | null }[];
      }[];
    };
    const bought = orders.orders.find((item) => item.id === order?.id);
    expect(bought?.kits.map((item) => item.id).sort()).toEqual(kits.map((item) => item.id).sort());
    expect(bought?.kits[0]?.shippingAddress).toEqual(kits[0]?.shippingAddress);
    expect(bought?.tracker.map((step) => step.trackingNumber)).toContain('1Z999AA10123456784');
    expect(records('appointments')).toMatchObject([
      { id: 'archive-appointment', counselor: demoCounselor.name, status: 'booked' },
    ]);
    expect(records('consents')).toMatchObject({
      researchConsentSince: at.toISOString(),
      termsAccepted: [{ document: 'Terms of service' }, { document: 'HIPAA notice' }],
      sensitiveResultsShown: [{ reportId: joint?.id }],
      accountDeletion: { dueAt: at.toISOString() },
    });
    const surveys = records('health-surveys') as { resourceType: string; item: unknown[] }[];
    expect(surveys[0]?.resourceType).toBe('QuestionnaireResponse');
    expect(surveys[0]?.item.length).toBeGreaterThan(0);
    // Secrets are never records: no token hash of an invitation or a clinic link.
    expect(Object.values(files).map(text).join('\n')).not.toMatch(/archive-(token|share)-hash/);
    expect(text(files['README.txt'])).toContain('records/orders.json');
  });

  it('keeps every version of a corrected report and prints the latest; never another person’s', async () => {
    const individual = Object.keys((await archiveOf('individual')).files);
    expect(individual).toEqual(
      expect.arrayContaining([
        'reports/individual-DEMO-IND-IRIS/version-1.json',
        'reports/individual-DEMO-IND-IRIS/version-2.json',
        'reports/individual-DEMO-IND-IRIS/version-2.pdf',
      ]),
    );
    expect(individual).not.toContain('reports/individual-DEMO-IND-IRIS/version-1.pdf');

    const { files } = await archiveOf('mother');
    const mother = Object.keys(files);
    expect(mother).toContain('reports/joint-DEMO-JOINT/version-1.pdf');
    expect(mother.some((name) => name.includes('DEMO-IND-IRIS'))).toBe(false);
    expect(text(files['README.txt'])).not.toContain('DEMO-IND-IRIS');
    expect(text(files['profile.json'])).not.toContain('individual@demo.test');
  });

  /*
   * Streaming is seen over a real connection: an injected response may gather what the
   * server wrote before the test reads it.
   */
  let origin: string | null = null;
  const overHttp = async (who: string) => {
    origin ??= await app.listen({ port: 0, host: '127.0.0.1' });
    return fetch(`${origin}/api/user/archive`, {
      method: 'POST',
      headers: { ...auth(who), ...ZIP },
    });
  };
  const readAll = async (body: ReadableStream<Uint8Array> | null, chunks: Buffer[]) => {
    if (body === null) throw new Error('No body');
    for await (const chunk of body) chunks.push(Buffer.from(chunk));
  };

  it('streams: the README leaves first, before the reports are rendered', async () => {
    const response = await overHttp('embryo');
    expect(response.status).toBe(200);
    const chunks: Buffer[] = [];
    await readAll(response.body, chunks);
    const first = chunks[0] ?? Buffer.alloc(0);
    // A local file header (PK\3\4) whose name, at byte 30, is the README's.
    expect(first.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(first.subarray(30, 40).toString('latin1')).toBe('README.txt');
    expect(Object.keys(unzipSync(new Uint8Array(Buffer.concat(chunks))))).toContain(
      'reports/embryo-DEMO-EMBRYO/version-1.pdf',
    );
  });

  it('answers 406 without Accept: application/zip, and 401 without a token', async () => {
    const refusedAccepts: Record<string, string>[] = [
      {},
      { accept: 'application/json' },
      { accept: '*/*' },
    ];
    for (const headers of refusedAccepts) {
      const response = await post('mother', '', headers);
      expect(response.statusCode).toBe(406);
      expect(response.headers['content-type']).toContain('application/json');
      expect(message(response)).toBe(ARCHIVE_NOT_ACCEPTABLE);
    }
    const anonymous = await app.inject({ method: 'POST', url: '/api/user/archive', headers: ZIP });
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives an admin the patient's archive with one audit row; a patient's asUser is 403", async () => {
    const viewAsRows = async () => {
      const rows = await queryRows<{ count: number | string }>(
        database,
        sql`select count(*) as count from audit_log where action = 'view-as'`,
      );
      return Number(rows[0]?.count);
    };
    const before = await viewAsRows();
    const { files } = await archiveOf('admin', '?asUser=individual@demo.test');
    expect(await viewAsRows()).toBe(before + 1);
    const profile = archiveProfileSchema.parse(JSON.parse(text(files['profile.json'])));
    expect(profile.user.email).toBe('individual@demo.test');
    await expectReportsOf('individual', files);
    await expectDocumentsOf('individual', files);

    const refused = await post('mother', '?asUser=father@demo.test');
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(VIEW_AS_ADMIN_ONLY);
    expect(await viewAsRows()).toBe(before + 1);
  });

  it('lists a document whose file is missing as not included, and sends the rest', async () => {
    const folder = path.join(filesDir, 'demo-embryo');
    renameSync(folder, `${folder}-away`);
    try {
      const { files } = await archiveOf('embryo');
      expect(Object.keys(files).some((name) => name.startsWith('documents/'))).toBe(false);
      expect(Object.keys(files)).toContain('reports/embryo-DEMO-EMBRYO/version-1.pdf');
      const readme = text(files['README.txt']);
      const [consent] = await documentsOf('embryo');
      expect(readme).toContain('Not included');
      expect(readme).toContain(`- ${consent?.title ?? '?'}, dated`);
    } finally {
      renameSync(`${folder}-away`, folder);
    }
  });

  it('cuts the download off when a file fails after streaming began, and logs no health data', async () => {
    const folder = path.join(filesDir, 'demo-father');
    // The documents are read last, after the README and the reports have left: the answer has
    // begun (200) when their folder is found gone.
    folderToLose = folder;
    const chunks: Buffer[] = [];
    let response: Response;
    try {
      response = await overHttp('father');
      expect(response.status).toBe(200);
      await expect(readAll(response.body, chunks)).rejects.toThrow();
    } finally {
      renameSync(`${folder}-away`, folder);
    }
    expect(chunks.length).toBeGreaterThan(0);
    expect(() => unzipSync(new Uint8Array(Buffer.concat(chunks)))).toThrow();

    const requestId = String(response.headers.get('x-request-id'));
    const lines = logLines.filter((line) => line.includes(requestId));
    expect(lines.some((line) => line.includes('The archive stopped'))).toBe(true);
    const log = lines.join('');
    // Entries are named by their kind and id only: not by the file's name or title.
    for (const secret of ['consent-form', 'Consent to', 'DEMO-', 'father@demo.test', 'Daniel']) {
      expect(log).not.toContain(secret);
    }
  });

  it(`refuses a person's archive after ${String(ARCHIVE_RATE_LIMIT.limit)} in ${String(ARCHIVE_RATE_LIMIT.windowMinutes)} minutes, with 429`, async () => {
    for (let count = 0; count < ARCHIVE_RATE_LIMIT.limit; count += 1) {
      const { files } = await archiveOf('new');
      // A new person: their details and empty records, no report or document.
      expect(Object.keys(files).filter((name) => !name.startsWith('records/'))).toEqual([
        'README.txt',
        'profile.json',
      ]);
    }
    const refused = await post('new');
    expect(refused.statusCode).toBe(429);
    expect(message(refused)).toBe(ARCHIVE_TOO_MANY);
    expect(refused.headers['retry-after']).toBe(String(ARCHIVE_RATE_LIMIT.windowMinutes * 60));
    // Another person's count is their own.
    expect((await post('embryo')).statusCode).toBe(200);
  });
});
