// `npm run bench imports` (issue 30 items 1–2): the sheet imports on both engines, side by side with
// another checkout's code on the same files: a 20,000-row inbound import (5 warehouses, one commodity,
// a B/L per row), a 20,000-row outbound import (no B/L, 0.5 t each, from stock seeded by 4 inbound
// orders a warehouse, each its own lot, its B/Ls bought and sold under contracts with finance
// records: seedTrades) and 100,000 corporate-contract detail lines; with exceljs alone streaming each
// of those files, the floor of the time and peak RSS of the import of that same file (the issue's
// "peak RSS of an import ≤ 1.5× exceljs reading the same file alone").
//   BENCH_BASE_ROOT=<folder>  another checkout (e.g. `git archive main` unpacked, with a node_modules
//                             link to this one) measured first, the same way, each figure next to it
//   BENCH_ENGINES=sqlite      leave out PostgreSQL (default: sqlite,postgres; TEST_PG_URL as the tests)
//   BENCH_ROWS=2000           fewer inbound/outbound rows (details: 5× as many), for development
//   BENCH_PHASES=outbound     only these imports (inbound, outbound, details; `single`: 500 outbound orders
//                             created one by one through the JSON route's service function, not run by default)
// Each phase runs in its own process (its own peak RSS: getrusage maxRSS), on a new database: a
// SQLite file in a temp folder, or a new PostgreSQL database dropped afterwards. What a phase times is
// the import function alone (read, check, write, commit), as the import route calls it, and within it
// the phases it reports through progress() (as the client's progress bar sees them): reading until the
// first 'checking', checking until the first 'writing', writing until it answers. Where an import
// writes while it still reads, the split is where its progress says it is, not CPU time per step.
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { finished } from 'node:stream/promises';
import type { AuthUser } from '../../server/http/auth.js';
import type { Db } from '../../server/db/tables.js';
import { DETAIL_COLUMNS } from '../../server/routes/corp-contracts/corp-contracts.service.js';
import { INBOUND_COLUMNS } from '../../server/routes/warehouse/inbound-orders/inbound-orders.sheet.js';
import { OUTBOUND_COLUMNS } from '../../server/routes/warehouse/outbound-orders/outbound-orders.sheet.js';
import { sheetLayout, writeSheet } from '../../server/spreadsheets/sheet.js';
import { effectiveLevels } from '../../shared/permissions.js';
import { createTestDatabase } from '../helpers/postgres.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const DETAIL_LINES = ROWS * 5;
const SINGLE_ORDERS = 500;
const WAREHOUSES = 5;
const actor: AuthUser = { id: 1, username: 'bench', role: 'admin', roles: ['admin'], permissions: effectiveLevels(['admin'], {}), warehouseIds: null };
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
 * The trading behind the seeded lots of the outbound phases (so each delivery has profit and loss
 * rows to count again where the code keeps them): per warehouse a purchase at 100 and a sale at 120
 * listing its four lots' B/Ls, and per B/L a freight charge, a service fee in USD and a profit
 * record; a USD rate. The contracts' kept tables by the code's own recount; the P&L's kept rows by
 * its fill when the code has them (migration 029).
 */
