// The profit and loss report's figures (decisions.md "Trading desk"), counted by one function from the
// records, and the rows kept from it (`pnlRows`, migration 029, issue 31 item 7).
//
// - A B/L's sale is its first downstream (3) contract that lists it, its purchase its first purchase
//   (1) or upstream (2) contract that lists it (by id): their unit prices price what was delivered.
// - Delivered: the B/L's outbound and transferred quantities as the ledger keeps them per lot and day
//   (a cancelled document's reversal nets out; the reader's warehouses; within startDate–endDate), by
//   month. revenue = sale price × delivered, purchaseCost = purchase price × delivered, each month
//   at that month's rate of the contract's currency (without a period, a B/L priced only in the base
//   currency counts its whole delivery at once).
// - Freight charges, misc charges, service fees, cost breakdowns and profit records (dated within the
//   period; a record without its date counts on its creation date) count for the B/L they name; by
//   contract, for the downstream contract whose code they name, else for the one their B/L is sold
//   under. Each converts at the rate of its own currency in its month.
// - A figure with an amount whose rate is missing is null and the row names the rate ("USD 2026-11").
//
// `countRows` adds these up over sources read either for every row (`readAll`: the export of a
// period or of a reader limited to some warehouses) or for some rows (`readFor`: those a write
// touched, over every warehouse and date; those a counted page needs, within its period and
// warehouses, among the rows `rowKeys` finds). The rows of a reader of every warehouse without a period are kept in `pnlRows`, in the
// base currency, with |difference| indexed for the report's order, and `pnlRowRates` names the
// (currency, month) rates each kept row converted with (or lacks). Every write that changes a figure
// counts its rows again in its transaction (`touchPnl`): a finance write of the five kinds, a contract
// write, a stock write delivering on B/Ls in another currency or on many B/Ls (a stock write on a few
// B/Ls priced in the base currency changes their rows by the change instead: `deliverPnl`); a change
// of the rates counts again the rows that converted with a changed rate (`recountRates`). On PostgreSQL the recounts hold an advisory lock per
// row (`pnl:bl:…`, `pnl:contract:…`, in key order) after the contract-sums lock every writer takes
// first (shared; exclusive for contract and rate writes), so two writes of one row count one after the
// other, each from what the other committed.
import { sql, type Kysely } from 'kysely';
import { splitBlNumbers } from '../../../shared/contracts.js';
import { BASE_CURRENCY } from '../../../shared/trading.js';
import { chunked } from '../../db/batches.js';
import { deferred, deferring } from '../../db/deferred.js';
import { lockKeys } from '../../db/locks.js';
import { inScope, type Scope } from '../../db/scope.js';
import type { Database, Queryable } from '../../db/tables.js';
import type { PnlRowsTable } from '../../db/tables-trading.js';
import { deliveredByMonth, lotSumsByBl } from './lot-sums.js';

export type Grouping = 'bl' | 'contract';

/** The rate of a currency in a month: 1 for the base currency; undefined when none was entered. */
type RateOf = (currency: string, month: string) => number | undefined;

export async function rateTable(db: Queryable): Promise<RateOf> {
  const rows = await db.selectFrom('exchangeRates').select(['currency', 'month', 'rate']).execute();
  const rates = new Map(rows.map((r) => [`${r.currency} ${r.month}`, Number(r.rate)]));
  return (currency, month) => (currency === BASE_CURRENCY ? 1 : rates.get(`${currency} ${month}`));
}

/** The month of a B/L's whole delivery when only base-currency prices apply to it (their rate is 1 in every month). */
const ANY_MONTH = '';

/** The finance kinds the report reads, by their stored `kind` (the url segment), and the figure each feeds. */
const COST_KINDS = { 'freight-charges': 'freight', 'misc-charges': 'miscCharges', 'service-fees': 'serviceFees', 'cost-breakdowns': 'otherCosts' } as const;
type CostFigure = (typeof COST_KINDS)[keyof typeof COST_KINDS];
const PROFIT_KIND = 'profit-records';
export const PNL_KINDS: readonly string[] = [...Object.keys(COST_KINDS), PROFIT_KIND];
type Figure = 'revenue' | 'purchaseCost' | 'freight' | 'miscCharges' | 'serviceFees' | 'otherCosts' | 'recordedProfit';
const FIGURES: readonly Figure[] = ['revenue', 'purchaseCost', 'freight', 'miscCharges', 'serviceFees', 'otherCosts', 'recordedProfit'];

