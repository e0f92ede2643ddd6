import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { dataExport } from './schema.ts';
import { genotypeImport } from '../imports/schema.ts';
import { job } from '../jobs/schema.ts';

export type ExportRow = typeof dataExport.$inferSelect;

/** A file the job wrote: what the list shows, and where the file store keeps it. */
export interface StoredExportFile {
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  key: string;
}

/** An export with its job's state and the file name of the import it comes from. */
export interface ExportWithJob extends ExportRow {
  importFileName: string | null;
  jobState: string | null;
  jobProgressDone: number | null;
  jobProgressTotal: number | null;
  jobLastError: string | null;
}

/** Exports: the only code that speaks Drizzle for them. */
export function createExportsRepository(db: Database) {
  const withJob = () =>
    db
      .select({
        row: dataExport,
        importFileName: genotypeImport.fileName,
        jobState: job.state,
        jobProgressDone: job.progressDone,
        jobProgressTotal: job.progressTotal,
        jobLastError: job.lastError,
      })
      .from(dataExport)
      .leftJoin(genotypeImport, eq(genotypeImport.id, dataExport.importId))
      .leftJoin(job, eq(job.id, dataExport.jobId));

  type Joined = Awaited<ReturnType<ReturnType<typeof withJob>['execute']>>[number];
  const flatten = ({ row, ...joined }: Joined): ExportWithJob => ({ ...row, ...joined });

  return {
    async insert(values: { id: string; userId: string; kind: string; importId: string | null }) {
      await db.insert(dataExport).values(values);
    },

    /** This person's exports that are waiting or being prepared. */
    async countUnfinished(userId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(dataExport)
        .where(
          and(eq(dataExport.userId, userId), inArray(dataExport.state, ['queued', 'preparing'])),
        );
      return row?.value ?? 0;
    },

    async setJob(id: string, jobId: string): Promise<void> {
      await db.update(dataExport).set({ jobId }).where(eq(dataExport.id, id));
    },

    async findById(id: string): Promise<ExportRow | null> {
      const [row] = await db.select().from(dataExport).where(eq(dataExport.id, id));
      return row ?? null;
    },

    /** The person's own export, or null for an unknown id or another person's. */
    async findForUser(id: string, userId: string): Promise<ExportRow | null> {
      const [row] = await db
        .select()
        .from(dataExport)
        .where(and(eq(dataExport.id, id), eq(dataExport.userId, userId)));
      return row ?? null;
    },

    async findWithJob(id: string, userId: string): Promise<ExportWithJob | null> {
      const [row] = await withJob().where(
        and(eq(dataExport.id, id), eq(dataExport.userId, userId)),
      );
      return row === undefined ? null : flatten(row);
    },

    async listForUser(userId: string): Promise<ExportWithJob[]> {
      const rows = await withJob()
        .where(eq(dataExport.userId, userId))
        .orderBy(desc(dataExport.createdAt), desc(dataExport.id));
      return rows.map(flatten);
    },

    /** An attempt starts: what an earlier one left is forgotten. False when the row is gone. */
    async markPreparing(id: string): Promise<boolean> {
      const rows = await db
        .update(dataExport)
        .set({ state: 'preparing', files: [], error: null, finishedAt: null })
        .where(and(eq(dataExport.id, id), inArray(dataExport.state, ['queued', 'preparing'])))
        .returning({ id: dataExport.id });
      return rows.length === 1;
    },

    async markReady(id: string, files: StoredExportFile[]): Promise<boolean> {
      const rows = await db
        .update(dataExport)
        .set({ state: 'ready', files, error: null, finishedAt: new Date() })
        .where(eq(dataExport.id, id))
        .returning({ id: dataExport.id });
      return rows.length === 1;
    },

    async markFailed(id: string, error: string): Promise<boolean> {
      const rows = await db
        .update(dataExport)
        .set({ state: 'failed', files: [], error, finishedAt: new Date() })
        .where(eq(dataExport.id, id))
        .returning({ id: dataExport.id });
      return rows.length === 1;
    },

    async delete(id: string): Promise<void> {
      await db.delete(dataExport).where(eq(dataExport.id, id));
    },
  };
}

export type ExportsRepository = ReturnType<typeof createExportsRepository>;
