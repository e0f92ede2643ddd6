import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STAGES, carrierSchema } from '@nestling/shared/contract/order-tracker';
import type { PurchaseOrdersRepository, PurchaseOrdersService } from '../purchase-orders/index.ts';
import type { TrackingUpdate } from './provider.ts';
import type { ShippingRepository } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

export interface ShippingWebhookDeps {
  provider: string;
  repository: ShippingRepository;
  orders: PurchaseOrdersRepository;
  tracker: Pick<PurchaseOrdersService, 'recordEvent'>;
  log: FastifyBaseLogger;
}

export type WebhookOutcome = 'handled' | 'replay' | 'unknown-shipment';

/**
 * What a verified tracking update does (ADR 044). The return's status follows it (never
 * backwards); 'delivered' records the tracker's 'Sample received' event, with the carrier and
 * tracking number, through the same path as staff and the lab's pipeline. An event handled
 * before changes nothing; an update for a shipment that is not one of ours is only logged.
 */
export function createShippingWebhookService(deps: ShippingWebhookDeps) {
  const { provider, repository, log } = deps;

  async function shipmentOf(update: TrackingUpdate) {
    if (update.providerShipmentId !== null) {
      const found = await repository.findByProviderKey(provider, {
        providerShipmentId: update.providerShipmentId,
      });
      if (found !== null) return found;
    }
    if (update.trackingNumber !== null) {
      return repository.findByProviderKey(provider, { trackingNumber: update.trackingNumber });
    }
    return null;
  }

  return {
    async handle(update: TrackingUpdate): Promise<WebhookOutcome> {
      if (await repository.hasEvent(provider, update.eventId)) return 'replay';
      const shipment = await shipmentOf(update);
      if (shipment === null) {
        log.info({ eventId: update.eventId }, 'Tracking update for a shipment not ours: ignored');
        return 'unknown-shipment';
      }
      await repository.advanceStatus(shipment.kitId, update.status, update.at);
      if (update.status === 'delivered') {
        const order = await deps.orders.findByKitId(shipment.kitId);
        const stage = ORDER_STAGES.indexOf(order?.stage as (typeof ORDER_STAGES)[number]);
        // Only forward: an order already in the lab or reported keeps its stage.
        if (order !== null && stage <= ORDER_STAGES.indexOf('sample-received')) {
          try {
            await deps.tracker.recordEvent(
              order.id,
              {
                stage: 'sample-received',
                carrier: carrierSchema.parse(shipment.carrier),
                trackingNumber: shipment.trackingNumber,
                at: update.at.toISOString(),
              },
              { source: 'carrier', actorId: null },
            );
          } catch (error) {
            // A refunded order expects no sample: the delivery is logged, the tracker kept.
            if (!(error instanceof Refusal)) throw error;
            log.warn({ eventId: update.eventId, orderId: order.id }, error.message);
          }
        }
      }
      await repository.recordEvent(provider, update.eventId, shipment.kitId, update.status);
      return 'handled';
    },
  };
}