async function seedTrades(db: Db, load: (path: string) => Promise<any>): Promise<void> {
  const time = new Date().toISOString();
  const contracts = Array.from({ length: WAREHOUSES * 2 }, (_, n) => {
    const w = Math.floor(n / 2);
    const sale = n % 2 === 1;
    return {
      name: `bench ${n}`,
      contractType: sale ? '3' : '1',
      contractCode: `${sale ? 'SC' : 'PC'}${w}`,
      buyParty: 'Buyer',
      sellParty: 'Seller',
      commodity: 'Copper cathode',
      count: ROWS,
      unitPrice: sale ? 120 : 100,
      blNumber: [0, 1, 2, 3].map((lot) => `SEED${w}-${lot}`).join(';'),
      createTime: time,
      updateTime: time,
    };
  });
  const ids = (await db.insertInto('contracts').values(contracts).returning('id').execute()).map((r) => r.id);
  const { recountContracts } = await load('server/db/contract-sums.ts');
  await db.transaction().execute((trx) => recountContracts(trx, ids));
  const records = Array.from({ length: WAREHOUSES * 4 }, (_, b) => `SEED${Math.floor(b / 4)}-${b % 4}`).flatMap((blNumber) =>
    (
      [
        ['freight-charges', 'CNY', 50_000, null],
        ['service-fees', 'USD', 1_000, null],
        ['profit-records', 'CNY', 900_000, 800_000],
      ] as const
    ).map(([kind, currency, amountCents, costCents]) => ({
      kind,
      blNumber,
      recordDate: '2026-11-15',
      currency,
      amountCents,
      costCents,
      fields: '{}',
      searchText: '',
      createTime: time,
      updateTime: time,
    })),
  );
  await db.insertInto('financeRecords').values(records).execute();
  await db.insertInto('exchangeRates').values({ currency: 'USD', month: '2026-11', rate: 7.18 }).execute();
  const pnl = await load('server/routes/trading/pnl-rows.ts').catch(() => null);
  if (pnl) await db.transaction().execute((trx) => pnl.fillPnlRows(trx));
}

