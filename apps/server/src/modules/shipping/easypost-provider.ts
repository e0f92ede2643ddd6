import EasyPostClient from '@easypost/api';
import type { Carrier } from '@nestling/shared/contract/order-tracker';
import {
  headerValue,
  RETURN_PARCEL,
  webhookSignatureRefused,
  type BoughtLabel,
  type LabAddress,
  type ReturnLabelRequest,
  type ReturnStatus,
  type ShippingProvider,
  type TrackingUpdate,
} from './provider.ts';

/** An EasyPost client, as the SDK's default export makes it. */
export type EasyPost = InstanceType<typeof EasyPostClient>;

export interface EasyPostSettings {
  apiKey: string;
  webhookSecret: string;
}

/** EasyPost's signature header: `hmac-sha256-hex=<HMAC-SHA256 of the body>`. */
export const EASYPOST_SIGNATURE_HEADER = 'x-hmac-signature';

/** The official client; tests pass one aimed at a stand-in server (its `baseUrl`). */
export function createEasyPostClient(settings: EasyPostSettings): EasyPost {
  // A patient waits on the purchase: give up well before a proxy would.
  return new EasyPostClient(settings.apiKey, { timeout: 20_000 });
}

/** EasyPost's carrier names ('UPS', 'UPSDAP', 'USPS', 'FedEx', 'DHLExpress'…) as the portal's. */
export function carrierOf(name: string): Carrier | null {
  const upper = name.toUpperCase();
  if (upper.startsWith('USPS')) return 'USPS';
  if (upper.startsWith('UPS')) return 'UPS';
  if (upper.startsWith('FEDEX')) return 'FedEx';
  if (upper.startsWith('DHL')) return 'DHL';
  return null;
}

/** A tracker's status as the portal's; null for 'unknown' and anything new (nothing changes). */
export function returnStatusOf(status: string): ReturnStatus | null {
  switch (status) {
    case 'pre_transit':
      return 'label-created';
    case 'in_transit':
    case 'out_for_delivery':
    case 'available_for_pickup':
      return 'in-transit';
    case 'delivered':
      return 'delivered';
    case 'return_to_sender':
    case 'failure':
    case 'cancelled': // EasyPost's spelling
    case 'error':
      return 'exception';
    default:
      return null;
  }
}

/** '12.34' as cents. */
function cents(amount: string): number {
  const value = Number(amount);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`EasyPost answered a rate of ${amount}`);
  return Math.round(value * 100);
}

interface RateLike {
  id: string;
  carrier: string;
  service: string;
  rate: string;
  currency: string;
}

/**
 * The rate to buy: the cheapest of the carrier the kit came with, else the cheapest of any
 * carrier the portal can link to. Null when EasyPost offered none of them.
 */
export function chooseRate(rates: readonly RateLike[], preferred: Carrier | null): RateLike | null {
  const usable = rates.filter((rate) => carrierOf(rate.carrier) !== null);
  const cheapest = (list: readonly RateLike[]) =>
    list.reduce<RateLike | null>(
      (best, rate) => (best === null || Number(rate.rate) < Number(best.rate) ? rate : best),
      null,
    );
  const ofPreferred = usable.filter((rate) => carrierOf(rate.carrier) === preferred);
  return cheapest(ofPreferred) ?? cheapest(usable);
}

function labAddress(to: LabAddress) {
  return {
    company: to.name,
    name: to.attention ?? to.name,
    street1: to.street1,
    street2: to.street2 ?? undefined,
    city: to.city,
    state: to.state,
    zip: to.zip,
    country: 'US',
  };
}

/**
 * EasyPost (SHIPPING_PROVIDER=easypost, ADR 044): a return shipment (`is_return`, so EasyPost
 * swaps the addresses: the lab is the outbound sender) bought at the chosen rate; its tracker's
 * updates come to POST /api/shipping/webhook signed with the webhook's secret.
 */
