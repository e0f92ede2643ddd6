import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueApi } from '@nestling/shared/contract/api/catalogue';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createCatalogueRepository } from './repository.ts';
import { createCatalogueService } from './service.ts';

/** The product catalogue (public) and what lab staff change in it: prices, texts, discount codes. */
export const catalogueRoutes: FastifyPluginAsyncZod = (app) => {
  const catalogue = createCatalogueService({
    repository: createCatalogueRepository(app.database.db),
  });
  const adminOnly = [app.requireVerifiedUser, requireAdmin];

  app.get(
    '/products',
    {
      schema: catalogueApi['GET /products'],
    },
    async () => ({ products: await catalogue.listProducts() }),
  );

  app.put(
    '/admin/products/:code',
    {
      config: { audit: { action: 'product-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: catalogueApi['PUT /admin/products/:code'],
    },
    async (request) => {
      const actorId = request.identity?.userId ?? null;
      const updated = await catalogue.updateProduct(request.params.code, request.body, actorId);
      return updated;
    },
  );

  app.get(
    '/admin/discount-codes',
    {
      onRequest: adminOnly,
      schema: catalogueApi['GET /admin/discount-codes'],
    },
    async () => ({ discountCodes: await catalogue.listDiscountCodes() }),
  );

  app.post(
    '/admin/discount-codes',
    {
      config: { audit: { action: 'discount-code-create', subject: 'none' } },
      onRequest: adminOnly,
      schema: catalogueApi['POST /admin/discount-codes'],
    },
    async (request, reply) => {
      const actorId = request.identity?.userId ?? null;
      const created = await catalogue.createDiscountCode(request.body, actorId);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/admin/discount-codes/:code',
    {
      config: { audit: { action: 'discount-code-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: catalogueApi['PATCH /admin/discount-codes/:code'],
    },
    async (request) => {
      const updated = await catalogue.setDiscountCodeActive(
        request.params.code,
        request.body.active,
      );
      return updated;
    },
  );

  return Promise.resolve();
};
