import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDER_UNAVAILABLE, type Checkout } from '@nestling/shared/contract/purchase';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp, testConfig } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import {
  signStripePayload,
  startStripeStandIn,
  stripeEvent,
  STRIPE_TEST_SECRET_KEY,
  type StripeStandIn,
} from '../../test/stripe.ts';
import type { CheckoutToPay } from '../checkout/payment-provider.ts';
import { configuredPaymentProvider } from '../../payment-providers.ts';
import { createStripeProvider, sessionExpiry } from './stripe-provider.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

describe('the Stripe provider, against a stand-in for Stripe', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });

  const provider = () => createStripeProvider(testConfig(standIn.env));
  const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
  const checkout = (id: string): CheckoutToPay => ({
    id,
    idempotencyKey: id,
    buyerEmail: 'buyer@example.org',
    productName: 'Preconception Genetic Screening - Individual',
    totalCents: 71_910,
    currency: 'usd',
    successUrl: `https://portal.example.org/payment-successful?checkout=${id}`,
    cancelUrl: `https://portal.example.org/individual-purchase?checkout=${id}`,
    expiresAt,
  });

  it('makes a Checkout Session for the amount the server computed, once per checkout', async () => {
    const before = standIn.calls.length;
    const first = await provider().begin(checkout('checkout-a'));
    const again = await provider().begin(checkout('checkout-a'));

    expect(first.providerSessionId).toMatch(/^cs_test_/);
    expect(first.redirectUrl).toBe(
      `https://checkout.stripe.test/c/pay/${String(first.providerSessionId)}`,
    );
    // Stripe answers a repeated idempotency key with the first Session: two tabs, one payment.
    expect(again).toEqual(first);
    const calls = standIn.calls.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => call.idempotencyKey)).toEqual([
      'checkout-checkout-a',
      'checkout-checkout-a',
    ]);

    const [call] = calls;
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.authorization).toBe(`Bearer ${STRIPE_TEST_SECRET_KEY}`);
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '71910',
      'line_items[0][price_data][product_data][name]':
        'Preconception Genetic Screening - Individual',
      customer_email: 'buyer@example.org',
      client_reference_id: 'checkout-a',
      'metadata[checkoutId]': 'checkout-a',
      'payment_intent_data[metadata][checkoutId]': 'checkout-a',
      success_url: 'https://portal.example.org/payment-successful?checkout=checkout-a',
      cancel_url: 'https://portal.example.org/individual-purchase?checkout=checkout-a',
      expires_at: String(Math.floor(expiresAt.getTime() / 1000)),
    });
  });

  it('refunds the whole payment intent, once however often it is asked', async () => {
    const before = standIn.calls.length;
    await provider().refund({ providerPaymentId: 'pi_test_1', totalCents: 71_910 });
    await provider().refund({ providerPaymentId: 'pi_test_1', totalCents: 71_910 });
    const calls = standIn.calls.slice(before);
    expect(calls.map((call) => [call.path, call.idempotencyKey])).toEqual([
      ['/v1/refunds', 'refund-pi_test_1'],
      ['/v1/refunds', 'refund-pi_test_1'],
    ]);
    expect(Object.fromEntries(calls[0]?.form ?? [])).toEqual({ payment_intent: 'pi_test_1' });
  });

  it('refuses to refund a payment it has no payment intent for, asking Stripe nothing', async () => {
    const before = standIn.calls.length;
    await expect(provider().refund({ providerPaymentId: null, totalCents: 100 })).rejects.toThrow(
      /no Stripe payment intent/,
    );
    expect(standIn.calls.length).toBe(before);
  });

  it('is the provider with PAYMENT_PROVIDER=stripe, and only then', () => {
    expect(configuredPaymentProvider(testConfig(standIn.env))?.name).toBe('stripe');
    expect(configuredPaymentProvider(testConfig())?.name).toBe('test');
  });
});

describe("a Session's expiry", () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const minutesFromNow = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it("is the checkout's own when Stripe allows it", () => {
    expect(sessionExpiry(minutesFromNow(60), now)).toBe(seconds(minutesFromNow(60)));
  });

  it("is at least Stripe's 30 minutes, with room for the clocks", () => {
    expect(sessionExpiry(minutesFromNow(5), now)).toBe(seconds(minutesFromNow(32)));
  });

  it("is at most Stripe's 24 hours", () => {
    expect(sessionExpiry(minutesFromNow(48 * 60), now)).toBe(seconds(minutesFromNow(24 * 60 - 2)));
  });
});

