import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A ceiling for slow machines, not a speed target.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
