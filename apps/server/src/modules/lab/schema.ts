import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ReportContent, ReportKind } from '@nestling/shared/contract/report';
import { createdAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';

/**
 * A report as the lab identifies it; its content lives in its versions. An individual report
 * belongs to an individual order, a joint or embryo report to a couple account.
 */
export const report = pgTable(
  'report',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<ReportKind>().notNull(),
    labReportId: text('lab_report_id').notNull().unique(),
    individualOrderId: text('individual_order_id').references(() => individualOrder.id, {
      onDelete: 'cascade',
    }),
    coupleAccountId: text('couple_account_id').references(() => coupleAccount.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('report_individual_order_id_idx').on(table.individualOrderId),
    index('report_couple_account_id_idx').on(table.coupleAccountId),
    check(
      'report_one_owner',
      sql`(${table.individualOrderId} is null) <> (${table.coupleAccountId} is null)`,
    ),
  ],
);

/** Every version a lab delivered; patients see the highest and may open earlier ones. */
export const reportVersion = pgTable(
  'report_version',
  {
    id: text('id').primaryKey(),
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The report content, as checked by the shared schema. */
    content: jsonb('content').$type<ReportContent>().notNull(),
    /** What changed since the previous version; null for version 1. */
    changelog: text('changelog'),
    signedOffOn: date('signed_off_on', { mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [unique('report_version_report_id_version_unique').on(table.reportId, table.version)],
);

/** Keys a lab's pipeline delivers reports with. Only a hash is kept; the key is shown once. */
export const labApiKey = pgTable('lab_api_key', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** SHA-256 of the whole key, hex. */
  keyHash: text('key_hash').notNull().unique(),
  /** The key's first characters, so admins can tell keys apart. */
  prefix: text('prefix').notNull(),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
