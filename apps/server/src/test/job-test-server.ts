/**
 * The real server with one extra job kind for the crash test: 'test-steps' counts slowly to
 * `steps`, reporting progress and logging each step. Registered here, in a test-only start
 * file, so that no production code path knows the kind.
 */
import { jobHandlers } from '../modules/jobs/registry.ts';

export const TEST_JOB_KIND = 'test-steps';

jobHandlers.register<{ steps: number; stepMs: number }>(
  TEST_JOB_KIND,
  async ({ payload, progress, signal, log, attempt }) => {
    for (let step = 1; step <= payload.steps; step += 1) {
      signal.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, payload.stepMs));
      progress(step, payload.steps);
      log.info({ step, attempt }, 'Test job step');
    }
    return { steps: payload.steps, finishedOnAttempt: attempt };
  },
);

await import('../main.ts');