describe.each(testDatabaseKinds)('buying with Stripe through the API on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let standIn: StripeStandIn;
  let token: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-stripe-api-'));

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({
      database,
      env: { ...standIn.env, PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir },
    });
    token = await signInToken(app, 'individual@demo.test');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await standIn.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const body = (idempotencyKey: string) => ({
    product: 'individual',
    idempotencyKey,
    shipping: {
      buyer: {
        name: 'Iris Sample',
        line1: '1 Main Street',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
      },
    },
  });

  it("sends the browser to one Session for the server's amount, and pays once the webhook says so", async () => {
    const key = randomUUID();
    const before = standIn.calls.length;

    // A double click: two requests with one key.
    const [first, second] = await Promise.all(
      [key, key].map((idempotencyKey) =>
        app.inject({
          method: 'POST',
          url: '/api/checkout',
          headers: bearer(token),
          payload: body(idempotencyKey),
        }),
      ),
    );

    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const begun = first?.json<Checkout>();
    expect(second?.json<Checkout>()).toEqual(begun);
    expect(begun?.provider).toBe('stripe');
    expect(begun?.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const calls = standIn.calls.slice(before);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const [price] = await queryRows<{ price_cents: number }>(
      database,
      sql`select price_cents from product where code = 'individual'`,
    );
    for (const call of calls) {
      expect(call.path).toBe('/v1/checkout/sessions');
      expect(call.idempotencyKey).toBe(`checkout-${String(begun?.id)}`);
      expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe(
        String(price?.price_cents),
      );
      expect(call.form.get('customer_email')).toBe('individual@demo.test');
      expect(call.form.get('success_url')).toBe(
        `${TEST_ORIGIN}/payment-successful?checkout=${String(begun?.id)}`,
      );
    }
    expect(begun?.summary.totalCents).toBe(price?.price_cents);

    // The browser's return to /payment-successful makes nothing: the checkout is still open.
    const returned = await app.inject({
      method: 'GET',
      url: `/api/checkout/${String(begun?.id)}`,
      headers: bearer(token),
    });
    expect(returned.json<Checkout>().status).toBe('open');

    const sessionId = begun?.redirectUrl?.split('/').pop();
    const payload = JSON.stringify(
      stripeEvent('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: begun?.id,
        metadata: { checkoutId: begun?.id },
        amount_total: price?.price_cents,
        currency: 'usd',
        payment_intent: 'pi_test_api',
      }),
    );
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(payload),
      },
      payload,
    });
    expect(webhook.statusCode).toBe(200);

    const paid = await app.inject({
      method: 'GET',
      url: `/api/checkout/${String(begun?.id)}`,
      headers: bearer(token),
    });
    expect(paid.json<Checkout>().status).toBe('paid');
    expect(paid.json<Checkout>().orderId).not.toBeNull();
  });

  it('says in words when Stripe cannot be reached, and never answers a checkout without its payment page', async () => {
    const key = randomUUID();
    standIn.offline = true;
    try {
      for (const attempt of ['first', 'retry with the same key']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/checkout',
          headers: bearer(token),
          payload: body(key),
        });
        expect(response.statusCode, attempt).toBe(503);
        expect(response.json<{ message: string }>().message, attempt).toBe(
          PAYMENT_PROVIDER_UNAVAILABLE,
        );
      }
      // Nothing is left that could be paid, nor holds a discount's use.
      const left = await queryRows<{ status: string }>(
        database,
        sql`select status from checkout where idempotency_key = ${key} and status in ('open', 'requires_action')`,
      );
      expect(left).toEqual([]);
    } finally {
      standIn.offline = false;
    }

    // Stripe is back: the same key begins the checkout, with its payment page.
    const back = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(token),
      payload: body(key),
    });
    expect(back.statusCode).toBe(200);
    expect(back.json<Checkout>().redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);

    // Given up in the portal, the Session is ended at Stripe too, so it cannot be paid later.
    const sessionId = back.json<Checkout>().redirectUrl?.split('/').pop() ?? '';
    const canceled = await app.inject({
      method: 'POST',
      url: `/api/checkout/${back.json<Checkout>().id}/cancel`,
      headers: bearer(token),
    });
    expect(canceled.json<Checkout>().status).toBe('canceled');
    expect(standIn.calls.at(-1)?.path).toBe(`/v1/checkout/sessions/${sessionId}/expire`);
  });
});
