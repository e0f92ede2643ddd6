import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VIEW_AS_READ_ONLY } from '@nestling/shared/contract/kits';
import { kitsApi } from '@nestling/shared/contract/api/kits';
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
      schema: kitsApi['GET /deliveries'],
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
      schema: kitsApi['PUT /kits/:id/address'],
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
      schema: kitsApi['GET /kits/:id/return-label'],
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