/** One row being summed: cents per figure (null once a rate is missing), delivered thousandths. */
export class Sums {
  deliveredMilli = 0;
  cents: Record<Figure, number | null> = { revenue: 0, purchaseCost: 0, freight: 0, miscCharges: 0, serviceFees: 0, otherCosts: 0, recordedProfit: 0 };
  hasProfitRecord = false;
  missing = new Set<string>();
  /** every (currency, month) of another currency an amount converted with, or lacks: "USD 2026-11" */
  rates = new Set<string>();
  constructor(
    readonly key: string,
    public commodity: string | null,
  ) {}

  /** Adds `amount` (in `currency`, dated `month`) converted to base cents; `toCents` turns amount × rate into whole cents. */
  add(figure: Figure, currency: string, month: string, rateOf: RateOf, toCents: (rate: number) => number): void {
    if (currency !== BASE_CURRENCY) this.rates.add(`${currency} ${month}`);
    const rate = rateOf(currency, month);
    if (rate === undefined) {
      this.missing.add(`${currency} ${month}`);
      this.cents[figure] = null;
      return;
    }
    const current = this.cents[figure];
    if (current !== null) this.cents[figure] = current + toCents(rate);
  }

  /** profit = revenue − the five costs; null when one of them is. */
  get profitCents(): number | null {
    const c = this.cents;
    const costs = [c.purchaseCost, c.freight, c.miscCharges, c.serviceFees, c.otherCosts];
    return c.revenue === null || costs.some((x) => x === null) ? null : c.revenue - costs.reduce((a: number, b) => a + b!, 0);
  }

  get differenceCents(): number | null {
    const profit = this.profitCents;
    return profit === null || !this.hasProfitRecord || this.cents.recordedProfit === null ? null : profit - this.cents.recordedProfit;
  }
}

/** price × quantity (thousandths) × rate, in whole cents. */
const priceCents = (price: number, milli: number) => (rate: number) => Math.round((price * milli * rate) / 10);
const amountCents = (cents: number) => (rate: number) => Math.round(cents * rate);

interface ContractRow {
  id: number;
  contractType: string;
  contractCode: string;
  commodity: string;
  unitPrice: number | string;
  currency: string;
  blNumber: string;
}
interface Contract {
  id: number;
  contractCode: string;
  commodity: string;
  unitPrice: number;
  currency: string;
}
interface FinanceRow {
  id: number;
  kind: string;
  blNumber: string | null;
  contractNumber: string | null;
  currency: string;
  recordDate: string | null;
  createTime: string;
  amount: number | string;
  cost: number | string | null;
}

/** What the figures are counted from: contracts (any order), deliveries per B/L and month, finance records. */
interface Sources {
  contracts: ContractRow[];
  deliveries: Map<string, Map<string, number>>;
  records: FinanceRow[];
}

/** Business dates from–to (inclusive, either open). */
export interface Period {
  from?: string;
  to?: string;
}

const CONTRACT_COLUMNS = ['id', 'contractType', 'contractCode', 'commodity', 'unitPrice', 'currency', 'blNumber'] as const;
const dated = sql<string>`coalesce("recordDate", substr("createTime", 1, 10))`;

function financeQuery(db: Queryable, period: Period) {
  let q = db
    .selectFrom('financeRecords')
    .select(['id', 'kind', 'blNumber', 'contractNumber', 'currency', 'recordDate', 'createTime', 'amountCents as amount', 'costCents as cost']);
  if (period.from) q = q.where(dated, '>=', period.from);
  if (period.to) q = q.where(dated, '<=', period.to);
  return q;
}

/** The first sale and purchase of every B/L the contracts list, and the first downstream contract of each code. */
function tradesOf(contracts: readonly ContractRow[]) {
  const saleOfBl = new Map<string, Contract>();
  const purchaseOfBl = new Map<string, Contract>();
  const saleByCode = new Map<string, Contract>();
  for (const row of [...contracts].sort((a, b) => a.id - b.id)) {
    if (row.contractType !== '1' && row.contractType !== '2' && row.contractType !== '3') continue;
    const c: Contract = { id: row.id, contractCode: row.contractCode, commodity: row.commodity, unitPrice: Number(row.unitPrice), currency: row.currency };
    const byBl = row.contractType === '3' ? saleOfBl : purchaseOfBl;
    if (row.contractType === '3' && !saleByCode.has(c.contractCode)) saleByCode.set(c.contractCode, c);
    for (const bl of splitBlNumbers(row.blNumber)) if (!byBl.has(bl)) byBl.set(bl, c);
  }
  return { saleOfBl, purchaseOfBl, saleByCode };
}

