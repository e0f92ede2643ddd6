import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../../plugins/errors.ts';
import { createJobsRepository } from '../jobs/index.ts';
import { bearerMatches, createMetrics, UNMATCHED_ROUTE, type Metrics } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics (ADR 045): what other code counts, and the metrics port. */
    metrics: {
      /** A failed job attempt; `final` when the job will not be tried again (the worker). */
      jobFailed: Metrics['jobFailed'];
      /** A mail that could not be sent. */
      mailFailed: Metrics['mailFailed'];
      /**
       * Opens METRICS_PORT, when set, and answers its address (`http://host:port`); null
       * without one. Closed with the app.
       */
      listen(): Promise<string | null>;
    };
  }
}

export const METRICS_PATH = '/metrics';
const NEEDS_TOKEN = 'The metrics need the metrics token: Authorization: Bearer <METRICS_TOKEN>';

/**
 * Prometheus metrics (ADR 045), off by default. With METRICS_TOKEN, GET /metrics on the main
 * port answers a caller who sends that token, and 401 anyone else; without it, 404. With
 * METRICS_PORT, a second server on METRICS_HOST serves /metrics alone (asking for the token
 * too when one is set). Request times are recorded only while metrics are served.
 *
 * Registered before the routes, so that its hook times every one of them.
 */
export const metricsPlugin = fp(
  (app: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
    const { token, port, host } = app.config.metrics;
    const served = token !== null || port !== null;
    const jobs = createJobsRepository(app.database.db);
    const metrics = createMetrics({
      queueStats: () => jobs.queueStats(),
      poolStats: () => app.database.poolStats(),
      log: app.log,
      processMetrics: served,
    });
    let server: Server | null = null;
    let address: string | null = null;

    /** One scrape on the metrics port: GET /metrics only, the token when one is set. */
    function answerScrape(request: IncomingMessage, response: ServerResponse): void {
      const path = (request.url ?? '').split('?')[0];
      const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
      if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, plain).end('This port serves GET /metrics only.\n');
        return;
      }
      if (token !== null && !bearerMatches(request.headers.authorization, token)) {
        response
          .writeHead(401, { ...plain, 'www-authenticate': 'Bearer realm="metrics"' })
          .end(`${NEEDS_TOKEN}\n`);
        return;
      }
      metrics.render().then(
        (body) => {
          response
            .writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' })
            .end(request.method === 'HEAD' ? undefined : body);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'The metrics could not be collected');
          response.writeHead(500, plain).end('The metrics could not be collected.\n');
        },
      );
    }

    app.decorate('metrics', {
      jobFailed: metrics.jobFailed,
      mailFailed: metrics.mailFailed,
      async listen() {
        if (port === null) return null;
        if (address !== null) return address;
        const opened = createServer(answerScrape);
        await new Promise<void>((resolve, reject) => {
          opened.once('error', reject);
          opened.listen(port, host, () => {
            opened.off('error', reject);
            resolve();
          });
        });
        server = opened;
        const bound = opened.address() as AddressInfo;
        const hostPart = bound.address.includes(':') ? `[${bound.address}]` : bound.address;
        address = `http://${hostPart}:${String(bound.port)}`;
        return address;
      },
    });
    app.addHook('onClose', (_instance, closed) => {
      if (server === null) {
        closed();
        return;
      }
      server.close(() => {
        closed();
      });
      // Prometheus keeps its connection open between scrapes.
      server.closeAllConnections();
      server = null;
      address = null;
    });

    if (served) {
      app.addHook('onResponse', (request, reply, next) => {
        metrics.observeRequest(
          {
            method: request.method,
            // The pattern ('/api/reports/:id'), never the address with its ids.
            route: request.routeOptions.url ?? UNMATCHED_ROUTE,
            status_code: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
        next();
      });
    }

    // Outside /api and the OpenAPI document; its access is in the authorization matrix.
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (token === null) return sendError(request, reply, 404, `No route GET ${METRICS_PATH}`);
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(request, reply, 401, NEEDS_TOKEN);
      }
      const body = await metrics.render();
      return reply.type(metrics.contentType).send(body);
    });
    done();
  },
  { name: 'metrics' },
);
