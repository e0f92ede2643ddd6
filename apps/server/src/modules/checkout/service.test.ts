import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_PROVIDER_UNAVAILABLE,
  type CheckoutRequest,
} from '@nestling/shared/contract/purchase';
import { eq } from 'drizzle-orm';
import { discountCode } from '../catalogue/schema.ts';
import { checkout } from './schema.ts';
import { createTestUser } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { createCatalogueRepository } from '../catalogue/repository.ts';
import { createCatalogueService } from '../catalogue/service.ts';
import { createRateLimitRepository } from '../rate-limit/repository.ts';
import { createRateLimiter } from '../rate-limit/service.ts';
import type { CheckoutToPay, PaymentProvider } from './payment-provider.ts';
import { createCheckoutRepository } from './repository.ts';
import { createCheckoutService, type Payer } from './service.ts';
import { Refusal } from '../../lib/refusal.ts';

/** A provider with a hosted page, as Stripe is: what it was asked, and a switch to fail. */
function hostedProvider() {
  const calls: CheckoutToPay[] = [];
  let failing = false;
  const provider: PaymentProvider = {
    name: 'stripe',
    begin(checkout) {
      calls.push(checkout);
      if (failing) return Promise.reject(new Error('connection refused'));
      return Promise.resolve({
        providerSessionId: `cs_test_${checkout.id}`,
        redirectUrl: `https://pay.example.com/c/${checkout.id}`,
      });
    },
    refund: () => Promise.resolve(),
    end(sessionId) {
      if (failing) return Promise.reject(new Error('connection refused'));
      ended.push(sessionId);
      return Promise.resolve();
    },
  };
  const ended: string[] = [];
  return {
    provider,
    calls,
    ended,
    fail(on: boolean) {
      failing = on;
    },
  };
}

describe.each(testDatabaseKinds)('checkout with a hosted payment page on %s', (kind) => {
  let database: TestDatabase;
  const payer: Payer = {
    userId: 'hosted-buyer',
    email: 'hosted-buyer@example.org',
    sex: 'Female',
    impersonatedBy: null,
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createTestUser(database.db, {
      id: payer.userId,
      email: payer.email,
      firstName: 'Hosted',
      lastName: 'Buyer',
    });
  });
  afterAll(async () => {
    await database.destroy();
  });

  function service(provider: PaymentProvider) {
    return createCheckoutService({
      repository: createCheckoutRepository(database.db),
      catalogue: createCatalogueService({ repository: createCatalogueRepository(database.db) }),
      provider,
      publicUrl: 'https://portal.example.com',
      rateLimiter: createRateLimiter(createRateLimitRepository(database.db)),
      couplePlaces: { held: () => Promise.resolve(0), perPerson: 1 },
      fulfill: () => Promise.reject(new Error('not paid in these tests')),
      log: pino({ level: 'silent' }),
    });
  }
  const body = (): CheckoutRequest => ({
    product: 'couple-30x',
    idempotencyKey: randomUUID(),
    partner: { firstName: 'Sam', lastName: 'Partner', email: 'sam@example.org' },
    shipping: {
      buyer: {
        name: 'Hosted Buyer',
        line1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      },
    },
  });

  it('begins the provider once with the amounts, the return addresses and the end time', async () => {
    const hosted = hostedProvider();
    const checkouts = service(hosted.provider);
    const request = body();
    const checkout = await checkouts.start(payer, request);
    expect(checkout).toMatchObject({
      status: 'open',
      provider: 'stripe',
      redirectUrl: `https://pay.example.com/c/${checkout.id}`,
    });
    expect(hosted.calls).toEqual([
      {
        id: checkout.id,
        idempotencyKey: checkout.id,
        buyerEmail: payer.email,
        productName: 'Preconception Genetic Screening - 30x',
        totalCents: 249_800,
        currency: 'usd',
        successUrl: `https://portal.example.com/payment-successful?checkout=${checkout.id}`,
        cancelUrl: `https://portal.example.com/purchase-30x?checkout=${checkout.id}&canceled=1`,
        expiresAt: new Date(checkout.expiresAt),
      },
    ]);
    // A double click is answered the same checkout, without a second session.
    expect(await checkouts.start(payer, request)).toEqual(checkout);
    expect(hosted.calls).toHaveLength(1);
  });

  it('answers 503 when the provider fails, and begins again on the retry with the same key', async () => {
    const hosted = hostedProvider();
    const checkouts = service(hosted.provider);
    const request = body();
    hosted.fail(true);
    const failed = await checkouts.start(payer, request).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Refusal);
    expect(failed).toMatchObject({ statusCode: 503, message: PAYMENT_PROVIDER_UNAVAILABLE });

    hosted.fail(false);
    const retried = await checkouts.start(payer, request);
    expect(retried.redirectUrl).toBe(`https://pay.example.com/c/${retried.id}`);
    // The checkout without a payment page was not kept: the retry began a new one.
    expect(hosted.calls).toHaveLength(2);
    expect(hosted.calls[1]?.id).toBe(retried.id);
  });

  it("gives a discount's use back on cancel only once the provider has ended the checkout", async () => {
    const hosted = hostedProvider();
    const checkouts = service(hosted.provider);
    await database.db.insert(discountCode).values({
      code: 'HOSTED1',
      percentOff: 10,
      maxRedemptions: 1,
    });
    const heldUntil = async (id: string) =>
      (
        await database.db
          .select({ until: checkout.discountHeldUntil })
          .from(checkout)
          .where(eq(checkout.id, id))
      )[0]?.until ?? null;

    const first = await checkouts.start(payer, { ...body(), discountCode: 'HOSTED1' });
    // A Stripe Session can be paid a while after the checkout's own end: the hold outlasts it.
    expect((await heldUntil(first.id))?.getTime()).toBeGreaterThan(
      new Date(first.expiresAt).getTime(),
    );
    hosted.fail(true);
    const kept = await checkouts.cancel(payer.userId, first.id);
    expect(kept.status).toBe('canceled');
    expect(await heldUntil(first.id)).not.toBeNull();

    // While the first cannot be ended, its Session could still be paid: the use stays held.
    await expect(
      checkouts.start(payer, { ...body(), discountCode: 'HOSTED1' }),
    ).rejects.toMatchObject({ statusCode: 400 });

    // Once the provider answers, the person's new checkout ends the old Session and takes it.
    hosted.fail(false);
    const second = await checkouts.start(payer, { ...body(), discountCode: 'HOSTED1' });
    expect(hosted.ended).toEqual([`cs_test_${first.id}`]);
    expect(await heldUntil(first.id)).toBeNull();
    await checkouts.cancel(payer.userId, second.id);
    expect(hosted.ended).toEqual([`cs_test_${first.id}`, `cs_test_${second.id}`]);
    expect(await heldUntil(second.id)).toBeNull();
  });

  it('refuses the test card on a hosted checkout', async () => {
    const checkouts = service(hostedProvider().provider);
    const checkout = await checkouts.start(payer, body());
    await expect(
      checkouts.payWithTestCard(payer, checkout.id, {
        number: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});
