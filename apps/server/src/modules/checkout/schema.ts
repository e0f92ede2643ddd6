import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';

/**
 * One attempt to buy: what the patient asked for, the amounts the server computed, and the
 * payment's state. The same idempotency key from the same person is the same checkout.
 */
export const checkout = pgTable(
  'checkout',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    productCode: text('product_code').notNull(),
    /** The partner and the shipping addresses as entered (the checkout contract's `request`). */
    request: jsonb('request').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    /** 'test' or 'stripe'. */
    provider: text('provider').notNull(),
    /** 'open', 'requires_action', 'paid', 'canceled' or 'expired'. */
    status: text('status').notNull(),
    /** Stripe's Checkout Session id and hosted page; null for the test provider. */
    providerSessionId: text('provider_session_id').unique(),
    redirectUrl: text('redirect_url'),
    paymentError: text('payment_error'),
    cardLast4: text('card_last4'),
    /** The provider's payment id (Stripe's payment intent), once paid. */
    providerPaymentId: text('provider_payment_id'),
    /**
     * A refund the provider reported before the order existed (events out of order): the order
     * is created refunded.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Until when the unpaid checkout holds one use of its discount code, for a code with a
     * limit (ADR 039): uses are counted when a checkout begins, not when it is paid. Null when
     * it holds none (no code, a code without a limit, or the hold was given back).
     */
    discountHeldUntil: timestamp('discount_held_until', { withTimezone: true }),
    /**
     * When a test card's check began on this checkout: a second card sent meanwhile (a double
     * click) is told the payment is under way and counts no attempt.
     */
    cardCheckStartedAt: timestamp('card_check_started_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('checkout_user_idempotency_unique').on(table.userId, table.idempotencyKey),
    index('checkout_discount_hold_idx')
      .on(table.discountCode)
      .where(sql`${table.discountHeldUntil} is not null`),
  ],
);
