// Prints the initial JavaScript download of the built client: the entry script of index.html, the
// English dictionary (loaded before the first render) and every chunk they import statically, raw
// and gzip-compressed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist', 'client');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]!);
const dictionary = readdirSync(join(dist, 'assets')).find((f) => /^en-US-[\w-]+\.js$/.test(f));
if (dictionary) entry.push(`assets/${dictionary}`);
const seen = new Set<string>();
const queue = [...entry];
while (queue.length) {
  const file = queue.pop()!;
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // static imports only: `import ... from "./x.js"` / `import "./x.js"` (dynamic import() is lazy)
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`);
}
let raw = 0;
let gz = 0;
for (const file of seen) {
  const bytes = readFileSync(join(dist, file));
  raw += bytes.length;
  gz += gzipSync(bytes, { level: 9 }).length;
  console.log(`${file}  ${(bytes.length / 1024).toFixed(1)} KB, gzip ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB`);
}
console.log(`initial JavaScript: ${seen.size} files, ${(raw / 1024).toFixed(1)} KB, gzip ${(gz / 1024).toFixed(1)} KB`);
