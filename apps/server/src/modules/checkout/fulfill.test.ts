import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsAnswerSchema } from '@nestling/shared/contract/document';
import { normalizeKitId } from '@nestling/shared/contract/order-tracker';
import {
  CHECKOUT_MINUTES,
  type ProductCode,
  type ShippingAddress,
} from '@nestling/shared/contract/purchase';
import type { App } from '../../app.ts';
import { createTestApp, testConfig } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { expectWellFormedMail } from '../../test/mail-checks.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { fulfillCheckout, fulfillDepsOf, newKitId } from './fulfill.ts';
import { createCheckoutRepository } from './repository.ts';
import type { StoredRequest } from './stored-request.ts';

const address = (name: string, city: string): ShippingAddress => ({
  name,
  line1: '1 Main Street',
  city,
  state: 'CA',
  zip: '94110',
});

describe('kit ids', () => {
  it('are NK- and 8 characters with a check character that normalizeKitId accepts', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newKitId()));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^NK-[0-9A-HJKMNP-TV-Z]{9}$/);
      expect(normalizeKitId(id.toLowerCase())).toBe(id);
    }
  });
});

describe.each(testDatabaseKinds)('making the order of a paid checkout on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-fulfill-'));
  const buyerEmail = 'buyer@example.test';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, SMTP_URL: smtp.url, DATA_DIR: dataDir },
    });
    await createTestUser(database.db, {
      id: 'buyer',
      email: buyerEmail,
      firstName: 'Bea',
      lastName: 'Buyer',
    });
    await database.db.execute(sql`update "user" set sex = 'Female' where id = 'buyer'`);
    await database.db.execute(
      sql`insert into discount_code (code, percent_off) values ('SPRING10', 10)`,
    );
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A checkout as POST /checkout stores it, made here directly: this file tests the order. */
  async function openCheckout(
    product: ProductCode,
    options: {
      discount?: { code: string; cents: number };
      refundedAt?: Date;
      userId?: string;
    } = {},
  ): Promise<string> {
    const id = randomUUID();
    const request: StoredRequest = product.startsWith('couple')
      ? {
          partner: { firstName: 'Pat', lastName: 'Partner', email: 'pat@example.test' },
          shipping: { buyer: address('Bea Buyer', 'Oakland'), partner: address('Pat', 'Fresno') },
          buyerRole: 'mother',
        }
      : {
          partner: null,
          shipping: { buyer: address('Bea Buyer', 'Oakland'), partner: null },
          buyerRole: null,
        };
    const price = 149_800;
    const discountCents = options.discount?.cents ?? 0;
    await createCheckoutRepository(database.db).insert({
      id,
      userId: options.userId ?? 'buyer',
      idempotencyKey: randomUUID(),
      productCode: product,
      request,
      priceCents: price,
      discountCode: options.discount?.code ?? null,
      discountCents,
      totalCents: price - discountCents,
      currency: 'usd',
      provider: 'test',
      status: 'open',
      refundedAt: options.refundedAt ?? null,
      expiresAt: new Date(Date.now() + CHECKOUT_MINUTES * 60_000),
    });
    return id;
  }

  const count = async (table: string, where: ReturnType<typeof sql>) => {
    const rows = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from ${sql.identifier(table)} where ${where}`,
    );
    return Number(rows[0]?.count);
  };

  it('makes one order of 20 confirmations at once, with its couple account, kits, event and receipt', async () => {
    const checkoutId = await openCheckout('couple', {
      discount: { code: 'SPRING10', cents: 14_980 },
    });
    const deps = fulfillDepsOf(app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        fulfillCheckout(deps, checkoutId, { cardLast4: '4242', providerPaymentId: null }),
      ),
    );
    const orderIds = new Set(results.map((result) => result.orderId));
    expect(orderIds.size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const [orderId] = [...orderIds];

    const orders = await queryRows<Record<string, unknown>>(
      database,
      sql`select * from purchase_order where checkout_id = ${checkoutId}`,
    );
    expect(orders).toHaveLength(1);
    const order = orders[0] ?? {};
    expect(order).toMatchObject({
      id: orderId,
      status: 'paid',
      stage: 'ordered',
      product_code: 'couple',
      product_name: 'Preconception Genetic Screening',
      price_cents: 149_800,
      discount_code: 'SPRING10',
      discount_cents: 14_980,
      total_cents: 134_820,
      card_last4: '4242',
      turnaround_days: 21,
      refunded_at: null,
    });
    expect(Math.abs(Number(order.purchase_date) - Date.now() / 1000)).toBeLessThan(60);

    const [checkout] = await queryRows<{ status: string; card_last4: string }>(
      database,
      sql`select status, card_last4 from checkout where id = ${checkoutId}`,
    );
    expect(checkout).toEqual({ status: 'paid', card_last4: '4242' });

    const kits = await queryRows<{
      id: string;
      role: string;
      recipient: string;
      shipping_address: ShippingAddress;
    }>(
      database,
      sql`select id, role, recipient, shipping_address from kit where order_id = ${orderId} order by role`,
    );
    expect(kits.map((entry) => entry.role)).toEqual(['father', 'mother']);
    expect(kits.map((entry) => normalizeKitId(entry.id))).toEqual(kits.map((entry) => entry.id));
    const [fatherKit, motherKit] = kits;
    expect(motherKit?.shipping_address.city).toBe('Oakland');
    expect(fatherKit?.shipping_address.city).toBe('Fresno');

    expect(await count('order_event', sql`order_id = ${orderId} and stage = 'ordered'`)).toBe(1);
    expect(await count('order_event', sql`order_id = ${orderId}`)).toBe(1);

    const accounts = await queryRows<Record<string, unknown>>(
      database,
      sql`select * from couple_account where id = ${order.couple_account_id as string}`,
    );
    expect(await count('couple_account', sql`mother_id = 'buyer'`)).toBe(1);
    expect(accounts[0]).toMatchObject({
      mother_id: 'buyer',
      father_id: null,
      mother_email: buyerEmail,
      father_email: 'pat@example.test',
      mother_order: motherKit?.id,
      father_order: fatherKit?.id,
      pending_father_accept: true,
      pending_mother_accept: false,
      purchase_date: order.purchase_date,
      test_type: 'standard',
      done_pilot_onboarding_steps: ['PURCHASED'],
    });
    // The discount is counted once, however many times the payment was confirmed.
    expect(await count('discount_code', sql`code = 'SPRING10' and redemptions = 1`)).toBe(1);

    // The receipt: stored first, then mailed, once.
    const mail = await smtp.next(buyerEmail);
    expectWellFormedMail(mail, testConfig().brand);
    const seq = Number(order.seq);
    expect(mail.subject).toBe(`Your receipt for order NS-${String(seq)}`);
    for (const text of [
      `NS-${String(seq)}`,
      '$1,498.00',
      'Discount (SPRING10): -$149.80',
      'Total paid: $1,348.20',
      'card ending 4242',
      motherKit?.id ?? '',
      fatherKit?.id ?? '',
      'Fresno, CA 94110',
      'among your documents',
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(await count('document', sql`user_id = 'buyer' and kind = 'receipt'`)).toBe(1);
    const [linked] = await queryRows<{ receipt_document_id: string }>(
      database,
      sql`select receipt_document_id from purchase_order where id = ${orderId}`,
    );

    const token = await signInToken(app, buyerEmail);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/user/documents',
      headers: bearer(token),
    });
    expect(listed.statusCode).toBe(200);
    const receipt = documentsAnswerSchema
      .parse(listed.json())
      .documents.find((entry) => entry.id === linked?.receipt_document_id);
    expect(receipt).toMatchObject({
      title: `Receipt NS-${String(seq)}`,
      kind: 'receipt',
      contentType: 'application/pdf',
      fileName: `receipt-NS-${String(seq)}.pdf`,
    });

    // The PDF opens through a one-time link like any document.
    const session = await app.inject({
      method: 'POST',
      url: `/api/user/documents/${receipt?.id ?? ''}/session`,
      headers: bearer(token),
    });
    const file = await app.inject({ method: 'GET', url: session.json<{ url: string }>().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfText = await readPdfText(file.rawPayload);
    for (const text of [
      `Receipt NS-${String(seq)}`,
      'Bea Buyer',
      'Discount (SPRING10)',
      '-$149.80',
      'Total paid',
      '$1,348.20',
      'Paid with the card ending 4242',
      `Kit ${motherKit?.id ?? ''}, the mother's kit`,
      `Kit ${fatherKit?.id ?? ''}, the father's kit`,
      'Fresno, CA 94110',
    ]) {
      expect(pdfText).toContain(text);
    }
  });

  it('makes an individual order named by its kit id, and links it', async () => {
    const checkoutId = await openCheckout('individual-30x');
    const { orderId, created } = await fulfillCheckout(fulfillDepsOf(app), checkoutId, {
      cardLast4: null,
      providerPaymentId: 'pi_test_1',
    });
    expect(created).toBe(true);
    const [order] = await queryRows<Record<string, unknown>>(
      database,
      sql`select * from purchase_order where id = ${orderId}`,
    );
    expect(order).toMatchObject({
      product_name: 'Preconception Genetic Screening - 30x - Individual',
      provider_payment_id: 'pi_test_1',
      card_last4: null,
      couple_account_id: null,
      turnaround_days: 28,
    });
    const [kit] = await queryRows<{ id: string; role: string }>(
      database,
      sql`select id, role from kit where order_id = ${orderId}`,
    );
    expect(kit?.role).toBe('self');
    const [individual] = await queryRows<Record<string, unknown>>(
      database,
      sql`select * from individual_order where id = ${order?.individual_order_id as string}`,
    );
    expect(individual).toMatchObject({
      user_id: 'buyer',
      purchase_id: kit?.id,
      test_type: '30x',
      purchase_date: order?.purchase_date,
    });
    const mail = await smtp.next(buyerEmail);
    expect(mail.text).toContain('Paid through the payment provider');
    expect(mail.text).toContain(kit?.id ?? 'no kit');
  });

  it('makes the order refunded when the refund was reported before the payment', async () => {
    const refundedAt = new Date('2026-01-02T03:04:05Z');
    const checkoutId = await openCheckout('individual', { refundedAt });
    const { orderId } = await fulfillCheckout(fulfillDepsOf(app), checkoutId, {
      cardLast4: null,
      providerPaymentId: 'pi_test_2',
    });
    const [order] = await queryRows<{ status: string; refunded_at: Date | string }>(
      database,
      sql`select status, refunded_at from purchase_order where id = ${orderId}`,
    );
    expect(order?.status).toBe('refunded');
    expect(new Date(order?.refunded_at ?? 0).toISOString()).toBe(refundedAt.toISOString());
    await smtp.next(buyerEmail);
  });

  it('mails the receipt even when its PDF cannot be stored', async () => {
    await createTestUser(database.db, {
      id: 'blocked-buyer',
      email: 'blocked@example.test',
      firstName: 'Blo',
      lastName: 'Cked',
    });
    // A file where the buyer's folder of documents would go: the PDF cannot be written.
    mkdirSync(path.join(dataDir, 'files'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'blocked-buyer'), 'not a folder');
    const checkoutId = await openCheckout('individual', { userId: 'blocked-buyer' });
    const { orderId } = await fulfillCheckout(fulfillDepsOf(app), checkoutId, {
      cardLast4: '4242',
      providerPaymentId: null,
    });
    const mail = await smtp.next('blocked@example.test');
    expect(mail.text).toContain('card ending 4242');
    expect(mail.text).not.toContain('among your documents');
    const [order] = await queryRows<{ status: string; receipt_document_id: string | null }>(
      database,
      sql`select status, receipt_document_id from purchase_order where id = ${orderId}`,
    );
    expect(order).toEqual({ status: 'paid', receipt_document_id: null });
    expect(await count('document', sql`user_id = 'blocked-buyer'`)).toBe(0);
  });

  it('refuses an unknown checkout and makes nothing', async () => {
    const before = await count('purchase_order', sql`true`);
    await expect(
      fulfillCheckout(fulfillDepsOf(app), 'no-such-checkout', {
        cardLast4: '4242',
        providerPaymentId: null,
      }),
    ).rejects.toThrow();
    expect(await count('purchase_order', sql`true`)).toBe(before);
  });
});
