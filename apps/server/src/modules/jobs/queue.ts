import { randomUUID } from 'node:crypto';
import type { JobRow, JobsRepository } from './repository.ts';

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
}

/** Adds jobs to the table and wakes this process's worker, which would otherwise poll. */
export function createJobQueue(repository: JobsRepository) {
  const listeners = new Set<() => void>();
  return {
    async enqueue(options: EnqueueOptions): Promise<JobRow> {
      const row = await repository.insert({
        id: randomUUID(),
        kind: options.kind,
        payload: options.payload ?? null,
        userId: options.userId,
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        ...(options.runAt === undefined ? {} : { runAt: options.runAt }),
      });
      for (const listener of listeners) listener();
      return row;
    },
    /** Called after each enqueue; returns the unsubscribe function. */
    onEnqueue: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
