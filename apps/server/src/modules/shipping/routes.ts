import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shippingApi } from '@nestling/shared/contract/api/shipping';
import { sendError } from '../../plugins/errors.ts';
import {
  createPurchaseOrdersRepository,
  createPurchaseOrdersService,
} from '../purchase-orders/index.ts';
import { isTransientDatabaseError } from '../stripe/index.ts';
import {
  SHIPPING_SIGNATURE_INVALID,
  type ShippingProvider,
  type TrackingUpdate,
} from './provider.ts';
import { configuredShippingProvider } from './providers.ts';
import { createShippingRepository } from './repository.ts';
import { createShippingWebhookService } from './service.ts';
import { keepJsonBodiesRaw } from '../../plugins/raw-json-body.ts';
import { Refusal } from '../../lib/refusal.ts';

/** Tracking events are a few kilobytes; anything near this is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /shipping/webhook: the configured shipping provider's tracking updates (ADR 044). The
 * provider signs the exact bytes it sends, so this plugin reads JSON bodies as a Buffer; being a
 * plugin of its own, that parser applies to this route only. Only the configured provider's
 * signature is accepted: with EasyPost, a body signed with the test provider's secret is refused.
 */
export const shippingWebhookRoutes: FastifyPluginAsyncZod<{ provider?: ShippingProvider }> = (
  app,
  options,
) => {
  const provider = options.provider ?? configuredShippingProvider(app.config);
  const orders = createPurchaseOrdersRepository(app.database.db);
  const webhook = createShippingWebhookService({
    provider: provider.name,
    repository: createShippingRepository(app.database.db),
    orders,
    tracker: createPurchaseOrdersService({
      repository: orders,
      refund: () => Promise.reject(new Error('A tracking update refunds nothing')),
      queueMail: async (messages) => {
        for (const message of messages) await app.mailer.send(message);
      },
      publicUrl: app.config.publicUrl,
    }),
    log: app.log,
  });

  keepJsonBodiesRaw(app, WEBHOOK_BODY_LIMIT);

  app.post(
    '/shipping/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: shippingApi['POST /shipping/webhook'],
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        return sendError(request, reply, 400, SHIPPING_SIGNATURE_INVALID);
      }
      let update: TrackingUpdate | null;
      try {
        update = provider.readWebhook(request.body, request.headers, new Date());
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        request.log.warn(
          { reason: String(error.cause) },
          'Shipping webhook with a bad signature: refused',
        );
        return sendError(request, reply, 400, SHIPPING_SIGNATURE_INVALID);
      }
      // Not a tracking update (another kind of event): acknowledged, nothing done.
      if (update === null) return { received: true };
      try {
        const outcome = await webhook.handle(update);
        request.log.info({ eventId: update.eventId, outcome }, 'Shipping tracking update');
        // An unknown shipment gets the same answer as one of ours: the sender learns nothing.
        return { received: true };
      } catch (error) {
        request.log.error(
          { eventId: update.eventId, error: error instanceof Error ? error.name : 'unknown' },
          'Shipping tracking update not handled',
        );
        // The provider retries a 5xx, which a database that is back in a minute needs.
        if (isTransientDatabaseError(error)) {
          return sendError(request, reply, 500, 'Internal Server Error');
        }
        return { received: false };
      }
    },
  );
  return Promise.resolve();
};
