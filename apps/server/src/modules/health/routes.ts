import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { healthApi } from '@nestling/shared/contract/api/health';
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
      schema: healthApi['GET /health'],
    },
    async (_request, reply) => {
      const health = await checkHealth(app.database);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );

  app.get(
    '/health/live',
    {
      schema: healthApi['GET /health/live'],
    },
    () => liveness(build),
  );

  app.get(
    '/health/ready',
    {
      schema: healthApi['GET /health/ready'],
    },
    async (_request, reply) => {
      const ready = await readiness();
      return reply.code(ready.status === 'ok' ? 200 : 503).send(ready);
    },
  );
  done();
};
