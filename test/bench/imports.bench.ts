// `npm run bench imports` (issue 30 items 1–2): the sheet imports on both engines, side by side with
// another checkout's code on the same files: a 20,000-row inbound import (5 warehouses, one commodity,
// a B/L per row), a 20,000-row outbound import (no B/L, 0.5 t each, from stock seeded by 4 inbound
// orders a warehouse, each its own lot, its B/Ls bought and sold under contracts with finance
// records) and 100,000 corporate-contract detail lines; with exceljs alone streaming each of those
// files, the floor of the peak RSS of the import of that same file (the issue's "peak RSS of an
// import ≤ 1.5× exceljs reading the same file alone").
//   BENCH_BASE_ROOT=<folder>  another checkout (e.g. `git archive main` unpacked, with a node_modules
//                             link to this one) measured first, the same way, each figure next to it
//   BENCH_ENGINES=sqlite      leave out PostgreSQL (default: sqlite,postgres; TEST_PG_URL as the tests)
//   BENCH_ROWS=2000           fewer inbound/outbound rows (details: 5× as many), for development
//   BENCH_PHASES=outbound     only these imports (inbound, outbound, details; `single`: 500 outbound orders
//                             created one by one through the JSON route's service function, not run by default)
// `--files <folder>` only writes the three files.
//
// How memory is measured: the way the service runs. `npm start` runs an esbuild bundle of the server
// with plain `node` (scripts/start.mjs), not the TypeScript sources under tsx, whose loader and
// transpiled modules alone cost 25–50 MB. So each checkout's server is bundled once, with the same
// options (scripts/server-bundle.mjs), into a temp folder in that checkout (one folder below it, as
// dist/ is) with the reader worker's module beside it, as start.mjs builds dist/sheet-reader.mjs; and
// each phase runs in its own `node` process (imports-phase.ts, bundled too) that loads that bundle and
// then either runs an import or streams the import's file with exceljs's WorkbookReader alone: the
// floor, in a process that holds the same service. Peak RSS is the process's getrusage maxRSS (the
// operating system's high-water mark, nothing missed between samples); idle RSS is taken just before
// the import or the read starts, so peak − idle is what the work itself added; a floor is the median
// of FLOOR_RUNS processes with each checkout's service, as its peak moves from one to the next
// (for 100,000 detail lines ~220 MB in some, ~330 MB in the others). A third figure, exceljs
// streaming the file in a process that loads nothing else, shows what exceljs costs on its own.
// Each import runs on a new database: a SQLite file in a temp folder, or a new PostgreSQL database
// dropped afterwards. What a phase times is the import function alone (read, check, write, commit),
// as the import route calls it, and within it the phases it reports through progress() (as the
// client's progress bar sees them): reading until the first 'checking', checking until the first
// 'writing', writing until it answers. Where an import writes while it still reads, the split is
// where its progress says it is, not CPU time per step.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finished } from 'node:stream/promises';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../../scripts/server-bundle.mjs';
import { DETAIL_COLUMNS } from '../../server/routes/corp-contracts/corp-contracts.service.js';
import { INBOUND_COLUMNS } from '../../server/routes/warehouse/inbound-orders/inbound-orders.sheet.js';
import { OUTBOUND_COLUMNS } from '../../server/routes/warehouse/outbound-orders/outbound-orders.sheet.js';
import { sheetLayout, writeSheet } from '../../server/spreadsheets/sheet.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const DETAIL_LINES = ROWS * 5;
const FLOOR_RUNS = 5;
const WAREHOUSES = 5;
const code = (i: number) => `BW${i}`;

async function makeFiles(dir: string) {
  const layout = sheetLayout('en');
  const write = async (name: string, columns: typeof INBOUND_COLUMNS, rows: Iterable<Record<string, unknown>>) => {
    const out = createWriteStream(join(dir, name));
    await writeSheet(columns, rows, out, { sheetName: 'rows', layout });
    await finished(out);
  };
  await write(
    'inbound.xlsx',
    INBOUND_COLUMNS,
    (function* () {
      for (let i = 0; i < ROWS; i++)
        yield {
          warehouse: code(i % WAREHOUSES),
          commodity: 'Copper cathode',
          blNumber: `BENCH${String(i).padStart(6, '0')}`,
          inboundWeight: 1 + (i % 7),
          owner: `Owner ${i % 13}`,
          inboundDate: '2026-11-10',
        };
    })(),
  );
  await write(
    'outbound.xlsx',
    OUTBOUND_COLUMNS,
    (function* () {
      for (let i = 0; i < ROWS; i++) yield { commodity: 'Copper cathode', quantity: 0.5, outboundDate: '2026-11-20', warehouse: code(i % WAREHOUSES), licensePlate: `沪A${i}` };
    })(),
  );
  await write(
    'details.xlsx',
    DETAIL_COLUMNS,
    (function* () {
      for (let i = 1; i <= DETAIL_LINES; i++)
        yield {
          commodity: `铜精矿 ${i % 97}`,
          specification: `Cu ${20 + (i % 10)}%`,
          quantity: (i % 500) + 0.5,
          unit: 't',
          unitPrice: 6800 + (i % 300),
          deliveryDate: '2026-12-15',
        };
    })(),
  );
}

