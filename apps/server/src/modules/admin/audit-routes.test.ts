import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY,
  AUDIT_CSV_MAX_ROWS,
  AUDIT_DATES_REVERSED,
  auditAnswerSchema,
  auditCsvTooLarge,
} from '@nestling/shared/contract/admin';
import type { App } from '../../app.ts';
import { auditLog } from '../audit/schema.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';

/** Five rows on five January days, so that filters and pages have known answers. */
const january = [
  {
    id: 'row-1',
    at: new Date('2026-01-05T10:00:00Z'),
    actorId: 'demo-admin',
    subjectId: 'demo-mother',
    action: 'view-as',
    route: 'GET /api/user',
    page: '/reports/joint',
    pageViewId: '11111111-1111-4111-8111-111111111111',
    requestId: 'req-1',
  },
  {
    id: 'row-2',
    at: new Date('2026-01-06T10:00:00Z'),
    actorId: 'demo-admin',
    subjectId: 'demo-father',
    action: 'impersonation-read',
    route: 'GET /api/kits',
    requestId: 'req-2',
  },
  {
    id: 'row-3',
    at: new Date('2026-01-07T10:00:00Z'),
    actorId: 'demo-father',
    subjectId: 'demo-father',
    action: 'partner-sharing',
    route: 'PUT /api/partner/sharing',
    requestId: 'req-3',
  },
  {
    id: 'row-4',
    at: new Date('2026-01-08T10:00:00Z'),
    actorId: 'demo-admin',
    subjectId: 'formula-user',
    action: 'view-as',
    route: 'GET /api/user',
    page: '/reports',
    requestId: 'a "quoted", value',
  },
  {
    id: 'row-5',
    at: new Date('2026-01-09T10:00:00Z'),
    actorId: 'demo-admin',
    subjectId: 'demo-mother',
    action: 'view-as',
    route: 'GET /api/orders',
    requestId: 'req-5',
  },
];
const JANUARY = 'from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z';

