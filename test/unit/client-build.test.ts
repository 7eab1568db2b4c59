// `npm start` builds the client only when dist/client is missing or older than its sources.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBuildReason } from '../../scripts/client-build.js';

describe('clientBuildReason', () => {
  let repo: string;
  const at = (path: string, seconds: number) => utimes(join(repo, path), seconds, seconds);

  beforeEach(async () => {
    repo = await mkdtemp(join(tmpdir(), 'cargodesk-repo-'));
    await mkdir(join(repo, 'desktop/client/src/pages'), { recursive: true });
    await mkdir(join(repo, 'shared'));
    await writeFile(join(repo, 'desktop/client/src/pages/page.tsx'), 'x');
    await writeFile(join(repo, 'desktop/client/index.html'), 'x');
    await writeFile(join(repo, 'shared/users.ts'), 'x');
    for (const f of ['desktop/client/src/pages/page.tsx', 'desktop/client/index.html', 'shared/users.ts']) await at(f, 1_000);
  });
  afterEach(() => rm(repo, { recursive: true, force: true }));

  it('asks for a build when dist is missing', () => {
    expect(clientBuildReason(repo)).toMatch(/index\.html is missing/);
  });

  it('does not rebuild an up-to-date build', async () => {
    await mkdir(join(repo, 'dist/client'), { recursive: true });
    await writeFile(join(repo, 'dist/client/index.html'), 'built');
    await at('dist/client/index.html', 2_000);
    expect(clientBuildReason(repo)).toBeNull();
  });

  it('rebuilds when a client source or a shared schema is newer than the build', async () => {
    await mkdir(join(repo, 'dist/client'), { recursive: true });
    await writeFile(join(repo, 'dist/client/index.html'), 'built');
    await at('dist/client/index.html', 2_000);
    await at('desktop/client/src/pages/page.tsx', 3_000);
    expect(clientBuildReason(repo)).toBe('desktop/client/src changed since the last build');
    await at('desktop/client/src/pages/page.tsx', 1_000);
    await at('shared/users.ts', 3_000);
    expect(clientBuildReason(repo)).toBe('shared changed since the last build');
  });
});
