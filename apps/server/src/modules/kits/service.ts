import { readWhole, type FileStore } from '../storage/index.ts';
import { Readable } from 'node:stream';
import {
  ADDRESS_LOCKED_REFUNDED,
  KIT_NOT_FOUND,
  RETURN_LABEL_NOT_NEEDED,
  RETURN_LABEL_NOT_YET,
  RETURN_LABEL_REFUNDED,
  RETURN_LABEL_VIEW_AS,
  returnStatusSchema,
  addressEditable,
  addressLockedMessage,
  returnLabelAvailable,
  type DeliveryKit,
  type ReturnShipment,
} from '@nestling/shared/contract/kits';
import {
  ORDER_STAGES,
  carrierSchema,
  orderStageSchema,
  trackingUrl,
  type Kit,
  type PurchaseOrder,
} from '@nestling/shared/contract/order-tracker';
import type { ShippingAddress } from '@nestling/shared/contract/purchase';
import { readableOrders, type PurchaseOrdersRepository } from '../purchase-orders/index.ts';
import { addressZipProblem } from '../clinics/index.ts';
import type {
  LabAddress,
  ReturnShipmentRow,
  ShippingProvider,
  ShippingRepository,
} from '../shipping/index.ts';
import type { KitsRepository } from './repository.ts';
import { renderReturnLabelPdf } from './return-label.tsx';
import { Refusal } from '../../lib/refusal.ts';

export interface KitsDeps {
  repository: KitsRepository;
  orders: PurchaseOrdersRepository;
  /** Where the return labels' PDFs are kept (ADR 023). */
  fileStore: FileStore;
  config: {
    brand: { supportEmail: string };
    lab: { name: string; returnAddress: readonly string[] };
  };
  /** Buys return labels (ADR 044) and keeps them, one per kit. */
  shipping: {
    provider: ShippingProvider;
    repository: ShippingRepository;
    /** The lab's address as a carrier needs it; throws when LAB_RETURN_ADDRESS does not read so. */
    labAddress: () => LabAddress;
    /** Counts a purchase against the person's limit; false when they are over it. */
    mayBuy: (userId: string) => Promise<boolean>;
  };
  now?: () => Date;
}

export const TOO_MANY_LABELS =
  'Too many return labels were asked for. Please wait 15 minutes and try again.';

/** The label file handed back: the PDF and its document among the person's documents. */
export interface ReturnLabelFile {
  pdf: Buffer;
  fileName: string;
  /** Null when made for an admin viewing as the person: nothing is stored then. */
  documentId: string | null;
}

const reached = (order: PurchaseOrder, stage: (typeof ORDER_STAGES)[number]) =>
  ORDER_STAGES.indexOf(order.stage) >= ORDER_STAGES.indexOf(stage);

/** The latest event of a stage, if the order has reached it. */
function lastEvent(order: PurchaseOrder, stage: (typeof ORDER_STAGES)[number]) {
  if (!reached(order, stage)) return null;
  return order.events.findLast((event) => event.stage === stage) ?? null;
}

/** A kept label as the page shows it. */
export function toReturnShipment(row: ReturnShipmentRow): ReturnShipment {
  const carrier = carrierSchema.parse(row.carrier);
  return {
    carrier,
    service: row.service,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(carrier, row.trackingNumber),
    postage: (row.postageCents / 100).toFixed(2),
    currency: row.currency,
    test: row.test,
    status: returnStatusSchema.parse(row.status),
    statusAt: row.statusAt.toISOString(),
  };
}

function toDeliveryKit(
  order: PurchaseOrder,
  kit: Kit,
  changedAt: Date | null,
  labelId: string | null,
  shipment: ReturnShipmentRow | null,
): DeliveryKit {
  return {
    id: kit.id,
    role: kit.role,
    recipient: kit.recipient,
    shippingAddress: kit.shippingAddress,
    addressChangedAt: changedAt?.toISOString() ?? null,
    orderId: order.id,
    orderNumber: order.number,
    productName: order.productName,
    status: order.status,
    stage: order.stage,
    editable: addressEditable(order.stage, order.status),
    shipment: lastEvent(order, 'kit-shipped'),
    deliveredAt: lastEvent(order, 'kit-delivered')?.at ?? null,
    sampleReceivedAt: lastEvent(order, 'sample-received')?.at ?? null,
    returnLabelAvailable: returnLabelAvailable(order.stage, order.status),
    returnLabelDocumentId: labelId,
    returnShipment: shipment === null ? null : toReturnShipment(shipment),
  };
}

/**
 * The person's kits: their addresses until they ship, their journey, and their
 * prepaid return labels. Who sees which kit follows /order exactly (readableOrders): the buyer
 * sees every kit of an order, a linked partner their own kit of the couple's order.
 */