/** The B/Ls priced in another currency (their deliveries count month by month even without a period). */
function foreignBls(trades: ReturnType<typeof tradesOf>, bls: Iterable<string>): string[] {
  const out: string[] = [];
  for (const bl of bls) {
    const sale = trades.saleOfBl.get(bl);
    if (sale && (sale.currency !== BASE_CURRENCY || (trades.purchaseOfBl.get(bl)?.currency ?? BASE_CURRENCY) !== BASE_CURRENCY)) out.push(bl);
  }
  return out;
}

/** Every source of every row (plain scans), within the period and the reader's warehouses. */
export async function readAll(db: Queryable, period: Period, scope: Scope): Promise<Sources> {
  const contracts = await db.selectFrom('contracts').select(CONTRACT_COLUMNS).execute();
  const trades = tradesOf(contracts);
  let deliveries: Map<string, Map<string, number>>;
  if (period.from || period.to) deliveries = await deliveredByMonth(db, scope, period);
  else {
    const foreign = foreignBls(trades, trades.saleOfBl.keys());
    deliveries = foreign.length ? await deliveredByMonth(db, scope, {}, foreign) : new Map();
    for (const [bl, sums] of await lotSumsByBl(db, scope)) if (!deliveries.has(bl) && sums.deliveredMilli !== 0) deliveries.set(bl, new Map([[ANY_MONTH, sums.deliveredMilli]]));
  }
  return { contracts, deliveries, records: await periodRecords(db, period) };
}

/** Where `readFor` reads: within a period and the reader's warehouses (none given: every date and warehouse), and among `records` when the period's are read already (`periodRecords`). */
interface Within {
  period?: Period;
  scope?: Scope;
  records?: readonly FinanceRow[];
}

/** The finance records of the five kinds dated in `period`. */
export const periodRecords = (db: Queryable, period: Period): Promise<FinanceRow[]> =>
  financeQuery(db, period)
    .where('kind', 'in', [...PNL_KINDS])
    .execute();

/**
 * The sources of the rows `keys` of `grouping`: the contracts that list their B/Ls (and name their
 * codes), those B/Ls' deliveries, the finance records of their B/Ls and codes, and the downstream
 * contracts those records' contract numbers name.
 */
export async function readFor(db: Queryable, grouping: Grouping, keys: readonly string[], within: Within = {}): Promise<Sources> {
  const { period = {}, scope = { warehouseIds: null } } = within;
  const contracts = new Map<number, ContractRow>();
  const keep = (rows: ContractRow[]) => rows.forEach((r) => contracts.set(r.id, r));
  const salesNamed = async (codes: readonly string[]) => {
    for (const piece of chunked([...new Set(codes)]))
      // by the code's index (SQLite would walk the contract type's)
      keep((await db.selectFrom('contracts').select(CONTRACT_COLUMNS).where('contractCode', 'in', piece).execute()).filter((c) => c.contractType === '3'));
  };
  let bls: string[];
  if (grouping === 'bl') bls = [...keys];
  else {
    await salesNamed(keys);
    bls = [...new Set([...contracts.values()].flatMap((c) => splitBlNumbers(c.blNumber)))];
  }
  let records: FinanceRow[];
  if (within.records) {
    const named = new Set(bls);
    const codes = new Set(grouping === 'contract' ? keys : []);
    records = within.records.filter((r) => (r.blNumber !== null && named.has(r.blNumber)) || (r.contractNumber !== null && codes.has(r.contractNumber)));
  } else {
    const byId = new Map<number, FinanceRow>();
    const finance = () => financeQuery(db, period).where('kind', 'in', [...PNL_KINDS]);
    for (const piece of chunked(bls)) for (const r of await finance().where('blNumber', 'in', piece).execute()) byId.set(r.id, r);
    if (grouping === 'contract') for (const piece of chunked([...keys])) for (const r of await finance().where('contractNumber', 'in', piece).execute()) byId.set(r.id, r);
    records = [...byId.values()];
  }
  if (grouping === 'contract') await salesNamed(records.map((r) => r.contractNumber).filter((c): c is string => c !== null));
  for (const piece of chunked(bls)) {
    const ids = [...new Set((await db.selectFrom('contractBls').select('contractId').where('blNumber', 'in', piece).execute()).map((r) => r.contractId))];
    for (const idPiece of chunked(ids)) keep(await db.selectFrom('contracts').select(CONTRACT_COLUMNS).where('id', 'in', idPiece).execute());
  }
  const trades = tradesOf([...contracts.values()]);
  const sold = bls.filter((bl) => trades.saleOfBl.has(bl));
  if (period.from || period.to) return { contracts: [...contracts.values()], deliveries: await deliveredByMonth(db, scope, period, sold), records };
  const foreign = foreignBls(trades, sold);
  const deliveries = foreign.length ? await deliveredByMonth(db, scope, {}, foreign) : new Map<string, Map<string, number>>();
  const base = sold.filter((bl) => !deliveries.has(bl));
  const whole = new Map<string, number>();
  // by the B/L index, the reader's warehouses kept here (as deliveredByMonth)
  for (const piece of chunked(base))
    for (const r of await db
      .selectFrom('stockLots')
      .select(['blNumber', 'warehouseId', sql<number>`sum("outboundMilli" + "transferredMilli")`.as('milli')])
      .where('blNumber', 'in', piece)
      .groupBy(['blNumber', 'warehouseId'])
      .execute())
      if (inScope(scope, r.warehouseId)) whole.set(r.blNumber, (whole.get(r.blNumber) ?? 0) + Number(r.milli));
  for (const [bl, milli] of whole) if (milli !== 0) deliveries.set(bl, new Map([[ANY_MONTH, milli]]));
  return { contracts: [...contracts.values()], deliveries, records };
}

