import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { checkout } from '../checkout/schema.ts';
import { purchaseOrder } from '../purchase-orders/schema.ts';
import { paymentEvent } from './schema.ts';

const PROVIDER = 'stripe';

export interface StripeCheckout {
  id: string;
  provider: string;
  status: string;
  providerSessionId: string | null;
  totalCents: number;
  currency: string;
}

/** What Stripe's webhook reads and writes: its events, checkouts and orders paid with Stripe. */
export function createStripeRepository(db: Database) {
  return {
    async hasEvent(eventId: string): Promise<boolean> {
      const rows = await db
        .select({ eventId: paymentEvent.eventId })
        .from(paymentEvent)
        .where(and(eq(paymentEvent.provider, PROVIDER), eq(paymentEvent.eventId, eventId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Idempotent: a second delivery of the same event that got this far changes nothing. */
    async recordEvent(eventId: string, type: string): Promise<void> {
      await db
        .insert(paymentEvent)
        .values({ provider: PROVIDER, eventId, type })
        .onConflictDoNothing();
    },

    async findCheckout(id: string): Promise<StripeCheckout | null> {
      const rows = await db
        .select({
          id: checkout.id,
          provider: checkout.provider,
          status: checkout.status,
          providerSessionId: checkout.providerSessionId,
          totalCents: checkout.totalCents,
          currency: checkout.currency,
        })
        .from(checkout)
        .where(eq(checkout.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** An unpaid Stripe checkout whose Session ended: 'expired'. A paid one stays paid. */
    async expireCheckout(id: string, sessionId: string, at: Date): Promise<void> {
      await db
        .update(checkout)
        .set({ status: 'expired', discountHeldUntil: null, updatedAt: at })
        .where(
          and(
            eq(checkout.id, id),
            eq(checkout.provider, PROVIDER),
            inArray(checkout.status, ['open', 'requires_action']),
            or(isNull(checkout.providerSessionId), eq(checkout.providerSessionId, sessionId)),
          ),
        );
    },

    /**
     * A payment refunded in full. The order, when there is one, becomes 'refunded'; the checkout
     * keeps the refund too, so that an order made after this (a completed event that arrives
     * late) is made refunded. The checkout is updated first, in one transaction with the order:
     * its row lock orders this against a fulfillment of the same checkout. Repeating it changes
     * nothing: the first refund's time is kept.
     */
    async recordRefund(refund: {
      paymentIntentId: string | null;
      checkoutId: string | null;
      at: Date;
    }): Promise<{ orders: number; checkouts: number }> {
      const { paymentIntentId, checkoutId, at } = refund;
      const refundedAt = (column: typeof checkout.refundedAt | typeof purchaseOrder.refundedAt) =>
        sql`coalesce(${column}, ${at.toISOString()}::timestamptz)`;
      if (checkoutId === null && paymentIntentId === null) return { orders: 0, checkouts: 0 };
      const theCheckout =
        checkoutId === null
          ? eq(checkout.providerPaymentId, paymentIntentId ?? '')
          : and(
              eq(checkout.id, checkoutId),
              // The charge's metadata names its checkout; a payment intent the checkout already
              // knows must be this one.
              paymentIntentId === null
                ? undefined
                : or(
                    isNull(checkout.providerPaymentId),
                    eq(checkout.providerPaymentId, paymentIntentId),
                  ),
            );

      return db.transaction(async (tx) => {
        const checkouts = await tx
          .update(checkout)
          .set({
            refundedAt: refundedAt(checkout.refundedAt),
            ...(paymentIntentId === null
              ? {}
              : {
                  providerPaymentId: sql`coalesce(${checkout.providerPaymentId}, ${paymentIntentId})`,
                }),
            updatedAt: at,
          })
          .where(and(eq(checkout.provider, PROVIDER), theCheckout))
          .returning({ id: checkout.id });

        const checkoutIds = checkouts.map((row) => row.id);
        const theOrder = or(
          paymentIntentId === null
            ? undefined
            : eq(purchaseOrder.providerPaymentId, paymentIntentId),
          checkoutIds.length === 0 ? undefined : inArray(purchaseOrder.checkoutId, checkoutIds),
        );
        if (theOrder === undefined) return { orders: 0, checkouts: 0 };
        const orders = await tx
          .update(purchaseOrder)
          .set({ status: 'refunded', refundedAt: refundedAt(purchaseOrder.refundedAt) })
          .where(
            and(
              eq(purchaseOrder.provider, PROVIDER),
              theOrder,
              or(ne(purchaseOrder.status, 'refunded'), isNull(purchaseOrder.refundedAt)),
            ),
          )
          .returning({ id: purchaseOrder.id });
        return { orders: orders.length, checkouts: checkouts.length };
      });
    },
  };
}

export type StripeRepository = ReturnType<typeof createStripeRepository>;
