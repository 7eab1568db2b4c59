// The Chromium the browser tests and the screenshot scripts launch, never downloaded:
// 1. CHROMIUM_PATH when it is set;
// 2. else Debian's /usr/bin/chromium when it is there (`apt-get install chromium`; .ci/run installs it),
//    unless CHROMIUM_FROM_NPM=1 hides it (.ci/run proves the fallback that way);
// 3. else the headless Chromium shipped inside the @sparticuz/chromium devDependency, unpacked once
//    into node_modules/.cache/chromium-<version>/ (about 210 MB, 2–5 s) and reused by later runs. Its
//    own unpacking goes to the temp folder, which .ci/run requires to be empty after the tests, so it
//    is pointed at a folder in the cache instead (os.tmpdir() reads TMPDIR at each call).
// Both render with the machine's fonts (fontconfig): Chinese text needs a CJK font there
// (`apt-get install fonts-noto-cjk`), or it shows as empty boxes in either browser. Launch them with
// `chromiumEnv()`.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO } from './client-build.js';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Where the npm Chromium is unpacked: per checkout, outside the temp folder. */
const CACHE = join(REPO, 'node_modules', '.cache');

async function unpackNpmChromium(): Promise<string> {
  const manifest = join(REPO, 'node_modules', '@sparticuz', 'chromium', 'package.json'); // not in the package's exports
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const dir = join(CACHE, `chromium-${version}`);
  const executable = join(dir, 'chromium');
  if (existsSync(executable)) return executable;
  // unpacked beside, then renamed into place: a run stopped halfway, or two at once, leave no half browser
  const staging = `${dir}.unpacking-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    const { default: Chromium } = await import('@sparticuz/chromium');
    await Chromium.executablePath();
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  await rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(executable)) throw error; // else another run unpacked it first
  });
  return executable;
}

/**
 * The browser's environment: this one's, with a UTF-8 locale when it has none. Chromium keeps a
 * download's Content-Disposition name only if the locale's character set can spell it: in an
 * `env -i` shell or under a service manager (no LANG), a Chinese file name became "download".
 */
export function chromiumEnv(): Record<string, string> {
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  if (!/utf-?8/i.test(env.LC_ALL || env.LC_CTYPE || env.LANG || '')) env.LC_ALL = 'C.UTF-8';
  return env;
}

/** The path of the Chromium to launch (see the top of this file). */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (process.env.CHROMIUM_FROM_NPM !== '1' && existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  return unpackNpmChromium();
}
