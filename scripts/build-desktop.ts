// npm run build:desktop: compiles server/, shared/ and desktop/*.ts to build/ (ESM; the preload to
// CommonJS preload.cjs) and writes build/package.json, which server/config.ts reads for the version
// and which marks the compiled files as ES modules.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO } from './client-build.js';

const build = join(REPO, 'build');
rmSync(build, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(REPO, 'desktop', 'tsconfig.build.json')], { stdio: 'inherit' });
const { name, version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string; version: string };
writeFileSync(join(build, 'package.json'), JSON.stringify({ name, version, private: true, type: 'module' }, null, 2));
console.log(`desktop app compiled into ${build}`);
