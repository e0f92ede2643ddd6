import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';
import { clinic } from '../clinics/schema.ts';

/**
 * A link mailed to a clinic that opens the reports a person shares with it (ADR 026). Only the
 * SHA-256 of the token is kept. A link stops working when it expires, when a newer one is sent,
 * or at once when the person stops sharing or chooses another clinic.
 */
export const clinicShare = pgTable(
  'clinic_share',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinic.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('clinic_share_user_id_idx').on(table.userId)],
);
