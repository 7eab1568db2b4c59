import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/cleanup.ts', 'test/helpers/openapi-check.ts'],
    globalSetup: ['test/helpers/postgres-template.ts', 'test/helpers/openapi-document.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two test files at a time. Vitest's default is the cores less one: on CI's 2 cores, one file at a
    // time, with the second core idle while a test waits for its service, PostgreSQL or a child
    // process (docs/operations.md, "CI"). Every file has its own data folders, databases and ports.
    maxWorkers: 2,
  },
});
