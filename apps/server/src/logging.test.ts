import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from './app.ts';
import { createLogger } from './logger.ts';
import { createTestApp } from './test/app.ts';
import { createTestDatabase, type TestDatabase } from './test/database.ts';

describe('logs', () => {
  const lines: string[] = [];
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const logger = createLogger(
      { logLevel: 'trace' },
      {
        write(chunk: string) {
          lines.push(chunk);
        },
      },
    );
    app = await createTestApp({
      database,
      logger,
      routes: (app) => {
        app.post(
          '/api/test/sign-in',
          { schema: { body: z.object({ email: z.email(), password: z.string().min(20) }) } },
          () => ({ ok: true }),
        );
        app.get('/api/test/log-body', (request) => {
          // Code that carelessly logs what it received still leaks nothing.
          request.log.info(
            { body: { sex: 'Female' }, user: { password: 'hunter2', token: 'tok-9' } },
            'received',
          );
          return { ok: true };
        });
      },
    });
  });

  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('never contain tokens, cookies, passwords, query strings or bodies', async () => {
    const secrets = {
      authorization: 'Bearer secret-token',
      cookie: 'auth_token=cookie-secret; other=crumb',
    };
    const health = await app.inject({
      method: 'GET',
      url: '/api/health?email=a@b.c&oobCode=xyz',
      headers: secrets,
    });
    expect(health.statusCode).toBe(200);

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/test/sign-in?email=a@b.c&oobCode=xyz',
      headers: secrets,
      payload: { email: 'a@b.c', password: 'hunter2' },
    });
    expect(signIn.statusCode).toBe(400);

    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/nope?email=a@b.c&oobCode=xyz',
      headers: secrets,
    });
    expect(missing.statusCode).toBe(404);

    await app.inject({ method: 'GET', url: '/api/test/log-body', headers: secrets });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(6);
    for (const secret of [
      'secret-token',
      'Bearer',
      'cookie-secret',
      'crumb',
      'a@b.c',
      'oobCode',
      'xyz',
      'hunter2',
      'tok-9',
      'Female',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it("never contain a capability link's secret: share, invitation, document and export links", async () => {
    // 32 random bytes in base64url, as every capability token is; and a UUID-keyed one.
    const token = 'q3Jx9Vb0_Lm-4TzWc8Ny2Pd6Hk1Rs5Ge7Ua0Xo3Yi9E';
    const urls = [
      `/api/clinic-shares/${token}`,
      `/api/clinic-shares/${token}/reports/some-report`,
      `/api/documents/view/${token}`,
      `/api/invitations/${token}`,
      `/api/invitations/${token}/accept`,
      `/clinic-share/${token}`,
      `/invite/accept/${token}`,
      `/saliva/invite/accept/${token}`,
      `/api/no-such-route/${token}`,
      `/api/my-data/exports/some-export/files/genome.vcf.gz?expires=1&sig=${token}`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    await app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, payload: {} });

    const log = lines.join('');
    expect(log).toContain('/api/clinic-shares/');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.slice(0, 20));
  });

  it('are JSON with the method, the path without its query and the request id', () => {
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const incoming = records.find(
      (record) =>
        record.msg === 'incoming request' &&
        (record.req as { path?: string } | undefined)?.path === '/api/health',
    );
    expect(incoming).toMatchObject({
      level: 30,
      req: { method: 'GET', path: '/api/health', id: expect.any(String) as string },
    });
    expect(incoming?.reqId).toBe((incoming?.req as { id: string }).id);
    expect(records.some((record) => record.msg === 'request completed')).toBe(true);
  });
});