/**
 * The keys of the rows `countRows` makes of every contract and of `records` (a row's being there
 * never depends on the deliveries, so neither on the period's dates nor on the warehouses), and of
 * those with a profit record (the only rows that can have a difference): every sold B/L — by
 * contract, the code of each B/L's first sale — and the key each record counts for, attributed as
 * `tradesOf` and `countRows` do from the contracts' B/L rows, so a page need not count every row.
 */
export async function rowKeys(db: Queryable, grouping: Grouping, records: readonly FinanceRow[]): Promise<{ keys: Set<string>; withProfit: Set<string> }> {
  const sales = db.selectFrom('contractBls as b').innerJoin('contracts as c', 'c.id', 'b.contractId').where('c.contractType', '=', '3');
  const keys = new Set<string>();
  let keyOf: (r: FinanceRow) => string | null | undefined = (r) => r.blNumber;
  if (grouping === 'bl') for (const r of await sales.select('b.blNumber').distinct().execute()) keys.add(r.blNumber);
  else {
    const codes = new Map((await db.selectFrom('contracts').select(['id', 'contractCode']).where('contractType', '=', '3').execute()).map((c) => [c.id, c.contractCode]));
    const named = new Set(codes.values());
    const saleOfBl = new Map<string, string>();
    for (const r of await sales
      .select(['b.blNumber', (eb) => eb.fn.min<number>('c.id').as('id')])
      .groupBy('b.blNumber')
      .execute()) {
      const code = codes.get(Number(r.id))!;
      saleOfBl.set(r.blNumber, code);
      keys.add(code);
    }
    // the sale its contract number names, else its B/L's first sale
    keyOf = (r) => (r.contractNumber !== null && named.has(r.contractNumber) ? r.contractNumber : r.blNumber !== null ? saleOfBl.get(r.blNumber) : undefined);
  }
  const withProfit = new Set<string>();
  for (const r of records) {
    const key = keyOf(r);
    if (key === null || key === undefined) continue;
    keys.add(key);
    if (r.kind === PROFIT_KIND) withProfit.add(key);
  }
  return { keys, withProfit };
}

