import type { FastifyBaseLogger } from 'fastify';

/** What a handler gets for one attempt at a job. */
export interface JobContext<Payload = unknown> {
  readonly id: string;
  readonly kind: string;
  readonly payload: Payload;
  readonly userId: string | null;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /**
   * Aborted when the server shuts down or the job's lease was lost: stop soon, leave nothing
   * half done that a new attempt cannot redo.
   */
  readonly signal: AbortSignal;
  /** Work done so far and in all; written at most once a second, cheap to call often. */
  progress: (done: number, total?: number | null) => void;
  /** Never health data, tokens or passwords. */
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * Does one job's work. What it returns (JSON) is stored as the job's result; what it throws
 * is a failed attempt, whose message is shown to the person, so it must be plain words.
 * A job may run more than once (a retry, a server that died): a handler must be safe to run
 * again from the start.
 */
export type JobHandler<Payload = unknown> = (context: JobContext<Payload>) => Promise<unknown>;

export interface JobRegistry {
  register<Payload>(kind: string, handler: JobHandler<Payload>): void;
  get(kind: string): JobHandler | undefined;
}

/** A registry; kinds it does not have are looked up in `fallback`, when given. */
export function createJobRegistry(fallback?: JobRegistry): JobRegistry {
  const handlers = new Map<string, JobHandler>();
  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`A handler for '${kind}' is already registered`);
      handlers.set(kind, handler as JobHandler);
    },
    get: (kind) => handlers.get(kind) ?? fallback?.get(kind),
  };
}

/**
 * Kinds known to every app of this process: a test's start file registers its own here. The
 * portal's kinds need the app (its database and file store), so each app registers them in
 * its own registry (`app.jobHandlers`), which falls back to this one.
 */
export const jobHandlers = createJobRegistry();
