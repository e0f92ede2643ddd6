import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';
import { genotypeImport } from '../imports/schema.ts';
import { job } from '../jobs/schema.ts';

/**
 * An export a person asked for on /my-data: the FHIR bundle of their reports
 * and survey, or an import's genotypes written back out. A job writes its files to the file store
 * under `users/<userId>/exports/<id>/`.
 */
export const dataExport = pgTable(
  'data_export',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'fhir-bundle', 'genotypes-23andme' or 'genotypes-vcf'. */
    kind: text('kind').notNull(),
    /** The import a genotype export comes from; null for the bundle, or once it is deleted. */
    importId: text('import_id').references(() => genotypeImport.id, { onDelete: 'set null' }),
    /** 'queued', 'preparing', 'ready' or 'failed'. */
    state: text('state').default('queued').notNull(),
    jobId: text('job_id').references(() => job.id, { onDelete: 'set null' }),
    /** Once ready: [{ name, contentType, size, sha256, key }]. */
    files: jsonb('files').default([]).notNull(),
    /** Why it failed, in words a person can read. */
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('data_export_user_id_idx').on(table.userId),
    check('data_export_state', sql`${table.state} in ('queued', 'preparing', 'ready', 'failed')`),
  ],
);
