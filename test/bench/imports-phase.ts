// One phase of `npm run bench imports` (imports.bench.ts builds this file into plain JavaScript and runs
// it with `node`, no loader): `<phase> <service bundle|-> <engine> <folder of the files>`. It loads the
// service bundle built from the measured checkout (as `npm start` runs it), then does one thing and
// prints { seconds, idleRssMb, peakRssMb, ... } as JSON: an import, exceljs's WorkbookReader alone
// streaming a file (`exceljs:<file>`, the floor of the import of that file), or, without the bundle,
// (`bare:<file>`) the same in a process that loads nothing but exceljs. Static imports are Node's
// own and bench-contract.ts (which imports nothing at run time), so that the bare process holds exceljs and nothing of ours.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { insertBenchContract } from './bench-contract.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const SINGLE_ORDERS = 500;
const WAREHOUSES = 5;
const code = (i: number) => `BW${i}`;

/** What the bench's entry to the measured checkout exports (imports.bench.ts, serviceEntry). */
interface Service {
  [name: string]: any;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/**
 * The trading behind the seeded lots of the outbound phases (so each delivery has profit and loss
 * rows to count again where the code keeps them): per warehouse a purchase at 100 and a sale at 120
 * listing its four lots' B/Ls, and per B/L a freight charge, a service fee in USD and a profit
 * record; a USD rate. The contracts' kept tables by the code's own recount; the P&L's kept rows by
 * its fill when the code has them (migration 029).
 */
async function seedTrades(db: any, service: Service): Promise<void> {
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
  const ids = (await db.insertInto('contracts').values(contracts).returning('id').execute()).map((r: { id: number }) => r.id);
  await db.transaction().execute((trx: unknown) => service.recountContracts(trx, ids));
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
  if (service.fillPnlRows) await db.transaction().execute((trx: unknown) => service.fillPnlRows(trx));
}

/** exceljs's WorkbookReader alone over the file, counting rows. */
async function streamWithExceljs(path: string): Promise<Record<string, unknown>> {
  const { default: ExcelJS } = await import('exceljs');
  const idle = process.memoryUsage().rss;
  const start = performance.now();
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return { seconds: (performance.now() - start) / 1000, idleRssMb: mb(idle), rows };
}

async function phase(name: string, bundle: string, engine: string, dir: string): Promise<Record<string, unknown>> {
  if (name.startsWith('bare:')) return streamWithExceljs(join(dir, name.slice('bare:'.length)));
  const service = (await import(pathToFileURL(bundle).href)) as Service;
  if (name.startsWith('exceljs:')) return streamWithExceljs(join(dir, name.slice('exceljs:'.length)));
  const { createTestDatabase } = await import('../helpers/postgres.js');
  const actor = { id: 1, username: 'bench', role: 'admin', roles: ['admin'], permissions: service.effectiveLevels(['admin'], {}), warehouseIds: null };
  const extra: Record<string, unknown> = {};
  const testDb = engine === 'postgres' ? await createTestDatabase() : null;
  const opened = testDb ? await service.openPostgresDatabase(testDb.url) : await service.openDatabase(join(dir, `${name}-${Date.now()}.sqlite`));
  const { db } = opened;
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
      work = () => service.importInbound(db, actor, join(dir, 'inbound.xlsx'));
    } else if (name === 'outbound') {
      // four lots a warehouse, so the rows without a B/L take from several, oldest first (issue 27)
      for (let i = 0; i < WAREHOUSES; i++)
        for (let lot = 0; lot < 4; lot++)
          await service.createInbound(db, actor, {
            warehouse: code(i),
            commodity: 'Copper cathode',
            blNumber: `SEED${i}-${lot}`,
            inboundWeight: ROWS / 4,
            inboundDate: `2026-11-0${lot + 1}`,
          });
      await seedTrades(db, service);
      work = () => service.importOutbound(db, actor, join(dir, 'outbound.xlsx'));
    } else if (name === 'single') {
      // a single outbound order (issue 27 item 6): 500 created one after another through the JSON
      // route's service function, each its own transaction, without a B/L (FIFO over four lots), with
      // two approved pickup requests a warehouse holding stock (reservations read on this code)
      await db.insertInto('settings').values({ key: 'secondPersonApproves', value: 'false', updateTime: time }).execute();
      for (let i = 0; i < WAREHOUSES; i++) {
        for (let lot = 0; lot < 4; lot++)
          await service.createInbound(db, actor, {
            warehouse: code(i),
            commodity: 'Copper cathode',
            blNumber: `SEED${i}-${lot}`,
            inboundWeight: 1000,
            inboundDate: `2026-11-0${lot + 1}`,
          });
        for (let r = 0; r < 2; r++) {
          const request = await service.createPickup(db, actor, {
            warehouse: code(i),
            commodity: 'Copper cathode',
            blNumber: `SEED${i}-${r}`,
            quantity: 100,
            deliveryDate: '2026-11-20',
          });
          await service.updatePickup(db, actor, request.id, { status: 'approved' });
        }
      }
      await seedTrades(db, service);
      work = async () => {
        for (let n = 0; n < SINGLE_ORDERS; n++)
          await service.createOutbound(db, actor, { warehouse: code(n % WAREHOUSES), commodity: 'Copper cathode', quantity: 1, outboundDate: '2026-11-21' });
        return { imported: SINGLE_ORDERS };
      };
    } else if (name === 'details') {
      const id = await insertBenchContract(db);
      work = () => service.importDetails(db, actor, id, join(dir, 'details.xlsx'), 'append');
    } else throw new Error(`unknown phase ${name}`);
    // the phases the import reports, timed by a progress board of the measured code's own
    const firstSeen = new Map<string, number>();
    const board = new (class extends service.ProgressBoard {
      touch(entry: unknown, change: { phase?: string }) {
        if (change.phase && !firstSeen.has(change.phase)) firstSeen.set(change.phase, performance.now());
        super.touch(entry, change);
      }
    })();
    const tracked = service.trackProgress({ get: () => 'bench-progress-0000', state: { user: { id: 1 } }, deps: { progress: board } });
    // the main thread's own heap at its fullest (the reader worker's is not in it; the peak RSS has both)
    let heapMb = 0;
    const sampler = setInterval(() => (heapMb = Math.max(heapMb, process.memoryUsage().heapUsed / 1024 / 1024)), 50);
    extra.idleRssMb = mb(process.memoryUsage().rss);
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
      .select((eb: any) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    extra.ledgerEntries = Number(ledger.n);
  } finally {
    await db.destroy();
    await testDb?.drop();
  }
  return extra;
}

const [name, bundle, engine, dir] = process.argv.slice(2) as [string, string, string, string];
const result = await phase(name, bundle, engine, dir);
console.log(JSON.stringify({ ...result, peakRssMb: peakRssMb() }));
