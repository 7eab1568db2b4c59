import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/openapi-document.ts'],
    setupFiles: ['test/helpers/cleanup.ts', 'test/helpers/openapi-check.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
