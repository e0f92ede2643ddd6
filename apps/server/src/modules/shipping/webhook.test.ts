import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveriesAnswerSchema } from '@nestling/shared/contract/kits';
import { purchaseOrderSchema } from '@nestling/shared/contract/order-tracker';
import type { App } from '../../app.ts';
import { TEST_SHIPPING_SECRET } from '../../config.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { insertOrderRows } from '../purchase-orders/order-rows.ts';
import { SHIPPING_SIGNATURE_INVALID } from './provider.ts';
import { signTestWebhook, TEST_SIGNATURE_HEADER, testShipmentId } from './test-provider.ts';

const WEBHOOK = '/api/shipping/webhook';
const PURCHASED = 1_772_409_600;
const DAY = 24 * 60 * 60;
const at = (days: number) => new Date((PURCHASED + days * DAY) * 1000);
const person = {
  id: 'ship-patient',
  email: 'sam.shipper@shipping.test',
  firstName: 'Sam',
  lastName: 'Shipper',
};

describe.each(testDatabaseKinds)("the shipping provider's tracking webhook on %s", (kind) => {
  let database: TestDatabase;
  let app: App;
  let token = '';
  let orderId = '';
  let kitId = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-shipping-'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    await createTestUser(database.db, person);
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir },
    });
    token = await signInToken(app, person.email);
    const order = await insertOrderRows(database.db, {
      userId: person.id,
      product: 'individual',
      purchaseDate: PURCHASED,
      buyerName: 'Sam Shipper',
      address: {
        name: 'Sam Shipper',
        line1: '1 Main Street',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
      },
      events: [
        { stage: 'kit-shipped', at: at(1), carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
        { stage: 'kit-delivered', at: at(3) },
        { stage: 'kit-activated', at: at(4) },
      ],
    });
    orderId = order.id;
    kitId = order.kitIds[0] ?? '';
    // The patient prints the label: the test provider's shipment is bought.
    const printed = await app.inject({
      method: 'GET',
      url: `/api/kits/${kitId}/return-label`,
      headers: bearer(token),
    });
    expect(printed.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const now = () => Math.floor(Date.now() / 1000);
  const send = (body: string, signature: string | null) =>
    app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { [TEST_SIGNATURE_HEADER]: signature }),
      },
      payload: body,
    });
  const update = (id: string, status: string, shipmentId = testShipmentId(kitId)) =>
    JSON.stringify({ id, type: 'tracker.updated', shipmentId, status, at: at(7).toISOString() });
  const signed = (body: string, time = now()) =>
    send(body, signTestWebhook(body, TEST_SHIPPING_SECRET, time));

  const kit = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/deliveries',
      headers: bearer(token),
    });
    return deliveriesAnswerSchema.parse(response.json()).kits.find((entry) => entry.id === kitId);
  };
  const order = async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(token),
    });
    return purchaseOrderSchema.parse(response.json());
  };
  const eventCount = async () =>
    (
      await queryRows<{ count: number }>(
        database,
        sql`select count(*)::int as count from order_event where order_id = ${orderId}`,
      )
    )[0]?.count;

  it('refuses a missing, wrong or stale signature with 400 and changes nothing', async () => {
    const body = update('evt_bad', 'delivered');
    const before = await eventCount();
    for (const response of [
      await send(body, null),
      await send(body, signTestWebhook(body, 'another-secret-of-16-chars', now())),
      await send(body, 't=1,v1=abc'),
      // Signed for another body.
      await send(
        body,
        signTestWebhook(update('evt_other', 'delivered'), TEST_SHIPPING_SECRET, now()),
      ),
      // Too old, and from the future.
      await signed(body, now() - 3600),
      await signed(body, now() + 3600),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: SHIPPING_SIGNATURE_INVALID });
    }
    expect(await eventCount()).toBe(before);
    expect((await kit())?.returnShipment?.status).toBe('label-created');
    expect((await order()).stage).toBe('kit-activated');
  });

  it('moves the return to in transit, then the tracker to Sample received, with the carrier and tracking number', async () => {
    const moving = await signed(update('evt_1', 'in-transit'));
    expect(moving.statusCode).toBe(200);
    expect(moving.json()).toEqual({ received: true });
    expect((await kit())?.returnShipment?.status).toBe('in-transit');
    expect((await order()).stage).toBe('kit-activated');

    const delivered = await signed(update('evt_2', 'delivered'));
    expect(delivered.statusCode).toBe(200);
    const tracked = await order();
    expect(tracked.stage).toBe('sample-received');
    const received = tracked.events.filter((event) => event.stage === 'sample-received');
    expect(received).toEqual([
      expect.objectContaining({
        at: at(7).toISOString(),
        carrier: 'UPS',
        trackingNumber: `TEST${kitId.replace('-', '')}`,
        trackingUrl: expect.stringContaining('https://www.ups.com/track?tracknum=TEST') as string,
      }),
    ]);
    expect(await kit()).toMatchObject({
      sampleReceivedAt: at(7).toISOString(),
      returnShipment: { status: 'delivered' },
    });
  });

  it('is idempotent: a repeated event, or the same news again, adds nothing; a late one does not go back', async () => {
    const before = await eventCount();
    expect((await signed(update('evt_2', 'delivered'))).statusCode).toBe(200);
    expect((await signed(update('evt_3', 'delivered'))).statusCode).toBe(200);
    expect((await signed(update('evt_4', 'in-transit'))).statusCode).toBe(200);
    expect(await eventCount()).toBe(before);
    expect((await kit())?.returnShipment?.status).toBe('delivered');
    const handled = await queryRows<{ event_id: string }>(
      database,
      sql`select event_id from shipping_event where event_id = 'evt_2'`,
    );
    expect(handled).toHaveLength(1);
  });

  it('acknowledges a shipment that is not ours, or an event that is no tracking update, as any other', async () => {
    const unknown = await signed(update('evt_5', 'delivered', 'test_shp_NK-UNKNOWN'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true });
    const other = await signed(JSON.stringify({ id: 'evt_6', type: 'batch.created' }));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true });
  });
});

