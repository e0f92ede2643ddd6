import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { Refusal } from '../../lib/refusal.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';

/**
 * The audit row of a route that declares `config: { audit }` (ADR 052): written by one hook once
 * the handler succeeded, with the actor, the subject the declaration names and the route.
 */
describe.each(testDatabaseKinds)('the route audit hook on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let token = '';
  const person = {
    id: 'audit-hook-person',
    email: 'ada@audit-hook.test',
    firstName: 'Ada',
    lastName: 'Hook',
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN },
      routes: (scope) => {
        const onRequest = scope.requireVerifiedUser;
        scope.post(
          '/test/audit/caller/:outcome',
          { onRequest, config: { audit: { action: 'kit-address-change', subject: 'caller' } } },
          (request) => {
            if ((request.params as { outcome: string }).outcome === 'refuse') {
              throw new Refusal(409, 'Refused for the test');
            }
            return { ok: true };
          },
        );
        scope.get(
          '/test/audit/named/:who',
          { onRequest, config: { audit: { action: 'partner-report-read', subject: 'named' } } },
          (request) => {
            const { who } = request.params as { who: string };
            if (who !== 'nobody') request.auditSubject = who;
            return { ok: true };
          },
        );
        scope.put(
          '/test/audit/none',
          { onRequest, config: { audit: { action: 'clinic-update', subject: 'none' } } },
          () => ({ ok: true }),
        );
      },
    });
    await createTestUser(database.db, person);
    token = await signInToken(app, person.email);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const rows = () =>
    queryRows<{
      action: string;
      actor_id: string | null;
      subject_id: string | null;
      route: string;
    }>(database, sql`select action, actor_id, subject_id, route from audit_log order by at, id`);

  const call = (method: 'GET' | 'POST' | 'PUT', url: string) =>
    app.inject({ method, url, headers: { ...bearer(token), origin: TEST_ORIGIN } });

  it('writes one row for a success, none for a refusal', async () => {
    expect((await call('POST', '/test/audit/caller/refuse')).statusCode).toBe(409);
    expect(await rows()).toEqual([]);
    expect((await call('POST', '/test/audit/caller/ok')).statusCode).toBe(200);
    expect(await rows()).toEqual([
      {
        action: 'kit-address-change',
        actor_id: person.id,
        subject_id: person.id,
        route: 'POST /test/audit/caller/:outcome',
      },
    ]);
  });

  it('names the subject the handler found, no one for `none`, and writes nothing when a named route names nobody', async () => {
    const before = (await rows()).length;
    expect((await call('GET', '/test/audit/named/nobody')).statusCode).toBe(200);
    expect(await rows()).toHaveLength(before);
    expect((await call('GET', '/test/audit/named/the-partner')).statusCode).toBe(200);
    expect((await call('PUT', '/test/audit/none')).statusCode).toBe(200);
    expect((await rows()).slice(before)).toEqual([
      {
        action: 'partner-report-read',
        actor_id: person.id,
        subject_id: 'the-partner',
        route: 'GET /test/audit/named/:who',
      },
      {
        action: 'clinic-update',
        actor_id: person.id,
        subject_id: null,
        route: 'PUT /test/audit/none',
      },
    ]);
  });
});
