// The antd styles written at build time (desktop/client/antdStyles.ts) cover every antd component the
// client imports: one left out would show unstyled, since the client computes no antd style itself.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL } from '../../desktop/client/antdStyles';

const SOURCES = join(import.meta.dirname, '../../desktop/client/src');
/** antd exports that render no styled element of their own */
const UNSTYLED = new Set(['ConfigProvider', 'theme']);

async function sources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sources(path)));
    else if (/\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** The antd components a source uses: its value imports from 'antd' and its dynamic imports of 'antd/es/<component>'. */
function antdComponents(source: string): string[] {
  const names: string[] = [];
  for (const [, list] of source.matchAll(/import \{([^}]*)\} from 'antd';/g))
    for (const part of list!.split(',').map((p) => p.trim())) if (part && !part.startsWith('type ')) names.push(part.split(/\s+as\s+/)[0]!);
  for (const [, folder] of source.matchAll(/import\('antd\/es\/([a-z-]+)'\)/g)) names.push(folder!.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase()));
  return names;
}

describe('antd styles written at build time', () => {
  it('cover every antd component the client imports', async () => {
    const used = new Set<string>();
    for (const file of await sources(SOURCES)) for (const name of antdComponents(await readFile(file, 'utf8'))) used.add(name);
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((name) => !UNSTYLED.has(name) && !ALL.includes(name));
    expect(missing).toEqual([]);
  });
});
