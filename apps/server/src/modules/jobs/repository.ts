import {
  and,
  desc,
  eq,
  gte,
  inArray,
  lt,
  notExists,
  or,
  sql,
  asc,
  lte,
  isNotNull,
  notInArray,
} from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { dataExport } from '../exports/schema.ts';
import { genotypeImport } from '../imports/schema.ts';
import { job } from './schema.ts';

export type JobRow = typeof job.$inferSelect;

/** What the metrics read on each scrape (ADR 045), in one query. */
export interface QueueStats {
  /** Jobs in the table by state and kind. */
  counts: { state: string; kind: string; count: number }[];
  /** Seconds since the oldest queued job became due; 0 when none waits. */
  oldestDueSeconds: number;
}

/** Job states that are final: what retention deletes. */
const FINISHED_STATES = ['succeeded', 'failed'];
/** Imports and exports not yet done, whose page still reads their job's state and error. */
const UNFINISHED_IMPORT_STATES = ['uploading', 'queued', 'importing'];
const UNFINISHED_EXPORT_STATES = ['queued', 'preparing'];

/** now() + `ms` milliseconds, on the database's clock, so that servers agree on leases. */
const nowPlus = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::float8)`;

/** Which kinds a worker runs: only these (the mail slot, ADR 047), or all but these. */
export type JobKinds = { only: string[] } | { except: string[] };

function ofKinds(kinds: JobKinds | undefined) {
  if (kinds === undefined) return undefined;
  return 'only' in kinds ? inArray(job.kind, kinds.only) : notInArray(job.kind, kinds.except);
}

/** The jobs module's Drizzle code: the `job` table (ADR 023). */
export function createJobsRepository(db: Database) {
  return {
    async insert(values: {
      id: string;
      kind: string;
      payload: unknown;
      userId: string | null;
      maxAttempts: number;
      runAt?: Date;
      dedupeKey?: string;
    }): Promise<JobRow> {
      const [row] = await db.insert(job).values(values).onConflictDoNothing().returning();
      if (row !== undefined) return row;
      // Only a job with the same dedupe key can conflict on anything but a fresh id.
      const [existing] =
        values.dedupeKey === undefined
          ? []
          : await db.select().from(job).where(eq(job.dedupeKey, values.dedupeKey));
      if (existing === undefined) throw new Error('The job was not stored');
      return existing;
    },

    /**
     * Claims the next job due: a queued one whose time has come, or a running one whose lease
     * ran out (its server died) with attempts left. One statement; `FOR UPDATE SKIP LOCKED`
     * lets several workers claim at once without waiting on or taking the same row.
     */
    async claim(workerId: string, leaseMs: number, kinds?: JobKinds): Promise<JobRow | null> {
      const due = db
        .select({ id: job.id })
        .from(job)
        .where(
          and(
            or(
              and(eq(job.state, 'queued'), lte(job.runAt, sql`now()`)),
              and(
                eq(job.state, 'running'),
                lt(job.lockedUntil, sql`now()`),
                lt(job.attempts, job.maxAttempts),
              ),
            ),
            ofKinds(kinds),
          ),
        )
        .orderBy(asc(job.runAt), asc(job.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      const [row] = await db
        .update(job)
        .set({
          state: 'running',
          attempts: sql`${job.attempts} + 1`,
          lockedBy: workerId,
          lockedUntil: nowPlus(leaseMs),
        })
        .where(inArray(job.id, due))
        .returning();
      return row ?? null;
    },

    /**
     * Running jobs whose lease ran out after their last allowed attempt: failed, with the
     * reason. The kind of each.
     */
    async failAbandoned(message: string, kinds?: JobKinds): Promise<string[]> {
      const rows = await db
        .update(job)
        .set({
          state: 'failed',
          lastError: message,
          lockedBy: null,
          lockedUntil: null,
          finishedAt: sql`now()`,
        })
        .where(
          and(
            eq(job.state, 'running'),
            lt(job.lockedUntil, sql`now()`),
            gte(job.attempts, job.maxAttempts),
            ofKinds(kinds),
          ),
        )
        .returning({ kind: job.kind });
      return rows.map((row) => row.kind);
    },

    /**
     * Ends the lease of every running job at once: only when no other server can hold one (the
     * embedded database, whose data directory one process owns). How many.
     */
    async expireAllLeases(kinds?: JobKinds): Promise<number> {
      const rows = await db
        .update(job)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(and(eq(job.state, 'running'), ofKinds(kinds)))
        .returning({ id: job.id });
      return rows.length;
    },

    /** Extends the lease; false when the job is no longer this worker's. */
    async renew(id: string, workerId: string, leaseMs: number): Promise<boolean> {
      const rows = await db
        .update(job)
        .set({ lockedUntil: nowPlus(leaseMs) })
        .where(ours(id, workerId))
        .returning({ id: job.id });
      return rows.length > 0;
    },

    async progress(id: string, workerId: string, done: number, total: number | null) {
      await db
        .update(job)
        .set({ progressDone: done, progressTotal: total })
        .where(ours(id, workerId));
    },

    async succeed(
      id: string,
      workerId: string,
      values: { result: unknown; done: number; total: number | null },
    ) {
      await db
        .update(job)
        .set({
          state: 'succeeded',
          result: values.result ?? null,
          progressDone: values.done,
          progressTotal: values.total,
          lastError: null,
          lockedBy: null,
          lockedUntil: null,
          finishedAt: sql`now()`,
        })
        .where(ours(id, workerId));
    },

    /** A failed attempt: queued again after `retryInMs`, or failed for good when null. */
    async fail(id: string, workerId: string, message: string, retryInMs: number | null) {
      await db
        .update(job)
        .set(
          retryInMs === null
            ? {
                state: 'failed',
                lastError: message,
                lockedBy: null,
                lockedUntil: null,
                finishedAt: sql`now()`,
              }
            : {
                state: 'queued',
                lastError: message,
                lockedBy: null,
                lockedUntil: null,
                runAt: nowPlus(retryInMs),
              },
        )
        .where(ours(id, workerId));
    },

    /** Back in the queue at once, the attempt not counted (the server is shutting down). */
    async release(id: string, workerId: string) {
      await db
        .update(job)
        .set({
          state: 'queued',
          attempts: sql`greatest(${job.attempts} - 1, 0)`,
          lockedBy: null,
          lockedUntil: null,
          runAt: sql`now()`,
        })
        .where(ours(id, workerId));
    },

    /** The job's payload replaced, whoever holds it (a mail's message once sent, ADR 047). */
    async replacePayload(id: string, payload: unknown): Promise<void> {
      await db.update(job).set({ payload }).where(eq(job.id, id));
    },

    /**
     * Jobs of a kind whose last attempt failed: waiting for the next one, or failed for good.
     * Oldest first.
     */
    async listWithFailures(kind: string, limit: number): Promise<JobRow[]> {
      return db
        .select()
        .from(job)
        .where(
          and(
            eq(job.kind, kind),
            isNotNull(job.lastError),
            inArray(job.state, ['queued', 'running', 'failed']),
          ),
        )
        .orderBy(asc(job.createdAt))
        .limit(limit);
    },

    /** A job of this kind that failed for good, queued again with all its attempts. */
    async requeueFailed(id: string, kind: string): Promise<boolean> {
      const rows = await db
        .update(job)
        .set({ state: 'queued', attempts: 0, runAt: sql`now()`, finishedAt: null })
        .where(and(eq(job.id, id), eq(job.kind, kind), eq(job.state, 'failed')))
        .returning({ id: job.id });
      return rows.length > 0;
    },

    async findById(id: string): Promise<JobRow | null> {
      const [row] = await db.select().from(job).where(eq(job.id, id));
      return row ?? null;
    },

    /** Rejects unless the table can be read (the readiness check, ADR 045). */
    async readable(): Promise<void> {
      await db.select({ id: job.id }).from(job).limit(1);
    },

    /** Jobs by state and kind, and the age of the oldest due queued one: one statement. */
    async queueStats(): Promise<QueueStats> {
      const rows = await db
        .select({
          state: job.state,
          kind: job.kind,
          count: sql<number>`count(*)::int`,
          oldestDue: sql<
            number | null
          >`extract(epoch from now() - min(${job.runAt}) filter (where ${job.state} = 'queued' and ${job.runAt} <= now()))::float8`,
        })
        .from(job)
        .groupBy(job.state, job.kind);
      return {
        counts: rows.map(({ state, kind, count }) => ({ state, kind, count })),
        oldestDueSeconds: Math.max(0, ...rows.map((row) => row.oldestDue ?? 0)),
      };
    },

    /**
     * Deletes succeeded and failed jobs that finished more than `days` days ago; how many.
     * Kept whatever their age: a job whose import or export is not done yet, since that page
     * shows the job's state and error (a job that failed for good fails its import or export
     * there, ADR 024 and 025). A finished import or export keeps its own state and files, and
     * its `job_id` becomes null.
     */
    async pruneFinished(days: number): Promise<number> {
      const rows = await db
        .delete(job)
        .where(
          and(
            inArray(job.state, FINISHED_STATES),
            lt(job.finishedAt, sql`now() - make_interval(days => ${days}::int)`),
            notExists(
              db
                .select({ id: genotypeImport.id })
                .from(genotypeImport)
                .where(
                  and(
                    eq(genotypeImport.jobId, job.id),
                    inArray(genotypeImport.state, UNFINISHED_IMPORT_STATES),
                  ),
                ),
            ),
            notExists(
              db
                .select({ id: dataExport.id })
                .from(dataExport)
                .where(
                  and(
                    eq(dataExport.jobId, job.id),
                    inArray(dataExport.state, UNFINISHED_EXPORT_STATES),
                  ),
                ),
            ),
          ),
        )
        .returning({ id: job.id });
      return rows.length;
    },

    /** A person's jobs, newest first. */
    listForUser(userId: string, limit: number): Promise<JobRow[]> {
      return db
        .select()
        .from(job)
        .where(eq(job.userId, userId))
        .orderBy(desc(job.createdAt), desc(job.id))
        .limit(limit);
    },
  };
}

/** The job, while this worker holds it. */
function ours(id: string, workerId: string) {
  return and(eq(job.id, id), eq(job.state, 'running'), eq(job.lockedBy, workerId));
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
