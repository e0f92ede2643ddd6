import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import EasyPostClient from '@easypost/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseRate,
  createEasyPostProvider,
  returnStatusOf,
  trackingUpdateOf,
} from './easypost-provider.ts';
import { labAddressOf, type ReturnLabelRequest } from './provider.ts';
import { Refusal } from '../../lib/refusal.ts';

/*
 * The EasyPost adapter against a stand-in for EasyPost's API on this machine (the SDK's own
 * `baseUrl` option): no network. The stand-in answers as EasyPost's API reference shows a test
 * mode return shipment, and records what the SDK sent.
 */

const SECRET = 'easypost-webhook-secret';
const LABEL_URL = 'https://easypost-files.s3.us-west-2.amazonaws.com/files/postage_label/label.png';

const rates = [
  { id: 'rate_usps', carrier: 'USPS', service: 'GroundAdvantage', rate: '6.10', currency: 'USD' },
  { id: 'rate_ups', carrier: 'UPS', service: 'Ground', rate: '9.45', currency: 'USD' },
  { id: 'rate_ups_air', carrier: 'UPS', service: 'NextDayAir', rate: '41.20', currency: 'USD' },
  { id: 'rate_other', carrier: 'LSO', service: 'Ground', rate: '3.00', currency: 'USD' },
];

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

