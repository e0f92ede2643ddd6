import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/app.ts';
import { TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { createJobsRepository } from '../jobs/repository.ts';
import { createJobWorker } from '../jobs/worker.ts';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans?: OtlpSpan[] }[];
  }[];
}

/** An OTLP/HTTP collector: keeps every export's JSON body, as received. */
async function startCollector() {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    void buffer(request).then((body) => {
      if (request.method === 'POST' && request.url === '/v1/traces') bodies.push(body.toString());
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    bodies,
    exports: () => bodies.map((body) => JSON.parse(body) as OtlpExport),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** ADR 049: traces of requests, queries and jobs, when an endpoint is set. */
describe.each(testDatabaseKinds)('OpenTelemetry traces on %s', (kind) => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let database: TestDatabase;
  let app: App;
  let spans: OtlpSpan[];
  let serviceName: string | undefined;
  const callerTraceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const callerSpanId = '00f067aa0ba902b7';
  // A document link's token: the path holds it, and nothing may record it.
  const token = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    collector = await startCollector();
    database = await createTestDatabase(kind);
    app = await createTestApp({
      database,
      env: {
        PUBLIC_URL: TEST_ORIGIN,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_SERVICE_NAME: 'portal-under-test',
      },
      routes: (server) => {
        // A route whose handler reads the database once Fastify has parsed a JSON body.
        server.post('/api/trace-check', async () => {
          await database.db.execute(sql`select 2 as two`);
          return { checked: true };
        });
        server.jobHandlers.register('trace-check', async () => {
          await database.db.execute(sql`select 1 as one`);
          return { checked: true };
        });
      },
    });
    // A request from a caller that is traced already, to a route with a token in its path.
    const answer = await app.inject({
      method: 'GET',
      url: `/api/documents/view/${token}`,
      headers: { traceparent: `00-${callerTraceId}-${callerSpanId}-01` },
    });
    expect(answer.statusCode).toBe(404);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    // A request with a body, over a real connection: the handler runs once the body has
    // arrived from the socket.
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'not the password' }),
    });
    expect(signIn.status).toBe(401);
    const posted = await fetch(`${url}/api/trace-check`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ filler: 'x'.repeat(200_000) }),
    });
    expect(posted.status).toBe(200);
    const worker = createJobWorker({
      repository: createJobsRepository(database.db),
      registry: app.jobHandlers,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      pollMs: 20,
      onEnqueue: app.jobs.onEnqueue,
    });
    await worker.start({ soleServer: true });
    const job = await app.jobs.enqueue({
      kind: 'trace-check',
      payload: { secret: token },
      userId: null,
    });
    const jobs = createJobsRepository(database.db);
    for (let tries = 0; tries < 200; tries += 1) {
      if ((await jobs.findById(job.id))?.state === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await worker.stop();
    // Closing sends what is still waiting.
    await app.close();
    const exports = collector.exports();
    spans = exports.flatMap((entry) =>
      entry.resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scope) => scope.spans ?? []),
      ),
    );
    serviceName = exports[0]?.resourceSpans[0]?.resource?.attributes?.find(
      (entry) => entry.key === 'service.name',
    )?.value.stringValue;
  });
  afterAll(async () => {
    await database.destroy();
    await collector.close();
  });

  it('sends a server span for each request, named by its route, continuing the caller', () => {
    expect(serviceName).toBe('portal-under-test');
    const viewed = spans.find((span) => span.name === 'GET /api/documents/view/:token');
    expect(viewed?.kind).toBe(SERVER);
    expect(viewed?.traceId).toBe(callerTraceId);
    expect(viewed?.parentSpanId).toBe(callerSpanId);
    expect(viewed && attribute(viewed, 'http.route')).toBe('/api/documents/view/:token');
    expect(viewed && attribute(viewed, 'http.response.status_code')).toBe(404);
    // Neither the path nor the query string is recorded: they may hold capability tokens.
    expect(collector.bodies.join('')).not.toContain(token);
  });

  it('sends the queries a request makes as its children, without their values', () => {
    const ready = spans.find((span) => span.name === 'GET /api/health/ready');
    expect(ready?.kind).toBe(SERVER);
    const queries = spans.filter((span) => span.parentSpanId === ready?.spanId);
    const signIn = spans.find((span) => span.name.startsWith('POST /api/auth'));
    expect(signIn && attribute(signIn, 'http.response.status_code')).toBe(401);
    // What the person typed is not in any span, the sign-in library's own included.
    expect(collector.bodies.join('')).not.toContain('nobody@example.test');
    if (kind === 'postgres') {
      expect(queries.length).toBeGreaterThan(0);
      expect(spans.filter((span) => span.parentSpanId === signIn?.spanId).length).toBeGreaterThan(
        0,
      );
      const posted = spans.find((span) => span.name === 'POST /api/trace-check');
      expect(
        spans
          .filter((span) => span.parentSpanId === posted?.spanId)
          .map((span) => attribute(span, 'db.query.text')),
      ).toEqual(['select 2 as two']);
      expect(queries.every((span) => span.kind === CLIENT)).toBe(true);
      expect(queries.every((span) => span.traceId === ready?.traceId)).toBe(true);
      expect(queries.map((span) => attribute(span, 'db.system.name'))).toContain('postgresql');
    } else {
      // The embedded database runs in the process: its queries are no network calls to trace.
      expect(queries).toEqual([]);
    }
  });

  it('sends a consumer span for each job, with its queries inside, and never its payload', () => {
    const job = spans.find((span) => span.name === 'job trace-check');
    expect(job?.kind).toBe(CONSUMER);
    expect(job && attribute(job, 'job.kind')).toBe('trace-check');
    expect(job && attribute(job, 'job.attempt')).toBe(1);
    if (kind === 'postgres') {
      const inside = spans.filter((span) => span.parentSpanId === job?.spanId);
      expect(inside.map((span) => attribute(span, 'db.query.text'))).toContain('select 1 as one');
    }
    // The queue's own polling outside any job or request makes no traces of its own.
    expect(spans.filter((span) => span.kind === CLIENT && span.parentSpanId === undefined)).toEqual(
      [],
    );
  });
});
