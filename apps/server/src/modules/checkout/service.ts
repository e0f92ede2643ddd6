import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  BUYER_NEEDS_SEX,
  CARD_DECLINED,
  CARD_INSUFFICIENT_FUNDS,
  CHECKOUT_CLOSED,
  CHECKOUT_MINUTES,
  CHECKOUT_NOT_FOUND,
  CONFIRMATION_DECLINED,
  DISCOUNT_CODE_HELD,
  DISCOUNT_CODE_USED_UP,
  COUPLE_NEEDS_PARTNER,
  IMPERSONATOR_CANNOT_PAY,
  INDIVIDUAL_HAS_NO_PARTNER,
  invalidFieldMessage,
  NOTHING_TO_CONFIRM,
  PARTNER_IS_BUYER,
  PAYMENT_IN_PROGRESS,
  PAYMENT_PROVIDER_UNAVAILABLE,
  PURCHASE_PATHS,
  productCodeSchema,
  productShape,
  WRONG_PROVIDER,
  type Checkout,
  type CheckoutRequest,
  type CheckoutStatus,
  type Currency,
  type OrderSummary,
  type PaymentProviderName,
  type QuoteRequest,
  type TestCard,
} from '@nestling/shared/contract/purchase';
import { productName as catalogueName, type CatalogueService } from '../catalogue/index.ts';
import { TOO_MANY_REQUESTS, type RateLimiter, type RateLimitRule } from '../rate-limit/index.ts';
import { addressZipProblem } from '../clinics/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { CheckoutRepository, CheckoutRow, NewCheckoutRow } from './repository.ts';
import { roleFromSex, tooManyCouplePlaces } from '@nestling/shared/contract/partner';
import type { StoredRequest } from './stored-request.ts';
import { testCardOutcome } from './test-provider.ts';
import { Refusal } from '../../lib/refusal.ts';

/**
 * Card numbers tried on the test provider's form, per person: a form that tells a good number
 * from a bad one is what card testers look for, so the eleventh try within 15 minutes is refused.
 */
export const testCardAttempts: RateLimitRule = {
  bucket: 'test-card:account',
  limit: 10,
  windowMs: 15 * 60 * 1000,
};

/** Who is paying: the signed-in person, and the admin impersonating them, if any. */
export interface Payer {
  userId: string;
  email: string;
  sex: string | null;
  impersonatedBy: string | null;
}

/** Made once per checkout: what a confirmation from the test provider is known by. */
const testPaymentId = () => `test_${randomUUID()}`;

const UNPAID: readonly CheckoutStatus[] = ['open', 'requires_action'];

/**
 * How long a provider's checkout holds its discount's use past the checkout's own end: Stripe
 * ends a Session begun in the checkout's last half hour up to 32 minutes later (sessionExpiry).
 */
const PROVIDER_HOLD_MARGIN_MS = 35 * 60 * 1000;

/** A card check that began this long ago and never ended (a server stopped) no longer counts. */
const CARD_CHECK_STALE_MS = 60 * 1000;

/**
 * Checkout: the summary a page shows, the checkout a purchase begins, and the test provider's
 * card. Every amount comes from the catalogue; the body only names the product and the code.
 * A paid checkout is made into its order by `fulfill` (fulfill.ts), whichever provider paid it.
 */
