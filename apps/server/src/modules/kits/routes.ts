import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  VIEW_AS_READ_ONLY,
  deliveryKitSchema,
  kitAddressRequestSchema,
  kitParamsSchema,
  deliveriesAnswerSchema,
  deliveryQuerySchema,
} from '@nestling/shared/contract/kits';
import { createPurchaseOrdersRepository } from '../purchase-orders/index.ts';
import { rateLimitRules } from '../rate-limit/index.ts';
import {
  configuredShippingProvider,
  createShippingRepository,
  labReturnAddress,
} from '../shipping/index.ts';
import { createKitsRepository } from './repository.ts';
import { createKitsService } from './service.ts';
import { Refusal } from '../../lib/refusal.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** The person's kits: addresses on /delivery and return labels on /return-shipping (ADR 020). */
export const kitsRoutes: FastifyPluginAsyncZod = (app) => {
  const provider = configuredShippingProvider(app.config);
  // A real carrier needs the lab's address as street, city, state and ZIP: refuse to start without.
  if (provider.name !== 'test') labReturnAddress(app.config);
  const kits = createKitsService({
    repository: createKitsRepository(app.database.db),
    orders: createPurchaseOrdersRepository(app.database.db),
    fileStore: app.fileStore,
    config: app.config,
    shipping: {
      provider,
      repository: createShippingRepository(app.database.db),
      labAddress: () => labReturnAddress(app.config),
      mayBuy: (userId) => app.rateLimiter.consume(rateLimitRules.returnLabelUser, userId),
    },
  });

  app.get(
    '/deliveries',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "The person's kits, newest order first, with address, tracker stage, shipment and return label; the same kits /orders shows; admins may pass asUser",
        tags: ['kits'],
        querystring: deliveryQuerySchema,
        response: { 200: deliveriesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return { kits: await kits.list(subject.id) };
    },
  );

  app.put(
    '/kits/:id/address',
    {
      config: { audit: { action: 'kit-address-change', subject: 'caller' } },
      onRequest: [app.requireVerifiedUser, app.refuseWhileImpersonating],
      schema: {
        summary:
          "Changes the kit's shipping address until the kit ships; after that, or for a refunded order, 409. Another person's kit answers 404; asUser (viewing as) is refused: it is read-only",
        tags: ['kits'],
        params: kitParamsSchema,
        querystring: deliveryQuerySchema,
        body: kitAddressRequestSchema,
        response: { 200: deliveryKitSchema, ...errors },
      },
    },
    async (request) => {
      if (request.query.asUser !== undefined) throw new Refusal(403, VIEW_AS_READ_ONLY);
      const identity = request.identity;
      if (identity === null) throw new Error('requireVerifiedUser lets no anonymous caller by');
      const kit = await kits.changeAddress(identity.userId, request.params.id, request.body);
      return kit;
    },
  );

  app.get(
    '/kits/:id/return-label',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "The kit's prepaid return label as a PDF, kept among the person's documents: printed again it is the same document. The first request buys the label from the shipping provider (carrier, tracking number, postage; once per kit, whoever asks; 429 past 10 purchases in 15 minutes). From delivery until the lab receives the sample (409 before); admins may pass asUser (the label is then not stored, and none is bought: 409)",
        tags: ['kits'],
        params: kitParamsSchema,
        querystring: deliveryQuerySchema,
        // No response schema: the answer is the PDF; errors are the usual body.
      },
    },
    async (request, reply) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      const viewingAs = request.query.asUser !== undefined;
      const label = await kits.returnLabel(subject.id, request.params.id, !viewingAs);
      reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${label.fileName}"`);
      // The document among the person's documents, so a page can link to it.
      if (label.documentId !== null) reply.header('x-document-id', label.documentId);
      return reply.send(label.pdf);
    },
  );

  return Promise.resolve();
};
