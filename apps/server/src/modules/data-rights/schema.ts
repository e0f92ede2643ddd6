import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/schema.ts';

/**
 * A person's request to delete their account (ADR 027): the account and everything of theirs is
 * deleted at `dueAt` by a job, unless they undo it before (the row is then removed).
 */
export const accountDeletion = pgTable('account_deletion', {
  /** Random: the job's payload names this, never the person. */
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});

/**
 * What a clinical lab must keep of a deleted account (ADR 027): the person's name, date of birth
 * and sex as the tests named them, their orders' kit ids and every version of their individual
 * reports. It names no account (no id, no email), is read by nothing in the portal, and a job
 * deletes it at `retainUntil`.
 */
export const retainedTestRecord = pgTable('retained_test_record', {
  id: text('id').primaryKey(),
  /** { firstName, lastName, birthYear, birthMonth, birthDay, sex }. */
  person: jsonb('person').notNull(),
  /** { orders: [{ id, kitId, testType, purchaseDate, activatedAt }], reports: [...] }. */
  records: jsonb('records').notNull(),
  keptAt: timestamp('kept_at', { withTimezone: true }).defaultNow().notNull(),
  retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
});
