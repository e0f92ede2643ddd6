import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';
import { report } from '../lab/schema.ts';

/** A person's documents; the file is stored under DATA_DIR/files/. */
export const document = pgTable(
  'document',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** e.g. 'report', 'consent', 'invoice'. */
    kind: text('kind').notNull(),
    /** The document's own date, YYYY-MM-DD. */
    date: date('date', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Relative to DATA_DIR/files/. */
    storagePath: text('storage_path').notNull(),
    /** The report the document belongs to (a cover letter, a counseling note); null for none. */
    reportId: text('report_id').references(() => report.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('document_user_id_idx').on(table.userId),
    index('document_report_id_idx').on(table.reportId),
  ],
);

/**
 * A short-lived link to view one document (POST /user/documents/{id}/session). Only the
 * SHA-256 of the random token is kept; the link works once, before `expires_at`.
 */
export const documentSession = pgTable(
  'document_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    /** Who asked for the link (the admin, when viewing as the patient). */
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('document_session_expires_at_idx').on(table.expiresAt)],
);