/** Every row of `grouping` the sources make, each figure converted and rounded as the report rounds it. */
export function countRows(sources: Sources, grouping: Grouping, rateOf: RateOf): Map<string, Sums> {
  const { saleOfBl, purchaseOfBl, saleByCode } = tradesOf(sources.contracts);
  const rows = new Map<string, Sums>();
  const rowOf = (key: string, commodity: string | null) => {
    let row = rows.get(key);
    if (!row) rows.set(key, (row = new Sums(key, commodity)));
    return row;
  };
  const byContract = grouping === 'contract';

  // revenue and purchase cost of what was delivered on each sold B/L
  for (const [bl, sale] of saleOfBl) {
    const purchase = purchaseOfBl.get(bl);
    const row = rowOf(byContract ? sale.contractCode : bl, sale.commodity);
    for (const [month, milli] of sources.deliveries.get(bl) ?? []) {
      row.deliveredMilli += milli;
      row.add('revenue', sale.currency, month, rateOf, priceCents(sale.unitPrice, milli));
      if (purchase) row.add('purchaseCost', purchase.currency, month, rateOf, priceCents(purchase.unitPrice, milli));
    }
  }
  // the finance records, each where it belongs
  for (const r of sources.records) {
    let key: string | undefined;
    let commodity: string | null = null;
    if (byContract) {
      const sale = (r.contractNumber !== null ? saleByCode.get(r.contractNumber) : undefined) ?? (r.blNumber !== null ? saleOfBl.get(r.blNumber) : undefined);
      key = sale?.contractCode;
      commodity = sale?.commodity ?? null;
    } else if (r.blNumber !== null) {
      key = r.blNumber;
      commodity = (saleOfBl.get(r.blNumber) ?? purchaseOfBl.get(r.blNumber))?.commodity ?? null;
    }
    if (key === undefined) continue;
    const row = rowOf(key, commodity);
    const amount = Number(r.amount);
    const month = (r.recordDate ?? r.createTime).slice(0, 7);
    if (r.kind === PROFIT_KIND) {
      row.hasProfitRecord = true;
      row.add('recordedProfit', r.currency, month, rateOf, amountCents(amount - Number(r.cost ?? 0)));
    } else {
      row.add(COST_KINDS[r.kind as keyof typeof COST_KINDS] as CostFigure, r.currency, month, rateOf, amountCents(amount));
    }
  }
  return rows;
}

/** A row as `pnlRows` keeps it. */
function keptRow(grouping: Grouping, r: Sums): PnlRowsTable {
  const difference = r.differenceCents;
  return {
    grouping,
    rowKey: r.key,
    commodity: r.commodity,
    deliveredMilli: r.deliveredMilli,
    revenue: r.cents.revenue,
    purchaseCost: r.cents.purchaseCost,
    freight: r.cents.freight,
    miscCharges: r.cents.miscCharges,
    serviceFees: r.cents.serviceFees,
    otherCosts: r.cents.otherCosts,
    recordedProfit: r.hasProfitRecord ? r.cents.recordedProfit : null,
    hasProfitRecord: r.hasProfitRecord ? 1 : 0,
    missingRates: [...r.missing].sort().join(';'),
    sortKey: difference === null ? -1 : Math.abs(difference),
  };
}

/** A kept row back as the figures `countRows` gave it. */
export function sumsOf(row: PnlRowsTable): Sums {
  const sums = new Sums(row.rowKey, row.commodity);
  sums.deliveredMilli = Number(row.deliveredMilli);
  for (const figure of FIGURES) sums.cents[figure] = row[figure] === null ? null : Number(row[figure]);
  sums.hasProfitRecord = Number(row.hasProfitRecord) === 1;
  if (!sums.hasProfitRecord) sums.cents.recordedProfit = 0;
  for (const m of row.missingRates ? row.missingRates.split(';') : []) sums.missing.add(m);
  return sums;
}

/** Replaces the kept rows `keys` of `grouping` with what the records give now (the caller holds their locks). */
async function rewrite(db: Queryable, grouping: Grouping, keys: readonly string[], rateOf: RateOf): Promise<void> {
  if (keys.length === 0) return;
  const rows = countRows(await readFor(db, grouping, keys), grouping, rateOf);
  const wanted = new Set(keys);
  const kept = [...rows.values()].filter((r) => wanted.has(r.key));
  for (const piece of chunked([...wanted])) {
    await db.deleteFrom('pnlRows').where('grouping', '=', grouping).where('rowKey', 'in', piece).execute();
    await db.deleteFrom('pnlRowRates').where('grouping', '=', grouping).where('rowKey', 'in', piece).execute();
  }
  await insertRows(db, grouping, kept);
}

