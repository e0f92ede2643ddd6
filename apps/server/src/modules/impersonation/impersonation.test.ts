import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMINS_NOT_IMPERSONATED,
  IMPERSONATION_SECONDS,
  NOT_IMPERSONATING,
  PRIMARY_ADMIN_ONLY,
} from '@nestling/shared/contract/admin';
import { NOT_WHILE_IMPERSONATING } from '@nestling/shared/contract/auth';
import { USER_NOT_FOUND, VIEW_AS_ADMIN_ONLY } from '@nestling/shared/contract/portal-user';
import { currentUserSchema } from '@nestling/shared/contract/user';
import { PAGE_PATH_HEADER, PAGE_VIEW_HEADER } from '@nestling/shared/page-view';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, claimsOf, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
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

describe.each(testDatabaseKinds)('impersonation on %s', (kind) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    // An admin of a partner lab: isAdminUser, but not of the company's domain.
    await createTestUser(database.db, {
      id: 'partner-admin',
      email: 'staff@partner-lab.test',
      firstName: 'Pat',
      lastName: 'Partner',
      isAdminUser: true,
    });
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN },
      routes: (testApp) => {
        // A change only the account holder may make (password, email, payment).
        testApp.post(
          '/api/test/own-change',
          { preHandler: [testApp.requireUser, testApp.refuseWhileImpersonating] },
          () => ({ ok: true }),
        );
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const start = (token: string, userId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/impersonation',
      headers: bearer(token),
      payload: { userId },
    });
  const end = (token: string) =>
    app.inject({ method: 'DELETE', url: '/api/admin/impersonation', headers: bearer(token) });
  const get = (token: string, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(token) });
  const message = (response: { json: () => unknown }) =>
    (response.json() as { message: string }).message;

  async function impersonate(adminToken: string, userId: string) {
    const response = await start(adminToken, userId);
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string; expiresAt: number }>();
  }

  const auditRows = (action: string, subjectId: string) =>
    queryRows<AuditRow>(
      database,
      sql`select actor_id, subject_id, action, route, request_id from audit_log
          where action = ${action} and subject_id = ${subjectId} order by at`,
    );

  it('answers as the patient, not the admin, while the admin session stays alive', async () => {
    const adminToken = await signInToken(app, 'admin@nestling.health');
    const startedAt = Math.floor(Date.now() / 1000);
    const started = await start(adminToken, 'demo-mother');
    expect(started.statusCode).toBe(200);
    const { token, expiresAt } = started.json<{ token: string; expiresAt: number }>();
    const claims = claimsOf(token);
    expect(claims.sub).toBe('demo-mother');
    expect(claims.sid).not.toBe(claimsOf(adminToken).sid);
    expect(expiresAt).toBe(claims.exp);
    expect(expiresAt).toBeLessThanOrEqual(startedAt + IMPERSONATION_SECONDS + 1);

    const [session] = await queryRows<{
      user_id: string;
      impersonated_by: string;
      impersonator_session_id: string;
      seconds: number;
    }>(
      database,
      sql`select user_id, impersonated_by, impersonator_session_id,
          extract(epoch from expires_at - created_at)::int as seconds
          from session where id = ${claims.sid}`,
    );
    expect(session).toEqual({
      user_id: 'demo-mother',
      impersonated_by: 'demo-admin',
      impersonator_session_id: claimsOf(adminToken).sid,
      seconds: IMPERSONATION_SECONDS,
    });

    const me = await get(token, '/api/user/me');
    expect(me.statusCode).toBe(200);
    expect(currentUserSchema.parse(me.json())).toMatchObject({
      id: 'demo-mother',
      email: 'mother@demo.test',
      isAdminUser: false,
      impersonatedBy: { id: 'demo-admin', email: 'admin@nestling.health', name: 'Avery Admin' },
    });
    const user = await get(token, '/api/user');
    expect(user.statusCode).toBe(200);
    expect(user.json<{ user: { id: string } }>().user.id).toBe('demo-mother');

    // The secondary session: the admin's own token still answers as the admin.
    const adminMe = await get(adminToken, '/api/user/me');
    expect(adminMe.json()).toMatchObject({ id: 'demo-admin', impersonatedBy: null });

    expect(await auditRows('impersonation-start', 'demo-mother')).toEqual([
      {
        actor_id: 'demo-admin',
        subject_id: 'demo-mother',
        action: 'impersonation-start',
        route: 'POST /api/admin/impersonation',
        request_id: started.headers['x-request-id'],
      },
    ]);
    expect(await auditRows('impersonation-read', 'demo-mother')).toEqual([
      {
        actor_id: 'demo-admin',
        subject_id: 'demo-mother',
        action: 'impersonation-read',
        route: 'GET /api/user/me',
        request_id: me.headers['x-request-id'],
      },
      {
        actor_id: 'demo-admin',
        subject_id: 'demo-mother',
        action: 'impersonation-read',
        route: 'GET /api/user',
        request_id: user.headers['x-request-id'],
      },
    ]);
  });

  it('folds the reads of one page view into one row; a page view of its own, or a read outside one, is its own row', async () => {
    const adminToken = await signInToken(app, 'admin@nestling.health');
    const { token } = await impersonate(adminToken, 'demo-embryo-partner');
    const onPage = (id: string, page: string) => ({
      ...bearer(token),
      [PAGE_VIEW_HEADER]: id,
      [PAGE_PATH_HEADER]: page,
    });
    const home = '3c2b1a09-8f7e-4d6c-9b5a-493827161504';
    const first = await app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: onPage(home, '/'),
    });
    await app.inject({ method: 'GET', url: '/api/user', headers: onPage(home, '/') });
    await app.inject({ method: 'GET', url: '/api/kits', headers: onPage(home, '/') });
    const reads = () => auditRows('impersonation-read', 'demo-embryo-partner');
    expect(await reads()).toEqual([
      {
        actor_id: 'demo-admin',
        subject_id: 'demo-embryo-partner',
        action: 'impersonation-read',
        route: 'GET /api/user/me',
        request_id: first.headers['x-request-id'],
      },
    ]);
    await app.inject({
      method: 'GET',
      url: '/api/kits',
      headers: onPage('a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', '/activate'),
    });
    await get(token, '/api/kits');
    expect(await reads()).toHaveLength(3);
    // A write names no page view that could hide it: each is written.
    for (let index = 0; index < 2; index += 1) {
      await app.inject({ method: 'POST', url: '/api/test/own-change', headers: onPage(home, '/') });
    }
    expect(await auditRows('impersonation-write', 'demo-embryo-partner')).toHaveLength(2);
    expect((await end(token)).statusCode).toBe(200);
  });

  it('refuses to impersonate again, to view as someone, and the changes only the person may make', async () => {
    const adminToken = await signInToken(app, 'admin@nestling.health');
    const { token } = await impersonate(adminToken, 'demo-father');

    // Starting another is a change like any other: refused while impersonating.
    const again = await start(token, 'demo-mother');
    expect(again.statusCode).toBe(403);
    expect(message(again)).toBe(NOT_WHILE_IMPERSONATING);

    const viewAs = await get(token, '/api/user?asUser=demo-mother');
    expect(viewAs.statusCode).toBe(403);
    expect(message(viewAs)).toBe(VIEW_AS_ADMIN_ONLY);

    const refused = await app.inject({
      method: 'POST',
      url: '/api/test/own-change',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(NOT_WHILE_IMPERSONATING);
    const writes = await auditRows('impersonation-write', 'demo-father');
    expect(writes.map((row) => row.route)).toEqual([
      'POST /api/admin/impersonation',
      'POST /api/test/own-change',
    ]);

    const ownToken = await signInToken(app, 'father@demo.test');
    const allowed = await app.inject({
      method: 'POST',
      url: '/api/test/own-change',
      headers: bearer(ownToken),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses admins as targets, other admins, patients and unknown users', async () => {
    const adminToken = await signInToken(app, 'admin@nestling.health');
    const self = await start(adminToken, 'demo-admin');
    expect(self.statusCode).toBe(403);
    expect(message(self)).toBe(ADMINS_NOT_IMPERSONATED);
    const otherAdmin = await start(adminToken, 'partner-admin');
    expect(otherAdmin.statusCode).toBe(403);
    expect(message(otherAdmin)).toBe(ADMINS_NOT_IMPERSONATED);

    const unknown = await start(adminToken, 'no-such-user');
    expect(unknown.statusCode).toBe(404);
    expect(message(unknown)).toBe(USER_NOT_FOUND);

    const partnerToken = await signInToken(app, 'staff@partner-lab.test');
    const notPrimary = await start(partnerToken, 'demo-mother');
    expect(notPrimary.statusCode).toBe(403);
    expect(message(notPrimary)).toBe(PRIMARY_ADMIN_ONLY);

    const patientToken = await signInToken(app, 'embryo@demo.test');
    const patient = await start(patientToken, 'demo-mother');
    expect(patient.statusCode).toBe(403);
    expect(message(patient)).toBe(PRIMARY_ADMIN_ONLY);

    const notImpersonating = await end(adminToken);
    expect(notImpersonating.statusCode).toBe(400);
    expect(message(notImpersonating)).toBe(NOT_IMPERSONATING);
  });

  it('returns to the admin: a token of the admin session, and the patient session ends', async () => {
    const adminToken = await signInToken(app, 'admin@nestling.health');
    const { token } = await impersonate(adminToken, 'demo-individual');

    const ended = await end(token);
    expect(ended.statusCode).toBe(200);
    const restored = ended.json<{ token: string; expiresAt: number }>();
    expect(claimsOf(restored.token).sid).toBe(claimsOf(adminToken).sid);
    const me = await get(restored.token, '/api/user/me');
    expect(me.json()).toMatchObject({ id: 'demo-admin', impersonatedBy: null });

    const after = await get(token, '/api/user/me');
    expect(after.statusCode).toBe(401);
    expect(message(after)).toBe('Session expired');
    const rows = await auditRows('impersonation-end', 'demo-individual');
    expect(rows).toEqual([
      {
        actor_id: 'demo-admin',
        subject_id: 'demo-individual',
        action: 'impersonation-end',
        route: 'DELETE /api/admin/impersonation',
        request_id: ended.headers['x-request-id'],
      },
    ]);
  });

  it('ends at the 1-hour cap, and refreshes never reach past it', async () => {
    const adminToken = await signInToken(app, 'admin@nestling.health');
    const { token } = await impersonate(adminToken, 'demo-new');
    const { sid } = claimsOf(token);

    // 5 minutes left: a refresh through POST /user/token stops there, not 30 minutes on.
    await database.db.execute(
      sql`update session set expires_at = now() + interval '5 minutes' where id = ${sid}`,
    );
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/user/token',
      headers: bearer(token),
    });
    expect(refresh.statusCode).toBe(200);
    const refreshed = refresh.json<{ token: string; expiresAt: number }>();
    expect(refreshed.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 5 * 60);
    expect(claimsOf(refreshed.token).exp).toBe(refreshed.expiresAt);

    // Started an hour ago: the session has reached its end.
    await database.db.execute(
      sql`update session set created_at = now() - interval '61 minutes',
          expires_at = now() - interval '1 minute' where id = ${sid}`,
    );
    const capped = await get(refreshed.token, '/api/user/me');
    expect(capped.statusCode).toBe(401);
    expect(message(capped)).toBe('Session expired');
    // The admin's own session is untouched.
    expect((await get(adminToken, '/api/user/me')).statusCode).toBe(200);
  });

  it('obeys the idle timeout, and ends with the admin session', async () => {
    const adminToken = await signInToken(app, 'admin@nestling.health');
    const idle = await impersonate(adminToken, 'demo-embryo');
    await database.db.execute(
      sql`update session set updated_at = now() - interval '31 minutes'
          where id = ${claimsOf(idle.token).sid}`,
    );
    expect((await get(idle.token, '/api/user/me')).statusCode).toBe(401);

    // The admin signs out (their session ends): the impersonation ends with it.
    const active = await impersonate(adminToken, 'demo-embryo');
    await database.db.execute(sql`delete from session where id = ${claimsOf(adminToken).sid}`);
    const orphan = await get(active.token, '/api/user/me');
    expect(orphan.statusCode).toBe(401);
    expect(message(orphan)).toBe('Session expired');
    const left = await queryRows<{ count: number }>(
      database,
      sql`select count(*)::int as count from session where id = ${claimsOf(active.token).sid}`,
    );
    expect(left[0]?.count).toBe(0);
  });

  it("keeps the admin's session from idling while used, and ends when it idles", async () => {
    const adminToken = await signInToken(app, 'admin@nestling.health');
    const adminSid = claimsOf(adminToken).sid;
    const { token } = await impersonate(adminToken, 'demo-father');
    const idleSeconds = async (sid: string) =>
      (
        await queryRows<{ seconds: number | null }>(
          database,
          sql`select extract(epoch from now() - updated_at)::int as seconds
              from session where id = ${sid}`,
        )
      )[0]?.seconds ?? null;

    // Last used 25 minutes ago: a request under impersonation marks it used now.
    await database.db.execute(
      sql`update session set updated_at = now() - interval '25 minutes' where id = ${adminSid}`,
    );
    expect((await get(token, '/api/user')).statusCode).toBe(200);
    expect(await idleSeconds(adminSid)).toBeLessThan(60);

    // Idle past the timeout: the very next request is refused, and both sessions are gone.
    await database.db.execute(
      sql`update session set updated_at = now() - interval '31 minutes' where id = ${adminSid}`,
    );
    const refused = await get(token, '/api/user');
    expect(refused.statusCode).toBe(401);
    expect(message(refused)).toBe('Session expired');
    expect(await idleSeconds(adminSid)).toBeNull();
    expect(await idleSeconds(claimsOf(token).sid)).toBeNull();
  });
});
