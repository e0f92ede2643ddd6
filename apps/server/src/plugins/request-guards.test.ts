import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { seedDemoData } from '../demo/seed.ts';
import { createTestApp } from '../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/database.ts';
import {
  fieldWithNul,
  JSON_TOO_DEEP,
  MAX_JSON_DEPTH,
  NUL_IN_ADDRESS,
  nulInBodyMessage,
  scanJson,
} from './request-guards.ts';

describe('scanJson', () => {
  it('counts nesting outside strings only', () => {
    expect(scanJson('{"a":[[1]]}', 3)).toEqual({ tooDeep: false, hasNul: false });
    expect(scanJson('{"a":[[[1]]]}', 3)).toEqual({ tooDeep: true, hasNul: false });
    expect(scanJson('{"a":"[[[[{{{{"}', 2).tooDeep).toBe(false);
    expect(scanJson('{"a":"\\"[[[["}', 2).tooDeep).toBe(false);
  });

  it('finds the \\u0000 escape, and not a backslash followed by u0000', () => {
    expect(scanJson('{"a":"x\\u0000y"}').hasNul).toBe(true);
    expect(scanJson('{"a\\u0000":1}').hasNul).toBe(true);
    expect(scanJson('{"a":"x\\\\u0000y"}').hasNul).toBe(false);
    expect(scanJson('{"a":"u0000"}').hasNul).toBe(false);
  });

  it('names the field that holds NUL', () => {
    expect(fieldWithNul({ a: { b: ['ok', 'x\u0000'] } })).toBe('body.a.b.1');
    expect(fieldWithNul({ 'k\u0000': 1 })).toBe('body.k\\u0000');
    expect(fieldWithNul({ a: 'fine' })).toBeNull();
  });
});

describe.each(testDatabaseKinds)('request guards on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let patient: string;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
    patient = await signInToken(app, 'mother@demo.test');
    admin = await signInToken(app, 'admin@nestling.health');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;

  it('answers 400, not a database error, to NUL in a path or a query', async () => {
    for (const [token, url] of [
      [patient, '/api/reports/a%00b'],
      [patient, '/api/individual_reports/a%00b?version=1'],
      [patient, '/api/user/documents?report=a%00b'],
      [admin, '/api/user?asUser=a%00b'],
      [admin, '/api/user?asUser=mother%00@demo.test'],
      [patient, '/api/user?preferredAccount=%00'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(400);
      expect(message(response)).toBe(NUL_IN_ADDRESS);
    }
  });

  it('answers 400 naming the field to NUL in a JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'mother@demo.test', password: 'pass\u0000word' },
    });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(nulInBodyMessage('body.password'));

    const profile = await app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: bearer(patient),
      payload: { firstName: 'Ma\u0000ya' },
    });
    expect(profile.statusCode).toBe(400);
    expect(message(profile)).toBe(nulInBodyMessage('body.firstName'));
  });

  it('answers 400 to JSON nested too deep, on the identity endpoints too', async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/user/token']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: `${'['.repeat(150_000)}${']'.repeat(150_000)}`,
      });
      expect(response.statusCode, url).toBe(400);
      expect(message(response)).toBe(JSON_TOO_DEEP);
    }
    // As deep as is allowed is read as usual (and refused for what it says).
    const deepest = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: nested(MAX_JSON_DEPTH),
    });
    expect(deepest.statusCode).toBe(400);
    expect(message(deepest)).not.toBe(JSON_TOO_DEEP);
  });

  it('answers every /api request with Cache-Control: no-store', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({ method: 'GET', url: '/api/config' }),
      await app.inject({ method: 'GET', url: '/api/user', headers: bearer(patient) }),
      await app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(patient) }),
      await app.inject({ method: 'GET', url: '/api/user/documents', headers: bearer(patient) }),
      await app.inject({ method: 'GET', url: '/api/user' }),
      await app.inject({ method: 'GET', url: '/api/nowhere' }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'mother@demo.test', password: 'demo-password' },
      }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
