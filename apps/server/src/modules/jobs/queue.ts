import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { createJobsRepository, type JobRow, type JobsRepository } from './repository.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueOptions {
  kind: string;
  /** JSON; never a secret (it stays in the table until the job is deleted). */
  payload: unknown;
  /** Whose work it is; null for the lab's own. */
  userId: string | null;
  maxAttempts?: number;
  /** Not before this moment (a job due later); now when not given. */
  runAt?: Date;
  /**
   * At most one job with this key, ever: enqueueing it again returns the job already stored
   * (one mail for one event, ADR 047).
   */
  dedupeKey?: string;
  /**
   * A transaction to write the job in, with the change that causes it. The worker sees the job
   * once it commits (at its next poll).
   */
  db?: Database;
}

/** Adds jobs to the table and wakes this process's worker, which would otherwise poll. */
export function createJobQueue(repository: JobsRepository) {
  const listeners = new Set<() => void>();
  return {
    async enqueue(options: EnqueueOptions): Promise<JobRow> {
      const store = options.db === undefined ? repository : createJobsRepository(options.db);
      const row = await store.insert({
        id: randomUUID(),
        kind: options.kind,
        payload: options.payload ?? null,
        userId: options.userId,
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        ...(options.runAt === undefined ? {} : { runAt: options.runAt }),
        ...(options.dedupeKey === undefined ? {} : { dedupeKey: options.dedupeKey }),
      });
      for (const listener of listeners) listener();
      return row;
    },
    /** Wakes this process's workers: after the commit of a transaction that queued jobs. */
    wake(): void {
      for (const listener of listeners) listener();
    },
    /** Called after each enqueue; returns the unsubscribe function. */
    onEnqueue: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
