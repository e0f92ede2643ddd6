import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountParamsSchema,
  activateCoupleBodySchema,
  kitLookupAnswerSchema,
  kitLookupBodySchema,
  kitsAnswerSchema,
  kitsQuerySchema,
} from '@nestling/shared/contract/activation';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { coupleAccountSchema } from '@nestling/shared/contract/orders';
import { sendError } from '../../plugins/errors.ts';
import { rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/service.ts';
import { termsStatus } from '../terms/status.ts';
import { createActivationRepository } from './repository.ts';
import { createActivationService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** /activate and /activation: the person's kits, what a typed kit id is, a couple's activation. */
export const activationRoutes: FastifyPluginAsyncZod = (app) => {
  const db = app.database.db;
  const activation = createActivationService({
    repository: createActivationRepository(db),
    termsOf: (userId) => termsStatus(db, userId),
  });
  const { rateLimiter } = app;

  app.get(
    '/kits',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "The person's kits (individual orders and both kits of each couple account) and whether each is activated; admins may pass asUser",
        tags: ['activation'],
        querystring: kitsQuerySchema,
        response: { 200: kitsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return { kits: await activation.kits(subject.id) };
    },
  );

  app.post(
    '/kits/lookup',
    {
      config: { whileImpersonating: 'allowed' },
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "What a typed kit id activates: an individual order or a couple account's kit (400 for a typo, 404 for an unknown or another person's kit; 30 per 15 minutes)",
        tags: ['activation'],
        body: kitLookupBodySchema,
        response: { 200: kitLookupAnswerSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const userId = request.identity?.userId ?? '';
      if (!(await rateLimiter.consume(rateLimitRules.kitIdUser, userId))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      return activation.lookup(userId, request.body.kitId);
    },
  );

  app.patch(
    '/accounts/:id/activate',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "Activates both kits of a couple account, by either partner, with both tubes' ids: 'Orders not attached' when a kit is missing, 409 until the partner joined and both did the survey and accepted the terms",
        tags: ['activation'],
        params: accountParamsSchema,
        body: activateCoupleBodySchema,
        response: {
          200: coupleAccountSchema,
          ...errors,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const userId = request.identity?.userId ?? '';
      if (!(await rateLimiter.consume(rateLimitRules.kitIdUser, userId))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      return activation.activateCouple(userId, request.params.id, request.body);
    },
  );
  return Promise.resolve();
};