/**
 * What a phase takes from a checkout: the functions it calls, and the service's start (server/start.ts
 * and every module it loads), so the process holds the service as `npm start` does.
 */
function serviceEntry(root: string): string {
  const from: [string, string][] = [
    ['server/start.ts', 'startServer'],
    ['server/db/database.ts', 'openDatabase, openPostgresDatabase'],
    ['server/db/contract-sums.ts', 'recountContracts'],
    ['server/progress.ts', 'ProgressBoard, trackProgress'],
    ['shared/permissions.ts', 'effectiveLevels'],
    ['server/routes/warehouse/inbound-orders/inbound-orders.sheet.ts', 'importInbound'],
    ['server/routes/warehouse/inbound-orders/inbound-orders.service.ts', 'createInbound'],
    ['server/routes/warehouse/outbound-orders/outbound-orders.sheet.ts', 'importOutbound'],
    ['server/routes/warehouse/outbound-orders/outbound-orders.service.ts', 'createOutbound'],
    ['server/routes/warehouse/pickup-requests/pickup-requests.service.ts', 'createPickup, updatePickup'],
    ['server/routes/corp-contracts/corp-contracts.service.ts', 'importDetails'],
    // the P&L's kept rows, where the code has them (migration 029)
    ['server/routes/trading/pnl-rows.ts', 'fillPnlRows'],
  ];
  return from
    .filter(([path]) => existsSync(join(root, path)))
    .map(([path, names]) => `export { ${names} } from './${path}';`)
    .join('\n');
}

/** Bundles a checkout's service (and the reader worker's module beside it) into a new temp folder in it; answers the folder. */
async function bundleService(root: string): Promise<string> {
  const out = await mkdtemp(join(root, '.bench-'));
  await build({ ...BUNDLE_OPTIONS, stdin: { contents: serviceEntry(root), resolveDir: root, sourcefile: 'bench-service.ts', loader: 'ts' }, outfile: join(out, 'service.mjs') });
  await build({ ...BUNDLE_OPTIONS, entryPoints: [join(root, 'server', 'spreadsheets', 'sheet-reader.ts')], outfile: join(out, 'sheet-reader.mjs') });
  return out;
}

interface Measured {
  seconds: number;
  idleRssMb: number;
  peakRssMb: number;
  steps?: { read: number; check: number; write: number };
  imported?: number;
  ledgerEntries?: number;
  rows?: number;
  /** a floor's: the peak of each of its processes */
  peaks?: number[];
}

/** The file each import reads (and exceljs alone streams, for its floor). */
const FILES: Record<string, string> = { inbound: 'inbound.xlsx', outbound: 'outbound.xlsx', details: 'details.xlsx' };

