import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';
import { coupleAccount } from '../orders/schema.ts';

/**
 * An invitation to be the partner on a couple account. The emailed link carries a random token;
 * only its SHA-256 is kept. Single use, until `expires_at`.
 */
export const partnerInvitation = pgTable(
  'partner_invitation',
  {
    id: text('id').primaryKey(),
    coupleAccountId: text('couple_account_id')
      .notNull()
      .references(() => coupleAccount.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed. */
    email: text('email').notNull(),
    /** The role the invited person takes: 'mother' or 'father'. */
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * The hashes of the links a resend replaced: such a link says a newer invitation replaced
     * it, instead of that it was copied wrong. They open nothing.
     */
    replacedTokenHashes: text('replaced_token_hashes').array().default([]).notNull(),
    sendCount: integer('send_count').default(1).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('partner_invitation_couple_account_id_idx').on(table.coupleAccountId),
    index('partner_invitation_email_idx').on(table.email),
    index('partner_invitation_replaced_token_hashes_idx').using('gin', table.replacedTokenHashes),
  ],
);
