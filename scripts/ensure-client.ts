// `npm start` runs this first: build the client when dist/client is missing or stale.
import { ensureClient } from './client-build.js';

try {
  await ensureClient();
} catch (err) {
  console.error('Cargodesk could not build its client:', (err as Error).message);
  process.exit(1);
}
