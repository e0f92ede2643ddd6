import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { checkout } from '../checkout/schema.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import Stripe from 'stripe';
import {
  signStripePayload,
  STRIPE_TEST_WEBHOOK_SECRET,
  startStripeStandIn,
  stripeEvent,
  type StripeStandIn,
} from '../../test/stripe.ts';
import { isTransientDatabaseError, SIGNATURE_INVALID, SIGNATURE_MISSING } from './routes.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

const WEBHOOK = '/api/payments/stripe/webhook';
const TOTAL = 79_900;

interface TestCheckout {
  id: string;
  sessionId: string;
  paymentIntentId: string;
}

describe.each(testDatabaseKinds)("Stripe's webhook on %s", (kind) => {
  let database: TestDatabase;
  let app: App;
  let standIn: StripeStandIn;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-stripe-'));

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({
      database,
      env: { ...standIn.env, PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir },
      // A JSON route outside the webhook's plugin.
      routes: (instance) => {
        instance.post('/api/test/echo', (request) => Promise.resolve({ body: request.body }));
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await standIn.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** An open Stripe checkout for the demo individual, as POST /checkout leaves it. */
  async function newCheckout(options: { request?: unknown } = {}): Promise<TestCheckout> {
    const id = randomUUID();
    const made = {
      id,
      sessionId: `cs_test_${id.replaceAll('-', '')}`,
      paymentIntentId: `pi_test_${id.replaceAll('-', '')}`,
    };
    const address = {
      name: 'Iris Sample',
      line1: '1 Main Street',
      city: 'Springfield',
      state: 'IL' as const,
      zip: '62701',
    };
    await database.db.insert(checkout).values({
      id,
      userId: 'demo-individual',
      idempotencyKey: `key-${id}`,
      productCode: 'individual',
      request: options.request ?? {
        partner: null,
        shipping: { buyer: address, partner: null },
        buyerRole: null,
      },
      priceCents: TOTAL,
      discountCode: null,
      discountCents: 0,
      totalCents: TOTAL,
      currency: 'usd',
      provider: 'stripe',
      status: 'open',
      providerSessionId: made.sessionId,
      redirectUrl: `https://checkout.stripe.test/c/pay/${made.sessionId}`,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    return made;
  }

  const session = (made: TestCheckout, fields: Record<string, unknown> = {}) => ({
    id: made.sessionId,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: made.id,
    metadata: { checkoutId: made.id },
    amount_total: TOTAL,
    currency: 'usd',
    payment_intent: made.paymentIntentId,
    ...fields,
  });
  const charge = (made: TestCheckout, fields: Record<string, unknown> = {}) => ({
    id: `ch_${made.paymentIntentId}`,
    object: 'charge',
    amount: TOTAL,
    amount_refunded: TOTAL,
    refunded: true,
    payment_intent: made.paymentIntentId,
    metadata: { checkoutId: made.id },
    ...fields,
  });

  const send = (event: Record<string, unknown>, signature?: string | null) => {
    const payload = JSON.stringify(event);
    const header = signature === undefined ? signStripePayload(payload) : signature;
    return app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
      payload,
    });
  };

  const ordersOf = (checkoutId: string) =>
    queryRows<{ status: string; refunded_at: unknown; provider_payment_id: string | null }>(
      database,
      sql`select status, refunded_at, provider_payment_id from purchase_order where checkout_id = ${checkoutId}`,
    );
  const checkoutOf = async (checkoutId: string) => {
    const rows = await database.db.select().from(checkout).where(eq(checkout.id, checkoutId));
    return rows[0];
  };
  const storedEvents = async (eventId: string) => {
    const rows = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from payment_event where event_id = ${eventId}`,
    );
    return Number(rows[0]?.count);
  };

  it('refuses a missing or bad signature with 400, storing nothing', async () => {
    const made = await newCheckout();
    const event = stripeEvent('checkout.session.completed', session(made));
    const payload = JSON.stringify(event);
    const tampered = JSON.stringify({
      ...event,
      data: { object: session(made, { amount_total: 1 }) },
    });

    const missing = await send(event, null);
    const wrongSecret = await send(event, signStripePayload(payload, 'whsec_someone_else'));
    const garbage = await send(event, 't=1,v1=00');
    // The signature of one body does not vouch for another.
    const swapped = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(payload),
      },
      payload: tampered,
    });

    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(SIGNATURE_MISSING);
    for (const response of [wrongSecret, garbage, swapped]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(SIGNATURE_INVALID);
    }
    expect(await storedEvents(event.id as string)).toBe(0);
    expect(await ordersOf(made.id)).toEqual([]);
    expect((await checkoutOf(made.id))?.status).toBe('open');
  });

  it('refuses a signature made more than five minutes before or after now', async () => {
    const made = await newCheckout();
    const event = stripeEvent('checkout.session.completed', session(made));
    const payload = JSON.stringify(event);
    const signedAt = (offsetSeconds: number) =>
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_TEST_WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) + offsetSeconds,
      });

    for (const offset of [365 * 24 * 60 * 60, 6 * 60, -6 * 60]) {
      const response = await send(event, signedAt(offset));
      expect(response.statusCode, `signed ${String(offset)} s from now`).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(SIGNATURE_INVALID);
    }
    expect(await storedEvents(event.id as string)).toBe(0);
    expect(await ordersOf(made.id)).toEqual([]);

    // A clock a little ahead of Stripe's is no reason to refuse.
    const slightlyAhead = await send(event, signedAt(60));
    expect(slightlyAhead.statusCode).toBe(200);
  });

  it('makes exactly one order from a completed Session, paid with its payment intent', async () => {
    const made = await newCheckout();
    const event = stripeEvent('checkout.session.completed', session(made));

    const response = await send(event);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await ordersOf(made.id)).toEqual([
      expect.objectContaining({
        status: 'paid',
        refunded_at: null,
        provider_payment_id: made.paymentIntentId,
      }),
    ]);
    expect((await checkoutOf(made.id))?.status).toBe('paid');
    expect(await storedEvents(event.id as string)).toBe(1);
  });

  it('changes nothing when the same event is sent five times', async () => {
    const made = await newCheckout();
    const event = stripeEvent('checkout.session.completed', session(made));

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await send(event)).statusCode);

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await ordersOf(made.id)).toHaveLength(1);
    expect(await storedEvents(event.id as string)).toBe(1);
  });

  it('makes one order from confirmations arriving at once', async () => {
    const made = await newCheckout();
    // Stripe may send the same event twice at once, and completed with async_payment_succeeded.
    const completed = stripeEvent('checkout.session.completed', session(made));
    const events = [
      completed,
      completed,
      stripeEvent('checkout.session.async_payment_succeeded', session(made)),
      stripeEvent('checkout.session.completed', session(made)),
      stripeEvent('checkout.session.completed', session(made)),
    ];

    const responses = await Promise.all(events.map((event) => send(event)));

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await ordersOf(made.id)).toHaveLength(1);
  });

  it('makes the order refunded when the refund arrived before the completed event', async () => {
    const made = await newCheckout();
    // The checkout does not know its payment intent yet: the charge's metadata names it.
    const refunded = await send(stripeEvent('charge.refunded', charge(made)));
    expect(refunded.statusCode).toBe(200);
    expect(await ordersOf(made.id)).toEqual([]);
    const before = await checkoutOf(made.id);
    expect(before?.refundedAt).not.toBeNull();
    expect(before?.providerPaymentId).toBe(made.paymentIntentId);

    const completed = await send(stripeEvent('checkout.session.completed', session(made)));

    expect(completed.statusCode).toBe(200);
    const orders = await ordersOf(made.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe('refunded');
    expect(orders[0]?.refunded_at).not.toBeNull();
  });

  it('leaves one refunded order when the refund and the completed event arrive at once', async () => {
    const made = await newCheckout();

    const responses = await Promise.all([
      send(stripeEvent('charge.refunded', charge(made))),
      send(stripeEvent('checkout.session.completed', session(made))),
    ]);

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const orders = await ordersOf(made.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe('refunded');
  });

  it('marks the order refunded when the refund comes after it, once', async () => {
    const made = await newCheckout();
    await send(stripeEvent('checkout.session.completed', session(made)));
    // A partial refund is a gesture, not the end of the order.
    const partial = await send(
      stripeEvent('charge.refunded', charge(made, { refunded: false, amount_refunded: 1000 })),
    );
    expect(partial.statusCode).toBe(200);
    expect((await ordersOf(made.id))[0]?.status).toBe('paid');

    const created = Math.floor(Date.now() / 1000) - 60;
    const full = stripeEvent('charge.refunded', charge(made, { metadata: {} }), { created });
    expect((await send(full)).statusCode).toBe(200);
    const [order] = await ordersOf(made.id);
    expect(order?.status).toBe('refunded');
    expect(new Date(order?.refunded_at as string).getTime()).toBe(created * 1000);

    // Another refund event for the same payment keeps the first refund's time.
    await send(stripeEvent('charge.refunded', charge(made)));
    const [again] = await ordersOf(made.id);
    expect(new Date(again?.refunded_at as string).getTime()).toBe(created * 1000);
  });

  it('does not fulfill a Session whose amount differs from the checkout, and says 200', async () => {
    const made = await newCheckout();
    const event = stripeEvent('checkout.session.completed', session(made, { amount_total: 100 }));

    const response = await send(event);

    expect(response.statusCode).toBe(200);
    expect(await ordersOf(made.id)).toEqual([]);
    expect((await checkoutOf(made.id))?.status).toBe('open');
  });

  it("does not fulfill a Session that is not the checkout's, or a checkout it does not know", async () => {
    const made = await newCheckout();
    const other = await send(
      stripeEvent('checkout.session.completed', session(made, { id: 'cs_test_another' })),
    );
    const unknown = await send(
      stripeEvent(
        'checkout.session.completed',
        session(made, { metadata: { checkoutId: 'nope' }, client_reference_id: 'nope' }),
      ),
    );
    const unpaid = await send(
      stripeEvent('checkout.session.completed', session(made, { payment_status: 'unpaid' })),
    );

    expect([other.statusCode, unknown.statusCode, unpaid.statusCode]).toEqual([200, 200, 200]);
    expect(await ordersOf(made.id)).toEqual([]);
  });

  it('expires an unpaid checkout whose Session expired, and leaves a paid one paid', async () => {
    const open = await newCheckout();
    const paid = await newCheckout();
    await send(stripeEvent('checkout.session.completed', session(paid)));

    const expiredOpen = await send(
      stripeEvent(
        'checkout.session.expired',
        session(open, { status: 'expired', payment_status: 'unpaid' }),
      ),
    );
    const expiredPaid = await send(
      stripeEvent('checkout.session.expired', session(paid, { status: 'expired' })),
    );

    expect([expiredOpen.statusCode, expiredPaid.statusCode]).toEqual([200, 200]);
    expect((await checkoutOf(open.id))?.status).toBe('expired');
    expect((await checkoutOf(paid.id))?.status).toBe('paid');
  });

  it('acknowledges an event it cannot handle without storing it, so that it can be sent again', async () => {
    // A checkout the order cannot be made from: fulfilling it fails, and would fail again.
    const broken = await newCheckout({ request: { shipping: null } });
    const event = stripeEvent('checkout.session.completed', session(broken));

    const response = await send(event);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: false });
    expect(await storedEvents(event.id as string)).toBe(0);
    expect(await ordersOf(broken.id)).toEqual([]);
  });

  it('acknowledges event types it does not handle', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_test_1', object: 'customer' });
    const response = await send(event);
    expect(response.statusCode).toBe(200);
    expect(await storedEvents(event.id as string)).toBe(1);
  });

  it('refuses what Stripe never sends with a 4xx', async () => {
    const signedGarbage = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload('{"a":'),
      },
      payload: '{"a":',
    });
    const form = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'stripe-signature': 'x' },
      payload: 'a=1',
    });
    const text = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'text/plain', 'stripe-signature': signStripePayload('{}') },
      payload: '{}',
    });
    const huge = '{"pad":"' + 'x'.repeat(1024 * 1024) + '"}';
    const tooLarge = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(huge) },
      payload: huge,
    });

    expect(signedGarbage.statusCode).toBe(400);
    expect(form.statusCode).toBe(415);
    expect(text.statusCode).toBe(400);
    expect(tooLarge.statusCode).toBe(413);
  });

  it("leaves the other routes' JSON to the guarded parser", async () => {
    const deep = '['.repeat(100) + ']'.repeat(100);
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/nested more than/);
    const plain = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { a: 1 } });
    expect(plain.json()).toEqual({ body: { a: 1 } });
  });

  it('does not exist with the test provider', async () => {
    const testApp = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir },
    });
    try {
      const payload = JSON.stringify(stripeEvent('customer.created', { id: 'cus_test_2' }));
      const response = await testApp.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripePayload(payload),
        },
        payload,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await testApp.close();
    }
  });
});

describe('which failures Stripe is asked to retry', () => {
  const withCode = (code: string, message = 'failed') =>
    Object.assign(new Error(message), { code });

  it('retries the database being briefly away, however the error is wrapped', () => {
    for (const code of ['08006', '57P01', '53300', '40001', '40P01', 'ECONNREFUSED']) {
      expect(isTransientDatabaseError(withCode(code)), code).toBe(true);
      expect(
        isTransientDatabaseError(new Error('Failed query', { cause: withCode(code) })),
        code,
      ).toBe(true);
    }
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('does not retry what would fail again', () => {
    expect(isTransientDatabaseError(withCode('23505'))).toBe(false);
    expect(isTransientDatabaseError(new TypeError('x is undefined'))).toBe(false);
    expect(isTransientDatabaseError('not an error')).toBe(false);
  });
});
