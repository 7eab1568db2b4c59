// Is the built client (dist/client) missing or older than its sources? Used by `npm start`
// (scripts/serve.ts) and the browser tests' global setup.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = join(import.meta.dirname, '..');

/** Everything the build reads: the client's sources and config, and the shared schemas. */
export const CLIENT_SOURCES = [
  'desktop/client/src',
  'desktop/client/public',
  'desktop/client/index.html',
  'desktop/client/vite.config.ts',
  'desktop/client/antdStyles.ts',
  'shared',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why the client needs a build, or null when dist is up to date. */
export function clientBuildReason(repo = REPO, distDir = join(repo, 'dist', 'client')): string | null {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return `${index} is missing`;
  const built = statSync(index).mtimeMs;
  for (const source of CLIENT_SOURCES) {
    if (newestMtime(join(repo, source)) > built) return `${source} changed since the last build`;
  }
  return null;
}

export async function buildClient(repo = REPO): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: join(repo, 'desktop/client/vite.config.ts'), logLevel: 'warn' });
}

/** Builds the client when it is missing or stale; true when it built. */
export async function ensureClient(repo = REPO, log: (line: string) => void = console.log): Promise<boolean> {
  const reason = clientBuildReason(repo);
  if (!reason) return false;
  log(`Building the client (${reason})…`);
  await buildClient(repo);
  log('Client built into dist/client.');
  return true;
}
