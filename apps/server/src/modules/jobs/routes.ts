import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobsApi } from '@nestling/shared/contract/api/jobs';
import { requireDataPortal } from '../my-data/index.ts';
import { createJobsRepository } from './repository.ts';
import { createJobsService } from './service.ts';

/** A person's background jobs (ADR 023), under My Data. */
export const jobsRoutes: FastifyPluginAsyncZod = (app) => {
  const jobs = createJobsService(createJobsRepository(app.database.db));

  app.get(
    '/my-data/jobs',
    {
      onRequest: app.requireVerifiedUser,
      schema: jobsApi['GET /my-data/jobs'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      requireDataPortal(subject);
      return { jobs: await jobs.listForUser(subject.id) };
    },
  );

  return Promise.resolve();
};
