import type { Carrier } from '@nestling/shared/contract/order-tracker';
import type { ShippingAddress } from '@nestling/shared/contract/purchase';
import { Refusal } from '../../lib/refusal.ts';

/** The kit's box as it goes back: the lab's return box with one tube in it. */
export const RETURN_PARCEL = { lengthIn: 9, widthIn: 6, heightIn: 2, weightOz: 8 } as const;

/** The lab's receiving address, as a carrier needs it. */
export interface LabAddress {
  name: string;
  /** Lines above the street, such as 'Sample Receiving'. */
  attention: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip: string;
}

/** What a provider needs to buy one kit's return label. */
export interface ReturnLabelRequest {
  kitId: string;
  orderNumber: string;
  /** The person sending the sample back: the kit's shipping address. */
  from: ShippingAddress;
  to: LabAddress;
  /** The carrier the kit came with, when recorded: the return goes with it if it can. */
  preferredCarrier: Carrier | null;
}

/** A bought label. */
export interface BoughtLabel {
  /** The provider's id for the shipment, which its tracking updates name. */
  providerShipmentId: string;
  carrier: Carrier;
  service: string;
  trackingNumber: string;
  postageCents: number;
  currency: string;
  /** Made by the test provider: valid for no postage, and said so on the label and the page. */
  test: boolean;
  /** The carrier's own label image (PNG), when the provider gives one. */
  labelUrl: string | null;
}

/** Where a return is, as the portal says it. */
export type ReturnStatus = 'label-created' | 'in-transit' | 'delivered' | 'exception';

/** One verified tracking update. */
export interface TrackingUpdate {
  /** The provider's event id: an update seen before changes nothing. */
  eventId: string;
  providerShipmentId: string | null;
  trackingNumber: string | null;
  status: ReturnStatus;
  at: Date;
}

export const SHIPPING_SIGNATURE_INVALID =
  "The body does not match the shipping provider's signature";

/**
 * A webhook whose signature is missing, wrong or out of time: answered 400, nothing done. The
 * reason ('missing', 'mismatch') is the refusal's cause, for the log.
 */
export function webhookSignatureRefused(reason: string): Refusal {
  return new Refusal(400, SHIPPING_SIGNATURE_INVALID, {}, { cause: reason });
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * A way to buy return labels and hear where they are (ADR 044), as PaymentProvider is for
 * payments: the built-in test provider, or EasyPost.
 */
export interface ShippingProvider {
  readonly name: 'test' | 'easypost';
  /** Buys the label; called once per kit (the caller keeps what it answers). */
  buyReturnLabel(request: ReturnLabelRequest): Promise<BoughtLabel>;
  /**
   * Checks the webhook's signature over its exact bytes, then reads it: the tracking update, or
   * null for an event that is not one (acknowledged, nothing done). Throws
   * webhookSignatureRefused() when the signature does not hold.
   */
  readWebhook(body: Buffer, headers: WebhookHeaders, now: Date): TrackingUpdate | null;
  /** The carrier's label image, to print on the portal's label page; null for none. */
  labelImage(label: { labelUrl: string | null }): Promise<Buffer | null>;
}

/** The first value of a header. */
export function headerValue(headers: WebhookHeaders, name: string): string | null {
  const value = headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? null : first;
}

/**
 * The lab's return address lines (LAB_RETURN_ADDRESS) as a carrier's address: the last line
 * 'City, ST 12345', the one above it the street, any above that the attention line. Null when
 * the lines do not read so.
 */
export function labAddressOf(name: string, lines: readonly string[]): LabAddress | null {
  const last = lines.at(-1) ?? '';
  const place = /^(.+?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(last.trim());
  const street = lines.at(-2)?.trim();
  if (place === null || street === undefined || street === '') return null;
  const [, city = '', state = '', zip = ''] = place;
  const streetParts = /^(.+?),\s*((?:Suite|Ste|Unit|Floor|Fl|Apt|#|Room|Rm)\b.*)$/i.exec(street);
  const attention = lines.slice(0, -2).join(', ').trim();
  return {
    name,
    attention: attention === '' ? null : attention,
    street1: streetParts?.[1] ?? street,
    street2: streetParts?.[2] ?? null,
    city,
    state,
    zip,
  };
}
