// Profit and loss by B/L or by downstream contract, derived from the contracts and the finance
// records in the base currency (decisions.md "Trading desk"), beside the typed profit records. The
// figures and how they are attributed, converted and rounded: pnl-rows.ts, whose one function counts
// them. A reader of every warehouse without a period reads the rows kept from that function
// (`pnlRows`): a page is one query in the order of its index, LIMITed. A period, or a reader limited
// to some warehouses, counts the rows from the records on the request (every contract, the lots or
// lot-days of the period, the finance records of the five kinds) and sorts them in memory.
import type { z } from 'zod';
import { BASE_CURRENCY, type PnlRow, type pnlQuery } from '../../../shared/trading.js';
import type { Queryable } from '../../db/tables.js';
import type { Scope } from '../../db/scope.js';
import { checkPeriod } from '../reports/reports.service.js';
import { marginOf } from '../finance/finance.kinds.js';
import { commoditiesKnown, commodityStockKey } from '../catalogs/catalog-names.js';
import { countRows, rateTable, readAll, sumsOf, type Grouping, type Sums } from './pnl-rows.js';

type Filters = Omit<z.output<typeof pnlQuery>, 'page' | 'pageSize' | 'sortOrder'>;

const units = (cents: number | null) => (cents === null ? null : cents / 100);

function present(r: Sums, byContract: boolean): PnlRow {
  const c = r.cents;
  const profit = r.profitCents;
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
    difference: units(r.differenceCents),
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

/** Whether the kept rows answer: a reader of every warehouse, no period (a commodity filter narrows them). */
const keptAnswers = (q: Filters, scope: Scope) => scope.warehouseIds === null && !q.startDate && !q.endDate;

/** Every row of the filters counted from the records, sorted by difference. */
async function countedReport(db: Queryable, q: Filters, scope: Scope): Promise<PnlRow[]> {
  if (q.startDate && q.endDate) checkPeriod({ startDate: q.startDate, endDate: q.endDate });
  const grouping: Grouping = q.groupBy === 'contract' ? 'contract' : 'bl';
  let all = [...countRows(await readAll(db, { from: q.startDate, to: q.endDate }, scope), grouping, await rateTable(db)).values()];
  if (q.commodity) {
    const wanted = await commodityStockKey(db, q.commodity);
    const keys = await commoditiesKnown(db, [...new Set(all.map((r) => r.commodity).filter((c): c is string => c !== null))]);
    all = all.filter((r) => r.commodity !== null && keys.get(r.commodity) === wanted);
  }
  return all.map((r) => present(r, grouping === 'contract')).sort(byDifference);
}

/** The kept rows of a grouping (of the spellings of a commodity), in the report's order. */
async function keptRows(db: Queryable, q: Filters) {
  const grouping: Grouping = q.groupBy === 'contract' ? 'contract' : 'bl';
  let spellings: string[] | null = null;
  if (q.commodity) {
    const wanted = await commodityStockKey(db, q.commodity);
    const typed = (await db.selectFrom('pnlRows').select('commodity').distinct().where('grouping', '=', grouping).where('commodity', 'is not', null).execute()).map(
      (r) => r.commodity!,
    );
    const keys = await commoditiesKnown(db, typed);
    spellings = typed.filter((c) => keys.get(c) === wanted);
  }
  let rows = db.selectFrom('pnlRows').where('grouping', '=', grouping);
  if (spellings) rows = rows.where('commodity', 'in', spellings.length ? spellings : ['\u0000']);
  return { grouping, rows };
}

/** Every row of the filters in the report's order (the export). */
export async function pnlReport(db: Queryable, q: Filters, scope: Scope): Promise<PnlRow[]> {
  if (!keptAnswers(q, scope)) return countedReport(db, q, scope);
  const { grouping, rows } = await keptRows(db, q);
  const all = await rows.selectAll().orderBy('sortKey', 'desc').orderBy('rowKey').execute();
  return all.map((r) => present(sumsOf(r), grouping === 'contract'));
}

export async function listPnl(db: Queryable, q: z.output<typeof pnlQuery>, scope: Scope) {
  const start = (q.page - 1) * q.pageSize;
  if (!keptAnswers(q, scope)) {
    const all = await countedReport(db, q, scope);
    return { items: all.slice(start, start + q.pageSize), total: all.length, page: q.page, pageSize: q.pageSize };
  }
  const { grouping, rows } = await keptRows(db, q);
  const page = await rows.selectAll().orderBy('sortKey', 'desc').orderBy('rowKey').limit(q.pageSize).offset(start).execute();
  const { n } = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { items: page.map((r) => present(sumsOf(r), grouping === 'contract')), total: Number(n), page: q.page, pageSize: q.pageSize };
}
