import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_NOT_SHIPPED } from '@nestling/shared/contract/activation';
import { TEST_CARDS } from '@nestling/shared/contract/purchase';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

/*
 * A kit is activated once it has arrived, so not before it has shipped: activating
 * it earlier made the tracker claim a shipment that never happened and took the order off the
 * staff's list of orders to ship.
 */
describe.each(testDatabaseKinds)('activating a kit before it ships on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-shipment-'));
  let buyer = '';
  let admin = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    await createTestUser(database.db, {
      id: 'ship-buyer',
      email: 'ship-buyer@shipment.test',
      firstName: 'Sasha',
      lastName: 'Shipment',
    });
    // Survey done and terms accepted: only the shipment stands in the way.
    await database.db.execute(
      sql`update "user" set sex = 'Female', health_survey_status = 'done' where id = 'ship-buyer'`,
    );
    buyer = await signInToken(app, 'ship-buyer@shipment.test');
    admin = await signInToken(app, 'admin@nestling.health');
    for (const document of ['tos', 'hipaa']) {
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/terms/${document}/accept`,
        headers: bearer(buyer),
        payload: { version: '1.0' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses it in words, keeps the order to ship, and takes it once the kit has shipped', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(buyer),
      payload: {
        product: 'individual',
        idempotencyKey: randomUUID(),
        shipping: {
          buyer: { name: 'Sasha', line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        },
      },
    });
    const checkoutId = started.json<{ id: string }>().id;
    const paid = await app.inject({
      method: 'POST',
      url: `/api/checkout/${checkoutId}/test-payment`,
      headers: bearer(buyer),
      payload: { number: TEST_CARDS.pays, expiry: '12/40', cvc: '123' },
    });
    const purchaseOrderId = paid.json<{ orderId: string }>().orderId;
    const kits = async () =>
      (await app.inject({ method: 'GET', url: '/api/kits', headers: bearer(buyer) })).json<{
        kits: { kitId: string; orderId: string; shippedAt: number | null }[];
      }>().kits;
    const [kit] = await kits();
    expect(kit?.shippedAt).toBeNull();

    const early = await app.inject({
      method: 'PATCH',
      url: `/api/individual_reports/${kit?.orderId ?? ''}/activate`,
      headers: bearer(buyer),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(KIT_NOT_SHIPPED);

    // Still on the staff's list of orders to ship, and the tracker claims nothing.
    const toShip = await app.inject({
      method: 'GET',
      url: '/api/admin/orders?stage=ordered',
      headers: bearer(admin),
    });
    expect(toShip.json<{ orders: { id: string }[] }>().orders.map((order) => order.id)).toContain(
      purchaseOrderId,
    );
    const tracker = await app.inject({
      method: 'GET',
      url: `/api/orders/${purchaseOrderId}`,
      headers: bearer(buyer),
    });
    expect(tracker.json<{ stage: string; events: { stage: string }[] }>()).toMatchObject({
      stage: 'ordered',
      events: [{ stage: 'ordered' }],
    });

    const shipped = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${purchaseOrderId}/events`,
      headers: bearer(admin),
      payload: { stage: 'kit-shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await kits())[0]?.shippedAt).toEqual(expect.any(Number));
    const activated = await app.inject({
      method: 'PATCH',
      url: `/api/individual_reports/${kit?.orderId ?? ''}/activate`,
      headers: bearer(buyer),
    });
    expect(activated.statusCode, activated.body).toBe(200);
  });
});
