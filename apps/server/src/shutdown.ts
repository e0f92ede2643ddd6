import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  app: Pick<FastifyInstance, 'close'>;
  /** The job worker: its handlers are stopped and their jobs put back in the queue. */
  jobs?: { stop(): Promise<void> };
  /** Closed once the app has finished its in-flight requests; releases the data-dir lock. */
  database: { close(): Promise<void> };
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  exit: (code: number) => void;
}

/**
 * Graceful shutdown: stop accepting connections (new requests on open ones get 503), let the
 * requests in flight finish, stop the background jobs, close the database, exit 0. Past `timeoutMs`, exit 1.
 * The returned function may be called more than once (SIGINT after SIGTERM); only the first
 * call acts.
 */
export function createShutdown(options: ShutdownOptions): (reason: string) => Promise<void> {
  let started = false;
  return async (reason) => {
    if (started) return;
    started = true;
    options.log.info({ reason }, 'Shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      options.log.error(
        `Shutdown did not finish within ${options.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting`,
      );
      options.exit(1);
    }, options.timeoutMs);
    timer.unref();
    try {
      await options.app.close();
      await options.jobs?.stop();
      await options.database.close();
      clearTimeout(timer);
      options.log.info('Shut down cleanly');
      options.exit(0);
    } catch (error) {
      clearTimeout(timer);
      options.log.error({ err: error }, 'Shutdown failed');
      options.exit(1);
    }
  };
}
