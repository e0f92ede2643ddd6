import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  discountCodeCreateSchema,
  discountCodeParamsSchema,
  discountCodeSchema,
  discountCodesAnswerSchema,
  discountCodeUpdateSchema,
  productParamsSchema,
  productSchema,
  productsAnswerSchema,
  productUpdateSchema,
} from '@nestling/shared/contract/purchase';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createCatalogueRepository } from './repository.ts';
import { createCatalogueService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** The product catalogue (public) and what lab staff change in it: prices, texts, discount codes. */
export const catalogueRoutes: FastifyPluginAsyncZod = (app) => {
  const catalogue = createCatalogueService({
    repository: createCatalogueRepository(app.database.db),
  });
  const adminOnly = [app.requireVerifiedUser, requireAdmin];

  app.get(
    '/products',
    {
      schema: {
        summary: 'The products on sale, with their prices (no sign-in: prices are public)',
        tags: ['purchase'],
        response: { 200: productsAnswerSchema },
      },
    },
    async () => ({ products: await catalogue.listProducts() }),
  );

  app.put(
    '/admin/products/:code',
    {
      config: { audit: { action: 'product-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: {
        summary: "Changes a product's price and texts; past orders keep theirs (admins only)",
        tags: ['admin'],
        params: productParamsSchema,
        body: productUpdateSchema,
        response: { 200: productSchema, ...errors },
      },
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
      schema: {
        summary: 'The discount codes, newest first (admins only)',
        tags: ['admin'],
        response: { 200: discountCodesAnswerSchema, ...errors },
      },
    },
    async () => ({ discountCodes: await catalogue.listDiscountCodes() }),
  );

  app.post(
    '/admin/discount-codes',
    {
      config: { audit: { action: 'discount-code-create', subject: 'none' } },
      onRequest: adminOnly,
      schema: {
        summary: 'Creates a discount code: a percentage or an amount off (admins only)',
        tags: ['admin'],
        body: discountCodeCreateSchema,
        response: { 201: discountCodeSchema, ...errors, 409: errorBodySchema },
      },
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
      schema: {
        summary: 'Switches a discount code on or off (admins only)',
        tags: ['admin'],
        params: discountCodeParamsSchema,
        body: discountCodeUpdateSchema,
        response: { 200: discountCodeSchema, ...errors },
      },
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
