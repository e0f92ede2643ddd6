import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  USER_NOT_FOUND,
  userAnswerSchema,
  VIEW_AS_ADMIN_ONLY,
} from '@nestling/shared/contract/portal-user';
import { PAGE_PATH_HEADER, PAGE_VIEW_HEADER } from '@nestling/shared/page-view';
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

interface AuditRow {
  actor_id: string | null;
  subject_id: string | null;
  action: string;
  route: string | null;
  request_id: string | null;
}

describe.each(testDatabaseKinds)('view-as (GET /api/user?asUser=) on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let adminToken: string;
  let motherToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
    adminToken = await signInToken(app, 'admin@nestling.health');
    motherToken = await signInToken(app, 'mother@demo.test');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const getUser = (token: string, query = '') =>
    app.inject({ method: 'GET', url: `/api/user${query}`, headers: bearer(token) });

  const viewAsRows = (subjectId: string) =>
    queryRows<AuditRow>(
      database,
      sql`select actor_id, subject_id, action, route, request_id from audit_log
          where action = 'view-as' and subject_id = ${subjectId} order by at`,
    );

  async function auditCount() {
    const rows = await queryRows<{ count: number }>(
      database,
      sql`select count(*)::int as count from audit_log`,
    );
    return rows[0]?.count;
  }

  it("answers the caller's own user without asUser, and writes no audit row", async () => {
    const response = await getUser(motherToken);
    expect(response.statusCode).toBe(200);
    expect(userAnswerSchema.parse(response.json()).user).toMatchObject({
      id: 'demo-mother',
      email: 'mother@demo.test',
    });
    const admin = await getUser(adminToken);
    expect(admin.json<{ user: { id: string } }>().user.id).toBe('demo-admin');
    expect(await auditCount()).toBe(0);
  });

  it('refuses asUser from a patient, even with their own id, and records nothing', async () => {
    for (const asUser of ['demo-father', 'demo-mother', 'father@demo.test']) {
      const response = await getUser(motherToken, `?asUser=${encodeURIComponent(asUser)}`);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(VIEW_AS_ADMIN_ONLY);
    }
    expect(await viewAsRows('demo-father')).toHaveLength(0);
  });

  it("shows an admin that user's data by id and by email, one audit row per read", async () => {
    const byId = await getUser(adminToken, '?asUser=demo-father');
    expect(byId.statusCode).toBe(200);
    expect(userAnswerSchema.parse(byId.json()).user).toMatchObject({
      id: 'demo-father',
      email: 'father@demo.test',
      name: { First: 'Daniel', Last: 'Demo' },
    });
    expect(await viewAsRows('demo-father')).toEqual([
      {
        actor_id: 'demo-admin',
        subject_id: 'demo-father',
        action: 'view-as',
        route: 'GET /api/user',
        request_id: byId.headers['x-request-id'],
      },
    ]);

    // Trimmed and in any case; the report flags are accepted (the father has a joint report).
    const byEmail = await getUser(
      adminToken,
      `?asUser=${encodeURIComponent('  Father@Demo.TEST ')}&preconception=true&withPartner=false`,
    );
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json<{ user: { id: string } }>().user.id).toBe('demo-father');
    const rows = await viewAsRows('demo-father');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.request_id).toBe(byEmail.headers['x-request-id']);
    // The route pattern, never the raw URL with the email in its query.
    expect(rows[1]?.route).toBe('GET /api/user');
  });

  it('writes one row per page view the web app names, and one per read outside one', async () => {
    const view = (id: string, page: string) => ({
      ...bearer(adminToken),
      [PAGE_VIEW_HEADER]: id,
      [PAGE_PATH_HEADER]: page,
    });
    const first = '0b7c2f4e-8a51-4c3e-9d6a-5f1e2d3c4b5a';
    const second = '6f0e1d2c-3b4a-4958-a7b6-c5d4e3f2a1b0';
    const read = (url: string, headers: Record<string, string>) =>
      app.inject({ method: 'GET', url, headers });
    const opened = await read('/api/user?asUser=demo-embryo', view(first, '/reports/joint'));
    expect(opened.statusCode).toBe(200);
    // The page's other reads, and a refetch, fold into its row.
    await read('/api/user?asUser=embryo%40demo.test', view(first, '/reports/joint'));
    await read('/api/kits?asUser=demo-embryo', view(first, '/reports/joint'));
    expect(await viewAsRows('demo-embryo')).toEqual([
      {
        actor_id: 'demo-admin',
        subject_id: 'demo-embryo',
        action: 'view-as',
        route: 'GET /api/user',
        request_id: opened.headers['x-request-id'],
      },
    ]);
    const pages = () =>
      queryRows<{ page: string | null }>(
        database,
        sql`select page from audit_log where subject_id = 'demo-embryo' order by at, page`,
      );
    expect(await pages()).toEqual([{ page: '/reports/joint' }]);

    // Another page, or the same page opened again, is a view of its own.
    await read('/api/kits?asUser=demo-embryo', view(first, '/activate'));
    await read('/api/user?asUser=demo-embryo', view(second, '/reports/joint'));
    await read('/api/user?asUser=demo-embryo', view(second, '/reports/joint'));
    expect(await viewAsRows('demo-embryo')).toHaveLength(3);

    // A read that names no page view, or a malformed one, is written on its own every time.
    await getUser(adminToken, '?asUser=demo-embryo');
    await getUser(adminToken, '?asUser=demo-embryo');
    await read('/api/user?asUser=demo-embryo', view('not-a-uuid', '/reports'));
    await read('/api/user?asUser=demo-embryo', view(second, 'https://elsewhere.test/'));
    expect(await viewAsRows('demo-embryo')).toHaveLength(7);
    expect((await pages()).filter((row) => row.page === null)).toHaveLength(4);
  });

  it('answers 404 for an unknown user, by id or email, and records nothing', async () => {
    const before = await auditCount();
    for (const asUser of ['no-such-user', 'nobody@demo.test']) {
      const response = await getUser(adminToken, `?asUser=${encodeURIComponent(asUser)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(USER_NOT_FOUND);
    }
    expect(await auditCount()).toBe(before);
  });

  it('refuses a malformed query and a missing token', async () => {
    expect((await getUser(adminToken, '?asUser=')).statusCode).toBe(400);
    expect((await getUser(adminToken, '?embryo=maybe')).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user?asUser=demo-father' })).statusCode,
    ).toBe(401);
  });
});
