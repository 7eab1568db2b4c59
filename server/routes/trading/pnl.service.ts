// Profit and loss by B/L or by downstream contract, derived from the contracts and the finance
// records in the base currency (decisions.md "Trading desk"), beside the typed profit records. The
// figures and how they are attributed, converted and rounded: pnl-rows.ts, whose one function counts
// them. A reader of every warehouse without a period reads the rows kept from that function
// (`pnlRows`): a page is one query in the order of its index, LIMITed. A period, or a reader limited
// to some warehouses, counts from the records on the request: for a page, the rows with a profit
// record in the period (sorted by difference) and the page's others (`countedPage`); for the export,
// every row (every contract, the lots or lot-days of the period, the finance records of the five
// kinds), sorted in memory.
import type { z } from 'zod';
import { BASE_CURRENCY, type PnlRow, type pnlQuery } from '../../../shared/trading.js';
import type { Queryable } from '../../db/tables.js';
import type { Scope } from '../../db/scope.js';
import { checkPeriod } from '../reports/reports.service.js';
import { marginOf } from '../finance/finance.kinds.js';
import { commoditiesKnown, commodityStockKey } from '../catalogs/catalog-names.js';
import { chunked } from '../../db/batches.js';
import { countRows, periodRecords, rateTable, readAll, readFor, rowKeys, sumsOf, type Grouping, type Sums } from './pnl-rows.js';

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

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Largest difference (either way) first; rows without one last; then by B/L number or contract code. */
export function byDifference(a: PnlRow, b: PnlRow): number {
  const da = a.difference === null ? -1 : Math.abs(a.difference);
  const db = b.difference === null ? -1 : Math.abs(b.difference);
  if (da !== db) return db - da;
  return byKey(a.blNumber ?? a.contractCode ?? '', b.blNumber ?? b.contractCode ?? '');
}

/** Whether the kept rows answer: a reader of every warehouse, no period (a commodity filter narrows them). */
const keptAnswers = (q: Filters, scope: Scope) => scope.warehouseIds === null && !q.startDate && !q.endDate;

/** The catalog spellings of the filter's commodity among the kept rows of a grouping (null without the filter). */
async function spellingsOf(db: Queryable, grouping: Grouping, commodity: string | undefined): Promise<string[] | null> {
  if (!commodity) return null;
  const wanted = await commodityStockKey(db, commodity);
  const typed = (await db.selectFrom('pnlRows').select('commodity').distinct().where('grouping', '=', grouping).where('commodity', 'is not', null).execute()).map(
    (r) => r.commodity!,
  );
  const keys = await commoditiesKnown(db, typed);
  return typed.filter((c) => keys.get(c) === wanted);
}

const groupingOf = (q: Filters): Grouping => (q.groupBy === 'contract' ? 'contract' : 'bl');

/** Every row of the filters counted from the records, sorted by difference (the export). */
async function countedReport(db: Queryable, q: Filters, scope: Scope): Promise<PnlRow[]> {
  if (q.startDate && q.endDate) checkPeriod({ startDate: q.startDate, endDate: q.endDate });
  const grouping = groupingOf(q);
  let all = [...countRows(await readAll(db, { from: q.startDate, to: q.endDate }, scope), grouping, await rateTable(db)).values()];
  if (q.commodity) {
    const wanted = await commodityStockKey(db, q.commodity);
    const keys = await commoditiesKnown(db, [...new Set(all.map((r) => r.commodity).filter((c): c is string => c !== null))]);
    all = all.filter((r) => r.commodity !== null && keys.get(r.commodity) === wanted);
  }
  return all.map((r) => present(r, grouping === 'contract')).sort(byDifference);
}

/**
 * One page of the rows of the filters counted from the records, in the report's order, without
 * counting every row: only a row with a profit record in the period can have a difference, so those
 * are counted and sorted first; every other row follows by key and only the page's are counted. The
 * rows there are come from `rowKeys`; a commodity keeps the keys whose kept row (`pnlRows`, every
 * period) is of its spellings, as a row's commodity is its contracts' alone.
 */
async function countedPage(db: Queryable, q: z.output<typeof pnlQuery>, scope: Scope) {
  if (q.startDate && q.endDate) checkPeriod({ startDate: q.startDate, endDate: q.endDate });
  const grouping = groupingOf(q);
  const period = { from: q.startDate, to: q.endDate };
  const records = await periodRecords(db, period);
  const { keys, withProfit } = await rowKeys(db, grouping, records);
  const spellings = await spellingsOf(db, grouping, q.commodity);
  if (spellings) {
    const ofCommodity = new Set<string>();
    for (const piece of chunked(spellings))
      for (const r of await db.selectFrom('pnlRows').select('rowKey').where('grouping', '=', grouping).where('commodity', 'in', piece).execute()) ofCommodity.add(r.rowKey);
    for (const key of keys) if (!ofCommodity.has(key)) keys.delete(key);
  }
  const rateOf = await rateTable(db);
  const count = async (wanted: readonly string[]) => {
    const rows = countRows(await readFor(db, grouping, wanted, { period, scope, records }), grouping, rateOf);
    // a key a write took away since rowKeys read it: no row
    return wanted.flatMap((key) => (rows.has(key) ? [present(rows.get(key)!, grouping === 'contract')] : []));
  };
  const differing = (await count([...withProfit].filter((key) => keys.has(key)))).filter((r) => r.difference !== null).sort(byDifference);
  const start = (q.page - 1) * q.pageSize;
  const items = differing.slice(start, start + q.pageSize);
  if (items.length < q.pageSize) {
    const sorted = new Set(differing.map((r) => (r.blNumber ?? r.contractCode)!));
    const rest = [...keys].filter((key) => !sorted.has(key)).sort(byKey);
    const from = Math.max(0, start - differing.length);
    items.push(...(await count(rest.slice(from, from + q.pageSize - items.length))));
  }
  return { items, total: keys.size, page: q.page, pageSize: q.pageSize };
}

/** The kept rows of a grouping (of the spellings of a commodity), in the report's order. */
async function keptRows(db: Queryable, q: Filters) {
  const grouping = groupingOf(q);
  const spellings = await spellingsOf(db, grouping, q.commodity);
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
  if (!keptAnswers(q, scope)) return countedPage(db, q, scope);
  const start = (q.page - 1) * q.pageSize;
  const { grouping, rows } = await keptRows(db, q);
  const page = await rows.selectAll().orderBy('sortKey', 'desc').orderBy('rowKey').limit(q.pageSize).offset(start).execute();
  const { n } = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { items: page.map((r) => present(sumsOf(r), grouping === 'contract')), total: Number(n), page: q.page, pageSize: q.pageSize };
}
