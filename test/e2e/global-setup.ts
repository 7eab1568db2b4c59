// Builds the client when it is missing or stale, then starts the real service on a temp data
// folder and a free port; the specs read its address from CARGODESK_URL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureClient } from '../../scripts/client-build.js';
import { startServer } from '../../server/start.js';

export default async function globalSetup() {
  await ensureClient();
  const dataDir = await mkdtemp(join(tmpdir(), 'cargodesk-e2e-'));
  const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', dailyBackup: false }); // no backup timer under test
  process.env.CARGODESK_URL = server.url;
  return async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
