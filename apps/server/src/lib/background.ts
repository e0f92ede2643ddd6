import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that answers must not wait for (sending mail): `run` starts it and returns at once, a
 * failure is logged since nobody is left to answer, and `settled` waits for the work still
 * running, so that closing loses none of it.
 */
export function createBackgroundRunner(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  function run(work: () => Promise<void>): void {
    const promise = work()
      .catch((error: unknown) => {
        log.error({ err: error }, 'Background work failed');
      })
      .finally(() => pending.delete(promise));
    pending.add(promise);
  }
  async function settled(): Promise<void> {
    await Promise.all(pending);
  }
  return { run, settled };
}
