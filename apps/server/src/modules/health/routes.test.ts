import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  healthSchema,
  livenessSchema,
  readinessSchema,
  type Readiness,
} from '@nestling/shared/contract/health';
import rootPackage from '../../../../../package.json' with { type: 'json' };
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { repoRoot } from '../../test/process.ts';

const TIMEOUT_MS = 300;
const GENERIC_ERROR = 'The check failed; the server log has the details';

async function ready(app: App): Promise<{ statusCode: number; body: Readiness }> {
  const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
  return { statusCode: response.statusCode, body: readinessSchema.parse(response.json()) };
}

/** A port nothing listens on: one the system gave out and took back. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return port;
}

const statuses = (body: Readiness) =>
  Object.fromEntries(Object.entries(body.checks).map(([name, check]) => [name, check.status]));

describe.each(testDatabaseKinds)('health and readiness on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-health-'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await createTestApp({
      database,
      env: { DATA_DIR: dataDir, HEALTH_CHECK_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('live answers 200 with the version and the commit git has checked out', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
    expect(livenessSchema.parse(response.json())).toEqual({
      status: 'ok',
      version: rootPackage.version,
      commit: head.trim(),
    });
  });

  it('ready is 200 with every check passed and timed, and names no address or secret', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    const body = readinessSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'ok', version: rootPackage.version });
    // Without SMTP_URL mails go to the outbox folder, which always passes.
    expect(statuses(body)).toEqual({
      database: 'pass',
      files: 'pass',
      queue: 'pass',
      mail: 'pass',
    });
    for (const name of ['database', 'files', 'queue'] as const) {
      expect(body.checks[name].ms).toBeGreaterThanOrEqual(0);
    }
    expect(response.body).not.toContain('postgres');
    expect(response.body).not.toContain(dataDir);
    expect(response.body).not.toContain(app.config.auth.secret ?? 'no secret');
  });

  it('keeps GET /api/health as it was', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthSchema.parse(response.json())).toEqual({ status: 'ok', database: 'up' });
  });

  if (kind === 'pglite') {
    // PGlite runs one statement at a time: a transaction left open holds every other query,
    // as a hung database server would.
    it('ready is 503 within the timeout while the database hangs, and 200 once it answers', async () => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding();
        await gate;
      });
      await held;

      const started = performance.now();
      const hung = await ready(app);
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
      expect(hung.statusCode).toBe(503);
      expect(hung.body.status).toBe('unavailable');
      expect(hung.body.checks.database).toMatchObject({
        status: 'fail',
        error: `No answer within ${String(TIMEOUT_MS)} ms`,
      });
      expect(hung.body.checks.queue.status).toBe('fail');
      expect(hung.body.checks.files.status).toBe('pass');

      release();
      await transaction;
      const back = await ready(app);
      expect(back.statusCode).toBe(200);
      expect(statuses(back.body)).toMatchObject({ database: 'pass', queue: 'pass' });
    });
  } else {
    // The database refuses connections and its open ones are ended, as when PostgreSQL is
    // stopped; then it takes them again. The pool reconnects by itself.
    it('ready is 503 while PostgreSQL refuses connections, and 200 once it takes them again', async () => {
      const adminUrl = inject('testDatabaseUrl');
      if (adminUrl === null || database.url === null) throw new Error('No PostgreSQL');
      const name = new URL(database.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`alter database "${name}" with allow_connections false`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [name],
        );
        const stopped = await ready(app);
        expect(stopped.statusCode).toBe(503);
        expect(stopped.body.checks.database).toMatchObject({
          status: 'fail',
          error: GENERIC_ERROR,
        });
        expect(stopped.body.checks.queue.status).toBe('fail');
        expect(JSON.stringify(stopped.body)).not.toContain(name);

        await admin.query(`alter database "${name}" with allow_connections true`);
        const back = await ready(app);
        expect(back.statusCode).toBe(200);
        expect(statuses(back.body)).toMatchObject({ database: 'pass', queue: 'pass' });
      } finally {
        await admin.query(`alter database "${name}" with allow_connections true`);
        await admin.end();
      }
    });

    // Another session holds the job table: the queue check hangs while `select 1` answers.
    it('ready names the queue alone when only the job table does not answer', async () => {
      if (database.url === null) throw new Error('No PostgreSQL');
      const locker = new pg.Client({ connectionString: database.url });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table job in access exclusive mode');
        const locked = await ready(app);
        expect(locked.statusCode).toBe(503);
        expect(statuses(locked.body)).toEqual({
          database: 'pass',
          files: 'pass',
          queue: 'fail',
          mail: 'pass',
        });
        expect(locked.body.checks.queue.error).toBe(`No answer within ${String(TIMEOUT_MS)} ms`);
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      expect((await ready(app)).statusCode).toBe(200);
    });
  }

  it('is 503 when the database is closed, for /ready and /api/health alike', async () => {
    await database.close();
    const closed = await ready(app);
    expect(closed.statusCode).toBe(503);
    expect(closed.body.checks.database).toMatchObject({ status: 'fail', error: GENERIC_ERROR });
    const legacy = await app.inject({ method: 'GET', url: '/api/health' });
    expect(legacy.statusCode).toBe(503);
    expect(healthSchema.parse(legacy.json())).toEqual({
      status: 'unavailable',
      database: 'down',
    });
    // Live checks nothing: the process still answers.
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe('readiness of the file store and mail', () => {
  let database: TestDatabase;
  const apps: App[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-health-'));

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const appWith = async (env: Record<string, string>) => {
    const app = await createTestApp({
      database,
      env: { HEALTH_CHECK_TIMEOUT_MS: String(TIMEOUT_MS), ...env },
    });
    apps.push(app);
    return app;
  };

  it('is 503 naming the files when the file store cannot be used', async () => {
    // A file where the store's folder must be: nothing can be written under it.
    const broken = path.join(dataDir, 'broken');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'files'), 'not a folder');
    const app = await appWith({ DATA_DIR: broken });
    const { statusCode, body } = await ready(app);
    expect(statusCode).toBe(503);
    expect(statuses(body)).toEqual({
      database: 'pass',
      files: 'fail',
      queue: 'pass',
      mail: 'pass',
    });
    expect(body.checks.files.error).toBe(GENERIC_ERROR);
  });

  it('is 503 naming the files when the bucket does not answer', async () => {
    const port = await unusedPort();
    const app = await appWith({
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: `http://127.0.0.1:${String(port)}`,
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret-key-never-shown',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const { statusCode, body } = await ready(app);
    expect(statusCode).toBe(503);
    expect(body.checks.files.status).toBe('fail');
    expect(JSON.stringify(body)).not.toContain('secret-key-never-shown');
  });

  it('only warns when the SMTP server does not answer, and asks it at most every 30 s', async () => {
    let connections = 0;
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username });
      },
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    try {
      const app = await appWith({
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://mailer:mail-password@127.0.0.1:${String(port)}`,
        HEALTH_CHECK_TIMEOUT_MS: '2000',
      });
      const first = await ready(app);
      expect(first.statusCode).toBe(200);
      expect(first.body.checks.mail.status).toBe('pass');
      expect(first.body.checks.mail.ms).toBeGreaterThanOrEqual(0);
      const second = await ready(app);
      expect(second.body.checks.mail).toEqual({ status: 'pass' });
      expect(connections).toBe(1);
      expect(JSON.stringify(second.body)).not.toContain('mail-password');
    } finally {
      await new Promise<void>((resolve) => {
        smtp.close(resolve);
      });
    }

    // Now nothing listens there: a new app (no answer kept) warns, and is still ready.
    const app = await appWith({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${String(port)}` });
    const down = await ready(app);
    expect(down.statusCode).toBe(200);
    expect(down.body.status).toBe('ok');
    expect(down.body.checks.mail).toMatchObject({ status: 'warn', error: GENERIC_ERROR });
  });

  it('takes the commit from GIT_COMMIT when it is set', async () => {
    const app = await appWith({ DATA_DIR: dataDir, GIT_COMMIT: 'ABCDEF1' });
    const response = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.json()).toMatchObject({ commit: 'abcdef1' });
  });
});
