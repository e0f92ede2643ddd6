import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_LOCKED_REFUNDED,
  KIT_NOT_FOUND,
  RETURN_LABEL_NOT_NEEDED,
  RETURN_LABEL_NOT_YET,
  RETURN_LABEL_VIEW_AS,
  VIEW_AS_READ_ONLY,
  addressLockedMessage,
  deliveryKitSchema,
  deliveriesAnswerSchema,
  type DeliveryKit,
} from '@nestling/shared/contract/kits';
import { zipStateProblem } from '@nestling/shared/contract/purchase';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { readPdfBarcodes } from '../../test/pdf-barcode.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { insertOrderRows, type OrderRows } from '../purchase-orders/order-rows.ts';

const DAY = 24 * 60 * 60;
/** 2026-03-02 in unix seconds. */
const PURCHASED = 1_772_409_600;
const address = {
  name: 'Bea Buyer',
  line1: '1 Main Street',
  city: 'Springfield',
  state: 'IL' as const,
  zip: '62701',
};
const newAddress = {
  name: 'Bea Buyer',
  line1: '20 Elm Road',
  line2: 'Apt 4B',
  city: 'Portland',
  state: 'OR',
  zip: '97201-1234',
};
const LAB_ADDRESS = 'Sample Receiving|900 Harbor Drive|Boston, MA 02110';

