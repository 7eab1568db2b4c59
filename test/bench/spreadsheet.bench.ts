// Benchmark (not a test): 100,000 detail lines through the spreadsheet module, against exceljs alone.
//   npx tsx test/bench/spreadsheet.bench.ts [lines]
// Each phase runs in its own process, so its peak RSS (getrusage maxRSS) is its own.
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finished } from 'node:stream/promises';
import { openDatabase } from '../../server/db/database.js';
import { DETAIL_COLUMNS, exportDetails, importDetails } from '../../server/routes/corp-contracts/corp-contracts.service.js';
import { sheetLayout, writeSheet } from '../../server/spreadsheets/sheet.js';
import type { AuthUser } from '../../server/http/auth.js';
import { effectiveLevels } from '../../shared/permissions.js';
import { insertBenchContract } from './bench-contract.js';

const actor: AuthUser = { id: 1, username: 'bench', role: 'admin', roles: ['admin'], permissions: effectiveLevels(['admin'], {}), warehouseIds: null };

function line(i: number) {
  return {
    lineNo: i,
    commodity: `电解铜 Copper cathode ${i % 97}`,
    specification: `A级 99.99% lot ${i}`,
    quantity: Math.round((1 + (i % 500) * 0.37) * 1000) / 1000,
    unit: '吨',
    unitPrice: 68000 + (i % 1000) / 4,
    amount: null as number | null,
    deliveryDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    remark: i % 10 === 0 ? `备注 ${i}` : null,
  };
}
function* lines(n: number) {
  for (let i = 1; i <= n; i++) {
    const l = line(i);
    l.amount = Math.round(l.quantity * l.unitPrice * 100) / 100;
    yield l;
  }
}

async function openBenchDb(dir: string) {
  const { db } = await openDatabase(join(dir, 'bench.sqlite'));
  return db;
}

/** One phase; prints { seconds, peakRssMb, ... } as JSON. */
async function phase(name: string, dir: string, n: number): Promise<Record<string, unknown>> {
  const file = join(dir, 'lines.xlsx');
  const start = performance.now();
  const extra: Record<string, unknown> = {};
  switch (name) {
    case 'idle':
      break; // the process with every module loaded: the floor under every other figure
    case 'generate': {
      const out = createWriteStream(file);
      await writeSheet(DETAIL_COLUMNS, lines(n), out, { sheetName: 'details', layout: sheetLayout('en') });
      await finished(out);
      extra.fileMb = Math.round(((await stat(file)).size / 1e6) * 10) / 10;
      break;
    }
    case 'import': {
      const db = await openBenchDb(dir);
      const id = await insertBenchContract(db);
      const result = await importDetails(db, actor, id, file, 'append');
      extra.imported = result.imported;
      await db.destroy();
      break;
    }
    case 'export': {
      const db = await openBenchDb(dir);
      const out = createWriteStream(join(dir, 'export.xlsx'));
      await exportDetails(db, 1, out, sheetLayout('en'));
      await finished(out);
      extra.fileMb = Math.round(((await stat(join(dir, 'export.xlsx'))).size / 1e6) * 10) / 10;
      await db.destroy();
      break;
    }
    case 'reimport-check': {
      // the exported file imports back to the same number of lines (replace mode)
      const db = await openBenchDb(dir);
      const result = await importDetails(db, actor, 1, join(dir, 'export.xlsx'), 'replace');
      extra.imported = result.imported;
      extra.removed = result.removed;
      await db.destroy();
      break;
    }
    case 'exceljs-stream-read': {
      let rows = 0;
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
      for await (const sheet of reader) for await (const _row of sheet) rows++;
      extra.rows = rows;
      break;
    }
    case 'exceljs-stream-write': {
      const out = createWriteStream(join(dir, 'baseline.xlsx'));
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const ws = wb.addWorksheet('details');
      ws.addRow(DETAIL_COLUMNS.map((c) => c.key)).commit();
      for (const l of lines(n))
        ws.addRow(
          DETAIL_COLUMNS.map((c) => (c.key === 'deliveryDate' ? new Date(`${l.deliveryDate}T00:00:00Z`) : (l as Record<string, unknown>)[c.key]) as ExcelJS.CellValue),
        ).commit();
      ws.commit();
      await wb.commit();
      break;
    }
    case 'exceljs-inmemory-read': {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      extra.rows = wb.worksheets[0]!.rowCount;
      break;
    }
    default:
      throw new Error(`unknown phase ${name}`);
  }
  return { phase: name, seconds: Math.round((performance.now() - start) / 10) / 100, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), ...extra };
}

const PHASES = ['idle', 'generate', 'import', 'export', 'reimport-check', 'exceljs-stream-read', 'exceljs-stream-write', 'exceljs-inmemory-read'];

async function main() {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === '--phase') {
    const [name, dir, n] = args as [string, string, string];
    console.log(JSON.stringify(await phase(name, dir, Number(n))));
    return;
  }
  const n = Number(mode ?? 100_000);
  const dir = await mkdtemp(join(tmpdir(), 'cargodesk-bench-'));
  await mkdir(dir, { recursive: true });
  const self = fileURLToPath(import.meta.url);
  const results: { phase: string; seconds: number; peakRssMb: number }[] = [];
  try {
    for (const name of PHASES) {
      let out: string;
      try {
        out = execFileSync(process.execPath, ['--import', 'tsx', self, '--phase', name, dir, String(n)], { encoding: 'utf8', maxBuffer: 1e7 });
      } catch (err) {
        // a phase that printed its figures and then failed (seen: exceljs's temp file of a skipped
        // sheet gone when its read stream opens) still has its figures; the failure is shown
        const failed = err as { stdout?: string; stderr?: string };
        if (!failed.stdout?.trim()) throw err;
        console.log(`WARNING: phase ${name} failed after its result: ${failed.stderr?.split('\n').find((l) => l.startsWith('Error')) ?? ''}`);
        out = failed.stdout;
      }
      const result = JSON.parse(out.trim().split('\n').pop()!);
      results.push(result);
      console.log(JSON.stringify(result));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`\n${n} lines, node ${process.version}, ${new Date().toISOString()}`);
  console.table(results);
  // Each figure next to exceljs alone doing the same streaming work on the same file, in this run.
  const of = (name: string) => results.find((r) => r.phase === name) as { seconds: number; peakRssMb: number };
  const rows = [
    ['import 100k lines: seconds', of('import').seconds, of('exceljs-stream-read').seconds, 's', '< 10 s', of('import').seconds < 10],
    ['import: peak RSS', of('import').peakRssMb, of('exceljs-stream-read').peakRssMb, 'MB', '< 400 MB', of('import').peakRssMb < 400],
    ['export 100k lines: seconds', of('export').seconds, of('exceljs-stream-write').seconds, 's', '< 5 s', of('export').seconds < 5],
    ['export: peak RSS', of('export').peakRssMb, of('exceljs-stream-write').peakRssMb, 'MB', '< 400 MB', of('export').peakRssMb < 400],
  ] as const;
  console.log('\n| figure | Cargodesk | baseline (exceljs alone) | ratio | target | met? |\n|---|---:|---:|---:|---|---|');
  for (const [figure, value, baseline, unit, target, met] of rows)
    console.log(`| ${figure} | ${value} ${unit} | ${baseline} ${unit} | ${(value / baseline).toFixed(2)} | ${target} | ${met ? 'yes' : '**no**'} |`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
