import * as z from 'zod/mini';
import {
  ORDER_STAGES,
  carrierSchema,
  orderEventSchema,
  orderStageSchema,
  orderStatusSchema,
  type Carrier,
  type OrderStage,
} from './order-tracker.ts';
import { shippingAddressSchema } from './purchase.ts';
import { asUserSchema } from './view-as.ts';

/*
 * The person's kits on /delivery and /return-shipping: where each kit goes, whether
 * its address can still change, how far it has traveled, and its prepaid return label.
 */

/** Stages in which the person has the kit in hand: the return label can be printed. */
export const RETURN_LABEL_STAGES = [
  'kit-delivered',
  'kit-activated',
] as const satisfies readonly OrderStage[];

/** True while the address may change: the kit has not shipped and the order was not refunded. */
export function addressEditable(stage: OrderStage, status: 'paid' | 'refunded'): boolean {
  return status === 'paid' && ORDER_STAGES.indexOf(stage) < ORDER_STAGES.indexOf('kit-shipped');
}

/** True when a new return label can be made: the kit has arrived and the sample has not. */
export function returnLabelAvailable(stage: OrderStage, status: 'paid' | 'refunded'): boolean {
  return status === 'paid' && (RETURN_LABEL_STAGES as readonly OrderStage[]).includes(stage);
}

/** Where a kit's sample is on its way back, as the shipping provider's tracking says. */
export const RETURN_STATUSES = ['label-created', 'in-transit', 'delivered', 'exception'] as const;
export const returnStatusSchema = z.enum(RETURN_STATUSES);
export type ReturnStatus = z.infer<typeof returnStatusSchema>;

/** The return label bought for a kit (ADR 044): one per kit, whoever prints it. */
export const returnShipmentSchema = z.object({
  carrier: carrierSchema,
  /** The carrier's service, e.g. 'Ground'. */
  service: z.string(),
  trackingNumber: z.string(),
  /** The carrier's public tracking page. */
  trackingUrl: z.string(),
  /** The postage the lab paid, e.g. '8.45'; '0.00' for a test label. */
  postage: z.string(),
  currency: z.string(),
  /** Made by the test provider: valid for no postage. */
  test: z.boolean(),
  status: returnStatusSchema,
  /** ISO 8601: when the status was reported. */
  statusAt: z.string(),
});
export type ReturnShipment = z.infer<typeof returnShipmentSchema>;

/** Where each carrier's return parcel can be handed over: said on the page and on the label. */
export const RETURN_DROP_OFF: Record<Carrier, string> = {
  UPS: 'Drop the box at a UPS Store or UPS Access Point, or hand it to a UPS driver.',
  USPS: 'Drop the box in a USPS mailbox or at a post office, or hand it to your mail carrier.',
  FedEx: 'Drop the box at a FedEx Office or FedEx drop box, or hand it to a FedEx driver.',
  DHL: 'Drop the box at a DHL Service Point, or hand it to a DHL courier.',
};

/** POST /shipping/webhook's answer: whether the update was handled. */
export const shippingWebhookAnswerSchema = z.object({ received: z.boolean() });

/** One of the person's kits, with its order's tracker facts. */
export const deliveryKitSchema = z.object({
  /** Printed on the tube, e.g. 'NK-7QX49HZ2K'. */
  id: z.string(),
  role: z.enum(['mother', 'father', 'self']),
  recipient: z.string(),
  shippingAddress: shippingAddressSchema,
  /** ISO 8601: when the address was last changed here; null while it is the checkout's. */
  addressChangedAt: z.nullable(z.string()),
  orderId: z.string(),
  /** e.g. 'NS-10042'. */
  orderNumber: z.string(),
  productName: z.string(),
  status: orderStatusSchema,
  /** The order's stage: a couple's two kits travel on one tracker. */
  stage: orderStageSchema,
  /** The address can still be changed (PUT /kits/{id}/address). */
  editable: z.boolean(),
  /** The latest shipment, with the carrier's tracking link; null before the kit ships. */
  shipment: z.nullable(orderEventSchema),
  /** ISO 8601: when the kit was delivered; null before (or when the tracker skipped it). */
  deliveredAt: z.nullable(z.string()),
  /** ISO 8601: when the lab received the sample; null before. */
  sampleReceivedAt: z.nullable(z.string()),
  /** A return label can be printed now (GET /kits/{id}/return-label). */
  returnLabelAvailable: z.boolean(),
  /** The label already printed, among the person's documents; null for none. */
  returnLabelDocumentId: z.nullable(z.string()),
  /** The return label bought for this kit, with its carrier and tracking; null before. */
  returnShipment: z.nullable(returnShipmentSchema),
});
export type DeliveryKit = z.infer<typeof deliveryKitSchema>;

/** GET /deliveries: the person's kits, newest order first. */
export const deliveriesAnswerSchema = z.object({ kits: z.array(deliveryKitSchema) });
export type DeliveriesAnswer = z.infer<typeof deliveriesAnswerSchema>;

export const kitParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(40)) });

/** GET /deliveries and GET /kits/{id}/return-label: `asUser` for admins viewing as a patient. */
export const deliveryQuerySchema = z.object({ asUser: z.optional(asUserSchema) });

/** PUT /kits/{id}/address: the whole new address. */
export const kitAddressRequestSchema = shippingAddressSchema;
export type KitAddressRequest = z.infer<typeof kitAddressRequestSchema>;

export const KIT_NOT_FOUND = 'Kit not found';
/** The address cannot change once the kit has shipped (or the order was refunded). */
export function addressLockedMessage(supportEmail: string): string {
  return `This kit has already shipped, so its address can no longer be changed here. Write to ${supportEmail} if it needs to go somewhere else.`;
}
export const ADDRESS_LOCKED_REFUNDED =
  'This order has been refunded, so its kit will not be sent and the address cannot change.';
export const VIEW_AS_READ_ONLY =
  'Viewing as a patient is read-only: only the patient can change their kit.';
export const RETURN_LABEL_NOT_YET =
  'The return label becomes available once the kit has been delivered.';
export const RETURN_LABEL_NOT_NEEDED =
  'The lab has already received this sample, so no return label is needed.';
export const RETURN_LABEL_REFUNDED = 'This order has been refunded: no sample is expected.';
export const RETURN_LABEL_VIEW_AS =
  'The patient has not printed this return label yet. Viewing as a patient buys no label.';
