import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Four projects: `npm run test:unit` runs shared, lab-client and web, `npm run test:integration` runs server.
export default defineConfig({
  test: {
    // A worker per core. Vitest's default keeps one core for its main process, which mostly
    // waits: on a two-core machine that meant one worker, and the integration step took 734 s
    // instead of 495 s with two (the unit step 318 s instead of 217 s).
    maxWorkers: availableParallelism(),
    projects: [
      'packages/shared/vitest.config.ts',
      'packages/lab-client/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/server/vitest.config.ts',
    ],
  },
});
