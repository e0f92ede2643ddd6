import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'lab-client',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
