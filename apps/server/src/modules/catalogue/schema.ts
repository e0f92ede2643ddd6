import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';

/**
 * The product catalogue: the four products of spec sections 2 and 9, keyed by their code
 * ('couple', 'couple-30x', 'individual', 'individual-30x'). Lab staff edit the price and
 * texts; orders copy what they were sold at.
 */
export const product = pgTable('product', {
  code: text('code').primaryKey(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  includes: text('includes').array().default([]).notNull(),
  turnaroundDays: integer('turnaround_days').notNull(),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
});

/** Discount codes staff manage; stored in upper case. */
export const discountCode = pgTable(
  'discount_code',
  {
    code: text('code').primaryKey(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    active: boolean('active').default(true).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    /** Paid orders that used the code. */
    redemptions: integer('redemptions').default(0).notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'discount_code_one_kind',
      sql`(${table.percentOff} is null) <> (${table.amountOffCents} is null)`,
    ),
  ],
);