async function insertRows(db: Queryable, grouping: Grouping, rows: readonly Sums[]): Promise<void> {
  // 14 columns a row: well under SQLite's 32,766 bound parameters a statement
  for (const piece of chunked(rows, 1000))
    await db
      .insertInto('pnlRows')
      .values(piece.map((r) => keptRow(grouping, r)))
      .execute();
  const rates = rows.flatMap((r) =>
    [...r.rates].map((pair) => ({ grouping, rowKey: r.key, currency: pair.slice(0, pair.indexOf(' ')), month: pair.slice(pair.indexOf(' ') + 1) })),
  );
  for (const piece of chunked(rates, 2000)) await db.insertInto('pnlRowRates').values(piece).execute();
}

const rowLock = (grouping: Grouping, key: string) => `${grouping}:${key}`;

/** Locks (PostgreSQL) and counts again the rows `bls` and `codes`, in key order (the caller holds the contract-sums lock). */
async function recount(db: Queryable, bls: ReadonlySet<string>, codes: ReadonlySet<string>): Promise<void> {
  if (bls.size === 0 && codes.size === 0) return;
  await lockKeys(db, 'pnl', [...[...bls].map((k) => rowLock('bl', k)), ...[...codes].map((k) => rowLock('contract', k))]);
  const rateOf = await rateTable(db);
  await rewrite(db, 'bl', [...bls], rateOf);
  await rewrite(db, 'contract', [...codes], rateOf);
}

/**
 * A write's part, once in its transaction after its changes: counts again the rows of the B/Ls and
 * contract codes it touched (before and after), widened to the downstream contracts that list those
 * B/Ls and to those of the B/Ls of finance records naming the codes (which move between a code and
 * their B/L's sale when the code starts or stops being a downstream contract's). The caller holds the
 * contract-sums lock (shared or exclusive), so no contract changes while the rows are found.
 */
export async function touchPnl(db: Queryable, bls: Iterable<string | null | undefined>, codes: Iterable<string | null | undefined>): Promise<void> {
  const blSet = new Set([...bls].filter((b): b is string => typeof b === 'string' && b !== ''));
  const codeSet = new Set([...codes].filter((c): c is string => typeof c === 'string' && c !== ''));
  if (blSet.size === 0 && codeSet.size === 0) return;
  // inside an import: counted once after its last batch (deferRecounts), so its row locks come last
  if (deferred(db, 'pnl', (trx, [bls, codes]) => touchPnl(trx, bls!, codes!), blSet, codeSet)) return;
  const via = new Set(blSet);
  for (const piece of chunked([...codeSet]))
    for (const r of await db
      .selectFrom('financeRecords')
      .select('blNumber')
      .where('kind', 'in', [...PNL_KINDS])
      .where('contractNumber', 'in', piece)
      .execute())
      if (r.blNumber !== null && r.blNumber !== '') via.add(r.blNumber);
  for (const piece of chunked([...via]))
    for (const r of await db
      .selectFrom('contractBls as b')
      .innerJoin('contracts as c', 'c.id', 'b.contractId')
      .select('c.contractCode')
      .distinct()
      .where('b.blNumber', 'in', piece)
      .where('c.contractType', '=', '3')
      .execute())
      codeSet.add(r.contractCode);
  await recount(db, blSet, codeSet);
}

/** Up to this many B/Ls a stock write's deliveries change the kept rows by the change; more (an import batch) count them again. */
const BY_CHANGE = 20;

/**
 * A stock write's part (the caller holds the contract-sums lock, shared): the deliveries it changed,
 * per B/L and business date (outbound + transferred thousandths). When every B/L sold among them is
 * priced in the base currency only, a kept row's figures are exact by the change: its B/L's whole
 * delivery is one term, price × delivered rounded to the cent, so the row takes the new term less
 * the old, and its contract row likewise; otherwise (another currency: months count; or a batch of
 * many B/Ls) the rows are counted again from the records (`touchPnl`).
 */