describe('the EasyPost shipping provider', () => {
  let server: Server;
  let client: InstanceType<typeof EasyPostClient>;
  const seen: { method: string; url: string; body: unknown; auth: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      void bodyOf(request).then((body) => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          body,
          auth: request.headers.authorization,
        });
        response.setHeader('content-type', 'application/json');
        if (request.url === '/v2/shipments') {
          response.end(
            JSON.stringify({
              id: 'shp_123',
              object: 'Shipment',
              mode: 'test',
              rates,
              tracking_code: null,
            }),
          );
          return;
        }
        if (request.url === '/v2/shipments/shp_123/buy') {
          const rateId = (body as { rate: { id: string } }).rate.id;
          response.end(
            JSON.stringify({
              id: 'shp_123',
              object: 'Shipment',
              mode: 'test',
              is_return: true,
              tracking_code: '1ZE6A4850190733810',
              selected_rate: rates.find((rate) => rate.id === rateId),
              postage_label: { label_url: LABEL_URL, label_file_type: 'image/png' },
              rates,
            }),
          );
          return;
        }
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'not found' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = new EasyPostClient('EZTKtest0000', {
      baseUrl: `http://127.0.0.1:${String(port)}/v2/`,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const request: ReturnLabelRequest = {
    kitId: 'NK-7QX49HZ2K',
    orderNumber: 'NS-10042',
    from: {
      name: 'Bea Buyer',
      line1: '20 Elm Road',
      line2: 'Apt 4B',
      city: 'Portland',
      state: 'OR',
      zip: '97201',
    },
    to: {
      name: 'Harbor Genomics Lab',
      attention: 'Sample Receiving',
      street1: '2100 Example Parkway',
      street2: 'Suite 300',
      city: 'Austin',
      state: 'TX',
      zip: '78758',
    },
    preferredCarrier: 'UPS',
  };

  it('buys a return shipment (addresses as outbound, EasyPost swaps them) at the cheapest rate of the kit’s carrier', async () => {
    const provider = createEasyPostProvider(
      { apiKey: 'EZTKtest0000', webhookSecret: SECRET },
      client,
    );
    const label = await provider.buyReturnLabel(request);
    expect(label).toEqual({
      providerShipmentId: 'shp_123',
      carrier: 'UPS',
      service: 'Ground',
      trackingNumber: '1ZE6A4850190733810',
      postageCents: 945,
      currency: 'usd',
      test: true,
      labelUrl: LABEL_URL,
    });
    const [create, buy] = seen;
    expect(create?.method).toBe('POST');
    expect(create?.auth).toBe(`Basic ${Buffer.from('EZTKtest0000:').toString('base64')}`);
    expect(create?.body).toMatchObject({
      shipment: {
        is_return: true,
        from_address: {
          company: 'Harbor Genomics Lab',
          name: 'Sample Receiving',
          street1: '2100 Example Parkway',
          street2: 'Suite 300',
          city: 'Austin',
          state: 'TX',
          zip: '78758',
          country: 'US',
        },
        to_address: { name: 'Bea Buyer', street1: '20 Elm Road', street2: 'Apt 4B', zip: '97201' },
        parcel: { length: 9, width: 6, height: 2, weight: 8 },
        reference: 'NK-7QX49HZ2K',
      },
    });
    expect(buy).toMatchObject({
      url: '/v2/shipments/shp_123/buy',
      body: { rate: { id: 'rate_ups' } },
    });
  });

  it('reads the carrier’s label image over https only', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const fetched: string[] = [];
    const provider = createEasyPostProvider(
      { apiKey: 'EZTKtest0000', webhookSecret: SECRET },
      client,
      (url) => {
        fetched.push(url instanceof Request ? url.url : url.toString());
        return Promise.resolve(new Response(png));
      },
    );
    expect(await provider.labelImage({ labelUrl: LABEL_URL })).toEqual(png);
    expect(fetched).toEqual([LABEL_URL]);
    await expect(provider.labelImage({ labelUrl: 'http://example.com/label.png' })).rejects.toThrow(
      /not https/,
    );
    expect(await provider.labelImage({ labelUrl: null })).toBeNull();
  });

  it('chooses the kit’s carrier’s cheapest rate, else the cheapest the portal can track; never an unknown carrier', () => {
    expect(chooseRate(rates, 'UPS')?.id).toBe('rate_ups');
    expect(chooseRate(rates, 'FedEx')?.id).toBe('rate_usps');
    expect(chooseRate(rates, null)?.id).toBe('rate_usps');
    expect(
      chooseRate(
        rates.filter((rate) => rate.carrier === 'LSO'),
        null,
      ),
    ).toBeNull();
  });

  it('verifies a webhook’s X-Hmac-Signature and maps tracker events; refuses a bad one', () => {
    const provider = createEasyPostProvider(
      { apiKey: 'EZTKtest0000', webhookSecret: SECRET },
      client,
    );
    const event = JSON.stringify({
      id: 'evt_1',
      object: 'Event',
      description: 'tracker.updated',
      result: {
        object: 'Tracker',
        id: 'trk_1',
        shipment_id: 'shp_123',
        tracking_code: '1ZE6A4850190733810',
        status: 'delivered',
        updated_at: '2026-11-28T10:00:00Z',
      },
    });
    const body = Buffer.from(event);
    const mac = createHmac('sha256', SECRET).update(event).digest('hex');
    expect(
      provider.readWebhook(body, { 'x-hmac-signature': `hmac-sha256-hex=${mac}` }, new Date()),
    ).toEqual({
      eventId: 'evt_1',
      providerShipmentId: 'shp_123',
      trackingNumber: '1ZE6A4850190733810',
      status: 'delivered',
      at: new Date('2026-11-28T10:00:00Z'),
    });
    for (const headers of [
      {},
      { 'x-hmac-signature': 'hmac-sha256-hex=00' },
      {
        'x-hmac-signature': `hmac-sha256-hex=${mac.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`,
      },
    ]) {
      expect(() => provider.readWebhook(body, headers, new Date())).toThrow(Refusal);
    }
  });

  it('maps EasyPost’s tracker statuses, and ignores events that are not tracker updates', () => {
    expect(
      [
        'pre_transit',
        'in_transit',
        'out_for_delivery',
        'delivered',
        'return_to_sender',
        'failure',
        'unknown',
      ].map(returnStatusOf),
    ).toEqual([
      'label-created',
      'in-transit',
      'in-transit',
      'delivered',
      'exception',
      'exception',
      null,
    ]);
    expect(trackingUpdateOf({ id: 'evt_2', description: 'batch.created', result: {} })).toBeNull();
    expect(
      trackingUpdateOf({
        id: 'evt_3',
        description: 'tracker.updated',
        result: { status: 'unknown' },
      }),
    ).toBeNull();
  });

  it('reads the lab’s return address lines as a carrier’s address', () => {
    expect(
      labAddressOf('Harbor Genomics Lab', [
        'Sample Receiving',
        '900 Harbor Drive',
        'Boston, MA 02110',
      ]),
    ).toEqual({
      name: 'Harbor Genomics Lab',
      attention: 'Sample Receiving',
      street1: '900 Harbor Drive',
      street2: null,
      city: 'Boston',
      state: 'MA',
      zip: '02110',
    });
    expect(labAddressOf('Lab', ['Somewhere'])).toBeNull();
  });
});
