import { pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { user } from '../auth/schema.ts';
import { document } from '../documents/schema.ts';

/** Each acceptance of a version of the terms of service or the HIPAA notice. */
export const termsAcceptance = pgTable(
  'terms_acceptance',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'tos' or 'hipaa'. */
    document: text('document').notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** The copy of what was accepted, in the person's documents. */
    documentId: text('document_id').references(() => document.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('terms_acceptance_user_document_version_unique').on(
      table.userId,
      table.document,
      table.version,
    ),
  ],
);
