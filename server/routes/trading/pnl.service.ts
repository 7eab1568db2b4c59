// Profit and loss by B/L or by downstream contract, derived from the contracts and the finance
// records in the base currency (decisions.md "Trading desk"), beside the typed profit records.
//
// - A B/L's sale is its first downstream (3) contract that lists it, its purchase its first purchase
//   (1) or upstream (2) contract that lists it (by id): their unit prices price what was delivered.
// - Delivered: the B/L's outbound and transferred quantities as the ledger keeps them per lot and day
//   (a cancelled document's reversal nets out; the reader's warehouses; within startDate–endDate), by
//   month. revenue = sale price × delivered, purchaseCost = purchase price × delivered, each month
//   at that month's rate of the contract's currency.
// - Freight charges, misc charges, service fees, cost breakdowns and profit records (dated within the
//   period; a record without its date counts on its creation date) count for the B/L they name; by
//   contract, for the downstream contract whose code they name, else for the one their B/L is sold
//   under. Each converts at the rate of its own currency in its month.
// - A figure with an amount whose rate is missing is null and the row names the rate ("USD 2026-11").
// The report reads every contract, every lot (or the lot-days of the period) and the finance records
// of the five kinds in plain scans, and converts, attributes and sorts in memory.
import { sql } from 'kysely';
import type { z } from 'zod';
import { splitBlNumbers } from '../../../shared/contracts.js';
import { BASE_CURRENCY, type PnlRow, type pnlQuery } from '../../../shared/trading.js';
import type { Queryable } from '../../db/tables.js';
import type { Scope } from '../../db/scope.js';
import { checkPeriod } from '../reports/reports.service.js';
import { marginOf } from '../finance/finance.kinds.js';
import { commoditiesKnown, commodityStockKey } from '../catalogs/catalog-names.js';
import { rateTable, type RateOf } from './exchange-rates.service.js';
import { deliveredByMonth, lotSumsByBl } from './lot-sums.js';

/** The month of a B/L's whole delivery when only base-currency prices apply to it (their rate is 1 in every month). */
const ANY_MONTH = '';

type Filters = Omit<z.output<typeof pnlQuery>, 'page' | 'pageSize' | 'sortOrder'>;

interface Contract {
  id: number;
  contractCode: string;
  commodity: string;
  unitPrice: number;
  currency: string;
}

/** The finance kinds the report reads, by their stored `kind` (the url segment), and the figure each feeds. */
const COST_KINDS = { 'freight-charges': 'freight', 'misc-charges': 'miscCharges', 'service-fees': 'serviceFees', 'cost-breakdowns': 'otherCosts' } as const;
type CostFigure = (typeof COST_KINDS)[keyof typeof COST_KINDS];
const PROFIT_KIND = 'profit-records';
type Figure = 'revenue' | 'purchaseCost' | 'freight' | 'miscCharges' | 'serviceFees' | 'otherCosts' | 'recordedProfit';

/** One row being summed: cents per figure (null once a rate is missing), delivered thousandths. */
class Sums {
  deliveredMilli = 0;
  cents: Record<Figure, number | null> = { revenue: 0, purchaseCost: 0, freight: 0, miscCharges: 0, serviceFees: 0, otherCosts: 0, recordedProfit: 0 };
  hasProfitRecord = false;
  missing = new Set<string>();
  constructor(
    readonly key: string,
    public commodity: string | null,
  ) {}

  /** Adds `amount` (in `currency`, dated `month`) converted to base cents; `toCents` turns amount × rate into whole cents. */
  add(figure: Figure, currency: string, month: string, rateOf: RateOf, toCents: (rate: number) => number): void {
    const rate = rateOf(currency, month);
    if (rate === undefined) {
      this.missing.add(`${currency} ${month}`);
      this.cents[figure] = null;
      return;
    }
    const current = this.cents[figure];
    if (current !== null) this.cents[figure] = current + toCents(rate);
  }
}

const units = (cents: number | null) => (cents === null ? null : cents / 100);

/** price × quantity (thousandths) × rate, in whole cents. */
const priceCents = (price: number, milli: number) => (rate: number) => Math.round((price * milli * rate) / 10);
const amountCents = (cents: number) => (rate: number) => Math.round(cents * rate);

