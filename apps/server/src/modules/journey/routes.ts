import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { journeyAnswerSchema, journeyQuerySchema } from '@nestling/shared/contract/journey';
import { termsStatus } from '../terms/index.ts';
import { createJourneyRepository } from './repository.ts';
import { createJourneyService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

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
      schema: {
        summary:
          "Each of the person's tests (couple accounts and individual orders), newest first, with each step from purchase to results and its state, and the person's next step; admins may pass asUser (read only)",
        tags: ['journey'],
        querystring: journeyQuerySchema,
        response: { 200: journeyAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return journey.journeyOf(subject.id);
    },
  );

  return Promise.resolve();
};