export function createKitsService(deps: KitsDeps) {
  const { repository, config } = deps;
  const now = deps.now ?? (() => new Date());

  async function list(userId: string): Promise<DeliveryKit[]> {
    const orders = await readableOrders(deps.orders, userId);
    const kitIds = orders.flatMap((order) => order.kits.map((kit) => kit.id));
    const [changes, labels, shipments] = await Promise.all([
      repository.addressChanges(kitIds),
      repository.labelsOf(userId, kitIds),
      deps.shipping.repository.ofKits(kitIds),
    ]);
    return orders.flatMap((order) =>
      order.kits.map((kit) =>
        toDeliveryKit(
          order,
          kit,
          changes.get(kit.id) ?? null,
          labels.get(kit.id) ?? null,
          shipments.get(kit.id) ?? null,
        ),
      ),
    );
  }

  /** One of the person's kits with its order; another person's is 404 like an unknown id. */
  async function findOwn(
    userId: string,
    kitId: string,
  ): Promise<{ order: PurchaseOrder; kit: Kit }> {
    const orders = await readableOrders(deps.orders, userId);
    for (const order of orders) {
      const kit = order.kits.find((entry) => entry.id === kitId);
      if (kit !== undefined) return { order, kit };
    }
    throw new Refusal(404, KIT_NOT_FOUND);
  }

  /**
   * The kit's bought label, or one bought now (ADR 044): once per kit, whoever asks, and
   * counted against the person's limit. Viewing as the person buys nothing.
   */
  async function labelFor(
    userId: string,
    order: PurchaseOrder,
    kit: Kit,
    mayBuy: boolean,
  ): Promise<ReturnShipmentRow> {
    const { repository: shipments, provider } = deps.shipping;
    const existing = await shipments.findByKit(kit.id);
    if (existing !== null) return existing;
    if (!mayBuy) throw new Refusal(409, RETURN_LABEL_VIEW_AS);
    // Counted before the kit's lock (on PGlite the limiter cannot write inside it): two requests
    // at once may both count, though one label is bought.
    if (!(await deps.shipping.mayBuy(userId))) throw new Refusal(429, TOO_MANY_LABELS);
    const outbound = lastEvent(order, 'kit-shipped')?.carrier ?? null;
    return shipments.buyOnce(kit.id, async () => {
      const bought = await provider.buyReturnLabel({
        kitId: kit.id,
        orderNumber: order.number,
        from: kit.shippingAddress,
        to: deps.shipping.labAddress(),
        preferredCarrier: outbound,
      });
      return {
        provider: provider.name,
        providerShipmentId: bought.providerShipmentId,
        carrier: bought.carrier,
        service: bought.service,
        trackingNumber: bought.trackingNumber,
        postageCents: bought.postageCents,
        currency: bought.currency,
        test: bought.test,
        labelUrl: bought.labelUrl,
        status: 'label-created',
        statusAt: now(),
      };
    });
  }

  async function one(userId: string, kitId: string): Promise<DeliveryKit> {
    const found = (await list(userId)).find((entry) => entry.id === kitId);
    if (found === undefined) throw new Refusal(404, KIT_NOT_FOUND);
    return found;
  }

  return {
    list,

    /**
     * PUT /kits/{id}/address: the new address, while the kit has not shipped. The check runs
     * under the order's lock, so a shipment recorded at the same moment cannot slip between.
     */
    async changeAddress(
      userId: string,
      kitId: string,
      address: ShippingAddress,
    ): Promise<DeliveryKit> {
      await findOwn(userId, kitId);
      const zipProblem = addressZipProblem(address);
      if (zipProblem !== null) {
        throw new Refusal(400, `Invalid request: body.zip: ${zipProblem}`);
      }
      const result = await repository.changeAddress(kitId, address, now(), (order) =>
        addressEditable(
          orderStageSchema.parse(order.stage),
          order.status === 'refunded' ? 'refunded' : 'paid',
        ),
      );
      if (result === null) throw new Refusal(404, KIT_NOT_FOUND);
      if (!result.changed) {
        throw new Refusal(
          409,
          result.status === 'refunded'
            ? ADDRESS_LOCKED_REFUNDED
            : addressLockedMessage(config.brand.supportEmail),
        );
      }
      return one(userId, kitId);
    },

    /**
     * GET /kits/{id}/return-label: the label already printed, or a new one once the kit has
     * arrived. `store` is false for an admin viewing as the person: the label is made but not
     * kept, since viewing as changes nothing.
     */
    async returnLabel(userId: string, kitId: string, store: boolean): Promise<ReturnLabelFile> {
      const { order, kit } = await findOwn(userId, kitId);
      const fileName = `return-label-${kit.id}.pdf`;
      const stored = await repository.labelDocument(userId, kitId);
      if (stored !== null) {
        const pdf = await readWhole(deps.fileStore, stored.storagePath);
        if (pdf !== null) return { pdf, fileName: stored.fileName, documentId: stored.id };
      }
      if (order.status === 'refunded') throw new Refusal(409, RETURN_LABEL_REFUNDED);
      if (reached(order, 'sample-received')) throw new Refusal(409, RETURN_LABEL_NOT_NEEDED);
      if (!returnLabelAvailable(order.stage, order.status)) {
        throw new Refusal(409, RETURN_LABEL_NOT_YET);
      }
      const shipment = await labelFor(userId, order, kit, store);
      const madeAt = now();
      const pdf = await renderReturnLabelPdf({
        kitId: kit.id,
        orderNumber: order.number,
        from: kit.shippingAddress,
        lab: { name: config.lab.name, address: config.lab.returnAddress },
        productName: order.productName,
        madeAt,
        shipment: toReturnShipment(shipment),
        carrierLabel: await deps.shipping.provider.labelImage(shipment),
      });
      if (!store) return { pdf, fileName, documentId: null };

      // One per kit and person: the id is made from both, so two requests at once store one.
      const documentId = `return-label-${kit.id}-${userId}`;
      const storagePath = `${userId}/${documentId}.pdf`;
      await deps.fileStore.put(storagePath, Readable.from([pdf]));
      await repository.storeLabel(kit.id, userId, {
        id: documentId,
        userId,
        title: `Return label for kit ${kit.id} (order ${order.number})`,
        kind: 'return-label',
        date: madeAt.toISOString().slice(0, 10),
        fileName,
        contentType: 'application/pdf',
        size: pdf.length,
        storagePath,
      });
      const kept = await repository.labelDocument(userId, kitId);
      return { pdf, fileName, documentId: kept?.id ?? documentId };
    },
  };
}

export type KitsService = ReturnType<typeof createKitsService>;
