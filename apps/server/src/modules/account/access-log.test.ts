import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogAnswerSchema } from '@nestling/shared/contract/access-log';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { demoOrders } from '../demo-reports/payloads.ts';

describe.each(testDatabaseKinds)('who has seen my data, on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const tokens: Record<'admin' | 'mother' | 'father', string> = {
    admin: '',
    mother: '',
    father: '',
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
    tokens.admin = await signInToken(app, 'admin@nestling.health');
    tokens.mother = await signInToken(app, 'mother@demo.test');
    tokens.father = await signInToken(app, 'father@demo.test');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const get = (token: string, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
  const logOf = async (token: string, query = '') => {
    const response = await get(token, `/api/user/access-log${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return accessLogAnswerSchema.parse(response.json());
  };

  it('lists staff viewing as the person, acting as them and their partner’s reading, never their own doings', async () => {
    // The father reads his own report and his partner's: neither is anyone else's access to him.
    expect((await get(tokens.father, '/api/user')).statusCode).toBe(200);
    expect(
      (await get(tokens.father, `/api/individual_reports/${demoOrders.father}`)).statusCode,
    ).toBe(200);
    expect(await logOf(tokens.father)).toMatchObject({ entries: [], total: 0 });

    // Lab staff view his reports page as him, then act as him for a moment.
    const viewed = await get(tokens.admin, '/api/user?asUser=demo-father');
    expect(viewed.statusCode, viewed.body).toBe(200);
    const started = await app.inject({
      method: 'POST',
      url: '/api/admin/impersonation',
      headers: bearer(tokens.admin),
      payload: { userId: 'demo-father' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const acting = started.json<{ token: string }>().token;
    expect((await get(acting, '/api/journey')).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: '/api/admin/impersonation',
          headers: bearer(acting),
        })
      ).statusCode,
    ).toBeLessThan(300);
    // His partner opens the report he shares with her (seed.ts).
    expect(
      (await get(tokens.mother, `/api/individual_reports/${demoOrders.father}`)).statusCode,
    ).toBe(200);

    const log = await logOf(tokens.father);
    const lines = log.entries.map((entry) => `${entry.kind}: ${entry.who}: ${entry.what}`);
    expect(lines[0]).toMatch(/^partner: .+ \(your partner\): Opened your individual report/);
    expect(lines).toContain(
      'staff: Avery Admin (lab staff): Viewed your portal as you see it, without changing anything',
    );
    expect(
      lines.some((line) => line.startsWith('staff: ') && line.includes('Began acting as you')),
    ).toBe(true);
    expect(lines.some((line) => line.includes('Stopped acting as you'))).toBe(true);
    for (const entry of log.entries) {
      expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);
      expect(entry.who).not.toBe('');
    }
    expect(
      log.entries
        .filter((entry) => entry.kind === 'staff')
        .every((entry) => entry.who.endsWith('(lab staff)')),
    ).toBe(true);
    expect(log.total).toBe(log.entries.length);

    // Narrowed to one kind; the mother's log holds none of this.
    const partner = await logOf(tokens.father, '?kind=partner');
    expect(partner.entries.map((entry) => entry.kind)).toEqual(['partner']);
    const staff = await logOf(tokens.father, '?kind=staff');
    expect(staff.total).toBe(log.total - 1);
    expect(
      (await logOf(tokens.mother)).entries.some((entry) =>
        entry.what.startsWith('Opened your individual report'),
      ),
    ).toBe(false);

    // As a file to keep, with the same entries.
    const csv = await get(tokens.father, '/api/user/access-log.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('"time (UTC)","who","kind","what","page"');
    expect(rows).toHaveLength(log.total + 1);
    expect(rows[1]).toContain('Your partner');
  });

  it('refuses a kind it does not know, and anyone not signed in', async () => {
    const bad = await get(tokens.father, '/api/user/access-log?kind=everyone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Choose staff, partner or clinic');
    expect((await app.inject({ method: 'GET', url: '/api/user/access-log' })).statusCode).toBe(401);
  });
});
