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

/** Thrown by a handler when trying again cannot help: the job fails at once, for good. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobRegistry {
  /**
   * `quick`: short work a person is waiting for (a mail, a receipt), run by the app's own slot
   * so that a long import never holds it back (ADR 047).
   */
  register<Payload>(
    kind: string,
    handler: JobHandler<Payload>,
    options?: { quick?: boolean },
  ): void;
  get(kind: string): JobHandler | undefined;
  /** The kinds registered as quick, here and in the fallback. */
  quickKinds(): string[];
}

/** A registry; kinds it does not have are looked up in `fallback`, when given. */
export function createJobRegistry(fallback?: JobRegistry): JobRegistry {
  const handlers = new Map<string, JobHandler>();
  const quick = new Set<string>();
  return {
    register(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`A handler for '${kind}' is already registered`);
      handlers.set(kind, handler as JobHandler);
      if (options.quick === true) quick.add(kind);
    },
    get: (kind) => handlers.get(kind) ?? fallback?.get(kind),
    quickKinds: () => [...quick, ...(fallback?.quickKinds() ?? [])],
  };
}

/**
 * Kinds known to every app of this process: a test's start file registers its own here. The
 * portal's kinds need the app (its database and file store), so each app registers them in
 * its own registry (`app.jobHandlers`), which falls back to this one.
 */
export const jobHandlers = createJobRegistry();
