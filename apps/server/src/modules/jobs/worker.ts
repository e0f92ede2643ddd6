import { randomUUID } from 'node:crypto';
import { inJobSpan } from '../tracing/index.ts';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { PermanentJobError, type JobRegistry } from './registry.ts';
import type { JobKinds, JobRow, JobsRepository } from './repository.ts';

/** How long a claim holds without renewal; renewed every third of it while the handler runs. */
export const LEASE_MS = 30_000;
/** How often an idle worker looks for work (enqueue in this process wakes it at once). */
export const POLL_MS = 2_000;
/** Progress is written at most this often. */
export const PROGRESS_EVERY_MS = 1_000;
/** Finished jobs past their retention are deleted at most this often (ADR 045). */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** After failed attempt n the job waits 2^n seconds, at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 60 * 60 * 1000);
}
/** Longest error text kept. */
const MAX_ERROR_LENGTH = 1000;
export const ABANDONED_MESSAGE =
  'The server stopped while this task ran, and it has been tried as often as allowed.';
export const UNKNOWN_KIND_MESSAGE = 'This kind of task is not known to the server.';

export interface JobWorkerOptions {
  repository: JobsRepository;
  registry: JobRegistry;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Jobs run at once in this process, one per slot. */
  slots?: number;
  /**
   * The kinds this worker runs; every kind when not given. A function is asked once, at start,
   * when every module has registered its kinds.
   */
  kinds?: JobKinds | (() => JobKinds);
  leaseMs?: number;
  pollMs?: number;
  progressEveryMs?: number;
  backoff?: (attempt: number) => number;
  /** Subscribes to this process's enqueues (the queue's onEnqueue). */
  onEnqueue?: (listener: () => void) => () => void;
  /**
   * Succeeded and failed jobs are deleted this many days after they finished (JOB_RETENTION_DAYS),
   * at most once every `pruneEveryMs`; 0, the default, keeps them.
   */
  retentionDays?: number;
  pruneEveryMs?: number;
  /** Told of each failed attempt: `final` when the job will not be tried again (the metrics). */
  onFailed?: (kind: string, final: boolean) => void;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.trim() || 'The task failed.').slice(0, MAX_ERROR_LENGTH);
}

/**
 * Runs jobs from the table (ADR 023): each slot claims one job at a time, renews its lease
 * while the handler runs, stores progress, the result or the error, and retries with backoff.
 */
