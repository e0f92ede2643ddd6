import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserSchema, auditAnswerSchema } from '@nestling/shared/contract/admin';
import { DATA_PORTAL_OFF, jobsAnswerSchema } from '@nestling/shared/contract/my-data';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';

describe.each(testDatabaseKinds)('turning My Data on, and the jobs list, on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let adminToken: string;
  let motherToken: string;
  let fatherToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
    adminToken = await signInToken(app, 'admin@nestling.health');
    motherToken = await signInToken(app, 'mother@demo.test');
    fatherToken = await signInToken(app, 'father@demo.test');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const jobsOf = (token: string, query = '') =>
    app.inject({ method: 'GET', url: `/api/my-data/jobs${query}`, headers: bearer(token) });
  const switchPortal = (token: string, userId: string, enabled: boolean) =>
    app.inject({
      method: 'PUT',
      url: `/api/admin/users/${userId}/data-portal`,
      headers: { ...bearer(token), origin: TEST_ORIGIN },
      payload: { enabled },
    });

  it('refuses My Data with a clear 403 until the lab turns it on', async () => {
    const refused = await jobsOf(motherToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(DATA_PORTAL_OFF);
    // Viewing as her answers the same: it is her flag that counts.
    expect((await jobsOf(adminToken, '?asUser=demo-mother')).statusCode).toBe(403);
  });

  it('lets staff turn it on for one person, audited, and only staff', async () => {
    expect((await switchPortal(motherToken, 'demo-mother', true)).statusCode).toBe(403);
    expect((await switchPortal(adminToken, 'no-such-user', true)).statusCode).toBe(404);

    const response = await switchPortal(adminToken, 'demo-mother', true);
    expect(response.statusCode).toBe(200);
    expect(adminUserSchema.parse(response.json())).toMatchObject({
      id: 'demo-mother',
      enableDataPortal: true,
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: bearer(motherToken),
    });
    expect(me.json<{ enableDataPortal: boolean }>().enableDataPortal).toBe(true);

    const audit = await app.inject({
      method: 'GET',
      url: '/api/admin/audit?subject=demo-mother',
      headers: bearer(adminToken),
    });
    expect(auditAnswerSchema.parse(audit.json()).entries[0]).toMatchObject({
      action: 'data-portal-update',
      route: 'PUT /api/admin/users/:id/data-portal',
      actorId: 'demo-admin',
      subjectId: 'demo-mother',
    });
    // The father's stays off.
    expect((await jobsOf(fatherToken)).statusCode).toBe(403);
  });

  it("lists the person's own jobs with state and progress, never another person's", async () => {
    const mine = await app.jobs.enqueue({
      kind: 'genome-import',
      payload: { file: 'users/demo-mother/imports/a.vcf.gz' },
      userId: 'demo-mother',
    });
    await app.jobs.enqueue({ kind: 'genome-import', payload: {}, userId: 'demo-father' });
    await switchPortal(adminToken, 'demo-father', true);

    const response = await jobsOf(motherToken);
    expect(response.statusCode).toBe(200);
    const { jobs } = jobsAnswerSchema.parse(response.json());
    expect(jobs).toEqual([
      {
        id: mine.id,
        kind: 'genome-import',
        state: 'queued',
        attempts: 0,
        maxAttempts: 5,
        progressDone: 0,
        progressTotal: null,
        lastError: null,
        createdAt: mine.createdAt.toISOString(),
        updatedAt: mine.updatedAt.toISOString(),
        finishedAt: null,
      },
    ]);
    // Never the payload (file names, settings) or the server that runs it.
    expect(response.body).not.toContain('imports/a.vcf.gz');

    const fathers = jobsAnswerSchema.parse((await jobsOf(fatherToken)).json()).jobs;
    expect(fathers.map((job) => job.id)).not.toContain(mine.id);
    expect(fathers).toHaveLength(1);

    // An admin views as her, read-only and audited.
    const viewed = await jobsOf(adminToken, '?asUser=demo-mother');
    expect(jobsAnswerSchema.parse(viewed.json()).jobs.map((job) => job.id)).toEqual([mine.id]);
    expect((await jobsOf(fatherToken, '?asUser=demo-mother')).statusCode).toBe(403);
  });

  it('turns it off again: the endpoints refuse once more', async () => {
    expect((await switchPortal(adminToken, 'demo-mother', false)).statusCode).toBe(200);
    expect((await jobsOf(motherToken)).statusCode).toBe(403);
  });
});
