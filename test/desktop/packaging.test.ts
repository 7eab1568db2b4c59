// electron-builder.yml checked with electron-builder's own schema (no Electron needed), and the
// parts the issue asks for: targets, better-sqlite3 unpacked, the compiled app and client inside.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url).pathname;

describe('electron-builder.yml', () => {
  it('is valid and complete', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
    const { DebugLogger } = require('builder-util/out/DebugLogger.js');
    const config = await getConfig(root, null, null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config).toMatchObject({ appId: 'com.cargodesk.app', productName: 'Cargodesk', npmRebuild: false, asar: true, icon: 'desktop/icons/icon.png' });
    expect(config.files[0].filter).toEqual(expect.arrayContaining(['package.json', 'build/**/*', 'dist/client/**/*']));
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**/*');
    expect(config.linux.target).toEqual(['AppImage']);
    expect(config.win.target.map((t: { target: string }) => t.target)).toEqual(['nsis', 'portable']);
    const pkg = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
    expect(pkg.main).toBe('build/desktop/main.js');
    expect(pkg.scripts.postdist).toBeUndefined();
    expect((await readFile(`${root}desktop/icons/icon.png`)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('ships better-sqlite3 as prebuilt Node-API binaries for every target, with nothing compiled', () => {
    // one binary serves Node and Electron (Node-API), so electron-builder rebuilds nothing
    const module = `${root}node_modules/better-sqlite3/`;
    for (const target of ['linux-x64', 'win32-x64']) expect(existsSync(`${module}prebuilds/${target}.node`)).toBe(true);
    expect(existsSync(`${module}build`)).toBe(false);
    const pkg = require(`${module}package.json`);
    expect(pkg.version).toMatch(/^13\./);
    expect(pkg.gypfile).toBe(false);
  });
});
