import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { individualOrderSchema, orderParamsSchema } from '@nestling/shared/contract/orders';
import { createActivationRepository } from '../activation/repository.ts';
import { createActivationService } from '../activation/service.ts';
import { termsStatus } from '../terms/status.ts';
import { createOrdersRepository } from './repository.ts';
import { createOrdersService } from './service.ts';

/** Spec section 7: PATCH /individual_reports/{id}/activate. */
export const ordersRoutes: FastifyPluginAsyncZod = (app) => {
  const db = app.database.db;
  const activation = createActivationService({
    repository: createActivationRepository(db),
    termsOf: (userId) => termsStatus(db, userId),
  });
  const orders = createOrdersService(
    createOrdersRepository(db),
    undefined,
    (userId) => activation.requireReady(userId, [userId]),
    (orderId) => activation.requireShipped(orderId),
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