describe('the shipping webhook with EasyPost configured', () => {
  let database: TestDatabase;
  let app: App;
  const secret = 'easypost-webhook-secret';

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await createTestApp({
      database,
      env: {
        SHIPPING_PROVIDER: 'easypost',
        EASYPOST_API_KEY: 'EZTKtest0000',
        EASYPOST_WEBHOOK_SECRET: secret,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const post = (body: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const easyPostEvent = JSON.stringify({
    id: 'evt_ep_1',
    object: 'Event',
    description: 'tracker.updated',
    result: {
      object: 'Tracker',
      id: 'trk_1',
      shipment_id: 'shp_not_ours',
      tracking_code: '1Z0000000000000000',
      status: 'delivered',
      updated_at: '2026-11-28T10:00:00Z',
    },
  });

  it('refuses the test provider’s signature: only EasyPost’s moves a real tracker', async () => {
    const response = await post(easyPostEvent, {
      [TEST_SIGNATURE_HEADER]: signTestWebhook(
        easyPostEvent,
        TEST_SHIPPING_SECRET,
        Math.floor(Date.now() / 1000),
      ),
    });
    expect(response.statusCode).toBe(400);
  });

  it('checks X-Hmac-Signature: a wrong one is 400, the right one is 200 even for a shipment not ours', async () => {
    const wrong = await post(easyPostEvent, { 'x-hmac-signature': 'hmac-sha256-hex=00' });
    expect(wrong.statusCode).toBe(400);
    const mac = createHmac('sha256', secret).update(easyPostEvent).digest('hex');
    const right = await post(easyPostEvent, { 'x-hmac-signature': `hmac-sha256-hex=${mac}` });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ received: true });
  });
});
