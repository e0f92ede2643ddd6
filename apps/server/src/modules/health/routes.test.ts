import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSchema } from '@nestling/shared/contract/health';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';

describe.each(testDatabaseKinds)('GET /api/health on %s', (kind) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await createTestApp({ database });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('is 200 when the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthSchema.parse(response.json())).toEqual({ status: 'ok', database: 'up' });
  });

  it('is 503 when the database does not answer', async () => {
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(healthSchema.parse(response.json())).toEqual({
      status: 'unavailable',
      database: 'down',
    });
  });
});