describe.each(testDatabaseKinds)('kits on /delivery and /return-shipping on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-kits-'));
  const tokens: Record<string, string> = {};
  const orders = {
    couple: { id: '', number: '', kits: [] as string[] },
    shipped: { id: '', kits: [] as string[] },
    delivered: { id: '', number: '', kits: [] as string[] },
    received: { kits: [] as string[] },
    refunded: { kits: [] as string[] },
    stranger: { kits: [] as string[] },
  };

  const people = {
    buyer: { id: 'kit-buyer', email: 'bea.buyer@kits.test', firstName: 'Bea', lastName: 'Buyer' },
    partner: {
      id: 'kit-partner',
      email: 'pat.partner@kits.test',
      firstName: 'Pat',
      lastName: 'Partner',
    },
    stranger: {
      id: 'kit-stranger',
      email: 'sol.stranger@kits.test',
      firstName: 'Sol',
      lastName: 'Stranger',
    },
  };

  const newOrder = (order: Partial<OrderRows> & Pick<OrderRows, 'userId' | 'product'>) =>
    insertOrderRows(database.db, {
      purchaseDate: PURCHASED,
      buyerName: 'Bea Buyer',
      address,
      ...order,
    });
  const at = (days: number) => new Date((PURCHASED + days * DAY) * 1000);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    for (const person of Object.values(people)) await createTestUser(database.db, person);
    app = await createTestApp({
      database,
      env: {
        PUBLIC_URL: TEST_ORIGIN,
        DATA_DIR: dataDir,
        LAB_NAME: 'Harbor Genomics Lab',
        LAB_RETURN_ADDRESS: LAB_ADDRESS,
      },
    });
    for (const [who, email] of [
      ['admin', 'admin@nestling.health'],
      ['buyer', people.buyer.email],
      ['partner', people.partner.email],
      ['stranger', people.stranger.email],
    ] as const) {
      tokens[who] = await signInToken(app, email);
    }
    await createOrdersRepository(database.db).insertCoupleAccount({
      id: 'kit-couple-account',
      mother: people.buyer.id,
      father: people.partner.id,
      motherEmail: people.buyer.email,
      fatherEmail: people.partner.email,
      purchaseDate: PURCHASED,
      testType: 'standard',
      donePilotOnboardingSteps: ['PURCHASED'],
    });
    const couple = await newOrder({
      userId: people.buyer.id,
      product: 'couple',
      partner: { firstName: 'Pat', lastName: 'Partner', email: people.partner.email },
      buyerRole: 'mother',
      coupleAccountId: 'kit-couple-account',
    });
    orders.couple = { id: couple.id, number: `NS-${String(couple.seq)}`, kits: couple.kitIds };
    const shipped = await newOrder({
      userId: people.buyer.id,
      product: 'individual',
      events: [
        { stage: 'kit-shipped', at: at(1), carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      ],
    });
    orders.shipped = { id: shipped.id, kits: shipped.kitIds };
    const delivered = await newOrder({
      userId: people.buyer.id,
      product: 'individual',
      events: [
        {
          stage: 'kit-shipped',
          at: at(1),
          carrier: 'USPS',
          trackingNumber: '9400100000000000000000',
        },
        { stage: 'kit-delivered', at: at(3) },
      ],
    });
    orders.delivered = {
      id: delivered.id,
      number: `NS-${String(delivered.seq)}`,
      kits: delivered.kitIds,
    };
    orders.received = {
      kits: (
        await newOrder({
          userId: people.buyer.id,
          product: 'individual',
          events: [
            { stage: 'kit-shipped', at: at(1), carrier: 'USPS', trackingNumber: '94001000000' },
            { stage: 'kit-delivered', at: at(3) },
            { stage: 'sample-received', at: at(6) },
          ],
        })
      ).kitIds,
    };
    orders.refunded = {
      kits: (await newOrder({ userId: people.buyer.id, product: 'individual', refundedAt: at(1) }))
        .kitIds,
    };
    orders.stranger = {
      kits: (
        await newOrder({
          userId: people.stranger.id,
          product: 'individual',
          buyerName: 'Sol Stranger',
          events: [{ stage: 'kit-delivered', at: at(3) }],
        })
      ).kitIds,
    };
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (
    who: string | null,
    method: 'GET' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url,
      headers: who === null ? {} : bearer(tokens[who] ?? ''),
      ...(payload === undefined ? {} : { payload }),
    });
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;
  const kitsOf = async (who: string, query = ''): Promise<DeliveryKit[]> => {
    const response = await call(who, 'GET', `/api/deliveries${query}`);
    expect(response.statusCode).toBe(200);
    return deliveriesAnswerSchema.parse(response.json()).kits;
  };
  const putAddress = (who: string, kitId: string, body: Record<string, unknown>, query = '') =>
    call(who, 'PUT', `/api/kits/${encodeURIComponent(kitId)}/address${query}`, body);
  const label = (who: string, kitId: string, query = '') =>
    call(who, 'GET', `/api/kits/${encodeURIComponent(kitId)}/return-label${query}`);

  it('lists the buyer’s kits, both of a couple’s order, with stage, shipment and what may change', async () => {
    const kits = await kitsOf('buyer');
    const ids = kits.map((entry) => entry.id);
    for (const id of [...orders.couple.kits, ...orders.shipped.kits, ...orders.delivered.kits]) {
      expect(ids).toContain(id);
    }
    expect(ids).not.toContain(orders.stranger.kits[0]);

    const [mother, father] = orders.couple.kits.map((id) => kits.find((entry) => entry.id === id));
    expect(mother).toMatchObject({ role: 'mother', stage: 'ordered', editable: true });
    expect(father).toMatchObject({
      role: 'father',
      editable: true,
      orderNumber: orders.couple.number,
    });

    const shipped = kits.find((entry) => entry.id === orders.shipped.kits[0]);
    expect(shipped).toMatchObject({
      stage: 'kit-shipped',
      editable: false,
      returnLabelAvailable: false,
    });
    expect(shipped?.shipment).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const delivered = kits.find((entry) => entry.id === orders.delivered.kits[0]);
    expect(delivered).toMatchObject({ returnLabelAvailable: true, sampleReceivedAt: null });
    expect(delivered?.deliveredAt).toBe(at(3).toISOString());
    const received = kits.find((entry) => entry.id === orders.received.kits[0]);
    expect(received?.sampleReceivedAt).toBe(at(6).toISOString());
    expect(received?.returnLabelAvailable).toBe(false);
    const refunded = kits.find((entry) => entry.id === orders.refunded.kits[0]);
    expect(refunded).toMatchObject({ status: 'refunded', editable: false });
  });

  it('shows the linked partner only their own kit of the couple’s order, as /order does', async () => {
    const kits = await kitsOf('partner');
    expect(kits.map((entry) => entry.id)).toEqual([orders.couple.kits[1]]);
    expect(kits[0]?.role).toBe('father');
  });

  it('refuses a bad address with a message per field, and changes nothing', async () => {
    const kitId = orders.couple.kits[0] ?? '';
    const refused = await putAddress('buyer', kitId, {
      name: 'Bea Buyer',
      line1: '   ',
      city: 'Portland',
      state: 'XX',
      zip: '9720',
    });
    expect(refused.statusCode).toBe(400);
    const text = message(refused);
    expect(text).toContain('body.line1: Enter the street address');
    expect(text).toContain('body.state: Choose a state');
    expect(text).toContain('body.zip: Enter a ZIP code like 12345 or 12345-6789');

    const missing = await putAddress('buyer', kitId, { name: 'Bea Buyer', city: 'Portland' });
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toContain('body.line1: Enter the street address');

    // A ZIP code of another state.
    const elsewhere = await putAddress('buyer', kitId, {
      name: 'Bea Buyer',
      line1: '20 Elm Road',
      city: 'Portland',
      state: 'OR',
      zip: '10001',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(message(elsewhere)).toBe(
      `Invalid request: body.zip: ${zipStateProblem('10001', 'NY', 'OR')}`,
    );

    const kits = await kitsOf('buyer');
    expect(kits.find((entry) => entry.id === kitId)?.shippingAddress).toEqual(address);
  });

  it('changes the address before the kit ships (ZIP+4 and an apartment line kept) and audits it', async () => {
    const kitId = orders.couple.kits[1] ?? '';
    const saved = await putAddress('buyer', kitId, newAddress);
    expect(saved.statusCode).toBe(200);
    const kit = deliveryKitSchema.parse(saved.json());
    expect(kit.shippingAddress).toEqual(newAddress);
    expect(kit.addressChangedAt).not.toBeNull();
    // The partner, whose kit it is, sees the new address too.
    expect((await kitsOf('partner'))[0]?.shippingAddress).toEqual(newAddress);

    const audit = await queryRows<{ action: string; subject_id: string; route: string }>(
      database,
      sql`select action, subject_id, route from audit_log where action = 'kit-address-change'`,
    );
    expect(audit).toContainEqual({
      action: 'kit-address-change',
      subject_id: people.buyer.id,
      route: 'PUT /api/kits/:id/address',
    });
  });

  it('lets the partner change their own kit’s address', async () => {
    const kitId = orders.couple.kits[1] ?? '';
    const saved = await putAddress('partner', kitId, { ...newAddress, name: 'Pat Partner' });
    expect(saved.statusCode).toBe(200);
    // Not the buyer's kit, which the partner does not see.
    const other = await putAddress('partner', orders.couple.kits[0] ?? '', newAddress);
    expect(other.statusCode).toBe(404);
  });

  it('refuses a change once the kit has shipped or the order was refunded (409), on the server', async () => {
    const shipped = await putAddress('buyer', orders.shipped.kits[0] ?? '', newAddress);
    expect(shipped.statusCode).toBe(409);
    expect(message(shipped)).toBe(addressLockedMessage('support@nestling.health'));
    const refunded = await putAddress('buyer', orders.refunded.kits[0] ?? '', newAddress);
    expect(refunded.statusCode).toBe(409);
    expect(message(refunded)).toBe(ADDRESS_LOCKED_REFUNDED);

    // Shipping now: the address that was editable a moment ago no longer is.
    const kitId = orders.couple.kits[0] ?? '';
    const moved = await call('admin', 'GET', '/api/admin/orders');
    expect(moved.statusCode).toBe(200);
    const event = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orders.couple.id}/events`,
      headers: bearer(tokens.admin ?? ''),
      payload: { stage: 'kit-shipped', carrier: 'FedEx', trackingNumber: '123456789012' },
    });
    expect(event.statusCode).toBe(200);
    const late = await putAddress('buyer', kitId, newAddress);
    expect(late.statusCode).toBe(409);
    const kit = (await kitsOf('buyer')).find((entry) => entry.id === kitId);
    expect(kit).toMatchObject({ editable: false, shippingAddress: address });
  });

  it('answers another person’s kit and an unknown one with 404 alike', async () => {
    const kitId = orders.stranger.kits[0] ?? '';
    const put = await putAddress('buyer', kitId, newAddress);
    expect(put.statusCode).toBe(404);
    expect(message(put)).toBe(KIT_NOT_FOUND);
    expect((await putAddress('buyer', 'NK-00000000X', newAddress)).statusCode).toBe(404);
    const pdf = await label('buyer', kitId);
    expect(pdf.statusCode).toBe(404);
    expect(message(pdf)).toBe(KIT_NOT_FOUND);
    expect((await call(null, 'GET', '/api/deliveries')).statusCode).toBe(401);
  });

  it('lets an admin view a patient’s kits but not change them', async () => {
    const asBuyer = `?asUser=${encodeURIComponent(people.buyer.email)}`;
    const kits = await kitsOf('admin', asBuyer);
    expect(kits.map((entry) => entry.id)).toContain(orders.delivered.kits[0]);
    const refused = await putAddress('admin', orders.refunded.kits[0] ?? '', newAddress, asBuyer);
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(VIEW_AS_READ_ONLY);
    // Without asUser the admin acts as themselves: the patient's kit is not theirs.
    expect((await putAddress('admin', orders.couple.kits[1] ?? '', newAddress)).statusCode).toBe(
      404,
    );
    // A patient cannot view as anyone.
    expect((await call('stranger', 'GET', `/api/deliveries${asBuyer}`)).statusCode).toBe(403);
  });

  it('prints a return label whose barcode reads back as the kit id, with the order and the lab', async () => {
    const kitId = orders.delivered.kits[0] ?? '';
    const response = await label('buyer', kitId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="return-label-${kitId}.pdf"`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(readPdfBarcodes(pdf)).toEqual([kitId]);
    const text = await readPdfText(pdf);
    expect(text).toContain(orders.delivered.number);
    expect(text).toContain('Harbor Genomics Lab');
    for (const line of LAB_ADDRESS.split('|')) expect(text).toContain(line);
    expect(text).toContain('Bea Buyer');
    expect(text).toContain(kitId);
  });

  it('keeps the label among the person’s documents: a second request is the same document', async () => {
    const kitId = orders.delivered.kits[0] ?? '';
    const first = await label('buyer', kitId);
    const second = await label('buyer', kitId);
    const documentId = first.headers['x-document-id'];
    expect(documentId).toEqual(expect.any(String));
    expect(second.headers['x-document-id']).toBe(documentId);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const kit = (await kitsOf('buyer')).find((entry) => entry.id === kitId);
    expect(kit?.returnLabelDocumentId).toBe(documentId);
    const documents = await call('buyer', 'GET', '/api/user/documents');
    expect(documents.statusCode).toBe(200);
    const listed = documents.json<{ documents: { id: string; kind: string }[] }>().documents;
    expect(listed.filter((entry) => entry.kind === 'return-label')).toEqual([
      expect.objectContaining({ id: documentId }),
    ]);
  });

  it('says when the label is not available: before delivery and after the lab has the sample', async () => {
    const early = await label('buyer', orders.shipped.kits[0] ?? '');
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe(RETURN_LABEL_NOT_YET);
    const late = await label('buyer', orders.received.kits[0] ?? '');
    expect(late.statusCode).toBe(409);
    expect(message(late)).toBe(RETURN_LABEL_NOT_NEEDED);
  });

  it('buys the label from the test provider once per kit: carrier, tracking number, postage, marked test', async () => {
    const kitId = orders.delivered.kits[0] ?? '';
    // Printed in the tests above: the kit's label was bought once, whatever the requests.
    const bought = await queryRows<{ provider: string; provider_shipment_id: string }>(
      database,
      sql`select provider, provider_shipment_id from return_shipment where kit_id = ${kitId}`,
    );
    expect(bought).toEqual([{ provider: 'test', provider_shipment_id: `test_shp_${kitId}` }]);
    const kit = (await kitsOf('buyer')).find((entry) => entry.id === kitId);
    const compact = kitId.replace('-', '');
    // The kit came by USPS: the return goes with it.
    expect(kit?.returnShipment).toEqual({
      carrier: 'USPS',
      service: 'Ground',
      trackingNumber: `TEST${compact}`,
      trackingUrl: `https://tools.usps.com/go/TrackConfirmAction?tLabels=TEST${compact}`,
      postage: '0.00',
      currency: 'usd',
      test: true,
      status: 'label-created',
      statusAt: expect.any(String) as string,
    });
    const text = await readPdfText((await label('buyer', kitId)).rawPayload);
    expect(text).toContain('TEST LABEL — NOT VALID FOR POSTAGE');
    expect(text).toContain(`Tracking number TEST${compact}`);
    expect(text).toContain('USPS Ground: test label, no postage paid');
    expect(text).toContain('USPS mailbox or at a post office');
  });

  it('goes back with UPS when the kit’s outbound carrier is not recorded, and says where to drop it', async () => {
    const kitId = orders.stranger.kits[0] ?? '';
    const response = await label('stranger', kitId);
    expect(response.statusCode).toBe(200);
    const text = await readPdfText(response.rawPayload);
    expect(text).toContain('UPS Ground: test label, no postage paid');
    expect(text).toContain('UPS Store or UPS Access Point');
    expect(text).not.toContain('post office');
    const kit = (await kitsOf('stranger')).find((entry) => entry.id === kitId);
    expect(kit?.returnShipment).toMatchObject({ carrier: 'UPS', test: true, postage: '0.00' });
  });

  it('counts purchases against the person’s limit: past it 429 and nothing bought', async () => {
    const fresh = await newOrder({
      userId: people.partner.id,
      product: 'individual',
      buyerName: 'Pat Partner',
      events: [{ stage: 'kit-delivered', at: at(3) }],
    });
    const kitId = fresh.kitIds[0] ?? '';
    await database.db.execute(
      sql`insert into rate_limit (bucket, key, count, window_start) values ('return-label:user', ${people.partner.id}, 10, now())`,
    );
    const refused = await label('partner', kitId);
    expect(refused.statusCode).toBe(429);
    const none = await queryRows<{ kit_id: string }>(
      database,
      sql`select kit_id from return_shipment where kit_id = ${kitId}`,
    );
    expect(none).toEqual([]);
  });

  it('hands an admin viewing as the patient the label the patient printed, storing nothing; buys none for them', async () => {
    const kitId = orders.stranger.kits[0] ?? '';
    const response = await label('admin', kitId, `?asUser=${people.stranger.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-document-id']).toBe(`return-label-${kitId}-${people.stranger.id}`);
    expect(readPdfBarcodes(response.rawPayload)).toEqual([kitId]);
    const kept = await queryRows<{ user_id: string }>(
      database,
      sql`select user_id from return_label where kit_id = ${kitId}`,
    );
    expect(kept).toEqual([{ user_id: people.stranger.id }]);

    const unbought = orders.couple.kits[0] ?? '';
    await database.db.execute(
      sql`update purchase_order set stage = 'kit-delivered' where id = ${orders.couple.id}`,
    );
    const refused = await label('admin', unbought, `?asUser=${people.buyer.id}`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(RETURN_LABEL_VIEW_AS);
    const stored = await queryRows<{ kit_id: string }>(
      database,
      sql`select kit_id from return_shipment where kit_id = ${unbought}`,
    );
    expect(stored).toEqual([]);
  });
  it('buys one label when the buyer and the partner print the same kit’s at once; a bought one is handed back past the limit', async () => {
    // The couple's order was moved to 'kit-delivered' in the test above.
    const kitId = orders.couple.kits[1] ?? '';
    await database.db.execute(
      sql`delete from rate_limit where bucket = 'return-label:user' and key = ${people.partner.id}`,
    );
    const [byBuyer, byPartner] = await Promise.all([
      label('buyer', kitId),
      label('partner', kitId),
    ]);
    expect(byBuyer.statusCode).toBe(200);
    expect(byPartner.statusCode).toBe(200);
    const bought = await queryRows<{ tracking_number: string }>(
      database,
      sql`select tracking_number from return_shipment where kit_id = ${kitId}`,
    );
    expect(bought).toHaveLength(1);
    const [buyerKit, partnerKit] = await Promise.all([
      kitsOf('buyer').then((kits) => kits.find((entry) => entry.id === kitId)),
      kitsOf('partner').then((kits) => kits.find((entry) => entry.id === kitId)),
    ]);
    expect(buyerKit?.returnShipment?.trackingNumber).toBe(bought[0]?.tracking_number);
    expect(partnerKit?.returnShipment).toEqual(buyerKit?.returnShipment);

    // Handing back a bought label counts against no limit.
    await database.db.execute(
      sql`insert into rate_limit (bucket, key, count, window_start) values ('return-label:user', ${people.partner.id}, 10, now()) on conflict (bucket, key) do update set count = 10, window_start = now()`,
    );
    expect((await label('partner', kitId)).statusCode).toBe(200);
  });
});