async function main() {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === '--files') {
    // only the files, into a folder given (for profiling a phase by hand)
    await makeFiles(resolve(args[0]!));
    return;
  }
  const here = resolve(fileURLToPath(import.meta.url), '../../..');
  const roots: [string, string][] = [...(process.env.BENCH_BASE_ROOT ? [['baseline', resolve(process.env.BENCH_BASE_ROOT)] as [string, string]] : []), ['this', here]];
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const phases = (process.env.BENCH_PHASES ?? 'inbound,outbound,details').split(',');
  const dir = await mkdtemp(join(tmpdir(), 'cargodesk-imports-'));
  const bundles = new Map<string, string>();
  const bare = new Map<string, Measured>();
  const floors = new Map<string, Measured>();
  const imports = new Map<string, Measured>();
  try {
    await makeFiles(dir);
    for (const [label, root] of roots) bundles.set(label, await bundleService(root));
    // in this checkout's folder, where its packages resolve; what it imports lazily (pg for PostgreSQL) in chunks of its own
    const runner = bundles.get('this')!;
    await build({ ...BUNDLE_OPTIONS, entryPoints: [join(here, 'test', 'bench', 'imports-phase.ts')], outdir: runner, splitting: true, outExtension: { '.js': '.mjs' } });
    const run = (name: string, label: string, engine: string): Measured => {
      const bundle = label ? join(bundles.get(label)!, 'service.mjs') : '-';
      // the service with the flag `npm start` gives it; the bare process plain
      const flags = label ? ['--enable-source-maps'] : [];
      const out = execFileSync(process.execPath, [...flags, join(runner, 'imports-phase.mjs'), name, bundle, engine, dir], { encoding: 'utf8', maxBuffer: 1e7 });
      const measured = JSON.parse(out.trim().split('\n').pop()!) as Measured;
      console.log(JSON.stringify({ phase: name, code: label || 'bare', engine, ...measured }));
      return measured;
    };
    // exceljs alone streaming each file an import reads (the JSON route's `single` reads none): in a
    // bare process, and in one that holds a checkout's service (the floor: FLOOR_RUNS with each
    // checkout's, alternating; it does not run their code, so one floor for both). Its peak moves by up
    // to 110 MB from one process to the next (where its garbage collections fall): the median is taken.
    const median = (runs: Measured[]) => ({ ...runs.sort((a, b) => a.peakRssMb - b.peakRssMb)[runs.length >> 1]!, peaks: runs.map((r) => r.peakRssMb) });
    for (const name of phases.filter((p) => FILES[p])) {
      bare.set(name, median(Array.from({ length: FLOOR_RUNS }, () => run(`bare:${FILES[name]}`, '', 'none'))));
      floors.set(name, median(Array.from({ length: FLOOR_RUNS }, () => roots.map(([label]) => run(`exceljs:${FILES[name]}`, label, 'none'))).flat()));
    }
    for (const engine of engines) for (const name of phases) for (const [label] of roots) imports.set(`${label} ${engine} ${name}`, run(name, label, engine));
  } finally {
    await rm(dir, { recursive: true, force: true });
    for (const out of bundles.values()) await rm(out, { recursive: true, force: true });
  }
  console.log(`\n${ROWS} inbound/outbound rows, ${DETAIL_LINES} detail lines; node ${process.version}; load ${loadavg()[0]!.toFixed(1)}; ${new Date().toISOString()}`);
  const labels = roots.map(([label]) => label);
  const mbs = (m: Measured | undefined) => (m ? `${m.idleRssMb} / ${m.peakRssMb} / ${m.peakRssMb - m.idleRssMb}` : '–');
  const range = (m: Measured) => `${Math.min(...m.peaks!)}–${Math.max(...m.peaks!)}`;
  console.log(`\nexceljs alone streaming the file, the median process: seconds, RSS idle / peak / peak − idle (MB); and every process's peak\n`);
  console.log(`| file | bare process s | bare process MB | peaks | holding the service (floor) s | floor MB | peaks |\n|---|---:|---:|---:|---:|---:|---:|`);
  for (const [name, b] of bare) {
    const f = floors.get(name)!;
    console.log(`| ${FILES[name]} | ${b.seconds.toFixed(2)} | ${mbs(b)} | ${range(b)} | ${f.seconds.toFixed(2)} | ${mbs(f)} | ${range(f)} |`);
  }
  const steps = (m: Measured | undefined) => (m?.steps ? `${m.steps.read.toFixed(2)} / ${m.steps.check.toFixed(2)} / ${m.steps.write.toFixed(2)}` : '–');
  const ratio = (a: number | undefined, b: number | undefined, d = 2) => (a === undefined || b === undefined ? '–' : (a / b).toFixed(d));
  console.log(
    `\nimports: seconds, read / check / write s, RSS idle / peak / peak − idle (MB); "/ floor": peak RSS over exceljs alone in a process holding the service, "/ bare": over exceljs in a bare process\n`,
  );
  console.log(`| engine | import | ${labels.map((l) => `${l} s | ${l} read / check / write | ${l} MB | ${l} / floor | ${l} / bare`).join(' | ')} | time ratio |`);
  console.log(`|---|---|${labels.map(() => '---:|---:|---:|---:|---:|').join('')}---:|`);
  for (const engine of engines)
    for (const name of phases) {
      const cells = labels.map((l) => {
        const m = imports.get(`${l} ${engine} ${name}`)!;
        return `${m.seconds.toFixed(2)} | ${steps(m)} | ${mbs(m)} | ${ratio(m.peakRssMb, floors.get(name)?.peakRssMb)} | ${ratio(m.peakRssMb, bare.get(name)?.peakRssMb)}`;
      });
      const times = labels.map((l) => imports.get(`${l} ${engine} ${name}`)!.seconds);
      console.log(`| ${engine} | ${name} | ${cells.join(' | ')} | ${times.length > 1 ? ratio(times[1], times[0]) : '–'} |`);
    }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
