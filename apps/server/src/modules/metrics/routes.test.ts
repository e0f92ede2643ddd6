import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { job } from '../jobs/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { createJobsRepository } from '../jobs/repository.ts';
import { createJobWorker } from '../jobs/worker.ts';

const TOKEN = 'metrics-token-for-the-tests';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function samples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) return [];
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [
        label[1] ?? '',
        label[2] ?? '',
      ]),
    );
    return [{ name: match[1] ?? '', labels, value: Number(match[3]) }];
  });
}

/** The one sample of `name` with (at least) these labels; undefined when there is none. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  const found = samples(text).filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${String(found.length)} samples of ${name}`);
  return found[0]?.value;
}

async function scrape(app: App): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.body;
}

describe.each(testDatabaseKinds)('Prometheus metrics on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let off: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await createTestApp({ database, env: { METRICS_TOKEN: TOKEN } });
    off = await createTestApp({ database });
  });
  afterAll(async () => {
    await app.close();
    await off.close();
    await database.destroy();
  });

  it('answers 404 at /metrics when no METRICS_TOKEN is set, whatever is sent', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await off.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers 401 and no data without the token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      'Bearer ',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('http_request_duration_seconds');
      expect(response.body).not.toContain('nodejs_');
    }
  });

  it('counts requests by method, route pattern and status code, never the raw address', async () => {
    for (let index = 0; index < 3; index += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    }
    const report = await app.inject({ method: 'GET', url: '/api/reports/report-id-7f3a?x=1' });
    expect(report.statusCode).toBe(401);
    await app.inject({ method: 'GET', url: '/api/no-such-route-5c1d' });

    const text = await scrape(app);
    const count = (labels: Record<string, string>) =>
      valueOf(text, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/health/live', status_code: '200' })).toBe(3);
    expect(count({ method: 'GET', route: '/api/reports/:id', status_code: '401' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(
      valueOf(text, 'http_request_duration_seconds_bucket', {
        route: '/api/health/live',
        le: '+Inf',
      }),
    ).toBe(3);
    expect(text).not.toContain('report-id-7f3a');
    expect(text).not.toContain('no-such-route-5c1d');
    // The process's default metrics, event-loop lag among them.
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('shows the job queue by state and kind, and how long the oldest due job has waited', async () => {
    const kindName = `metrics-${kind}`;
    const due = await app.jobs.enqueue({ kind: kindName, payload: {}, userId: null });
    await app.jobs.enqueue({ kind: kindName, payload: {}, userId: null });
    await app.jobs.enqueue({
      kind: kindName,
      payload: {},
      userId: null,
      runAt: new Date(Date.now() + 3_600_000),
    });
    await database.db
      .update(job)
      .set({ runAt: sql`now() - interval '90 seconds'` })
      .where(eq(job.id, due.id));

    const text = await scrape(app);
    expect(valueOf(text, 'job_queue_jobs', { state: 'queued', kind: kindName })).toBe(3);
    expect(valueOf(text, 'job_queue_jobs', { state: 'running', kind: kindName })).toBe(0);
    expect(valueOf(text, 'job_queue_jobs', { state: 'failed', kind: kindName })).toBe(0);
    const oldest = valueOf(text, 'job_queue_oldest_due_seconds') ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(89);
    expect(oldest).toBeLessThan(120);
    await database.db.delete(job).where(eq(job.kind, kindName));
  });

  it('counts failed job attempts by kind and whether they were the last, and failed mails', async () => {
    const kindName = `fails-${kind}`;
    app.jobHandlers.register(kindName, () => Promise.reject(new Error('It broke')));
    const worker = createJobWorker({
      repository: createJobsRepository(database.db),
      registry: app.jobHandlers,
      log: quiet,
      backoff: () => 0,
      onFailed: app.metrics.jobFailed,
    });
    await app.jobs.enqueue({ kind: kindName, payload: {}, userId: null, maxAttempts: 2 });
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(true);
    app.metrics.mailFailed();
    app.metrics.mailFailed();

    const text = await scrape(app);
    expect(valueOf(text, 'job_failures_total', { kind: kindName, final: 'false' })).toBe(1);
    expect(valueOf(text, 'job_failures_total', { kind: kindName, final: 'true' })).toBe(1);
    expect(valueOf(text, 'job_queue_jobs', { state: 'failed', kind: kindName })).toBe(1);
    expect(valueOf(text, 'mail_failures_total')).toBe(2);
    await database.db.delete(job).where(eq(job.kind, kindName));
  });

  it(
    kind === 'postgres'
      ? 'shows the PostgreSQL pool: connections in use and idle, queries waiting'
      : 'leaves out the pool gauges on PGlite, which has no pool',
    async () => {
      const text = await scrape(app);
      if (kind === 'postgres') {
        expect(valueOf(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
        expect(valueOf(text, 'db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
        expect(valueOf(text, 'db_pool_waiting_requests')).toBe(0);
      } else {
        expect(text).not.toContain('db_pool_');
      }
    },
  );
});

describe('the metrics port', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('serves /metrics alone on METRICS_HOST, not on the main port, and closes with the app', async () => {
    const app = await createTestApp({
      database,
      env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' },
    });
    const address = await app.metrics.listen();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    try {
      await app.inject({ method: 'GET', url: '/api/health/live' });
      const scraped = await fetch(`${String(address)}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await scraped.text();
      expect(
        valueOf(text, 'http_request_duration_seconds_count', { route: '/api/health/live' }),
      ).toBe(1);
      expect(valueOf(text, 'job_queue_oldest_due_seconds')).toBe(0);

      expect((await fetch(`${String(address)}/api/health/live`)).status).toBe(404);
      expect((await fetch(`${String(address)}/metrics`, { method: 'POST' })).status).toBe(404);
      // No token: the main port keeps /metrics closed.
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    await expect(fetch(`${String(address)}/metrics`)).rejects.toThrow();
  });

  it('asks for the token there too when METRICS_TOKEN is set', async () => {
    const app = await createTestApp({
      database,
      env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN },
    });
    try {
      const address = String(await app.metrics.listen());
      const refused = await fetch(`${address}/metrics`);
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain('nodejs_');
      const scraped = await fetch(`${address}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(scraped.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('opens no port without METRICS_PORT', async () => {
    const app = await createTestApp({ database });
    try {
      expect(await app.metrics.listen()).toBeNull();
    } finally {
      await app.close();
    }
  });
});
