import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';

/**
 * Durable background work (ADR 023): a job waits in this table until a worker claims it with
 * `FOR UPDATE SKIP LOCKED`, so it survives a restart and several servers never run it twice at
 * once. A running job whose lease ran out (its server died) is claimed again; a failed attempt
 * is retried later with backoff until `max_attempts`.
 */
export const job = pgTable(
  'job',
  {
    id: text('id').primaryKey(),
    /** What to do, e.g. 'genome-import'; a handler is registered for each kind. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Whose work it is, so a person's jobs go with their account; null for the lab's own. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** 'queued', 'running', 'succeeded', 'failed' or 'canceled'. */
    state: text('state').default('queued').notNull(),
    attempts: integer('attempts').default(0).notNull(),
    maxAttempts: integer('max_attempts').default(5).notNull(),
    /** Not before: now when queued, later after a failed attempt. */
    runAt: timestamp('run_at', { withTimezone: true }).defaultNow().notNull(),
    /** Which server runs it and until when its lease holds (renewed while it runs). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Work done so far and in all, in the job's own unit (bytes, files). */
    progressDone: bigint('progress_done', { mode: 'number' }).default(0).notNull(),
    progressTotal: bigint('progress_total', { mode: 'number' }),
    /** What the handler returned when it succeeded. */
    result: jsonb('result'),
    /** The last attempt's error, in words a person can read. */
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** At most one job per key, ever (one mail for one event, ADR 047); null for most jobs. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('job_claim_idx').on(table.state, table.runAt),
    uniqueIndex('job_dedupe_key_idx').on(table.dedupeKey),
    index('job_user_id_idx').on(table.userId),
    check(
      'job_state',
      sql`${table.state} in ('queued', 'running', 'succeeded', 'failed', 'canceled')`,
    ),
  ],
);
