// A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build
// (scripts, styles, HTML, SVG, JSON), which the service sends to a browser that accepts them
// (server/http/client.ts; koa-send picks the .br, else the .gz, else the file). Files under 1 KB,
// and files that would not shrink, get no copy; images, fonts and other already-compressed files
// never do.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Writes file.br and file.gz beside every compressible file of `dir` worth compressing. */
export async function precompressDir(dir: string): Promise<{ files: number }> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < MIN_BYTES) return;
      const [brotli, gzipped] = await Promise.all([
        br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gz(raw, { level: 9 }),
      ]);
      if (brotli.length < raw.length) await writeFile(`${file}.br`, brotli);
      if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
      written++;
    }),
  );
  return { files: written };
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cargodesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
