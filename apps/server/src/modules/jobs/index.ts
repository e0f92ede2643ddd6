/** What other modules may use of jobs (ADR 051): everything else here is its own. */
export type { JobQueue } from './queue.ts';
export { PermanentJobError } from './registry.ts';
export type { JobContext, JobHandler } from './registry.ts';
export { createJobsRepository } from './repository.ts';
export type { JobRow, JobsRepository, QueueStats } from './repository.ts';
export { createJobWorker } from './worker.ts';