export function createCheckoutService(deps: {
  repository: CheckoutRepository;
  catalogue: CatalogueService;
  /** The configured provider (providers.ts); null when it is not available on this server. */
  provider: PaymentProvider | null;
  publicUrl: string;
  rateLimiter: RateLimiter;
  /** The couple tests a person holds a place on, and how many the lab allows (ADR 039). */
  couplePlaces: { held: (userId: string) => Promise<number>; perPerson: number };
  fulfill: (
    checkoutId: string,
    payment: { cardLast4: string | null; providerPaymentId: string | null },
  ) => Promise<{ orderId: string; created: boolean }>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repository, catalogue } = deps;
  const now = deps.now ?? (() => new Date());

  function toCheckout(row: CheckoutRow, orderId: string | null): Checkout {
    const request = row.request as StoredRequest;
    const product = productCodeSchema.parse(row.productCode);
    return {
      id: row.id,
      status: row.status as CheckoutStatus,
      provider: row.provider as PaymentProviderName,
      summary: {
        product,
        productName: catalogueName(product),
        currency: row.currency as Currency,
        priceCents: row.priceCents,
        discountCode: row.discountCode,
        discountCents: row.discountCents,
        totalCents: row.totalCents,
      },
      request: {
        partner: request.partner,
        shipping: { buyer: request.shipping.buyer, partner: request.shipping.partner },
      },
      redirectUrl: row.redirectUrl,
      paymentError: row.paymentError,
      orderId,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** The person's own checkout, expired if its time is up; anyone else's is 404. */
  async function ownCheckout(
    userId: string,
    id: string,
  ): Promise<{ row: CheckoutRow; orderId: string | null }> {
    const found = await repository.find(id);
    if (found?.row.userId !== userId) throw new Refusal(404, CHECKOUT_NOT_FOUND);
    const { row } = found;
    const at = now();
    if (UNPAID.includes(row.status as CheckoutStatus) && row.expiresAt <= at) {
      if (await repository.expireIfDue(id, at))
        return { ...found, row: { ...row, status: 'expired' } };
      return ownCheckout(userId, id);
    }
    return found;
  }

  async function answer(userId: string, id: string): Promise<Checkout> {
    const { row, orderId } = await ownCheckout(userId, id);
    return toCheckout(row, orderId);
  }

  function refuseImpersonation(payer: Payer) {
    if (payer.impersonatedBy !== null) throw new Refusal(403, IMPERSONATOR_CANNOT_PAY);
  }

  /** Sends a Stripe-like provider's checkout on its way once: its hosted page, stored. */
  async function begin(row: CheckoutRow, payer: Payer): Promise<void> {
    if (deps.provider === null || row.provider !== deps.provider.name) return;
    if (row.status !== 'open' || row.redirectUrl !== null) return;
    const product = productCodeSchema.parse(row.productCode);
    try {
      const begun = await deps.provider.begin({
        id: row.id,
        // The checkout's id: one payment per checkout, however often it is begun.
        idempotencyKey: row.id,
        buyerEmail: payer.email,
        productName: catalogueName(product),
        totalCents: row.totalCents,
        currency: row.currency,
        successUrl: `${deps.publicUrl}/payment-successful?checkout=${row.id}`,
        cancelUrl: `${deps.publicUrl}${PURCHASE_PATHS[product]}?checkout=${row.id}&canceled=1`,
        expiresAt: row.expiresAt,
      });
      await repository.setProviderSession(row.id, begun.providerSessionId, begun.redirectUrl);
    } catch (error) {
      deps.log.error({ err: error, checkoutId: row.id }, 'The payment provider refused to begin');
      // A checkout without its payment page cannot be paid: it goes, with any discount use it
      // held, and a retry with the same key begins afresh.
      await repository.deleteUnbegun(row.id);
      throw new Refusal(503, PAYMENT_PROVIDER_UNAVAILABLE);
    }
  }

  /** The unpaid, test-provider checkout a card is for. Paid: null, nothing left to do. */
  async function payableByTestCard(payer: Payer, id: string): Promise<CheckoutRow | null> {
    refuseImpersonation(payer);
    const { row } = await ownCheckout(payer.userId, id);
    if (row.provider !== 'test') throw new Refusal(409, WRONG_PROVIDER);
    if (row.status === 'paid') return null;
    if (!UNPAID.includes(row.status as CheckoutStatus)) {
      throw new Refusal(409, CHECKOUT_CLOSED);
    }
    return row;
  }

  /** A refusal from the card: the checkout stays open for another card, with the reason. */
  async function refuse(
    row: CheckoutRow,
    message: string,
    cardLast4: string | null,
  ): Promise<never> {
    const changed = await repository.updateUnpaid(row.id, {
      status: 'open',
      paymentError: message,
      cardLast4,
    });
    if (!changed) throw new Refusal(409, CHECKOUT_CLOSED);
    throw new Refusal(402, message);
  }

  /**
   * Cancels an unpaid checkout. Its discount's use is given back only once it cannot be paid:
   * at once for the test provider, after the provider has ended it for Stripe (a Session left
   * open could still be paid at the discounted price, so its hold then runs out with it).
   */
  async function giveUp(row: CheckoutRow): Promise<void> {
    let unpayable = true;
    if (row.providerSessionId !== null && deps.provider?.name === row.provider) {
      try {
        await deps.provider.end(row.providerSessionId);
      } catch (error) {
        unpayable = false;
        deps.log.warn(
          { err: error, checkoutId: row.id },
          'The payment provider did not end a checkout',
        );
      }
    }
    await repository.updateUnpaid(row.id, { status: 'canceled' });
    if (unpayable) await repository.releaseHold(row.id);
  }

  /**
   * Makes a checkout that holds one use of its limited discount code (ADR 039). When every use
   * is paid or held, the person's own other checkouts holding it (new entries made a new
   * checkout) give it up to this one; anyone else's holds stand, and the person is told before
   * paying.
   */
  async function insertHoldingDiscount(
    payer: Payer,
    row: NewCheckoutRow & { discountCode: string },
    at: Date,
  ): Promise<void> {
    const heldUntil = new Date(
      row.expiresAt.getTime() + (row.provider === 'test' ? 0 : PROVIDER_HOLD_MARGIN_MS),
    );
    const insert = () =>
      repository.insertHoldingDiscount({ ...row, discountHeldUntil: heldUntil }, at);
    let outcome = await insert();
    if (outcome === 'held') {
      const own = await repository.ownHolds(payer.userId, row.discountCode, at);
      for (const earlier of own) await giveUp(earlier);
      if (own.length > 0) outcome = await insert();
    }
    if (outcome === 'used-up') {
      throw new Refusal(400, invalidFieldMessage('discountCode', DISCOUNT_CODE_USED_UP));
    }
    if (outcome === 'held') {
      throw new Refusal(400, invalidFieldMessage('discountCode', DISCOUNT_CODE_HELD));
    }
  }

  /** What the card's number decides (test-provider.ts). */
  async function checkTestCard(payer: Payer, row: CheckoutRow, card: TestCard): Promise<Checkout> {
    const { id } = row;
    const cardLast4 = card.number.slice(-4);
    switch (testCardOutcome(card.number)) {
      case 'declined':
        return refuse(row, CARD_DECLINED, cardLast4);
      case 'insufficientFunds':
        return refuse(row, CARD_INSUFFICIENT_FUNDS, cardLast4);
      case 'needsConfirmation': {
        // Answered as it stands either way: paid or ended meanwhile, it says so.
        await repository.updateUnpaid(id, {
          status: 'requires_action',
          paymentError: null,
          cardLast4,
        });
        return answer(payer.userId, id);
      }
      case 'pays':
        await deps.fulfill(id, { cardLast4, providerPaymentId: testPaymentId() });
        return answer(payer.userId, id);
    }
  }

  return {
    /** The order summary of a product and code, as the server will charge it. */
    async quote(userId: string, body: QuoteRequest): Promise<OrderSummary> {
      return (await catalogue.price(body.product, body.discountCode, userId)).summary;
    },

    /**
     * Begins a purchase, or answers the checkout the same idempotency key already began (a
     * double click, a second tab), whatever the second body says.
     */
    async start(payer: Payer, body: CheckoutRequest): Promise<Checkout> {
      refuseImpersonation(payer);
      const earlier = await repository.findByKey(payer.userId, body.idempotencyKey);
      if (earlier !== null) {
        await begin(earlier, payer);
        return answer(payer.userId, earlier.id);
      }

      for (const [who, shipping] of [
        ['buyer', body.shipping.buyer],
        ['partner', body.shipping.partner],
      ] as const) {
        const problem = shipping === undefined ? null : addressZipProblem(shipping);
        if (problem !== null) {
          throw new Refusal(400, invalidFieldMessage(`shipping.${who}.zip`, problem));
        }
      }
      const { kind } = productShape(body.product);
      let buyerRole: StoredRequest['buyerRole'] = null;
      if (kind === 'couple') {
        if (body.partner === undefined) {
          throw new Refusal(400, invalidFieldMessage('partner', COUPLE_NEEDS_PARTNER));
        }
        if (body.partner.email.trim().toLowerCase() === payer.email.trim().toLowerCase()) {
          throw new Refusal(400, invalidFieldMessage('partner.email', PARTNER_IS_BUYER));
        }
        buyerRole = roleFromSex(payer.sex);
        if (buyerRole === null) throw new Refusal(400, BUYER_NEEDS_SEX);
        // Told before paying; a payment is never refused once made.
        const { held, perPerson } = deps.couplePlaces;
        if ((await held(payer.userId)) >= perPerson) {
          throw new Refusal(409, tooManyCouplePlaces(perPerson));
        }
      } else {
        if (body.partner !== undefined) {
          throw new Refusal(400, invalidFieldMessage('partner', INDIVIDUAL_HAS_NO_PARTNER));
        }
        if (body.shipping.partner !== undefined) {
          throw new Refusal(
            400,
            invalidFieldMessage('shipping.partner', INDIVIDUAL_HAS_NO_PARTNER),
          );
        }
      }
      if (deps.provider === null) throw new Refusal(503, PAYMENT_PROVIDER_UNAVAILABLE);

      const priced = await catalogue.price(body.product, body.discountCode, payer.userId);
      const price = priced.summary;
      const request: StoredRequest = {
        partner: body.partner ?? null,
        shipping: { buyer: body.shipping.buyer, partner: body.shipping.partner ?? null },
        buyerRole,
      };
      const at = now();
      const expiresAt = new Date(at.getTime() + CHECKOUT_MINUTES * 60 * 1000);
      const row: NewCheckoutRow = {
        id: randomUUID(),
        userId: payer.userId,
        idempotencyKey: body.idempotencyKey,
        productCode: body.product,
        request,
        priceCents: price.priceCents,
        discountCode: price.discountCode,
        discountCents: price.discountCents,
        totalCents: price.totalCents,
        currency: price.currency,
        provider: deps.provider.name,
        status: 'open',
        expiresAt,
      };
      if (price.discountCode !== null && priced.discountLimit !== null) {
        await insertHoldingDiscount(payer, { ...row, discountCode: price.discountCode }, at);
      } else {
        await repository.insert(row);
      }
      // Whichever of several calls with one key inserted the row, each answers that row.
      const made = await repository.findByKey(payer.userId, body.idempotencyKey);
      if (made === null) throw new Error('A checkout just made cannot be read');
      await begin(made, payer);
      return answer(payer.userId, made.id);
    },

    get: (userId: string, id: string) => answer(userId, id),

    /** Gives up an unpaid checkout; a paid or ended one is answered as it is. */
    async cancel(userId: string, id: string): Promise<Checkout> {
      const { row } = await ownCheckout(userId, id);
      if (UNPAID.includes(row.status as CheckoutStatus)) await giveUp(row);
      return answer(userId, id);
    },

    /**
     * The test provider's card. The number decides the outcome (test-provider.ts) and is then
     * forgotten: only its last four digits are kept, and nothing of it is logged.
     */
    async payWithTestCard(payer: Payer, id: string, card: TestCard): Promise<Checkout> {
      const row = await payableByTestCard(payer, id);
      if (row === null) return answer(payer.userId, id);
      // One card at a time per checkout: a second sent meanwhile (a double click) is told the
      // payment is under way, and only a card that is checked counts against the limit.
      if (!(await repository.claimCardCheck(id, now(), CARD_CHECK_STALE_MS))) {
        throw new Refusal(409, PAYMENT_IN_PROGRESS);
      }
      try {
        if (!(await deps.rateLimiter.consume(testCardAttempts, payer.userId))) {
          throw new Refusal(429, TOO_MANY_REQUESTS);
        }
        return await checkTestCard(payer, row, card);
      } finally {
        await repository.endCardCheck(id);
      }
    },

    /** The extra step 4000 0025 0000 3155 asks for: approved, it pays; declined, back to open. */
    async confirmTestPayment(payer: Payer, id: string, approve: boolean): Promise<Checkout> {
      const row = await payableByTestCard(payer, id);
      if (row === null) return answer(payer.userId, id);
      if (row.status !== 'requires_action') throw new Refusal(409, NOTHING_TO_CONFIRM);
      if (!approve) return refuse(row, CONFIRMATION_DECLINED, row.cardLast4);
      await deps.fulfill(id, { cardLast4: row.cardLast4, providerPaymentId: testPaymentId() });
      return answer(payer.userId, id);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
