import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { jobsAnswerSchema, myDataQuerySchema } from '@nestling/shared/contract/my-data';
import { requireDataPortal } from '../my-data/index.ts';
import { createJobsRepository } from './repository.ts';
import { createJobsService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** A person's background jobs (ADR 023), under My Data. */
export const jobsRoutes: FastifyPluginAsyncZod = (app) => {
  const jobs = createJobsService(createJobsRepository(app.database.db));

  app.get(
    '/my-data/jobs',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          'The person’s background tasks (imports, exports) with state and progress, newest first; 403 unless My Data is on for them; admins may pass asUser',
        tags: ['my-data'],
        querystring: myDataQuerySchema,
        response: { 200: jobsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      requireDataPortal(subject);
      return { jobs: await jobs.listForUser(subject.id) };
    },
  );

  return Promise.resolve();
};
