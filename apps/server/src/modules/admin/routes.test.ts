import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY,
  adminUsersAnswerSchema,
  auditAnswerSchema,
} from '@nestling/shared/contract/admin';
import type { App } from '../../app.ts';
import { demoAccounts, seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { escapeLike } from './repository.ts';

describe('escapeLike', () => {
  it('makes %, _ and \\ match themselves', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(escapeLike('plain text')).toBe('plain text');
  });
});

describe.each(testDatabaseKinds)('admin API on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let adminToken: string;
  let patientToken: string;
  const userCount = demoAccounts.length + 2;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    // Created after the demo users: the newest two.
    await createTestUser(database.db, {
      id: 'percent-user',
      email: 'rate_100%@example.org',
      firstName: 'Olive',
      lastName: "O'Hara",
    });
    await createTestUser(database.db, {
      id: 'newest-user',
      email: 'newest@example.org',
      firstName: 'Nina',
      lastName: 'Latest',
    });
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

  async function search(query: string) {
    const response = await get(adminToken, `/api/admin/users${query}`);
    expect(response.statusCode).toBe(200);
    return adminUsersAnswerSchema.parse(response.json()).users;
  }

  it('refuses patients and the signed out', async () => {
    for (const url of ['/api/admin/users', '/api/admin/audit']) {
      const patient = await get(patientToken, url);
      expect(patient.statusCode).toBe(403);
      expect(patient.json<{ message: string }>().message).toBe(ADMIN_ONLY);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('lists users newest first, with the fields the admin page shows', async () => {
    const users = await search('?limit=2');
    expect(users).toEqual([
      {
        id: 'newest-user',
        email: 'newest@example.org',
        firstName: 'Nina',
        lastName: 'Latest',
        isAdminUser: false,
        emailVerified: true,
        enableDataPortal: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      },
      expect.objectContaining({ id: 'percent-user' }),
    ]);
    expect(await search('')).toHaveLength(userCount);
  });

  it('finds by first name, last name, full name or email, ignoring case', async () => {
    const ids = async (q: string) =>
      (await search(`?q=${encodeURIComponent(q)}`)).map((user) => user.id).sort();
    expect(await ids('maya')).toEqual(['demo-mother']);
    expect(await ids('DEMO')).toEqual(
      demoAccounts
        .filter((demo) => `${demo.email} ${demo.firstName} ${demo.lastName}`.includes('demo'))
        .map((demo) => demo.id)
        .sort(),
    );
    expect(await ids('DEMO')).toContain('demo-father');
    expect(await ids('  daniel demo ')).toEqual(['demo-father']);
    expect(await ids('NESTLING.health')).toEqual(['demo-admin']);
    expect(await ids("o'hara")).toEqual(['percent-user']);
    // LIKE wildcards match themselves.
    expect(await ids('100%')).toEqual(['percent-user']);
    expect(await ids('%')).toEqual(['percent-user']);
    expect(await ids('e_1')).toEqual(['percent-user']);
    // Unescaped, 'a_e' would match 'rate'.
    expect(await ids('a_e')).toEqual([]);
    expect(await ids('nobody at all')).toEqual([]);
  });

  it('checks the limit', async () => {
    for (const limit of ['0', '101', '2.5', 'many']) {
      const response = await get(adminToken, `/api/admin/users?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
    }
    expect(await search('?limit=100')).toHaveLength(userCount);
  });

  it('lists the audit log newest first, with emails, by subject id or email', async () => {
    await get(adminToken, '/api/user?asUser=demo-father');
    const second = await get(adminToken, '/api/user?asUser=mother%40demo.test');

    const response = await get(adminToken, '/api/admin/audit');
    expect(response.statusCode).toBe(200);
    const { entries } = auditAnswerSchema.parse(response.json());
    expect(entries.slice(0, 2).map((entry) => entry.subjectId)).toEqual([
      'demo-mother',
      'demo-father',
    ]);
    expect(entries[0]).toEqual({
      id: expect.any(String) as string,
      at: expect.stringMatching(/Z$/) as string,
      action: 'view-as',
      route: 'GET /api/user',
      page: null,
      requestId: second.headers['x-request-id'],
      actorId: 'demo-admin',
      actorEmail: 'admin@nestling.health',
      subjectId: 'demo-mother',
      subjectEmail: 'mother@demo.test',
    });

    const byId = await get(adminToken, '/api/admin/audit?subject=demo-father');
    expect(auditAnswerSchema.parse(byId.json()).entries.map((entry) => entry.subjectEmail)).toEqual(
      ['father@demo.test'],
    );
    const byEmail = await get(adminToken, '/api/admin/audit?subject=Father%40Demo.test');
    expect(auditAnswerSchema.parse(byEmail.json()).entries).toHaveLength(1);

    const limited = await get(adminToken, '/api/admin/audit?pageSize=1');
    expect(auditAnswerSchema.parse(limited.json()).entries).toHaveLength(1);
    expect((await get(adminToken, '/api/admin/audit?pageSize=201')).statusCode).toBe(400);
  });
});
