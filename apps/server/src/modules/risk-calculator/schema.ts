import { check, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/schema.ts';

/**
 * The lab's own starting values for the risk calculator, one row per catalogue condition it has
 * changed (the code is the disease code). A null value is the published one
 * (packages/shared/src/risk/condition-defaults.ts); the note says where the lab's come from.
 */
export const riskConditionSetting = pgTable(
  'risk_condition_setting',
  {
    code: text('code').primaryKey(),
    prevalence: doublePrecision('prevalence'),
    r2: doublePrecision('r2'),
    heritability: doublePrecision('heritability'),
    note: text('note').notNull(),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    check(
      'risk_condition_setting_fractions',
      sql`(${table.prevalence} is null or (${table.prevalence} > 0 and ${table.prevalence} < 1)) and (${table.r2} is null or (${table.r2} > 0 and ${table.r2} < 1)) and (${table.heritability} is null or (${table.heritability} > 0 and ${table.heritability} < 1))`,
    ),
    check(
      'risk_condition_setting_some_value',
      sql`${table.prevalence} is not null or ${table.r2} is not null or ${table.heritability} is not null`,
    ),
  ],
);
