// The trading desk's part of the reports bench (`npm run bench reports`), seeded in this one place:
// beside the 1,000,000 ledger entries of reports.bench.ts (whose lot tables the reports read for
// receipts and deliveries),
// - an inbound order per lot (its B/L weight 0.1 % or, every 7th lot, 1 % above its outturn);
// - 50,000 business contracts: a purchase (every 5th an upstream contract) and a sale of each of
//   25,000 pairs, four B/Ls each (100,000 B/Ls bought and sold), priced in CNY, in tonnes, 0.5 %
//   weight tolerance, delivery months over 2026;
// - 100,000 finance records (freight, misc charges, service fees, cost breakdowns, profit records; a
//   third in USD), three monthly rates, and the complete document sets of 2,000 B/Ls;
// - the kept tables of the contracts and lots filled by the functions the migrations and the writes
//   use: `recountAllContracts` (contractBls, contractExecution, positionCounts, positionExecuted:
//   migration 024), `fillLotWeights` (lotWeights) and `fillBlStatus` (blStatus: migration 028),
//   `fillPnlRows` (pnlRows, pnlRowRates: migration 029).
import type Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { fillBlStatus } from '../../server/db/bl-status.js';
import { recountAllContracts } from '../../server/db/contract-sums.js';
import { fillLotWeights } from '../../server/db/lot-weights.js';
import { fillPnlRows } from '../../server/routes/trading/pnl-rows.js';
import type { Database as Tables } from '../../server/db/tables.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CONTRACTS = Math.round(50_000 / SCALE);
const FINANCE = Math.round(100_000 / SCALE);
const COMPLETE_SETS = Math.round(2_000 / SCALE);
const REQUIRED = ['billOfLading', 'commercialInvoice', 'packingList', 'weightCertificate', 'qualityCertificate'];
const FINANCE_KINDS = ['freight-charges', 'misc-charges', 'service-fees', 'cost-breakdowns', 'profit-records'];

export const benchBl = (lot: number) => `BL${String(lot).padStart(8, '0')}`;

/**
 * Seeds the trading desk's rows into the bench's database, after its ledger and lot tables (`lots`
 * lots, lot `n` on B/L `benchBl(n)`, in warehouse 1 + n % warehouses, of commodity-⌊(n % stocks) /
 * warehouses⌋); returns what it wrote.
 */
export async function seedTrading(db: Kysely<Tables>, sqlite: Database.Database, time: string, shape: { lots: number; warehouses: number; commodities: number }): Promise<string> {
  const tx = (work: () => void) => sqlite.transaction(work)();
  const stocks = shape.warehouses * shape.commodities;
  const commodityOf = (lot: number) => `commodity-${Math.floor((lot % stocks) / shape.warehouses)}`;
  tx(() => {
    const add = sqlite.prepare(
      `insert into inboundOrders (inboundNumber, warehouseId, commodity, blNumber, blWeightMilli, inboundWeightMilli, contractNumber, inboundDate, createTime, updateTime) values (?, ?, ?, ?, ?, ?, null, '2026-10-01', ?, ?)`,
    );
    for (let lot = 0; lot < shape.lots; lot++)
      add.run(`IN${lot}`, 1 + ((lot % stocks) % shape.warehouses), commodityOf(lot), benchBl(lot), lot % 7 === 0 ? 101_000 : 100_100, 100_000, time, time);
  });
  tx(() => {
    const add = sqlite.prepare(
      `insert into contracts (name, contractType, contractCode, buyParty, sellParty, commodity, count, unitPrice, blNumber, deliveryTime, unit, currency, weightTolerance, createTime, updateTime)
       values (?, ?, ?, 'Buyer', 'Seller', ?, 400, ?, ?, ?, 't', 'CNY', 0.5, ?, ?)`,
    );
    for (let c = 0; c < CONTRACTS; c++) {
      const pair = Math.floor(c / 2);
      const sale = c % 2 === 1;
      const bls = [0, 1, 2, 3].map((k) => benchBl(pair * 4 + k)).join(';');
      add.run(
        `contract ${c}`,
        sale ? '3' : pair % 5 === 0 ? '2' : '1',
        `${sale ? 'SC' : 'PC'}${String(pair).padStart(6, '0')}`,
        commodityOf(pair * 4),
        sale ? 105.5 : 100,
        bls,
        `2026-${String(1 + (pair % 12)).padStart(2, '0')}`,
        time,
        time,
      );
    }
  });
  tx(() => {
    const add = sqlite.prepare(
      `insert into financeRecords (kind, contractNumber, blNumber, recordDate, status, currency, amountCents, costCents, fields, searchText, createTime, updateTime)
       values (?, null, ?, ?, null, ?, ?, ?, '{}', '', ?, ?)`,
    );
    for (let f = 0; f < FINANCE; f++) {
      const kind = FINANCE_KINDS[f % FINANCE_KINDS.length]!;
      const profit = kind === 'profit-records';
      add.run(
        kind,
        benchBl(Math.floor(f / 5) % (CONTRACTS * 2)),
        `2026-${f % 2 ? '10' : '11'}-${String(1 + (f % 28)).padStart(2, '0')}`,
        f % 3 === 0 ? 'USD' : 'CNY',
        profit ? 900_000 : 12_345,
        profit ? 850_000 : null,
        time,
        time,
      );
    }
    const rate = sqlite.prepare('insert into exchangeRates (currency, month, rate) values (?, ?, ?)');
    for (const [month, r] of [
      ['2026-09', 7.08],
      ['2026-10', 7.1],
      ['2026-11', 7.18],
    ] as const)
      rate.run('USD', month, r);
    const doc = sqlite.prepare(`insert into blDocuments (blNumber, kind, name, url, size, mimeType, createTime) values (?, ?, 'scan.pdf', ?, 1000, 'application/pdf', ?)`);
    for (let s = 0; s < COMPLETE_SETS; s++) for (const kind of REQUIRED) doc.run(benchBl(s * 7), kind, `bl_documents/bench-${s}-${kind}`, time);
  });
  // the kept tables, by the migrations' own functions, each in one transaction
  const started = performance.now();
  await db.transaction().execute((trx) => recountAllContracts(trx));
  await db.transaction().execute((trx) => fillLotWeights(trx));
  await db.transaction().execute((trx) => fillBlStatus(trx));
  await db.transaction().execute((trx) => fillPnlRows(trx));
  const kept = ((performance.now() - started) / 1000).toFixed(1);
  return `${shape.lots.toLocaleString('en-US')} inbound orders, ${CONTRACTS.toLocaleString('en-US')} contracts, ${FINANCE.toLocaleString('en-US')} finance records, ${COMPLETE_SETS.toLocaleString('en-US')} complete document sets; kept tables filled in ${kept} s`;
}