export async function deliverPnl(db: Queryable, changes: readonly { blNumber: string | null; businessDate: string; milli: number }[]): Promise<void> {
  const moved = changes.filter((c): c is { blNumber: string; businessDate: string; milli: number } => c.blNumber !== null && c.blNumber !== '' && c.milli !== 0);
  const net = new Map<string, number>();
  for (const c of moved) net.set(c.blNumber, (net.get(c.blNumber) ?? 0) + c.milli);
  if (net.size === 0) return;
  // many B/Ls, or inside an import (where touchPnl notes them for its end): counted again from the records
  if (net.size > BY_CHANGE || deferring(db)) return touchPnl(db, net.keys(), []);
  const bls = [...net.keys()];
  const listing = await db
    .selectFrom('contractBls as b')
    .innerJoin('contracts as c', 'c.id', 'b.contractId')
    .select(['b.blNumber', 'c.id', 'c.contractType', 'c.contractCode', 'c.commodity', 'c.unitPrice', 'c.currency'])
    .where('b.blNumber', 'in', bls)
    .execute();
  const { saleOfBl, purchaseOfBl } = tradesOf(listing.map((r) => ({ ...r, blNumber: r.blNumber })));
  const sold = bls.filter((bl) => saleOfBl.has(bl));
  if (sold.length === 0) return; // deliveries count only on sold B/Ls
  if (foreignBls({ saleOfBl, purchaseOfBl, saleByCode: new Map() }, sold).length > 0) return touchPnl(db, net.keys(), []);
  const codes = [...new Set(sold.map((bl) => saleOfBl.get(bl)!.contractCode))];
  await lockKeys(db, 'pnl', [...sold.map((bl) => rowLock('bl', bl)), ...codes.map((code) => rowLock('contract', code))]);
  const blRows = new Map((await db.selectFrom('pnlRows').selectAll().where('grouping', '=', 'bl').where('rowKey', 'in', sold).execute()).map((r) => [r.rowKey, sumsOf(r)]));
  const codeRows = new Map(
    (await db.selectFrom('pnlRows').selectAll().where('grouping', '=', 'contract').where('rowKey', 'in', codes).execute()).map((r) => [r.rowKey, sumsOf(r)]),
  );
  if (sold.some((bl) => !blRows.has(bl)) || codes.some((code) => !codeRows.has(code))) return touchPnl(db, net.keys(), []); // not kept yet: count them
  const shift = (row: Sums, figure: Figure, by: number) => {
    const current = row.cents[figure];
    if (current !== null) row.cents[figure] = current + by;
  };
  for (const bl of sold) {
    const sale = saleOfBl.get(bl)!;
    const purchase = purchaseOfBl.get(bl);
    const row = blRows.get(bl)!;
    const before = row.deliveredMilli;
    const after = before + net.get(bl)!;
    const term = (price: number, milli: number) => priceCents(price, milli)(1);
    for (const target of [row, codeRows.get(sale.contractCode)!]) {
      target.deliveredMilli += after - before;
      shift(target, 'revenue', term(sale.unitPrice, after) - term(sale.unitPrice, before));
      if (purchase) shift(target, 'purchaseCost', term(purchase.unitPrice, after) - term(purchase.unitPrice, before));
    }
  }
  for (const [grouping, rows] of [
    ['bl', blRows],
    ['contract', codeRows],
  ] as const)
    for (const row of rows.values()) {
      const { grouping: _g, rowKey: _k, ...figures } = keptRow(grouping, row);
      await db.updateTable('pnlRows').set(figures).where('grouping', '=', grouping).where('rowKey', '=', row.key).execute();
    }
}

/**
 * After the rates changed (the caller holds the contract-sums lock exclusively): counts again every
 * kept row that converted with, or lacked, a rate of the changed (currency, month) pairs.
 */
export async function recountRates(db: Queryable, changed: readonly { currency: string; month: string }[]): Promise<void> {
  const bls = new Set<string>();
  const codes = new Set<string>();
  for (const piece of chunked([...changed], 200)) {
    if (piece.length === 0) continue;
    const rows = await db
      .selectFrom('pnlRowRates')
      .select(['grouping', 'rowKey'])
      .distinct()
      .where((eb) => eb.or(piece.map((p) => eb.and([eb('currency', '=', p.currency), eb('month', '=', p.month)]))))
      .execute();
    for (const r of rows) (r.grouping === 'bl' ? bls : codes).add(r.rowKey);
  }
  await recount(db, bls, codes);
}

/** Fills both groupings' kept rows from every record (migration 029; the reports bench after its seed). */
export async function fillPnlRows(db: Kysely<Database> | Queryable): Promise<void> {
  const q = db as Queryable;
  await q.deleteFrom('pnlRows').execute();
  await q.deleteFrom('pnlRowRates').execute();
  const sources = await readAll(q, {}, { warehouseIds: null });
  const rateOf = await rateTable(q);
  for (const grouping of ['bl', 'contract'] as const) await insertRows(q, grouping, [...countRows(sources, grouping, rateOf).values()]);
}
