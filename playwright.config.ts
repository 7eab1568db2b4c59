// Browser tests of the client against the real service (test/e2e/global-setup.ts starts it on a
// temp data folder and a free port). The Chromium is CHROMIUM_PATH, else Debian's, else the one the
// npm devDependency ships (scripts/chromium.ts): never a download.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumEnv, chromiumPath } from './scripts/chromium.js';

// kept for scripts that import it from here
export { CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  // two spec files at a time (CI has 2 cores), each against a service of its own (fixtures.ts); the
  // tests of a file run in order
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // one retry: a file whose test failed runs again from its start on a new service (a new worker); a
  // test that passes only on the retry is listed as flaky in the run's output and counted in the JSON
  // report's `flaky`, not hidden (docs/operations.md, "CI")
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    // as a user who turned animations off: the client then animates nothing, so no click lands on a
    // drawer or dialog that is still moving (warehouse.spec.ts keeps the animations on)
    reducedMotion: 'reduce',
    launchOptions: { executablePath: await chromiumPath(), args: CHROMIUM_ARGS, env: chromiumEnv() },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
