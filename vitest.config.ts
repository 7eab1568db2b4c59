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
    // Each worker runs its files one after another in one module graph, not a fresh one per file:
    // importing the service (Koa, Kysely, zod, exceljs…) once per worker instead of once per file
    // halved the CPU of 16 API files (71 s to 34 s; docs/operations.md, "CI"). Every test file
    // starts its own services, data folders and databases; nothing in server/ keeps state between
    // apps but caches keyed by an app or a database (WeakMaps), and no test mocks, stubs the
    // environment or fakes timers.
    isolate: false,
  },
});
