import * as z from 'zod/mini';
import { currencySchema, productCodeSchema, shippingAddressSchema } from './purchase.ts';
import { asUserSchema } from './view-as.ts';

/*
 * A paid order and its tracker: what the patient follows on /order and /purchased, and what lab
 * staff and the lab's pipeline move along. A couple's order ships two kits, an individual's one.
 */

/** The tracker's stages, in order. */
/** 'NS-10042': how receipts, mails and the tracker name an order. */
export function orderNumber(seq: number): string {
  return `NS-${String(seq)}`;
}

export const ORDER_STAGES = [
  'ordered',
  'kit-shipped',
  'kit-delivered',
  'kit-activated',
  'sample-received',
  'in-lab',
  'report-ready',
] as const;
export const orderStageSchema = z.enum(ORDER_STAGES);
export type OrderStage = z.infer<typeof orderStageSchema>;

/** How each stage reads on the tracker. */
export const ORDER_STAGE_LABELS: Record<OrderStage, string> = {
  ordered: 'Ordered',
  'kit-shipped': 'Kit shipped',
  'kit-delivered': 'Kit delivered',
  'kit-activated': 'Kit activated',
  'sample-received': 'Sample received',
  'in-lab': 'In the lab',
  'report-ready': 'Report ready',
};

export const orderStatusSchema = z.enum(['paid', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const;
export const carrierSchema = z.enum(CARRIERS, { error: 'Choose a carrier' });
export type Carrier = z.infer<typeof carrierSchema>;

/** The carrier's public tracking page for a number. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  const number = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case 'USPS':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
    case 'UPS':
      return `https://www.ups.com/track?tracknum=${number}`;
    case 'FedEx':
      return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
    case 'DHL':
      return `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${number}`;
  }
}

/** One step the order took: its stage, when, and for a shipment the carrier and number. */
export const orderEventSchema = z.object({
  id: z.string(),
  stage: orderStageSchema,
  /** ISO 8601. */
  at: z.string(),
  carrier: z.nullable(carrierSchema),
  trackingNumber: z.nullable(z.string()),
  trackingUrl: z.nullable(z.string()),
  /** Set when staff corrected the tracker; shown to staff only. */
  note: z.nullable(z.string()),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** A kit: its id is printed on the tube and ends with a check character. */
export const kitSchema = z.object({
  id: z.string(),
  /** Whose kit: the mother's or the father's in a couple's order, 'self' for an individual's. */
  role: z.enum(['mother', 'father', 'self']),
  /** The name on the parcel. */
  recipient: z.string(),
  shippingAddress: shippingAddressSchema,
});
export type Kit = z.infer<typeof kitSchema>;

export const purchaseOrderSchema = z.object({
  id: z.string(),
  /** Human-readable, e.g. 'NS-10042': on receipts, mails and the tracker. */
  number: z.string(),
  product: productCodeSchema,
  productName: z.string(),
  status: orderStatusSchema,
  /** The furthest stage reached. */
  stage: orderStageSchema,
  currency: currencySchema,
  /** As sold: later price changes do not touch it. */
  priceCents: z.int(),
  discountCode: z.nullable(z.string()),
  discountCents: z.int(),
  totalCents: z.int(),
  /** The card's last four digits, for the receipt; null when the provider gave none. */
  cardLast4: z.nullable(z.string()),
  /** Unix seconds, as spec section 3 gives purchase dates. */
  purchaseDate: z.number(),
  /**
   * Unix seconds: when the report is expected. Once the sample has arrived, that day plus the
   * product's turnaround; before, the purchase date plus 10 days for the kit's journey plus the
   * turnaround.
   */
  expectedReportDate: z.number(),
  /** For a couple: the partner named at checkout. */
  partner: z.nullable(z.object({ firstName: z.string(), lastName: z.string(), email: z.string() })),
  kits: z.array(kitSchema),
  /** Oldest first. */
  events: z.array(orderEventSchema),
  /** The couple account or individual order the purchase created. */
  coupleAccountId: z.nullable(z.string()),
  individualOrderId: z.nullable(z.string()),
  /** The receipt among the person's documents. */
  receiptDocumentId: z.nullable(z.string()),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** GET /orders: the signed-in person's purchases, newest first. */
export const purchaseOrdersAnswerSchema = z.object({ orders: z.array(purchaseOrderSchema) });
export type PurchaseOrdersAnswer = z.infer<typeof purchaseOrdersAnswerSchema>;

export const purchaseOrderParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });

/** GET /orders and GET /orders/{id}: `asUser`, for admins reading as a patient (audited). */
export const purchaseOrdersQuerySchema = z.object({ asUser: z.optional(asUserSchema) });

/**
 * POST /admin/orders/{id}/events and POST /lab/orders/{id}/events: move the tracker. A
 * shipment needs the carrier and tracking number; going back to an earlier stage (a correction)
 * needs a note.
 */
export const orderEventRequestSchema = z
  .object({
    stage: orderStageSchema,
    carrier: z.optional(carrierSchema),
    trackingNumber: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(4, { error: 'Enter the tracking number' }),
          z.maxLength(40, { error: 'A tracking number has at most 40 characters' }),
          z.regex(/^[A-Za-z0-9 -]+$/, { error: 'A tracking number has only letters and digits' }),
        ),
    ),
    /** ISO 8601; now when left out. */
    at: z.optional(z.iso.datetime({ offset: true, error: 'Give a date and time' })),
    note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  })
  .check(
    z.refine(
      (body) =>
        body.stage !== 'kit-shipped' ||
        (body.carrier !== undefined && body.trackingNumber !== undefined),
      { error: 'A shipment needs the carrier and the tracking number', path: ['trackingNumber'] },
    ),
  );
export type OrderEventRequest = z.infer<typeof orderEventRequestSchema>;

/** GET /admin/orders: `q` matches the order number, a kit id or an email. */
export const adminOrdersQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  stage: z.optional(orderStageSchema),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderSchema = z.extend(purchaseOrderSchema, {
  buyer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  provider: z.enum(['test', 'stripe']),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersAnswerSchema = z.object({ orders: z.array(adminOrderSchema) });
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswerSchema>;

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export const REFUND_AFTER_SHIPMENT =
  'This order cannot be refunded here: its kit has shipped. Refund it in the payment provider.';
export const ALREADY_REFUNDED = 'This order has been refunded';
export const CORRECTION_NEEDS_NOTE = 'Say why the tracker goes back a stage';

/** Kit ids: 'NK-' then 8 characters of an alphabet without look-alikes, then a check character. */
export const KIT_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The check character over the 8 body characters: a sum weighted by odd numbers mod 32, so any
 * single mistyped character changes it, as do most swaps of neighbours.
 */
export function kitCheckCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const value = KIT_ID_ALPHABET.indexOf(body[i] ?? '');
    if (value < 0) throw new RangeError(`Not a kit id character: ${body[i] ?? ''}`);
    sum += value * (2 * i + 1);
  }
  return KIT_ID_ALPHABET[sum % KIT_ID_ALPHABET.length] ?? '0';
}

/**
 * 'NK-7QX49HZ2K' (also typed in lower case, with spaces or dashes): the id when it is well
 * formed and its check character matches, else null.
 */
export function normalizeKitId(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  const match = /^NK([0-9A-HJKMNP-TV-Z]{8})([0-9A-HJKMNP-TV-Z])$/.exec(compact);
  if (!match?.[1] || !match[2]) return null;
  return kitCheckCharacter(match[1]) === match[2] ? `NK-${match[1]}${match[2]}` : null;
}
