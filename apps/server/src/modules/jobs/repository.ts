import { and, desc, eq, gte, inArray, lt, or, sql, asc, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { job } from '../../db/schema.ts';

export type JobRow = typeof job.$inferSelect;

/** now() + `ms` milliseconds, on the database's clock, so that servers agree on leases. */
const nowPlus = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::float8)`;

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
    }): Promise<JobRow> {
      const [row] = await db.insert(job).values(values).returning();
      if (row === undefined) throw new Error('The job was not stored');
      return row;
    },

    /**
     * Claims the next job due: a queued one whose time has come, or a running one whose lease
     * ran out (its server died) with attempts left. One statement; `FOR UPDATE SKIP LOCKED`
     * lets several workers claim at once without waiting on or taking the same row.
     */
    async claim(workerId: string, leaseMs: number): Promise<JobRow | null> {
      const due = db
        .select({ id: job.id })
        .from(job)
        .where(
          or(
            and(eq(job.state, 'queued'), lte(job.runAt, sql`now()`)),
            and(
              eq(job.state, 'running'),
              lt(job.lockedUntil, sql`now()`),
              lt(job.attempts, job.maxAttempts),
            ),
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
     * reason. How many.
     */
    async failAbandoned(message: string): Promise<number> {
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
          ),
        )
        .returning({ id: job.id });
      return rows.length;
    },

    /**
     * Ends the lease of every running job at once: only when no other server can hold one (the
     * embedded database, whose data directory one process owns). How many.
     */
    async expireAllLeases(): Promise<number> {
      const rows = await db
        .update(job)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(job.state, 'running'))
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

    async findById(id: string): Promise<JobRow | null> {
      const [row] = await db.select().from(job).where(eq(job.id, id));
      return row ?? null;
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
