// Vitest setup file: after each test file, the databases its tests opened with openTestDatabase are
// closed (PostgreSQL's dropped), then the data folders they made with newDataDir are removed, whether
// or not the test removed them itself (a failed test, a service stopped by a signal).
import { afterAll } from 'vitest';
import { closeTestDatabases, removeDataDirs } from './app.js';

afterAll(async () => {
  try {
    await closeTestDatabases();
  } finally {
    await removeDataDirs();
  }
});
