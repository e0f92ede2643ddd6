import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/schema.ts';
import { report } from '../lab/schema.ts';

/**
 * Which version of a report a person last opened, and the one they had opened before it
 * (ADR 029): the report shows what changed between the two until a newer version arrives.
 * Each partner of a couple has their own.
 */
export const reportReading = pgTable(
  'report_reading',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    openedVersion: integer('opened_version').notNull(),
    /** The version opened before openedVersion; null until a second version is opened. */
    previousVersion: integer('previous_version'),
    openedAt: timestamp('opened_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.userId] })],
);
