import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_ONLY } from '@nestling/shared/contract/admin';
import { LAB_KEY_INVALID, LAB_KEY_REQUIRED } from '@nestling/shared/contract/lab';
import {
  ALREADY_REFUNDED,
  CORRECTION_NEEDS_NOTE,
  ORDER_NOT_FOUND_MESSAGE,
  REFUND_AFTER_SHIPMENT,
  adminOrderSchema,
  adminOrdersAnswerSchema,
  purchaseOrderSchema,
  purchaseOrdersAnswerSchema,
  type AdminOrder,
} from '@nestling/shared/contract/order-tracker';
import { VIEW_AS_ADMIN_ONLY, userAnswerSchema } from '@nestling/shared/contract/portal-user';
import { preconceptionTestName } from '@nestling/shared/products';
import type { App } from '../../app.ts';
import { motherReport } from '../demo-reports/payloads.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp, testConfig } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { expectWellFormedMail } from '../../test/mail-checks.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { csvCell } from '../../csv.ts';
import { insertOrderRows, type OrderRows } from './order-rows.ts';

/** Mails go out in the background after the answer, and rendering one takes a moment. */
const MAIL_WAIT = { timeout: 10_000 };

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

describe('a CSV cell', () => {
  it('is quoted, and one a spreadsheet would run as a formula starts with an apostrophe', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1']) {
      expect(csvCell(formula)).toBe(`"'${formula}"`);
    }
  });
});

