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
import {
  coupleAccountSchema,
  individualOrderSchema,
  orderParamsSchema,
} from '@nestling/shared/contract/orders';
import { sendError } from '../../plugins/errors.ts';
import { createOrdersRepository, createOrdersService } from '../orders/index.ts';
import { rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/index.ts';
import { termsStatus } from '../terms/index.ts';
import { createActivationRepository } from './repository.ts';
import { createActivationService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/**
 * /activate and /activation: the person's kits, what a typed kit id is, a couple's activation,
 * and an individual order's (PATCH /individual_reports/{id}/activate, spec section 7).
 */
export const activationRoutes: FastifyPluginAsyncZod = (app) => {
  const db = app.database.db;
  const activation = createActivationService({
    repository: createActivationRepository(db),
    termsOf: (userId) => termsStatus(db, userId),
  });
  // An individual order's activation (spec section 7) is the orders service's, once the person
  // is ready and the kit has shipped.
  const orders = createOrdersService(
    createOrdersRepository(db),
    undefined,
    (userId) => activation.requireReady(userId, [userId]),
    (orderId) => activation.requireShipped(orderId),
  );
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
  app.patch(
    '/individual_reports/:id/activate',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "Activates the caller's individual order (the id is the order's); 409 until their health survey is done and the terms accepted; answers the updated order",
        tags: ['reports'],
        params: orderParamsSchema,
        response: {
          200: individualOrderSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const userId = request.identity?.userId ?? '';
      return orders.activate(userId, request.params.id);
    },
  );
  return Promise.resolve();
};