describe.each(testDatabaseKinds)('the audit log for staff on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let adminToken: string;
  let patientToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    // An email a spreadsheet would take for a formula.
    await createTestUser(database.db, {
      id: 'formula-user',
      email: '=1+2@example.org',
      firstName: 'Formula',
      lastName: 'User',
    });
    await database.db.insert(auditLog).values(january);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
    adminToken = await signInToken(app, 'admin@nestling.health');
    patientToken = await signInToken(app, 'mother@demo.test');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const get = (token: string, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(token) });

  async function ids(query: string) {
    const response = await get(adminToken, `/api/admin/audit?${query}`);
    expect(response.statusCode, query).toBe(200);
    const answer = auditAnswerSchema.parse(response.json());
    return { ids: answer.entries.map((entry) => entry.id), total: answer.total };
  }

  it('is for staff only: a patient gets 403, the signed out 401', async () => {
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv']) {
      const patient = await get(patientToken, url);
      expect(patient.statusCode, url).toBe(403);
      expect(patient.json<{ message: string }>().message).toBe(ADMIN_ONLY);
      expect(patient.body).not.toContain('demo-mother');
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('filters by staff member, patient (id or email), action and time', async () => {
    expect(await ids(JANUARY)).toEqual({
      ids: ['row-5', 'row-4', 'row-3', 'row-2', 'row-1'],
      total: 5,
    });
    expect(await ids(`${JANUARY}&actor=Admin%40Nestling.health`)).toEqual({
      ids: ['row-5', 'row-4', 'row-2', 'row-1'],
      total: 4,
    });
    expect((await ids(`${JANUARY}&actor=demo-father`)).ids).toEqual(['row-3']);
    expect((await ids(`${JANUARY}&subject=mother%40demo.test`)).ids).toEqual(['row-5', 'row-1']);
    expect((await ids(`${JANUARY}&subject=demo-father&action=impersonation-read`)).ids).toEqual([
      'row-2',
    ]);
    expect((await ids(`${JANUARY}&action=view-as`)).total).toBe(3);
    // `from` counts, `to` does not; an offset is honored.
    expect((await ids('from=2026-01-06T10:00:00Z&to=2026-01-08T05:00:00-05:00')).ids).toEqual([
      'row-3',
      'row-2',
    ]);
    expect(await ids('from=2026-01-09T10:00:00Z&to=2026-01-09T10:00:00Z')).toEqual({
      ids: [],
      total: 0,
    });
    expect((await ids(`${JANUARY}&subject=nobody%40demo.test`)).total).toBe(0);
  });

  it('answers each entry with its emails, page and route', async () => {
    const response = await get(adminToken, `/api/admin/audit?${JANUARY}&pageSize=5`);
    const oldest = auditAnswerSchema.parse(response.json()).entries.at(-1);
    expect(oldest).toEqual({
      id: 'row-1',
      at: '2026-01-05T10:00:00.000Z',
      action: 'view-as',
      route: 'GET /api/user',
      page: '/reports/joint',
      requestId: 'req-1',
      actorId: 'demo-admin',
      actorEmail: 'admin@nestling.health',
      subjectId: 'demo-mother',
      subjectEmail: 'mother@demo.test',
    });
  });

  it('refuses a reversed date range and malformed filters', async () => {
    const reversed = await get(
      adminToken,
      '/api/admin/audit?from=2026-01-09T00:00:00Z&to=2026-01-05T00:00:00Z',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toContain(AUDIT_DATES_REVERSED);
    for (const query of ['from=2026-01-05', 'to=yesterday', 'subject=', 'actor=%20']) {
      expect((await get(adminToken, `/api/admin/audit?${query}`)).statusCode, query).toBe(400);
      expect((await get(adminToken, `/api/admin/audit.csv?${query}`)).statusCode, query).toBe(400);
    }
    for (const query of ['page=0', 'page=1.5', 'pageSize=201']) {
      expect((await get(adminToken, `/api/admin/audit?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('pages on the server: a page size, the page and the total', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const response = await get(adminToken, `/api/admin/audit?${JANUARY}&pageSize=2&page=${page}`);
      const answer = auditAnswerSchema.parse(response.json());
      expect(answer).toMatchObject({ total: 5, page, pageSize: 2 });
      pages.push(answer.entries.map((entry) => entry.id));
    }
    expect(pages).toEqual([['row-5', 'row-4'], ['row-3', 'row-2'], ['row-1']]);
    expect((await ids(`${JANUARY}&pageSize=2&page=4`)).ids).toEqual([]);
    // 50 a page unless asked.
    const plain = auditAnswerSchema.parse((await get(adminToken, '/api/admin/audit')).json());
    expect(plain).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('exports the filtered entries as CSV, escaped and safe from formulas, and records it', async () => {
    const response = await get(adminToken, `/api/admin/audit.csv?${JANUARY}&actor=demo-admin`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="audit-log-${today}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.split('\r\n');
    expect(lines).toEqual([
      '"time (UTC)","staff member","staff member id","patient","patient id","action","page","route","request id"',
      '"2026-01-09T10:00:00.000Z","admin@nestling.health","demo-admin","mother@demo.test","demo-mother","view-as","","GET /api/orders","req-5"',
      // The email starting with = is plain text; quotes inside a cell are doubled.
      `"2026-01-08T10:00:00.000Z","admin@nestling.health","demo-admin","'=1+2@example.org","formula-user","view-as","/reports","GET /api/user","a ""quoted"", value"`,
      '"2026-01-06T10:00:00.000Z","admin@nestling.health","demo-admin","father@demo.test","demo-father","impersonation-read","","GET /api/kits","req-2"',
      '"2026-01-05T10:00:00.000Z","admin@nestling.health","demo-admin","mother@demo.test","demo-mother","view-as","/reports/joint","GET /api/user","req-1"',
      '',
    ]);

    const exports = await queryRows<{ actor_id: string; route: string; request_id: string }>(
      database,
      sql`select actor_id, route, request_id from audit_log where action = 'audit-export'`,
    );
    expect(exports).toEqual([
      {
        actor_id: 'demo-admin',
        route: 'GET /api/admin/audit.csv',
        request_id: response.headers['x-request-id'],
      },
    ]);
  });

  it(`refuses a CSV of more than ${String(AUDIT_CSV_MAX_ROWS)} entries rather than cutting it`, async () => {
    const many = Array.from({ length: AUDIT_CSV_MAX_ROWS + 1 }, (_, index) => ({
      id: `bulk-${String(index)}`,
      at: new Date('2025-06-01T00:00:00Z'),
      actorId: 'demo-admin',
      subjectId: 'demo-father',
      action: 'view-as',
    }));
    for (let start = 0; start < many.length; start += 2000) {
      await database.db.insert(auditLog).values(many.slice(start, start + 2000));
    }
    const june = 'from=2025-06-01T00:00:00Z&to=2025-06-02T00:00:00Z';
    const tooMany = await get(adminToken, `/api/admin/audit.csv?${june}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toBe(
      auditCsvTooLarge(AUDIT_CSV_MAX_ROWS + 1),
    );
    const fits = await get(adminToken, `/api/admin/audit.csv?${june}&subject=nobody`);
    expect(fits.body.split('\r\n')).toHaveLength(2);
  });
});
