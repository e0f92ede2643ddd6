import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, unixSeconds } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';
import { checkout } from '../checkout/schema.ts';
import { document } from '../documents/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';

/**
 * A paid order. `checkout_id` is unique, so however many times a payment is confirmed (a
 * double click, two tabs, a replayed webhook) one checkout makes one order.
 */
export const purchaseOrder = pgTable(
  'purchase_order',
  {
    id: text('id').primaryKey(),
    /** Shown as 'NS-<seq>'. */
    seq: integer('seq').generatedAlwaysAsIdentity({ startWith: 10001 }).notNull(),
    checkoutId: text('checkout_id')
      .notNull()
      .unique()
      .references(() => checkout.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    /** 'paid' or 'refunded'. */
    status: text('status').notNull(),
    /** The furthest tracker stage reached. */
    stage: text('stage').notNull(),
    currency: text('currency').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    cardLast4: text('card_last4'),
    provider: text('provider').notNull(),
    /** The provider's payment id (Stripe's payment intent), for refunds. */
    providerPaymentId: text('provider_payment_id'),
    /** For a couple: { firstName, lastName, email } named at checkout. */
    partner: jsonb('partner'),
    turnaroundDays: integer('turnaround_days').notNull(),
    coupleAccountId: text('couple_account_id').references(() => coupleAccount.id, {
      onDelete: 'set null',
    }),
    individualOrderId: text('individual_order_id').references(() => individualOrder.id, {
      onDelete: 'set null',
    }),
    receiptDocumentId: text('receipt_document_id').references(() => document.id, {
      onDelete: 'set null',
    }),
    purchaseDate: unixSeconds('purchase_date').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('purchase_order_user_id_idx').on(table.userId),
    index('purchase_order_couple_account_id_idx').on(table.coupleAccountId),
    index('purchase_order_individual_order_id_idx').on(table.individualOrderId),
  ],
);

/** Each step an order's tracker took, and who recorded it. */
export const orderEvent = pgTable(
  'order_event',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => purchaseOrder.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    note: text('note'),
    /** 'system', 'staff', 'lab' or 'carrier' (a return label's tracking, ADR 044). */
    source: text('source').notNull(),
    actorId: text('actor_id'),
    createdAt: createdAt(),
  },
  (table) => [index('order_event_order_id_idx').on(table.orderId)],
);