export function createJobWorker(options: JobWorkerOptions) {
  const { repository, registry, log } = options;
  const slots = options.slots ?? 2;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const progressEveryMs = options.progressEveryMs ?? PROGRESS_EVERY_MS;
  const backoff = options.backoff ?? backoffMs;
  const retentionDays = options.retentionDays ?? 0;
  const pruneEveryMs = options.pruneEveryMs ?? PRUNE_EVERY_MS;
  const onFailed = options.onFailed ?? (() => undefined);
  let kinds: JobKinds | undefined;
  /** When this worker last pruned (Date.now()); the slots share it, so one prunes. */
  let prunedAt = -Infinity;
  const workerId = `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`;

  /** Aborts the handlers in flight when the worker stops. */
  const stopping = new AbortController();
  let loops: Promise<void>[] = [];
  let wakeUp: (() => void)[] = [];
  /**
   * A wake that came while no slot was asleep (each was claiming, or running a job): the job it
   * announces may have been queued after a slot's claim looked, so the next sleep is skipped
   * rather than that job waiting a whole poll interval.
   */
  let wokenWhileAwake = false;
  let unsubscribe: () => void = () => undefined;

  const wake = () => {
    const waiting = wakeUp;
    wakeUp = [];
    if (waiting.length === 0) wokenWhileAwake = true;
    for (const resolve of waiting) resolve();
  };

  function sleep(ms: number): Promise<void> {
    if (wokenWhileAwake) {
      wokenWhileAwake = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = wakeUp.filter((entry) => entry !== done);
        resolve();
      }
      wakeUp.push(done);
    });
  }

  async function run(row: JobRow): Promise<void> {
    const handler = registry.get(row.kind);
    if (handler === undefined) {
      await repository.fail(row.id, workerId, UNKNOWN_KIND_MESSAGE, null);
      onFailed(row.kind, true);
      log.warn({ jobId: row.id, kind: row.kind }, 'A job of an unknown kind failed');
      return;
    }
    // Stopped between the claim and now: an abort listener added now would never fire.
    if (stopped()) {
      await repository.release(row.id, workerId);
      log.info({ jobId: row.id, kind: row.kind }, 'Job put back in the queue for shutdown');
      return;
    }
    const attempt = new AbortController();
    const onStop = () => {
      attempt.abort(new Error('The server is shutting down'));
    };
    stopping.signal.addEventListener('abort', onStop);

    let done = row.progressDone;
    let total = row.progressTotal;
    let written = Date.now();
    let writing: Promise<void> = Promise.resolve();
    const progress = (nextDone: number, nextTotal?: number | null) => {
      done = nextDone;
      if (nextTotal !== undefined) total = nextTotal;
      if (Date.now() - written < progressEveryMs) return;
      written = Date.now();
      writing = writing
        .then(() => repository.progress(row.id, workerId, done, total))
        .catch((error: unknown) => {
          log.warn({ jobId: row.id, err: error }, 'Job progress could not be stored');
        });
    };

    const renewal = setInterval(() => {
      repository.renew(row.id, workerId, leaseMs).then(
        (held) => {
          if (!held) attempt.abort(new Error('The job’s lease was lost'));
        },
        (error: unknown) => {
          log.warn({ jobId: row.id, err: error }, 'A job lease could not be renewed');
        },
      );
    }, leaseMs / 3);

    const started = Date.now();
    log.info({ jobId: row.id, kind: row.kind, attempt: row.attempts }, 'Job started');
    try {
      const result = await inJobSpan({ id: row.id, kind: row.kind, attempt: row.attempts }, () =>
        handler({
          id: row.id,
          kind: row.kind,
          payload: row.payload,
          userId: row.userId,
          attempt: row.attempts,
          signal: attempt.signal,
          progress,
          log,
        }),
      );
      clearInterval(renewal);
      await writing;
      if (attempt.signal.aborted && stopping.signal.aborted) {
        await repository.release(row.id, workerId);
        return;
      }
      await repository.succeed(row.id, workerId, { result: result ?? null, done, total });
      log.info({ jobId: row.id, kind: row.kind, ms: Date.now() - started }, 'Job finished');
    } catch (error) {
      clearInterval(renewal);
      await writing;
      if (stopping.signal.aborted) {
        // Shutting down: back in the queue for the next server, the attempt not counted.
        await repository.release(row.id, workerId);
        log.info({ jobId: row.id, kind: row.kind }, 'Job put back in the queue for shutdown');
        return;
      }
      const retry =
        !(error instanceof PermanentJobError) && row.attempts < row.maxAttempts
          ? backoff(row.attempts)
          : null;
      await repository.fail(row.id, workerId, errorText(error), retry);
      onFailed(row.kind, retry === null);
      // The error's text stays in the table: it may name what the person sent.
      log.warn(
        { jobId: row.id, kind: row.kind, attempt: row.attempts, retryInMs: retry },
        retry === null ? 'Job failed for good' : 'Job attempt failed; it will be retried',
      );
    } finally {
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  /**
   * Deletes the finished jobs past their retention, when that is on and was not done within
   * `pruneEveryMs`. A failure is logged and waits for the next turn.
   */
  async function pruneIfDue(): Promise<void> {
    if (retentionDays <= 0 || Date.now() - prunedAt < pruneEveryMs) return;
    prunedAt = Date.now();
    try {
      const deleted = await repository.pruneFinished(retentionDays);
      if (deleted > 0) {
        log.info({ jobs: deleted, retentionDays }, 'Deleted finished jobs past their retention');
      }
    } catch (error) {
      log.warn({ err: error }, 'Finished jobs could not be deleted; trying again later');
    }
  }

  /** Claims and runs one job; false when none was due. */
  async function runOnce(): Promise<boolean> {
    await pruneIfDue();
    for (const kind of await repository.failAbandoned(ABANDONED_MESSAGE, kinds)) {
      onFailed(kind, true);
    }
    const row = await repository.claim(workerId, leaseMs, kinds);
    if (row === null) return false;
    await run(row);
    return true;
  }

  // A function, so that the check after an await is not narrowed away.
  const stopped = () => stopping.signal.aborted;

  async function loop(): Promise<void> {
    while (!stopped()) {
      let ran = false;
      try {
        ran = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'The job worker could not reach the database');
      }
      if (!ran && !stopped()) await sleep(pollMs);
    }
  }

  return {
    workerId,
    runOnce,
    wake,
    /**
     * Starts the slots. `soleServer`: no other process can hold a lease (the embedded
     * database), so jobs left running belong to a server that died and are due at once.
     */
    async start({ soleServer = false }: { soleServer?: boolean } = {}) {
      kinds = typeof options.kinds === 'function' ? options.kinds() : options.kinds;
      if (soleServer) {
        const expired = await repository.expireAllLeases(kinds);
        if (expired > 0) log.info({ jobs: expired }, 'Resuming jobs a stopped server left running');
      }
      unsubscribe = options.onEnqueue?.(wake) ?? (() => undefined);
      loops = Array.from({ length: slots }, () => loop());
    },
    /** Aborts the handlers, puts their jobs back in the queue and waits for the slots to end. */
    async stop() {
      unsubscribe();
      stopping.abort();
      wake();
      await Promise.all(loops);
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
