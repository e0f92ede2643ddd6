import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { journeyApi } from '@nestling/shared/contract/api/journey';
import { termsStatus } from '../terms/index.ts';
import { createJourneyRepository } from './repository.ts';
import { createJourneyService } from './service.ts';

/** The journey of each of the person's tests, from purchase to results. */
export const journeyRoutes: FastifyPluginAsyncZod = (app) => {
  const { db } = app.database;
  const journey = createJourneyService({
    repository: createJourneyRepository(db),
    termsOf: (userId) => termsStatus(db, userId),
  });

  app.get(
    '/journey',
    {
      onRequest: app.requireVerifiedUser,
      schema: journeyApi['GET /journey'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return journey.journeyOf(subject.id);
    },
  );

  return Promise.resolve();
};
