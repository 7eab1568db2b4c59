import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/cleanup.ts'],
    globalSetup: ['test/helpers/postgres-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