describe.each(testDatabaseKinds)('orders after payment on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-purchase-orders-'));
  const tokens: Record<string, string> = {};
  let labKey = '';
  /** The couple's order (bought by the buyer, the partner linked) and the stranger's. */
  const orders = { couple: '', coupleSeq: 0, coupleKits: [] as string[], stranger: '' };

  const people = {
    buyer: { id: 'po-buyer', email: 'bea.buyer@orders.test', firstName: 'Bea', lastName: 'Buyer' },
    partner: {
      id: 'po-partner',
      email: 'pat.partner@orders.test',
      firstName: 'Pat',
      lastName: 'Partner',
    },
    stranger: {
      id: 'po-stranger',
      email: 'sol.stranger@orders.test',
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

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    for (const person of Object.values(people)) await createTestUser(database.db, person);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    for (const [who, email] of [
      ['admin', 'admin@nestling.health'],
      ['patient', 'mother@demo.test'],
      ['buyer', people.buyer.email],
      ['partner', people.partner.email],
      ['stranger', people.stranger.email],
    ] as const) {
      tokens[who] = await signInToken(app, email);
    }
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/lab-keys',
      headers: bearer(tokens.admin ?? ''),
      payload: { name: 'Tracker pipeline' },
    });
    labKey = created.json<{ key: string }>().key;

    const ordersRepository = createOrdersRepository(database.db);
    await ordersRepository.insertCoupleAccount({
      id: 'po-couple-account',
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
      coupleAccountId: 'po-couple-account',
    });
    orders.couple = couple.id;
    orders.coupleSeq = couple.seq;
    orders.coupleKits = couple.kitIds;

    await ordersRepository.insertIndividualOrder({
      id: 'po-stranger-order',
      userId: people.stranger.id,
      purchaseId: 'po-stranger-purchase',
      purchaseDate: PURCHASED,
      testType: 'standard',
    });
    orders.stranger = (
      await newOrder({
        userId: people.stranger.id,
        product: 'individual',
        buyerName: 'Sol Stranger',
        individualOrderId: 'po-stranger-order',
      })
    ).id;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (
    who: string | null,
    method: 'GET' | 'POST',
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
  const staffEvent = (id: string, body: Record<string, unknown>) =>
    call('admin', 'POST', `/api/admin/orders/${id}/events`, body);
  const labEvent = (id: string, body: Record<string, unknown>, key: string | null = labKey) =>
    app.inject({
      method: 'POST',
      url: `/api/lab/orders/${encodeURIComponent(id)}/events`,
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
      payload: body,
    });
  const auditCount = async (action: string) => {
    const rows = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from audit_log where action = ${action}`,
    );
    return Number(rows[0]?.count);
  };

  /** The mails in the outbox to this address, oldest first. */
  async function mailsTo(to: string) {
    const outbox = path.join(dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(outbox).sort();
    } catch {
      return [];
    }
    const mails = await Promise.all(
      files.map((file) => simpleParser(readFileSync(path.join(outbox, file)))),
    );
    return mails.filter((mail) => mail.to !== undefined && JSON.stringify(mail.to).includes(to));
  }

  describe('GET /api/orders and /api/orders/{id}', () => {
    it("lists the buyer's orders, and the couple's order for the partner without the card or the buyer's kit", async () => {
      const buyer = purchaseOrdersAnswerSchema.parse(
        (await call('buyer', 'GET', '/api/orders')).json(),
      );
      expect(buyer.orders.map((order) => order.id)).toEqual([orders.couple]);
      const [mine] = buyer.orders;
      expect(mine).toMatchObject({
        number: `NS-${String(orders.coupleSeq)}`,
        product: 'couple',
        status: 'paid',
        stage: 'ordered',
        cardLast4: '4242',
        coupleAccountId: 'po-couple-account',
        partner: { firstName: 'Pat', lastName: 'Partner', email: people.partner.email },
      });
      expect(mine?.kits.map((entry) => entry.role)).toEqual(['mother', 'father']);
      expect(mine?.events.map((event) => event.stage)).toEqual(['ordered']);
      // Before the sample arrives: the kit's 10-day journey and the 21 days of the lab.
      expect(mine?.expectedReportDate).toBe(PURCHASED + (10 + 21) * DAY);

      const partner = purchaseOrdersAnswerSchema.parse(
        (await call('partner', 'GET', '/api/orders')).json(),
      );
      expect(partner.orders.map((order) => order.id)).toEqual([orders.couple]);
      expect(partner.orders[0]?.cardLast4).toBeNull();
      expect(partner.orders[0]?.receiptDocumentId).toBeNull();
      expect(partner.orders[0]?.kits.map((entry) => entry.role)).toEqual(['father']);

      const stranger = purchaseOrdersAnswerSchema.parse(
        (await call('stranger', 'GET', '/api/orders')).json(),
      );
      expect(stranger.orders.map((order) => order.id)).toEqual([orders.stranger]);
    });

    it("answers another person's order 404, exactly as an unknown one", async () => {
      const own = await call('buyer', 'GET', `/api/orders/${orders.couple}`);
      expect(own.statusCode).toBe(200);
      expect(purchaseOrderSchema.parse(own.json()).id).toBe(orders.couple);
      for (const id of [orders.stranger, 'no-such-order']) {
        const response = await call('buyer', 'GET', `/api/orders/${id}`);
        expect(response.statusCode).toBe(404);
        expect(message(response)).toBe(ORDER_NOT_FOUND_MESSAGE);
      }
      expect((await call(null, 'GET', '/api/orders')).statusCode).toBe(401);
    });

    it('lets an admin read as the patient, with an audit row; a patient may not', async () => {
      const before = await auditCount('view-as');
      const viewed = await call(
        'admin',
        'GET',
        `/api/orders/${orders.couple}?asUser=${encodeURIComponent(people.buyer.email)}`,
      );
      expect(viewed.statusCode).toBe(200);
      expect(await auditCount('view-as')).toBe(before + 1);
      const refused = await call('stranger', 'GET', `/api/orders?asUser=${people.buyer.id}`);
      expect(refused.statusCode).toBe(403);
      expect(message(refused)).toBe(VIEW_AS_ADMIN_ONLY);
    });
  });

  describe('GET /api/user', () => {
    it('shows a new couple account at once, before any report', async () => {
      const response = await call('buyer', 'GET', '/api/user?preconception=true&embryo=true');
      expect(response.statusCode, response.body).toBe(200);
      const answer = userAnswerSchema.parse(response.json());
      expect(answer.accounts?.map((account) => account.id)).toEqual(['po-couple-account']);
      expect(answer.account?.id).toBe('po-couple-account');
      expect(answer.preconceptionReports).toEqual([]);
      expect(answer.account?.embryoReports).toEqual([]);
    });
  });

  describe('staff', () => {
    it('refuses patients (403) and anonymous callers (401) on every staff endpoint', async () => {
      for (const [method, url, payload] of [
        ['GET', '/api/admin/orders', undefined],
        ['GET', '/api/admin/orders.csv', undefined],
        ['POST', `/api/admin/orders/${orders.couple}/events`, { stage: 'in-lab' }],
        ['POST', `/api/admin/orders/${orders.couple}/refund`, undefined],
      ] as const) {
        const patient = await call('buyer', method, url, payload);
        expect(patient.statusCode, `${method} ${url}`).toBe(403);
        expect(message(patient)).toBe(ADMIN_ONLY);
        expect((await call(null, method, url, payload)).statusCode).toBe(401);
      }
    });

    it('finds orders by number, kit id (any case, without dashes) and email, and by stage', async () => {
      const search = async (query: string) => {
        const response = await call('admin', 'GET', `/api/admin/orders?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return adminOrdersAnswerSchema.parse(response.json()).orders.map((order) => order.id);
      };
      const seq = String(orders.coupleSeq);
      const kitId = orders.coupleKits[1] ?? '';
      for (const q of [
        `NS-${seq}`,
        seq,
        `ns${seq}`,
        kitId.toLowerCase().replace('-', ''),
        'BEA.BUYER@ORDERS.TEST',
        'pat.partner@orders',
      ]) {
        expect(await search(`q=${encodeURIComponent(q)}`), q).toEqual([orders.couple]);
      }
      expect(await search('q=nobody%40orders.test')).toEqual([]);
      const all = await search('');
      expect(all).toContain(orders.couple);
      expect(all).toContain(orders.stranger);
      const [first] = adminOrdersAnswerSchema.parse(
        (await call('admin', 'GET', `/api/admin/orders?q=${seq}`)).json(),
      ).orders;
      expect(first?.buyer).toEqual({
        id: people.buyer.id,
        email: people.buyer.email,
        name: 'Bea Buyer',
      });
      expect(first?.provider).toBe('test');
      expect(await search('stage=in-lab&q=orders.test')).toEqual([]);
    });

    it('exports the orders as CSV, each cell quoted and formulas made plain text', async () => {
      const hostile = await newOrder({
        userId: people.stranger.id,
        product: 'couple-30x',
        buyerName: 'Sol Stranger',
        partner: { firstName: '=cmd', lastName: 'x', email: '=2+3@evil.test' },
      });
      const response = await call(
        'admin',
        'GET',
        `/api/admin/orders.csv?q=${encodeURIComponent('evil.test')}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        '"number","date","product","status","stage","buyer email","partner email","total","currency","kit ids","carrier","tracking number"',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toBe(
        [
          `NS-${String(hostile.seq)}`,
          '2026-03-02',
          preconceptionTestName({ testType: '30x' }),
          'paid',
          'ordered',
          people.stranger.email,
          "'=2+3@evil.test",
          '2498.00',
          'USD',
          hostile.kitIds.join(' '),
          '',
          '',
        ]
          .map((cell) => `"${cell}"`)
          .join(','),
      );
    });
  });

  describe('moving the tracker', () => {
    it('records a shipment only with carrier and number, and mails the buyer and the partner', async () => {
      const missing = await staffEvent(orders.couple, { stage: 'kit-shipped', carrier: 'USPS' });
      expect(missing.statusCode).toBe(400);
      expect(message(missing)).toContain('A shipment needs the carrier and the tracking number');

      const before = await auditCount('order-event');
      const shipped = await staffEvent(orders.couple, {
        stage: 'kit-shipped',
        carrier: 'USPS',
        trackingNumber: '9400 1000 0000 0000 0000 00',
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      const order: AdminOrder = adminOrderSchema.parse(shipped.json());
      expect(order.stage).toBe('kit-shipped');
      expect(order.events.at(-1)).toMatchObject({
        stage: 'kit-shipped',
        carrier: 'USPS',
        trackingNumber: '9400 1000 0000 0000 0000 00',
        trackingUrl:
          'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000%200000%200000%200000%2000',
      });
      expect(await auditCount('order-event')).toBe(before + 1);

      // The patient's tracker shows it too.
      const seen = purchaseOrderSchema.parse(
        (await call('buyer', 'GET', `/api/orders/${orders.couple}`)).json(),
      );
      expect(seen.stage).toBe('kit-shipped');

      for (const to of [people.buyer.email, people.partner.email]) {
        await vi.waitFor(async () => {
          const mails = await mailsTo(to);
          expect(mails.map((mail) => mail.subject)).toContain(
            `Your kit has shipped (order NS-${String(orders.coupleSeq)})`,
          );
        }, MAIL_WAIT);
        const [mail] = (await mailsTo(to)).filter((entry) => entry.subject?.includes('shipped'));
        expect(mail?.text).toContain('Carrier: USPS');
        expect(mail?.text).toContain('Tracking number: 9400 1000 0000 0000 0000 00');
        expect(mail?.text).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=');
        // HTML too, the tracking and the order page as links written out in both parts.
        const { links } = expectWellFormedMail(
          { html: mail?.html, text: mail?.text },
          testConfig().brand,
        );
        expect(links).toHaveLength(2);
      }
    });

    it('refuses a refund after shipment', async () => {
      const refused = await call('admin', 'POST', `/api/admin/orders/${orders.couple}/refund`);
      expect(refused.statusCode).toBe(409);
      expect(message(refused)).toBe(REFUND_AFTER_SHIPMENT);
    });

    it('lets the lab pipeline move the tracker by kit id or order number, with its key only', async () => {
      const kitId = orders.coupleKits[0] ?? '';
      expect((await labEvent(kitId, { stage: 'kit-delivered' }, null)).statusCode).toBe(401);
      const noKey = await labEvent(kitId, { stage: 'kit-delivered' }, null);
      expect(message(noKey)).toBe(LAB_KEY_REQUIRED);
      const wrong = await labEvent(kitId, { stage: 'kit-delivered' }, 'lab_wrong');
      expect(wrong.statusCode).toBe(401);
      expect(message(wrong)).toBe(LAB_KEY_INVALID);
      // A person's token is not a lab key.
      expect((await labEvent(kitId, { stage: 'kit-delivered' }, tokens.admin)).statusCode).toBe(
        401,
      );

      const delivered = await labEvent(kitId.toLowerCase(), { stage: 'kit-delivered' });
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(adminOrderSchema.parse(delivered.json()).stage).toBe('kit-delivered');

      const at = '2026-03-20T15:00:00.000Z';
      const received = await labEvent(`NS-${String(orders.coupleSeq)}`, {
        stage: 'sample-received',
        at,
      });
      expect(received.statusCode, received.body).toBe(200);
      const order = adminOrderSchema.parse(received.json());
      expect(order.stage).toBe('sample-received');
      // From the sample's arrival: the lab's 21 days.
      expect(order.expectedReportDate).toBe(Date.parse(at) / 1000 + 21 * DAY);
      const sources = await queryRows<{ source: string }>(
        database,
        sql`select source from order_event where order_id = ${orders.couple} and stage in ('kit-delivered', 'sample-received')`,
      );
      expect(sources.map((row) => row.source)).toEqual(['lab', 'lab']);

      await vi.waitFor(async () => {
        const mails = await mailsTo(people.buyer.email);
        expect(mails.map((mail) => mail.subject)).toContain(
          `The lab has received your sample (order NS-${String(orders.coupleSeq)})`,
        );
      }, MAIL_WAIT);

      const unknown = await labEvent('NS-999999999', { stage: 'in-lab' });
      expect(unknown.statusCode).toBe(404);
      expect(message(unknown)).toBe(ORDER_NOT_FOUND_MESSAGE);
    });

    it('needs a note to go back a stage, and then sets the stage back', async () => {
      const bare = await staffEvent(orders.couple, { stage: 'kit-delivered' });
      expect(bare.statusCode).toBe(400);
      expect(message(bare)).toBe(CORRECTION_NEEDS_NOTE);

      const corrected = await staffEvent(orders.couple, {
        stage: 'kit-delivered',
        note: 'The sample was scanned against the wrong kit',
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      const order = adminOrderSchema.parse(corrected.json());
      expect(order.stage).toBe('kit-delivered');
      expect(order.events.at(-1)?.note).toBe('The sample was scanned against the wrong kit');
      // Staff notes are not the patient's to read.
      const seen = purchaseOrderSchema.parse(
        (await call('buyer', 'GET', `/api/orders/${orders.couple}`)).json(),
      );
      expect(seen.stage).toBe('kit-delivered');
      expect(seen.events.every((event) => event.note === null)).toBe(true);
    });

    it('answers 404 for an unknown order on the staff endpoints', async () => {
      const event = await staffEvent('no-such-order', { stage: 'in-lab' });
      expect(event.statusCode).toBe(404);
      expect(message(event)).toBe(ORDER_NOT_FOUND_MESSAGE);
      const refund = await call('admin', 'POST', '/api/admin/orders/no-such-order/refund');
      expect(refund.statusCode).toBe(404);
    });
  });

  describe('refunds', () => {
    it('refunds before shipment, mails the buyer, and then refuses events and a second refund', async () => {
      const before = await auditCount('order-refund');
      const refunded = await call('admin', 'POST', `/api/admin/orders/${orders.stranger}/refund`);
      expect(refunded.statusCode, refunded.body).toBe(200);
      const order = adminOrderSchema.parse(refunded.json());
      expect(order.status).toBe('refunded');
      expect(order.stage).toBe('ordered');
      expect(await auditCount('order-refund')).toBe(before + 1);
      const rows = await queryRows<{ refunded_at: unknown }>(
        database,
        sql`select refunded_at from purchase_order where id = ${orders.stranger}`,
      );
      expect(rows[0]?.refunded_at).not.toBeNull();

      await vi.waitFor(async () => {
        const mails = await mailsTo(people.stranger.email);
        expect(mails.some((mail) => mail.subject?.includes('has been refunded'))).toBe(true);
      }, MAIL_WAIT);

      const again = await call('admin', 'POST', `/api/admin/orders/${orders.stranger}/refund`);
      expect(again.statusCode).toBe(409);
      expect(message(again)).toBe(ALREADY_REFUNDED);
      const event = await staffEvent(orders.stranger, {
        stage: 'kit-shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      });
      expect(event.statusCode).toBe(409);
      expect(message(event)).toBe(ALREADY_REFUNDED);
    });
  });

  describe('a delivered report', () => {
    it("moves the order that bought it to 'report ready', once", async () => {
      await createOrdersRepository(database.db).insertIndividualOrder({
        id: 'po-report-order',
        userId: people.buyer.id,
        purchaseId: 'po-report-purchase',
        purchaseDate: PURCHASED,
        testType: 'standard',
      });
      const order = await newOrder({
        userId: people.buyer.id,
        product: 'individual',
        individualOrderId: 'po-report-order',
        events: [{ stage: 'in-lab', at: new Date((PURCHASED + 20 * DAY) * 1000) }],
      });
      for (const version of [1, 2]) {
        const delivered = await app.inject({
          method: 'POST',
          url: '/api/lab/reports',
          headers: { authorization: `Bearer ${labKey}` },
          payload: {
            ...motherReport,
            labReportId: 'PO-REPORT-1',
            version,
            individualOrderId: 'po-report-order',
            ...(version > 1 ? { changelog: 'Version 2: wording.' } : {}),
          },
        });
        expect(delivered.statusCode, delivered.body).toBe(201);
      }
      const seen = purchaseOrderSchema.parse(
        (await call('buyer', 'GET', `/api/orders/${order.id}`)).json(),
      );
      expect(seen.stage).toBe('report-ready');
      expect(seen.events.map((event) => event.stage)).toEqual([
        'ordered',
        'in-lab',
        'report-ready',
      ]);
      const sources = await queryRows<{ source: string }>(
        database,
        sql`select source from order_event where order_id = ${order.id} and stage = 'report-ready'`,
      );
      expect(sources).toEqual([{ source: 'lab' }]);
    });
  });
});
