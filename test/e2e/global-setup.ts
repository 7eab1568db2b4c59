// Builds the client when it is missing or stale; each spec file then starts a service of its own
// (test/e2e/fixtures.ts).
import { ensureClient } from '../../scripts/client-build.js';

export default async function globalSetup() {
  await ensureClient();
}
