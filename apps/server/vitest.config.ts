import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    globalSetup: ['src/test/global-setup.ts'],
    // PGlite takes about a second to start, a new data directory several; the process tests
    // start the real server.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The one place the tests read the environment: set TEST_DATABASE_URL (CI does) to run
    // every database test on PostgreSQL as well as PGlite.
    provide: { testDatabaseUrl: process.env.TEST_DATABASE_URL ?? null },
  },
});
