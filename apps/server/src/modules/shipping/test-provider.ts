import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import {
  headerValue,
  webhookSignatureRefused,
  type BoughtLabel,
  type ShippingProvider,
  type TrackingUpdate,
} from './provider.ts';

/** The test provider's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256>`, as Stripe's. */
export const TEST_SIGNATURE_HEADER = 'x-test-shipping-signature';
/** How far a signature's time may be from the server's, either way. */
export const TEST_SIGNATURE_TOLERANCE_SECONDS = 300;

/** A test label's tracking number: marked TEST, so no one mistakes it for a carrier's. */
export function testTrackingNumber(kitId: string): string {
  return `TEST${kitId.replace(/[^A-Z0-9]/gi, '').toUpperCase()}`;
}

/** The test provider's tracking update, as staff, the demo and tests send it. */
export const testWebhookSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  type: z.literal('tracker.updated'),
  shipmentId: z.string().check(z.minLength(1), z.maxLength(100)),
  status: z.enum(['in-transit', 'delivered', 'exception']),
  /** ISO 8601; the time it was signed when left out. */
  at: z.optional(z.iso.datetime({ offset: true })),
});
export type TestWebhook = z.infer<typeof testWebhookSchema>;

/** The signature header for a body, signed at `time` (unix seconds) with the secret. */
export function signTestWebhook(body: string | Buffer, secret: string, time: number): string {
  const mac = createHmac('sha256', secret)
    .update(`${String(time)}.`)
    .update(body)
    .digest('hex');
  return `t=${String(time)},v1=${mac}`;
}

/** The test provider's shipment id of a kit's label. */
export const testShipmentId = (kitId: string) => `test_shp_${kitId}`;

/**
 * The built-in test provider (SHIPPING_PROVIDER=test): the same flow as a real one with no
 * network. Its label goes with the carrier the kit came with (UPS when none is recorded), its
 * tracking number starts with TEST and its postage is 0.00; the label says 'TEST LABEL — NOT
 * VALID FOR POSTAGE'. Its tracking updates are webhooks signed with SHIPPING_TEST_WEBHOOK_SECRET,
 * which staff and tests send to move the tracker.
 */
export function createTestShippingProvider(webhookSecret: string): ShippingProvider {
  return {
    name: 'test',

    buyReturnLabel(request): Promise<BoughtLabel> {
      return Promise.resolve({
        providerShipmentId: testShipmentId(request.kitId),
        carrier: request.preferredCarrier ?? 'UPS',
        service: 'Ground',
        trackingNumber: testTrackingNumber(request.kitId),
        postageCents: 0,
        currency: 'usd',
        test: true,
        labelUrl: null,
      });
    },

    readWebhook(body, headers, now): TrackingUpdate | null {
      const header = headerValue(headers, TEST_SIGNATURE_HEADER);
      if (header === null) throw webhookSignatureRefused('missing');
      const found = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim());
      if (found?.[1] === undefined || found[2] === undefined) {
        throw webhookSignatureRefused('malformed');
      }
      const time = Number(found[1]);
      const expected = Buffer.from(signTestWebhook(body, webhookSecret, time).slice(-64), 'hex');
      const given = Buffer.from(found[2], 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw webhookSignatureRefused('mismatch');
      }
      // Refused when too old or from the future, after the signature: a replay cannot outlive it.
      if (Math.abs(now.getTime() / 1000 - time) > TEST_SIGNATURE_TOLERANCE_SECONDS) {
        throw webhookSignatureRefused('out of time');
      }
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        return null;
      }
      const parsed = testWebhookSchema.safeParse(json);
      if (!parsed.success) return null;
      const event = parsed.data;
      return {
        eventId: event.id,
        providerShipmentId: event.shipmentId,
        trackingNumber: null,
        status: event.status,
        at: event.at === undefined ? new Date(time * 1000) : new Date(event.at),
      };
    },

    labelImage: () => Promise.resolve(null),
  };
}
