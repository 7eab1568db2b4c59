// What `npm start` runs (bundled into dist/server.mjs by scripts/start.mjs): build the client when
// dist/client is missing or stale, then the service's command line (server/main.ts).
import { ensureClient } from './client-build.js';

try {
  await ensureClient();
} catch (err) {
  console.error('Cargodesk could not build its client:', (err as Error).message);
  process.exit(1);
}
await import('../server/main.js');
