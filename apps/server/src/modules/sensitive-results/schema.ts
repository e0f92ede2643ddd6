import { boolean, check, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';
import { report } from '../lab/schema.ts';

/**
 * What the lab treats as a sensitive result: a condition (its disease code) or a single-gene
 * finding (its gene symbol). Such results are held back in every report, on the page, in the PDF
 * and in the ZIP, until the person chooses to see them (counseling first).
 */
export const sensitiveResultRule = pgTable(
  'sensitive_result_rule',
  {
    id: text('id').primaryKey(),
    /** 'condition' or 'gene'. */
    kind: text('kind').notNull(),
    /** A disease code for a condition, an upper-case gene symbol for a gene. */
    code: text('code').notNull(),
    /** Why it is held back, shown to staff. */
    note: text('note').default('').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('sensitive_result_rule_kind_code_unique').on(table.kind, table.code),
    check('sensitive_result_rule_kind', sql`${table.kind} in ('condition', 'gene')`),
  ],
);

/**
 * A person's choice to see the sensitive results of one report: each partner of a couple
 * chooses for themselves. No row means the results stay hidden.
 */
export const sensitiveRelease = pgTable(
  'sensitive_release',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Whether they had a counseling appointment booked when they chose. */
    hadAppointment: boolean('had_appointment').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.userId] })],
);
