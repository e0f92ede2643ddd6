import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';

/*
 * GET /api/user is the portal's most frequent call: the statements it sends to the
 * database, counted with a Drizzle logger. The session and its user are one query; the signing
 * keys are held in memory; the caller's row is not read a second time.
 */
describe.each(testDatabaseKinds)('statements of GET /api/user on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind, {
      logger: {
        logQuery: (query) => {
          statements.push(query);
        },
      },
    });
    await seedDemoData(database.db);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  /** The statements one request sends. */
  async function statementsOf(url: string, token: string): Promise<string[]> {
    statements.length = 0;
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return [...statements];
  }

  it('reads the session with its user in one statement, and the keys only once', async () => {
    const token = await signInToken(app, 'mother@demo.test');
    // The first request of the process loads the public keys.
    const first = await statementsOf('/api/user', token);
    expect(first).toHaveLength(3);
    expect(first[0]).toMatch(/from "jwks"/);
    for (let round = 0; round < 3; round += 1) {
      const next = await statementsOf('/api/user', token);
      // The session with its user, then the acceptances the terms flags are derived from
      // (the user row's own flags go stale when a new version is published).
      expect(next).toHaveLength(2);
      expect(next[0]).toMatch(/from "session" inner join "user"/);
      expect(next[1]).toMatch(/from "terms_acceptance"/);
    }
  });

  it("answers the reports home's calls in four statements each", async () => {
    const token = await signInToken(app, 'mother@demo.test');
    // The session, the terms acceptances, accounts with the partner, the reports' summaries.
    expect(
      await statementsOf('/api/user?preconception=true&embryo=true&withPartner=true', token),
    ).toHaveLength(4);
    // The session, the terms acceptances, orders, then the chosen order's report.
    expect(
      await statementsOf('/api/user?individual=true&withIndividualReport=true', token),
    ).toHaveLength(4);
  });
});
