import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationApi } from '@nestling/shared/contract/api/activation';
import { sendError } from '../../plugins/errors.ts';
import { createOrdersRepository, createOrdersService } from '../orders/index.ts';
import { rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/index.ts';
import { termsStatus } from '../terms/index.ts';
import { createActivationRepository } from './repository.ts';
import { createActivationService } from './service.ts';

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
      schema: activationApi['GET /kits'],
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
      schema: activationApi['POST /kits/lookup'],
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
      schema: activationApi['PATCH /accounts/:id/activate'],
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
      schema: activationApi['PATCH /individual_reports/:id/activate'],
    },
    async (request) => {
      const userId = request.identity?.userId ?? '';
      return orders.activate(userId, request.params.id);
    },
  );
  return Promise.resolve();
};
