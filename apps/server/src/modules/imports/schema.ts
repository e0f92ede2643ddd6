import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';
import { job } from '../jobs/schema.ts';

/**
 * A genetic data file a person brought in on /my-data/new-import. Its id is the tus
 * upload's id. The row exists from the upload's first request; the job that reads the file
 * writes the summary and the stored genotypes (`genotypes_key` in the file store).
 */
export const genotypeImport = pgTable(
  'genotype_import',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** 'uploading', 'queued', 'importing', 'done' or 'failed'. */
    state: text('state').default('uploading').notNull(),
    /** The job reading the file, once the upload is complete. */
    jobId: text('job_id').references(() => job.id, { onDelete: 'set null' }),
    /** What reading found (ImportSummary), once done. */
    summary: jsonb('summary'),
    /** SHA-256 of the uploaded bytes, hex, once read. */
    sha256: text('sha256'),
    /** Why it was refused, in words a person can act on. */
    error: text('error'),
    /** Where the genotypes are kept in the file store, once done. */
    genotypesKey: text('genotypes_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('genotype_import_user_id_idx').on(table.userId),
    check(
      'genotype_import_state',
      sql`${table.state} in ('uploading', 'queued', 'importing', 'done', 'failed')`,
    ),
  ],
);