export async function pnlRows(db: Queryable, q: Filters, scope: Scope): Promise<PnlRow[]> {
  if (q.startDate && q.endDate) checkPeriod({ startDate: q.startDate, endDate: q.endDate });
  const rateOf = await rateTable(db);

  // contracts: the first sale and the first purchase of every B/L; the downstream contracts by code
  // every contract in id order: a plain scan (the three types are every contract there is)
  const contracts = await db.selectFrom('contracts').selectAll().orderBy('id').execute();
  const saleOfBl = new Map<string, Contract>();
  const purchaseOfBl = new Map<string, Contract>();
  const saleByCode = new Map<string, Contract>();
  for (const row of contracts) {
    const c: Contract = { id: row.id, contractCode: row.contractCode, commodity: row.commodity, unitPrice: Number(row.unitPrice), currency: row.currency };
    if (row.contractType !== '1' && row.contractType !== '2' && row.contractType !== '3') continue;
    const byBl = row.contractType === '3' ? saleOfBl : purchaseOfBl;
    if (row.contractType === '3' && !saleByCode.has(c.contractCode)) saleByCode.set(c.contractCode, c);
    for (const bl of splitBlNumbers(row.blNumber)) if (!byBl.has(bl)) byBl.set(bl, c);
  }

  // deliveries per B/L and month, in the reader's warehouses, from the ledger's lot tables: without a
  // period, the lots' totals (one row per lot) serve the B/Ls priced in the base currency, and only the
  // B/Ls of a contract in another currency are read month by month
  const period = { from: q.startDate, to: q.endDate };
  let deliveries: Map<string, Map<string, number>>;
  if (period.from || period.to) deliveries = await deliveredByMonth(db, scope, period);
  else {
    const foreign = [...saleOfBl].filter(([bl, sale]) => sale.currency !== BASE_CURRENCY || (purchaseOfBl.get(bl)?.currency ?? BASE_CURRENCY) !== BASE_CURRENCY).map(([bl]) => bl);
    deliveries = foreign.length ? await deliveredByMonth(db, scope, {}, foreign) : new Map();
    for (const [bl, sums] of await lotSumsByBl(db, scope)) if (!deliveries.has(bl) && sums.deliveredMilli !== 0) deliveries.set(bl, new Map([[ANY_MONTH, sums.deliveredMilli]]));
  }

  // the finance records of the five kinds: one plain scan, each record converted on its own (a walk
  // of the kind index and a grouping in SQL cost several times more on SQLite)
  const kinds = new Set<string>([...Object.keys(COST_KINDS), PROFIT_KIND]);
  const dated = sql<string>`coalesce("recordDate", substr("createTime", 1, 10))`;
  let finance = db
    .selectFrom('financeRecords')
    .select(['kind', 'blNumber', 'contractNumber', 'currency', 'recordDate', 'createTime', 'amountCents as amount', 'costCents as cost']);
  if (q.startDate) finance = finance.where(dated, '>=', q.startDate);
  if (q.endDate) finance = finance.where(dated, '<=', q.endDate);
  const records = (await finance.execute()).filter((r) => kinds.has(r.kind)).map((r) => ({ ...r, month: (r.recordDate ?? r.createTime).slice(0, 7) }));

  const rows = new Map<string, Sums>();
  const rowOf = (key: string, commodity: string | null) => {
    let row = rows.get(key);
    if (!row) rows.set(key, (row = new Sums(key, commodity)));
    return row;
  };
  const byContract = q.groupBy === 'contract';

  // revenue and purchase cost of what was delivered on each sold B/L
  for (const [bl, sale] of saleOfBl) {
    const purchase = purchaseOfBl.get(bl);
    const row = rowOf(byContract ? sale.contractCode : bl, sale.commodity);
    for (const [month, milli] of deliveries.get(bl) ?? []) {
      row.deliveredMilli += milli;
      row.add('revenue', sale.currency, month, rateOf, priceCents(sale.unitPrice, milli));
      if (purchase) row.add('purchaseCost', purchase.currency, month, rateOf, priceCents(purchase.unitPrice, milli));
    }
  }
  // the finance records, each where it belongs
  for (const r of records) {
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
    if (r.kind === PROFIT_KIND) {
      row.hasProfitRecord = true;
      row.add('recordedProfit', r.currency, r.month, rateOf, amountCents(amount - Number(r.cost ?? 0)));
    } else {
      row.add(COST_KINDS[r.kind as keyof typeof COST_KINDS] as CostFigure, r.currency, r.month, rateOf, amountCents(amount));
    }
  }

  let all = [...rows.values()];
  if (q.commodity) {
    const wanted = await commodityStockKey(db, q.commodity);
    const keys = await commoditiesKnown(db, [...new Set(all.map((r) => r.commodity).filter((c): c is string => c !== null))]);
    all = all.filter((r) => r.commodity !== null && keys.get(r.commodity) === wanted);
  }
  return all.map((r) => present(r, byContract));
}

function present(r: Sums, byContract: boolean): PnlRow {
  const c = r.cents;
  const costs = [c.purchaseCost, c.freight, c.miscCharges, c.serviceFees, c.otherCosts];
  const profit = c.revenue === null || costs.some((x) => x === null) ? null : c.revenue - costs.reduce((a: number, b) => a + b!, 0);
  const recorded = r.hasProfitRecord ? c.recordedProfit : null;
  return {
    ...(byContract ? { contractCode: r.key } : { blNumber: r.key }),
    commodity: r.commodity,
    deliveredQuantity: r.deliveredMilli / 1000,
    revenue: units(c.revenue),
    purchaseCost: units(c.purchaseCost),
    freight: units(c.freight),
    miscCharges: units(c.miscCharges),
    serviceFees: units(c.serviceFees),
    otherCosts: units(c.otherCosts),
    profit: units(profit),
    margin: profit === null || c.revenue === null ? null : marginOf(c.revenue, profit),
    recordedProfit: units(recorded),
    difference: profit === null || recorded === null ? null : units(profit - recorded),
    currency: BASE_CURRENCY,
    missingRates: [...r.missing].sort(),
  };
}

/** Largest difference (either way) first; rows without one last; then by B/L number or contract code. */
export function byDifference(a: PnlRow, b: PnlRow): number {
  const da = a.difference === null ? -1 : Math.abs(a.difference);
  const db = b.difference === null ? -1 : Math.abs(b.difference);
  if (da !== db) return db - da;
  const ka = a.blNumber ?? a.contractCode ?? '';
  const kb = b.blNumber ?? b.contractCode ?? '';
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

export async function pnlReport(db: Queryable, q: Filters, scope: Scope): Promise<PnlRow[]> {
  return (await pnlRows(db, q, scope)).sort(byDifference);
}

export async function listPnl(db: Queryable, q: z.output<typeof pnlQuery>, scope: Scope) {
  const all = await pnlReport(db, q, scope);
  const start = (q.page - 1) * q.pageSize;
  return { items: all.slice(start, start + q.pageSize), total: all.length, page: q.page, pageSize: q.pageSize };
}
