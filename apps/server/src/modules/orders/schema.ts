import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, unixSeconds } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';

/**
 * A couple's preconception account (spec section 3), named so as not to clash with
 * better-auth's `account`. A partner invited by email has no user id until they accept.
 */
export const coupleAccount = pgTable(
  'couple_account',
  {
    id: text('id').primaryKey(),
    mother: text('mother_id').references(() => user.id, { onDelete: 'set null' }),
    father: text('father_id').references(() => user.id, { onDelete: 'set null' }),
    motherEmail: text('mother_email'),
    fatherEmail: text('father_email'),
    /** The purchase ids of each partner's kit order. */
    motherOrder: text('mother_order'),
    fatherOrder: text('father_order'),
    pendingFatherAccept: boolean('pending_father_accept').default(false).notNull(),
    pendingMotherAccept: boolean('pending_mother_accept').default(false).notNull(),
    purchaseDate: unixSeconds('purchase_date').notNull(),
    /** '30x' or 'standard'. */
    testType: text('test_type').notNull(),
    /** Includes 'PURCHASED' once paid. */
    donePilotOnboardingSteps: text('done_pilot_onboarding_steps').array().default([]).notNull(),
    /** Each partner's choice to let the other see their individual results; off by default. */
    motherSharesIndividual: boolean('mother_shares_individual').default(false).notNull(),
    fatherSharesIndividual: boolean('father_shares_individual').default(false).notNull(),
    /** When the couple's kits were activated together; null before. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('couple_account_mother_idx').on(table.mother),
    index('couple_account_father_idx').on(table.father),
  ],
);

/** One person's own test (spec section 3, individual order). */
export const individualOrder = pgTable(
  'individual_order',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purchaseId: text('purchase_id').notNull(),
    purchaseDate: unixSeconds('purchase_date').notNull(),
    testType: text('test_type').notNull(),
    /**
     * The couple test this order is one partner's part of (its purchase id that partner's kit);
     * null for an individual test. A couple's test sells an individual report for each of them.
     */
    coupleAccountId: text('couple_account_id').references(() => coupleAccount.id, {
      onDelete: 'cascade',
    }),
    /**
     * When the kit was activated (PATCH /individual_reports/{id}/activate, or with both kits of
     * its couple); null before.
     */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('individual_order_user_id_idx').on(table.userId),
    uniqueIndex('individual_order_couple_kit_idx')
      .on(table.coupleAccountId, table.purchaseId)
      .where(sql`${table.coupleAccountId} is not null`),
  ],
);
