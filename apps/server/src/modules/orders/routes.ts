import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { individualOrderSchema, orderParamsSchema } from '@nestling/shared/contract/orders';
import { createOrdersRepository } from './repository.ts';
import { createOrdersService } from './service.ts';

/** Spec section 7: PATCH /individual_reports/{id}/activate. */
export const ordersRoutes: FastifyPluginAsyncZod = (app) => {
  const orders = createOrdersService(createOrdersRepository(app.database.db));

  app.patch(
    '/individual_reports/:id/activate',
    {
      preHandler: app.requireVerifiedUser,
      schema: {
        summary:
          "Activates the caller's individual order (the id is the order's); answers the updated order",
        tags: ['reports'],
        params: orderParamsSchema,
        response: {
          200: individualOrderSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
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
