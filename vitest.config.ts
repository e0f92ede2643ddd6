import { defineConfig } from 'vitest/config';

// Three projects: `npm run test:unit` runs shared + web, `npm run test:integration` runs server.
export default defineConfig({
  test: {
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/server/vitest.config.ts',
    ],
  },
});
