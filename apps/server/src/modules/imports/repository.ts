import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { ImportSummary } from '@nestling/shared/contract/my-data';
import type { Database } from '../../db/database.ts';
import { genotypeImport } from './schema.ts';
import { job } from '../jobs/schema.ts';

export type ImportRow = typeof genotypeImport.$inferSelect;

/** An import with the state of the job that reads it. */
export interface ImportWithJob extends ImportRow {
  jobState: string | null;
  jobProgressDone: number | null;
  jobProgressTotal: number | null;
  jobLastError: string | null;
}

/** Genome imports: the only code that speaks Drizzle for them. */
export function createImportsRepository(db: Database) {
  const withJob = () =>
    db
      .select({
        row: genotypeImport,
        jobState: job.state,
        jobProgressDone: job.progressDone,
        jobProgressTotal: job.progressTotal,
        jobLastError: job.lastError,
      })
      .from(genotypeImport)
      .leftJoin(job, eq(job.id, genotypeImport.jobId));

  type Joined = Awaited<ReturnType<ReturnType<typeof withJob>['execute']>>[number];
  const flatten = (entry: Joined): ImportWithJob => ({
    ...entry.row,
    jobState: entry.jobState,
    jobProgressDone: entry.jobProgressDone,
    jobProgressTotal: entry.jobProgressTotal,
    jobLastError: entry.jobLastError,
  });

  return {
    async insert(values: { id: string; userId: string; fileName: string; size: number }) {
      await db.insert(genotypeImport).values(values);
    },

    async findById(id: string): Promise<ImportRow | null> {
      const [row] = await db.select().from(genotypeImport).where(eq(genotypeImport.id, id));
      return row ?? null;
    },

    /** The person's own import, or null for an unknown id or another person's. */
    async findForUser(id: string, userId: string): Promise<ImportRow | null> {
      const [row] = await db
        .select()
        .from(genotypeImport)
        .where(and(eq(genotypeImport.id, id), eq(genotypeImport.userId, userId)));
      return row ?? null;
    },

    async listForUser(userId: string): Promise<ImportWithJob[]> {
      const rows = await withJob()
        .where(eq(genotypeImport.userId, userId))
        .orderBy(desc(genotypeImport.createdAt), desc(genotypeImport.id));
      return rows.map(flatten);
    },

    async findWithJob(id: string, userId: string): Promise<ImportWithJob | null> {
      const [row] = await withJob().where(
        and(eq(genotypeImport.id, id), eq(genotypeImport.userId, userId)),
      );
      return row === undefined ? null : flatten(row);
    },

    /**
     * Imports that may be waiting for a job that was never made: uploads not marked complete,
     * and imports queued without a job (the server stopped in between).
     */
    async listUnqueued(): Promise<ImportRow[]> {
      return db
        .select()
        .from(genotypeImport)
        .where(
          or(
            eq(genotypeImport.state, 'uploading'),
            and(eq(genotypeImport.state, 'queued'), isNull(genotypeImport.jobId)),
          ),
        );
    },

    /** Uploads of this person that have not finished. */
    async countUploading(userId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(genotypeImport)
        .where(and(eq(genotypeImport.userId, userId), eq(genotypeImport.state, 'uploading')));
      return row?.value ?? 0;
    },

    /**
     * The upload is complete: a job will read it. False when the row is gone or was queued
     * already. Before the job exists, so that the job never finds its import still uploading.
     */
    async markQueued(id: string): Promise<boolean> {
      const rows = await db
        .update(genotypeImport)
        .set({ state: 'queued' })
        .where(and(eq(genotypeImport.id, id), eq(genotypeImport.state, 'uploading')))
        .returning({ id: genotypeImport.id });
      return rows.length === 1;
    },

    /** The job that reads the import, for its progress and errors. */
    async setJob(id: string, jobId: string): Promise<void> {
      await db.update(genotypeImport).set({ jobId }).where(eq(genotypeImport.id, id));
    },

    /** An attempt starts reading. False when the row is gone (deleted meanwhile). */
    async markImporting(id: string): Promise<boolean> {
      const rows = await db
        .update(genotypeImport)
        .set({ state: 'importing', error: null, summary: null, finishedAt: null })
        .where(
          and(eq(genotypeImport.id, id), inArray(genotypeImport.state, ['queued', 'importing'])),
        )
        .returning({ id: genotypeImport.id });
      return rows.length === 1;
    },

    async markDone(
      id: string,
      values: { summary: ImportSummary; sha256: string; genotypesKey: string },
    ): Promise<boolean> {
      const rows = await db
        .update(genotypeImport)
        .set({ ...values, state: 'done', error: null, finishedAt: new Date() })
        .where(eq(genotypeImport.id, id))
        .returning({ id: genotypeImport.id });
      return rows.length === 1;
    },

    async markFailed(id: string, error: string, sha256: string | null): Promise<boolean> {
      const rows = await db
        .update(genotypeImport)
        .set({ state: 'failed', error, sha256, summary: null, finishedAt: new Date() })
        .where(eq(genotypeImport.id, id))
        .returning({ id: genotypeImport.id });
      return rows.length === 1;
    },

    /**
     * The upload's read refused the file before the upload ended: failed at once, so the page
     * says so and the next request is refused. False when the upload had ended already.
     */
    async markRefusedWhileUploading(id: string, error: string): Promise<boolean> {
      const rows = await db
        .update(genotypeImport)
        .set({ state: 'failed', error, summary: null, finishedAt: new Date() })
        .where(and(eq(genotypeImport.id, id), eq(genotypeImport.state, 'uploading')))
        .returning({ id: genotypeImport.id });
      return rows.length === 1;
    },

    async delete(id: string): Promise<void> {
      await db.delete(genotypeImport).where(eq(genotypeImport.id, id));
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
