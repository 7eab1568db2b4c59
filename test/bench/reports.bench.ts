// `npm run bench reports`: the stock movement report and the lot list at 1,000,000 ledger entries in
// one month over every stock (20 warehouses × 200 commodities, 200,000 B/L numbers), each figure
// next to a bare baseline measured in the same run: the same SQL over the same tables as prepared
// better-sqlite3 statements in this process (no HTTP, no validation, no presenters); and, for the
// report, what reading the month straight from the ledger would cost (the query the month and day
// tables spare).
//   BENCH_SCALE=10  a tenth of the entries, for development
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../server/db/database.js';
import { fillDayTables } from '../../server/db/migrations/009-lots.js';
import { startServer } from '../../server/start.js';
import { seedTrading } from './trading-seed.js';

const ENTRIES = Math.round(1_000_000 / Number(process.env.BENCH_SCALE ?? 1));
const WAREHOUSES = 20;
const COMMODITIES = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const CONTRACTS = Math.round(50_000 / Number(process.env.BENCH_SCALE ?? 1));
const log = (line = '') => console.log(line);

/** Median of `RUNS` timed calls (after one warm-up), in ms. */
async function median(fn: () => unknown): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

// BENCH_DATA_DIR=<folder>: seeds there and keeps it; a second run with the same folder skips seeding
const kept = process.env.BENCH_DATA_DIR;
if (kept) await mkdir(kept, { recursive: true });
const dataDir = kept ?? (await mkdtemp(join(tmpdir(), 'cargodesk-bench-reports-')));
const file = join(dataDir, 'cargodesk.sqlite');
const seeded = existsSync(file);
const stocks = WAREHOUSES * COMMODITIES;
const total = ENTRIES + Math.round(ENTRIES / 20);
const lots = Math.floor(total / 5);
// Seed: per stock, runs of five entries on one B/L (one inbound of 100, four outbound of 20), the
// month's entries on October 2026 and 5 % of as many in September (the report's opening stock).
async function seed() {
  const t = performance.now();
  const { db, sqlite } = await openDatabase(file);
  const time = '2026-10-01T08:00:00.000Z';
  const addWarehouse = sqlite.prepare(`insert into warehouses (code, name, status, createTime, updateTime) values (?, ?, 'active', ?, ?)`);
  for (let w = 0; w < WAREHOUSES; w++) addWarehouse.run(`W${w}`, `仓库${w}`, time, time);
  const addEntry = sqlite.prepare(
    `insert into stockLedger (entryTime, businessDate, warehouseId, commodity, kind, documentType, documentId, documentNumber, blNumber, quantityChangeMilli, balanceMilli) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
  );
  sqlite.transaction(() => {
    for (let i = 0; i < total; i++) {
      const lot = Math.floor(i / 5);
      const stock = lot % stocks;
      const date = i < ENTRIES / 20 ? `2026-09-${String(1 + (i % 30)).padStart(2, '0')}` : `2026-10-${String(1 + (i % 31)).padStart(2, '0')}`;
      const inbound = i % 5 === 0;
      addEntry.run(
        time,
        date,
        1 + (stock % WAREHOUSES),
        `commodity-${Math.floor(stock / WAREHOUSES)}`,
        inbound ? 'inbound' : 'outbound',
        inbound ? 'inboundOrder' : 'outboundOrder',
        i + 1,
        `D${i}`,
        `BL${String(lot).padStart(8, '0')}`,
        inbound ? 100_000 : -20_000,
      );
    }
  })();
  await fillDayTables(db as never);
  sqlite.exec(`insert into stockBalances (warehouseId, commodity, inboundMilli, outboundMilli, transferredMilli, currentMilli)
    select warehouseId, commodity, sum(inboundMilli), sum(outboundMilli), sum(transferredMilli), sum(inboundMilli) - sum(outboundMilli) - sum(transferredMilli) from stockDays group by warehouseId, commodity`);
  const lotDays = sqlite.prepare('select count(*) from stockLotDays').pluck().get() as number;
  // the trading desk (inbound orders, contracts, finance records, document sets, their kept tables): test/bench/trading-seed.ts
  log(`trading desk: ${await seedTrading(db as never, sqlite, time, { lots, warehouses: WAREHOUSES, commodities: COMMODITIES })}`);
  await db.destroy();
  log(
    `seeded ${total.toLocaleString('en-US')} ledger entries (${ENTRIES.toLocaleString('en-US')} in October 2026), ${lotDays.toLocaleString('en-US')} lot-days, in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

try {
  if (!seeded) await seed();
  else log(`reusing the seeded ${file}`);

  const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', logLevel: 'warn', dailyBackup: false });
  try {
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const send = () =>
        fetch(`${server.url}/api${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      // a kept-alive socket the server closed during a long baseline answers ECONNRESET: send again once
      const res = await send().catch(() => send());
      const json = (await res.json()) as { success: boolean; message: string; data: any };
      if (!json.success) throw new Error(`${path}: ${json.message}`);
      return json.data;
    };
    // a kept folder has the accounts already
    await call('POST', '/auth/register', { username: 'bench', password: 'bench-password-1' }).catch(() => undefined);
    const token = (await call('POST', '/auth/login', { username: 'bench', password: 'bench-password-1' })).token as string;

    const bare = new Database(file, { readonly: true });
    const periodSums = bare.prepare(
      'select warehouseId, commodity, sum(inboundMilli) i, sum(outboundMilli) o, sum(transferredMilli) t from stockMonths where month >= ? and month <= ? group by warehouseId, commodity',
    );
    const afterSums = bare.prepare(
      'select warehouseId, commodity, sum(inboundMilli) i, sum(outboundMilli) o, sum(transferredMilli) t from stockMonths where month >= ? group by warehouseId, commodity',
    );
    const daySums = bare.prepare(
      'select warehouseId, commodity, sum(inboundMilli) i, sum(outboundMilli) o, sum(transferredMilli) t from stockDays where businessDate >= ? and businessDate <= ? group by warehouseId, commodity',
    );
    const balances = bare.prepare('select b.*, w.name from stockBalances b join warehouses w on w.id = b.warehouseId order by w.name, b.commodity');
    const fromLedger = bare.prepare(
      `select warehouseId, commodity, sum(case when businessDate < @start then quantityChangeMilli else 0 end) opening,
        sum(case when businessDate >= @start and kind = 'inbound' then quantityChangeMilli else 0 end) i,
        sum(case when businessDate >= @start and kind = 'outbound' then quantityChangeMilli else 0 end) o
       from stockLedger where businessDate <= @end group by warehouseId, commodity`,
    );
    const inStock = `(inboundMilli != 0 or outboundMilli != 0 or transferredMilli != 0) and inboundMilli - outboundMilli - transferredMilli > 0`;
    const lotPage = bare.prepare(
      `select l.*, (select name from warehouses w where w.id = l.warehouseId) name from stockLots l where ${inStock} order by warehouseId, commodity, blNumber limit 20`,
    );
    const lotCount = bare.prepare(`select count(*) from stockLots where ${inStock}`).pluck();
    const lotPrefix = bare.prepare(
      `select l.*, (select name from warehouses w where w.id = l.warehouseId) name from stockLots l where blNumber >= ? and blNumber < ? order by warehouseId, commodity, blNumber limit 20`,
    );
    const lotDates = bare.prepare(
      `select min(case when inboundMilli != 0 then businessDate end), max(businessDate) from stockLotDays where warehouseId = ? and commodity = ? and blNumber = ?`,
    );
    const withDates = (rows: { warehouseId: number; commodity: string; blNumber: string }[]) => rows.map((r) => lotDates.get(r.warehouseId, r.commodity, r.blNumber));

    const report = await call('GET', '/reports/stock-movement?startDate=2026-10-01&endDate=2026-10-31', undefined, token);
    log(`report: ${report.items.length} rows; lots in stock: ${(await call('GET', '/inventory/lots', undefined, token)).total}`);
    log();
    log('| figure | service (HTTP, median) | bare baseline (SQL in process, median) |');
    log('|---|---|---|');
    const row = (figure: string, service: number, baseline: number) => log(`| ${figure} | ${service.toFixed(1)} ms | ${baseline.toFixed(1)} ms |`);
    // the trading desk's reports (test/bench/trading-seed.ts), beside the stock summary
    // the same reads as the service: the kept rows (pnlRows) in the report's order, one page, and their count
    const pnlPage = bare.prepare(`select * from pnlRows where grouping = ? order by sortKey desc, rowKey limit 20`);
    const pnlCount = bare.prepare(`select count(*) from pnlRows where grouping = ?`).pluck();
    row('stock summary (GET /inventory/summary), first page', await median(() => call('GET', '/inventory/summary', undefined, token)), await median(() => balances.all()));
    row(
      'profit and loss by B/L (50,000 contracts, 100,000 finance records), first page',
      await median(() => call('GET', '/reports/pnl?groupBy=bl', undefined, token)),
      await median(() => [pnlPage.all('bl'), pnlCount.get('bl')]),
    );
    row(
      'profit and loss by contract, first page',
      await median(() => call('GET', '/reports/pnl?groupBy=contract', undefined, token)),
      await median(() => [pnlPage.all('contract'), pnlCount.get('contract')]),
    );
    row('profit and loss by B/L, one commodity (commodity-7), first page', await median(() => call('GET', '/reports/pnl?groupBy=bl&commodity=commodity-7', undefined, token)), NaN);
    // a period, or a reader limited to some warehouses (a finance clerk of W0 and W1), is counted from the records on the request
    const signIn = async (password: string) => (await call('POST', '/auth/login', { username: 'bench-two-warehouses', password })).token as string;
    const clerk = await signIn('bench-password-3').catch(async () => {
      const made = await call('POST', '/users', { username: 'bench-two-warehouses', password: 'bench-password-2', roles: ['finance'], warehouses: ['W0', 'W1'] }, token);
      await call('PUT', `/users/${made.id}`, { password: 'bench-password-3', currentPassword: 'bench-password-2' }, await signIn('bench-password-2'));
      return signIn('bench-password-3');
    });
    for (const groupBy of ['bl', 'contract'])
      row(
        `profit and loss by ${groupBy}, October 2026 (counted from the records), first page`,
        await median(() => call('GET', `/reports/pnl?groupBy=${groupBy}&startDate=2026-10-01&endDate=2026-10-31`, undefined, token)),
        NaN,
      );
    for (const groupBy of ['bl', 'contract'])
      row(
        `profit and loss by ${groupBy}, a reader of 2 of the 20 warehouses, first page`,
        await median(() => call('GET', `/reports/pnl?groupBy=${groupBy}`, undefined, clerk)),
        NaN,
      );
    // the same reads as the service: the kept candidates (blStatus) lacking a required kind, one page, and the count
    const required = `('billOfLading', 'commercialInvoice', 'packingList', 'weightCertificate', 'qualityCertificate')`;
    const candidate = '(b.lotsInStock > 0 or b.openContracts > 0)';
    const missingPage = bare.prepare(
      `select b.blNumber from blStatus b where ${candidate} and (select count(distinct d.kind) from blDocuments d where d.blNumber = b.blNumber and d.kind in ${required}) < 5 order by b.blNumber limit 20`,
    );
    const missingCount = bare.prepare(`select count(*) from blStatus b where ${candidate}`).pluck();
    const completeCount = bare
      .prepare(
        `select count(*) from (select d.blNumber from blDocuments d join blStatus b on b.blNumber = d.blNumber where ${candidate} and d.kind in ${required} group by d.blNumber having count(distinct d.kind) = 5)`,
      )
      .pluck();
    row(
      'missing documents, first page (every B/L in stock or of an open contract)',
      await median(() => call('GET', '/reports/missing-documents', undefined, token)),
      await median(() => [missingPage.all(), missingCount.get(), completeCount.get()]),
    );
    row(
      'stock movement report, October (1,000,000 entries), every stock',
      await median(() => call('GET', '/reports/stock-movement?startDate=2026-10-01&endDate=2026-10-31', undefined, token)),
      await median(() => [periodSums.all('2026-10', '2026-10'), afterSums.all('2026-11'), balances.all()]),
    );
    row(
      'stock movement report, 2026-10-02 to 2026-10-30 (days, not whole months)',
      await median(() => call('GET', '/reports/stock-movement?startDate=2026-10-02&endDate=2026-10-30', undefined, token)),
      await median(() => [daySums.all('2026-10-02', '2026-10-31'), daySums.all('2026-10-31', '2026-10-31'), afterSums.all('2026-11'), balances.all()]),
    );
    row('  the October report read straight from the ledger (no summing tables)', NaN, await median(() => fromLedger.all({ start: '2026-10-01', end: '2026-10-31' })));
    row(
      'lot list, first page in stock (every lot)',
      await median(() => call('GET', '/inventory/lots', undefined, token)),
      await median(() => [withDates(lotPage.all() as never), lotCount.get()]),
    );
    row(
      'lot list, B/L prefix BL0001',
      await median(() => call('GET', '/inventory/lots?blNumber=BL0001&inStock=all', undefined, token)),
      await median(() => withDates(lotPrefix.all('BL0001', 'BL0001\u{10FFFF}') as never)),
    );
    // the trading desk, beside the stock summary of the same stocks
    const positionGroups = bare.prepare('select * from positionCounts');
    const positionExecuted = bare.prepare(
      'select contractType, commodity, unit, month, sum(receivedMilli), sum(deliveredMilli) from positionExecuted group by contractType, commodity, unit, month',
    );
    const stockByCommodity = bare.prepare('select commodity, sum(currentMilli) from stockBalances group by commodity');
    const position = await call('GET', '/reports/position', undefined, token);
    log(`position: ${position.items.length} rows over ${CONTRACTS.toLocaleString('en-US')} contracts`);
    row('stock summary, first page (every stock)', await median(() => call('GET', '/inventory/summary', undefined, token)), await median(() => balances.all()));
    row(
      `open position (${CONTRACTS.toLocaleString('en-US')} contracts, every commodity, by month)`,
      await median(() => call('GET', '/reports/position', undefined, token)),
      await median(() => [positionGroups.all(), positionExecuted.all(), stockByCommodity.all()]),
    );
    // the contract execution report matches every contract against every document group per request
    // (what the position avoids): one timed call, and only at a tenth of the scale or less (hours at full)
    if (CONTRACTS <= 5_000) {
      const started = performance.now();
      await call('GET', '/reports/contract-execution', undefined, token);
      log(`|   contract execution, first page (adds up the documents per request: what position avoids) | ${(performance.now() - started).toFixed(0)} ms (one call) | |`);
    }
    // the same read as the service: the kept lots (lotWeights) in the report's order, one page, and their count
    const weightsBare = bare.prepare(
      `select l.*, w.name, c.contractCode, c.weightTolerance, c.unitPrice, c.currency from lotWeights l join warehouses w on w.id = l.warehouseId left join contracts c on c.id = l.contractId
       order by l.claimMilli desc, l.warehouseId, l.commodity, l.blNumber limit 20`,
    );
    const weightsCount = bare.prepare('select count(*) from lotWeights').pluck();
    row(
      `B/L weights, first page (${lots.toLocaleString('en-US')} lots, out of tolerance first)`,
      await median(() => call('GET', '/reports/weights', undefined, token)),
      await median(() => [weightsBare.all(), weightsCount.get()]),
    );
    row('B/L weights of one B/L prefix (BL0001)', await median(() => call('GET', '/reports/weights?blNumber=BL0001', undefined, token)), NaN);
    // one timed call: grouping every lot-day is the slow path, kept for asOf
    const start = performance.now();
    const asOf = await call('GET', '/inventory/lots?asOf=2026-10-15&pageSize=20', undefined, token).then(
      () => `${(performance.now() - start).toFixed(0)} ms (one call)`,
      (err: Error) => `failed after ${(performance.now() - start).toFixed(0)} ms: ${err.message}`,
    );
    log(`| lot list asOf 2026-10-15, first page in stock (groups stockLotDays) | ${asOf} | |`);
    bare.close();
  } finally {
    await server.close();
  }
} finally {
  if (!kept) await rm(dataDir, { recursive: true, force: true });
}
