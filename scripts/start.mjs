// `npm start`: one Node process running plain JavaScript. The server's TypeScript is bundled into
// dist/server.mjs with esbuild (about 0.3 s) when the bundle is missing or older than a source,
// instead of being transpiled module by module through tsx's loader at every start, which took
// longer than everything else the start-up does (see docs/performance.md). Packages stay in
// node_modules (not bundled); vite is loaded only when the client needs a build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_OPTIONS } from './server-bundle.mjs';

const repo = join(import.meta.dirname, '..');
// dist/ is one folder below the repository, like server/: paths relative to a module stay right
const bundle = join(repo, 'dist', 'server.mjs');
const SOURCES = ['server', 'shared', 'scripts/serve.ts', 'scripts/client-build.ts', 'scripts/server-bundle.mjs', 'package.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
if (SOURCES.some((source) => newestMtime(join(repo, source)) > built)) {
  const { build, stop } = await import('esbuild');
  await build({ ...BUNDLE_OPTIONS, entryPoints: [join(repo, 'scripts', 'serve.ts')], outfile: bundle });
  // spreadsheets are read in a worker thread, which loads this module beside the bundle (server/spreadsheets/sheet.ts)
  await build({ ...BUNDLE_OPTIONS, entryPoints: [join(repo, 'server', 'spreadsheets', 'sheet-reader.ts')], outfile: join(repo, 'dist', 'sheet-reader.mjs') });
  stop(); // esbuild's helper process would otherwise live as long as the service
}
await import(pathToFileURL(bundle).href);