export function createEasyPostProvider(
  settings: EasyPostSettings,
  client: EasyPost = createEasyPostClient(settings),
  fetchLabel: typeof fetch = fetch,
): ShippingProvider {
  return {
    name: 'easypost',

    async buyReturnLabel(request: ReturnLabelRequest): Promise<BoughtLabel> {
      const created = await client.Shipment.create({
        is_return: true,
        // As the outbound shipment was: from the lab to the person; EasyPost swaps them.
        from_address: labAddress(request.to),
        to_address: {
          name: request.from.name,
          street1: request.from.line1,
          street2: request.from.line2 ?? undefined,
          city: request.from.city,
          state: request.from.state,
          zip: request.from.zip,
          country: 'US',
        },
        parcel: {
          length: RETURN_PARCEL.lengthIn,
          width: RETURN_PARCEL.widthIn,
          height: RETURN_PARCEL.heightIn,
          weight: RETURN_PARCEL.weightOz,
        },
        reference: request.kitId,
        options: { label_format: 'PNG', print_custom_1: `Kit ${request.kitId}` },
      });
      const rate = chooseRate(created.rates, request.preferredCarrier);
      if (rate === null) throw new Error('EasyPost offered no rate of a carrier the portal knows');
      const bought = await client.Shipment.buy(created.id, rate.id);
      const selected = bought.selected_rate;
      const carrier = carrierOf(selected.carrier);
      if (carrier === null) throw new Error(`EasyPost bought with ${selected.carrier}`);
      if (bought.tracking_code === '') throw new Error('EasyPost answered no tracking number');
      return {
        providerShipmentId: bought.id,
        carrier,
        service: selected.service,
        trackingNumber: bought.tracking_code,
        postageCents: cents(selected.rate),
        currency: selected.currency.toLowerCase(),
        test: bought.mode === 'test',
        labelUrl: bought.postage_label.label_url,
      };
    },

    readWebhook(body, headers): TrackingUpdate | null {
      const signature = headerValue(headers, EASYPOST_SIGNATURE_HEADER);
      if (signature === null) throw webhookSignatureRefused('missing');
      let event: unknown;
      try {
        // The SDK's check: HMAC-SHA256 over the body, compared in constant time.
        event = client.Utils.validateWebhook(
          body,
          { 'X-Hmac-Signature': signature },
          settings.webhookSecret,
        );
      } catch {
        throw webhookSignatureRefused('mismatch');
      }
      return trackingUpdateOf(event);
    },

    async labelImage({ labelUrl }): Promise<Buffer | null> {
      if (labelUrl === null) return null;
      const url = new URL(labelUrl);
      if (url.protocol !== 'https:') {
        throw new Error('EasyPost gave a label address that is not https');
      }
      const answer = await fetchLabel(url, { signal: AbortSignal.timeout(20_000) });
      if (!answer.ok) throw new Error(`The label image answered ${String(answer.status)}`);
      return Buffer.from(await answer.arrayBuffer());
    },
  };
}

/** A verified EasyPost Event as a tracking update: `tracker.updated` and `tracker.created` only. */
export function trackingUpdateOf(event: unknown): TrackingUpdate | null {
  if (typeof event !== 'object' || event === null) return null;
  const { id, description, result } = event as {
    id?: unknown;
    description?: unknown;
    result?: unknown;
  };
  if (
    typeof id !== 'string' ||
    (description !== 'tracker.updated' && description !== 'tracker.created')
  ) {
    return null;
  }
  if (typeof result !== 'object' || result === null) return null;
  const tracker = result as {
    shipment_id?: unknown;
    tracking_code?: unknown;
    status?: unknown;
    updated_at?: unknown;
  };
  const status = typeof tracker.status === 'string' ? returnStatusOf(tracker.status) : null;
  if (status === null) return null;
  const at = typeof tracker.updated_at === 'string' ? new Date(tracker.updated_at) : new Date();
  return {
    eventId: id,
    providerShipmentId: typeof tracker.shipment_id === 'string' ? tracker.shipment_id : null,
    trackingNumber: typeof tracker.tracking_code === 'string' ? tracker.tracking_code : null,
    status,
    at: Number.isNaN(at.getTime()) ? new Date() : at,
  };
}
