import type { Job } from '@nestling/shared/contract/my-data';
import { jobStateSchema } from '@nestling/shared/contract/my-data';
import type { JobRow, JobsRepository } from './repository.ts';

/** The most jobs one list shows. */
export const JOBS_LIST_LIMIT = 100;

/** A job as its owner sees it: never its payload or which server runs it. */
export function jobView(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    state: jobStateSchema.parse(row.state),
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    progressDone: row.progressDone,
    progressTotal: row.progressTotal,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function createJobsService(repository: JobsRepository) {
  return {
    /** The person's own jobs, newest first. */
    async listForUser(userId: string): Promise<Job[]> {
      return (await repository.listForUser(userId, JOBS_LIST_LIMIT)).map(jobView);
    },
  };
}
