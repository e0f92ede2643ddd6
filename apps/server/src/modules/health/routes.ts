import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { healthSchema, livenessSchema, readinessSchema } from '@nestling/shared/contract/health';
import { createJobsRepository } from '../jobs/index.ts';
import { verifyMailServer } from '../mail/index.ts';
import {
  buildInfo,
  checkHealth,
  createMailCheck,
  createReadiness,
  databaseAnswers,
  liveness,
} from './service.ts';

/** Health (ADR 045): public, for load balancers, orchestrators and start scripts. */
export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const build = buildInfo(app.config.gitCommit);
  const timeoutMs = app.config.health.checkTimeoutMs;
  const jobs = createJobsRepository(app.database.db);
  const { smtpUrl } = app.config.mail;
  const readiness = createReadiness({
    database: databaseAnswers(app.database),
    files: () => app.fileStore.check(),
    queue: () => jobs.readable(),
    mail: createMailCheck(smtpUrl === null ? null : (ms) => verifyMailServer(smtpUrl, ms), {
      timeoutMs,
      log: app.log,
    }),
    build,
    timeoutMs,
    log: app.log,
  });

  app.get(
    '/health',
    {
      schema: {
        summary:
          'Whether the server and its database answer (kept for existing probes; /health/ready checks more)',
        tags: ['system'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.database);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        summary:
          'Liveness: the process answers (nothing else is checked), with its version and commit',
        tags: ['system'],
        response: { 200: livenessSchema },
      },
    },
    () => liveness(build),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        summary:
          'Readiness: 200 when the database, the file store and the job queue answer, each within HEALTH_CHECK_TIMEOUT_MS; 503 naming the check that failed. Mail only warns.',
        tags: ['system'],
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const ready = await readiness();
      return reply.code(ready.status === 'ok' ? 200 : 503).send(ready);
    },
  );
  done();
};
