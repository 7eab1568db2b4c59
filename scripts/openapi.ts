// Writes the OpenAPI document the service serves at /api/openapi.json to a file, without starting
// the service (default build/openapi.json): what CI lints (Redocly) and generates a typed client
// from (openapi-typescript), and what an integrator may generate from offline.
// Usage: npm run openapi [-- <file>]
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { mounts } from '../server/app.js';
import { buildOpenApi } from '../server/openapi.js';
import { VERSION } from '../server/config.js';

const file = resolve(process.argv[2] ?? 'build/openapi.json');
await mkdir(dirname(file), { recursive: true });
await writeFile(file, `${JSON.stringify(buildOpenApi(mounts, VERSION), null, 2)}\n`);
console.log(`wrote ${file}`);