/** One phase in this process: prints { seconds, peakRssMb, ... } as JSON. */
async function phase(name: string, root: string, engine: string, dir: string): Promise<Record<string, unknown>> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href);
  const extra: Record<string, unknown> = {};
  if (name.startsWith('exceljs-read:')) {
    const start = performance.now();
    let rows = 0;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(join(dir, FILES[name.slice('exceljs-read:'.length)]!), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) for await (const _row of sheet) rows++;
    return { seconds: (performance.now() - start) / 1000, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), rows };
  }
  const database = await load('server/db/database.ts');
  const testDb = engine === 'postgres' ? await createTestDatabase() : null;
  const opened = testDb ? await database.openPostgresDatabase(testDb.url) : await database.openDatabase(join(dir, `${name}-${Date.now()}.sqlite`));
  const { db } = opened as { db: Db };
  try {
    const time = new Date().toISOString();
    await db
      .insertInto('warehouses')
      .values(
        Array.from({ length: WAREHOUSES }, (_, i) => ({
          code: code(i),
          name: `Bench ${i}`,
          address: null,
          contactPerson: null,
          contactPhone: null,
          status: 'active',
          remark: null,
          createTime: time,
          updateTime: time,
        })),
      )
      .execute();
    let work: () => Promise<unknown>;
    if (name === 'inbound') {
      const { importInbound } = await load('server/routes/warehouse/inbound-orders/inbound-orders.sheet.ts');
      work = () => importInbound(db, actor, join(dir, 'inbound.xlsx'));
    } else if (name === 'outbound') {
      const { createInbound } = await load('server/routes/warehouse/inbound-orders/inbound-orders.service.ts');
      // four lots a warehouse, so the rows without a B/L take from several, oldest first (issue 27)
      for (let i = 0; i < WAREHOUSES; i++)
        for (let lot = 0; lot < 4; lot++)
          await createInbound(db, actor, {
            warehouse: code(i),
            commodity: 'Copper cathode',
            blNumber: `SEED${i}-${lot}`,
            inboundWeight: ROWS / 4,
            inboundDate: `2026-11-0${lot + 1}`,
          });
      await seedTrades(db, load);
      const { importOutbound } = await load('server/routes/warehouse/outbound-orders/outbound-orders.sheet.ts');
      work = () => importOutbound(db, actor, join(dir, 'outbound.xlsx'));
    } else if (name === 'single') {
      // a single outbound order (issue 27 item 6): 500 created one after another through the JSON
      // route's service function, each its own transaction, without a B/L (FIFO over four lots), with
      // two approved pickup requests a warehouse holding stock (reservations read on this code)
      const { createInbound } = await load('server/routes/warehouse/inbound-orders/inbound-orders.service.ts');
      const { createPickup, updatePickup } = await load('server/routes/warehouse/pickup-requests/pickup-requests.service.ts');
      const { createOutbound } = await load('server/routes/warehouse/outbound-orders/outbound-orders.service.ts');
      await db.insertInto('settings').values({ key: 'secondPersonApproves', value: 'false', updateTime: time }).execute();
      for (let i = 0; i < WAREHOUSES; i++) {
        for (let lot = 0; lot < 4; lot++)
          await createInbound(db, actor, { warehouse: code(i), commodity: 'Copper cathode', blNumber: `SEED${i}-${lot}`, inboundWeight: 1000, inboundDate: `2026-11-0${lot + 1}` });
        for (let r = 0; r < 2; r++) {
          const request = await createPickup(db, actor, { warehouse: code(i), commodity: 'Copper cathode', blNumber: `SEED${i}-${r}`, quantity: 100, deliveryDate: '2026-11-20' });
          await updatePickup(db, actor, request.id, { status: 'approved' });
        }
      }
      await seedTrades(db, load);
      work = async () => {
        for (let n = 0; n < SINGLE_ORDERS; n++)
          await createOutbound(db, actor, { warehouse: code(n % WAREHOUSES), commodity: 'Copper cathode', quantity: 1, outboundDate: '2026-11-21' });
        return { imported: SINGLE_ORDERS };
      };
    } else if (name === 'details') {
      const { id: folderId } = await db
        .insertInto('corpContractFolders')
        .values({ name: 'bench', description: null, category: 'other', createTime: time, updateTime: time })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id } = await db
        .insertInto('corpContracts')
        .values({
          folderId,
          contractNumber: 'BENCH-1',
          name: null,
          category: 'other',
          partyA: null,
          partyB: null,
          signDate: null,
          amount: null,
          currency: 'CNY',
          remark: null,
          fileName: 'x.pdf',
          fileUrl: 'files/x.pdf',
          fileSize: 1,
          createTime: time,
          updateTime: time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { importDetails } = await load('server/routes/corp-contracts/corp-contracts.service.ts');
      work = () => importDetails(db, actor, id, join(dir, 'details.xlsx'), 'append');
    } else throw new Error(`unknown phase ${name}`);
    // the phases the import reports, timed by a progress board of the measured code's own
    const { ProgressBoard, trackProgress } = await load('server/progress.ts');
    const firstSeen = new Map<string, number>();
    const board = new (class extends ProgressBoard {
      touch(entry: unknown, change: { phase?: string }) {
        if (change.phase && !firstSeen.has(change.phase)) firstSeen.set(change.phase, performance.now());
        super.touch(entry, change);
      }
    })();
    const tracked = trackProgress({ get: () => 'bench-progress-0000', state: { user: { id: 1 } }, deps: { progress: board } });
    // the main thread's own heap at its fullest (the reader worker's is not in it; the peak RSS has both)
    let heapMb = 0;
    const sampler = setInterval(() => (heapMb = Math.max(heapMb, process.memoryUsage().heapUsed / 1024 / 1024)), 50);
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = (await tracked(work)) as { imported: number };
    const end = performance.now();
    // CPU time of every thread of the process (the reader worker's included): on a shared machine
    // the figure that depends least on what else runs
    const used = process.cpuUsage(cpu);
    extra.cpuSeconds = (used.user + used.system) / 1e6;
    clearInterval(sampler);
    extra.mainHeapMb = Math.round(heapMb);
    extra.seconds = (end - start) / 1000;
    const writing = firstSeen.get('writing') ?? end;
    const marks = [start, Math.min(firstSeen.get('checking') ?? writing, writing), writing, end];
    extra.steps = { read: (marks[1]! - marks[0]!) / 1000, check: (marks[2]! - marks[1]!) / 1000, write: (marks[3]! - marks[2]!) / 1000 };
    extra.imported = result.imported;
    const ledger = await db
      .selectFrom('stockLedger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    extra.ledgerEntries = Number(ledger.n);
  } finally {
    await db.destroy();
    await testDb?.drop();
  }
  return { ...extra, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
}

interface Result {
  code: string;
  engine: string;
  phase: string;
  seconds: number;
  peakRssMb: number;
  steps?: { read: number; check: number; write: number };
}

/** The file each import reads (and exceljs alone streams, for its reference). */
const FILES: Record<string, string> = { inbound: 'inbound.xlsx', outbound: 'outbound.xlsx', details: 'details.xlsx' };

async function main() {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === '--files') {
    // only the files, into a folder given (for profiling a phase by hand: `--phase details <root> sqlite <folder>`)
    await makeFiles(resolve(args[0]!));
    return;
  }
  if (mode === '--phase') {
    const [name, root, engine, dir] = args as [string, string, string, string];
    console.log(JSON.stringify(await phase(name, root, engine, dir)));
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const here = resolve(self, '../../..');
  const roots: [string, string][] = [...(process.env.BENCH_BASE_ROOT ? [['baseline', resolve(process.env.BENCH_BASE_ROOT)] as [string, string]] : []), ['this', here]];
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const dir = await mkdtemp(join(tmpdir(), 'cargodesk-imports-'));
  const results: Result[] = [];
  try {
    await makeFiles(dir);
    const run = (name: string, root: string, engine: string) =>
      JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', self, '--phase', name, root, engine, dir], { encoding: 'utf8', maxBuffer: 1e7 }).trim().split('\n').pop()!);
    const phases = (process.env.BENCH_PHASES ?? 'inbound,outbound,details').split(',');
    // exceljs alone streaming each file an import reads: that import's floor (the JSON route's `single` reads none)
    for (const name of phases.filter((p) => FILES[p])) {
      const floor = run(`exceljs-read:${name}`, here, 'none');
      results.push({ code: 'exceljs alone', engine: '', phase: name, seconds: floor.seconds, peakRssMb: floor.peakRssMb });
      console.log(JSON.stringify({ ...results.at(-1), file: FILES[name], rows: floor.rows }));
    }
    for (const engine of engines)
      for (const name of phases)
        for (const [label, root] of roots) {
          const r = run(name, root, engine);
          results.push({ code: label, engine, phase: name, seconds: r.seconds, peakRssMb: r.peakRssMb, steps: r.steps });
          console.log(JSON.stringify({ ...results.at(-1), imported: r.imported, ledgerEntries: r.ledgerEntries }));
        }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`\n${ROWS} inbound/outbound rows, ${DETAIL_LINES} detail lines; node ${process.version}; load ${loadavg()[0]!.toFixed(1)}; ${new Date().toISOString()}`);
  const floors = results.filter((x) => x.code === 'exceljs alone');
  if (floors.length) {
    console.log('\n| file | exceljs alone s | exceljs alone MB |\n|---|---:|---:|');
    for (const f of floors) console.log(`| ${FILES[f.phase]} | ${f.seconds.toFixed(2)} | ${f.peakRssMb} |`);
  }
  const cell = (v: number | undefined, d: number) => (v === undefined ? '–' : v.toFixed(d));
  const steps = (r: Result | undefined) => (r?.steps ? `${r.steps.read.toFixed(2)} / ${r.steps.check.toFixed(2)} / ${r.steps.write.toFixed(2)}` : '–');
  console.log(
    '\n| engine | import | baseline s | this s | ratio | baseline read / check / write s | this read / check / write s | baseline MB | this MB | baseline MB / exceljs alone | this MB / exceljs alone (same file) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of results.filter((x) => x.code === 'this')) {
    const base = results.find((x) => x.code === 'baseline' && x.engine === r.engine && x.phase === r.phase);
    const floor = floors.find((f) => f.phase === r.phase)?.peakRssMb;
    const ratio = (mb: number | undefined) => (mb === undefined || floor === undefined ? '–' : (mb / floor).toFixed(2));
    console.log(
      `| ${r.engine} | ${r.phase} | ${cell(base?.seconds, 2)} | ${r.seconds.toFixed(2)} | ${base ? (r.seconds / base.seconds).toFixed(2) : '–'} | ${steps(base)} | ${steps(r)} | ${cell(base?.peakRssMb, 0)} | ${r.peakRssMb} | ${ratio(base?.peakRssMb)} | ${ratio(r.peakRssMb)} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
