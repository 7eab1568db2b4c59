// The stock movement report (进销存), contract execution and the dashboard's stock charts.
import { sql } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../shared/messages.js';
import { splitBlNumbers } from '../../../shared/contracts.js';
import type { ExecutionRow, executionQuery, MovementReport, MovementRow, movementQuery, StockChart } from '../../../shared/reports.js';
import { fromMilli, toMilli } from '../../../shared/warehouse.js';
import { CONTRACT_KEYWORD_COLUMNS, containsKeyword } from '../../db/search.js';
import type { Queryable } from '../../db/tables.js';
import { withinScope, type Scope } from '../../db/scope.js';
import { invalid } from '../../http/errors.js';
import { warehouseFilterId } from '../warehouse/stock/warehouse-lookup.js';
import { commodityNamesByKey, commodityStockKey } from '../catalogs/catalog-names.js';

type Sums = { inbound: number; outbound: number; transferred: number };
const keyOf = (warehouseId: number, commodity: string) => `${warehouseId}\u0000${commodity}`;

export function checkPeriod(q: { startDate: string; endDate: string }): void {
  if (q.endDate < q.startDate)
    throw invalid(
      said(
        `endDate ${q.endDate} is before startDate ${q.startDate}: give a period that ends on or after its start`,
        `endDate ${q.endDate} 早于 startDate ${q.startDate}：结束日期不能早于开始日期`,
      ),
    );
}

/**
 * Each stock's movements by business date (an edit or a cancel counts on the date of the document
 * it corrects, as moveStock dates its reversal). The closing stock is the stock now less what moved
 * after `endDate`, so only what moved from `startDate` on is read (whole months from stockMonths,
 * the days around them from stockDays), never the whole history.
 */
export async function stockMovement(db: Queryable, q: z.output<typeof movementQuery>, scope: Scope): Promise<MovementReport> {
  checkPeriod(q);
  const warehouseId = q.warehouse ? await warehouseFilterId(db, q.warehouse) : undefined;
  // stock is kept under the commodity's key; rows show the catalog's spelling
  const commodityKey = q.commodity ? await commodityStockKey(db, q.commodity) : undefined;
  const names = await commodityNamesByKey(db);
  const sumsFrom = async (from: string, to?: string) => {
    const sums = new Map<string, Sums>();
    const add = (rows: { warehouseId: number; commodity: string; inbound: number; outbound: number; transferred: number }[]) => {
      for (const r of rows) {
        const key = keyOf(r.warehouseId, r.commodity);
        const s = sums.get(key) ?? { inbound: 0, outbound: 0, transferred: 0 };
        s.inbound += Number(r.inbound);
        s.outbound += Number(r.outbound);
        s.transferred += Number(r.transferred);
        sums.set(key, s);
      }
    };
    const { days, months } = splitPeriod(from, to);
    for (const [dayFrom, dayTo] of days) {
      let q1 = db
        .selectFrom('stockDays as d')
        .select(['d.warehouseId', 'd.commodity', ...SUMS])
        .where('d.businessDate', '>=', dayFrom)
        .where('d.businessDate', '<=', dayTo)
        .groupBy(['d.warehouseId', 'd.commodity']);
      q1 = withinScope(q1, 'd.warehouseId', scope);
      if (warehouseId !== undefined) q1 = q1.where('d.warehouseId', '=', warehouseId);
      if (commodityKey) q1 = q1.where('d.commodity', '=', commodityKey);
      add(await q1.execute());
    }
    if (months) {
      let q2 = db
        .selectFrom('stockMonths as d')
        .select(['d.warehouseId', 'd.commodity', ...SUMS])
        .where('d.month', '>=', months[0])
        .groupBy(['d.warehouseId', 'd.commodity']);
      if (months[1]) q2 = q2.where('d.month', '<=', months[1]);
      q2 = withinScope(q2, 'd.warehouseId', scope);
      if (warehouseId !== undefined) q2 = q2.where('d.warehouseId', '=', warehouseId);
      if (commodityKey) q2 = q2.where('d.commodity', '=', commodityKey);
      add(await q2.execute());
    }
    return sums;
  };
  const period = await sumsFrom(q.startDate, q.endDate);
  const after = await sumsFrom(nextDay(q.endDate));

  let stocks = db
    .selectFrom('stockBalances as b')
    .innerJoin('warehouses as w', 'w.id', 'b.warehouseId')
    .select(['b.warehouseId', 'w.name as warehouse', 'b.commodity', 'b.currentMilli']);
  stocks = withinScope(stocks, 'b.warehouseId', scope);
  if (warehouseId !== undefined) stocks = stocks.where('b.warehouseId', '=', warehouseId);
  if (commodityKey) stocks = stocks.where('b.commodity', '=', commodityKey);
  const none: Sums = { inbound: 0, outbound: 0, transferred: 0 };
  // totals per commodity: copper is never added to iron ore
  const totalsMilli = new Map<string, { opening: number; inbound: number; outbound: number; transferred: number; closing: number }>();
  const items: MovementRow[] = [];
  for (const s of await stocks.orderBy('w.name').orderBy('b.commodity').execute()) {
    const key = keyOf(s.warehouseId, s.commodity);
    const p = period.get(key) ?? none;
    const a = after.get(key) ?? none;
    const closing = s.currentMilli - (a.inbound - a.outbound - a.transferred);
    const opening = closing - (p.inbound - p.outbound - p.transferred);
    if (opening === 0 && p.inbound === 0 && p.outbound === 0 && p.transferred === 0) continue;
    const row = { opening, inbound: p.inbound, outbound: p.outbound, transferred: p.transferred, closing };
    const commodity = names.get(s.commodity) ?? s.commodity;
    const total = totalsMilli.get(commodity) ?? { opening: 0, inbound: 0, outbound: 0, transferred: 0, closing: 0 };
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += row[k];
    totalsMilli.set(commodity, total);
    items.push({
      warehouse: s.warehouse,
      warehouseId: s.warehouseId,
      commodity,
      opening: fromMilli(opening),
      inbound: fromMilli(p.inbound),
      outbound: fromMilli(p.outbound),
      transferred: fromMilli(p.transferred),
      closing: fromMilli(closing),
    });
  }
  const totals = [...totalsMilli].map(([commodity, t]) => ({
    commodity,
    opening: fromMilli(t.opening),
    inbound: fromMilli(t.inbound),
    outbound: fromMilli(t.outbound),
    transferred: fromMilli(t.transferred),
    closing: fromMilli(t.closing),
  }));
  return { startDate: q.startDate, endDate: q.endDate, items, totals };
}

const SUMS = [
  sql<number>`sum(d."inboundMilli")`.as('inbound'),
  sql<number>`sum(d."outboundMilli")`.as('outbound'),
  sql<number>`sum(d."transferredMilli")`.as('transferred'),
] as const;

const monthAfter = (month: string) => nextDay(`${month}-31`).slice(0, 7);
const monthBefore = (month: string) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
};

/**
 * The business dates from `from` to `to` (no end: every later date) as whole months, read from
 * stockMonths, and the days before the first and after the last whole month, read from stockDays:
 * a report of calendar months reads one row per stock and month.
 */
export function splitPeriod(from: string, to?: string): { days: [string, string][]; months: [string, string | undefined] | null } {
  const firstMonth = from.endsWith('-01') ? from.slice(0, 7) : monthAfter(from.slice(0, 7));
  const toIsMonthEnd = to === undefined || nextDay(to).endsWith('-01');
  const lastMonth = to === undefined ? undefined : toIsMonthEnd ? to.slice(0, 7) : monthBefore(to.slice(0, 7));
  if (lastMonth !== undefined && firstMonth > lastMonth) return { days: [[from, to!]], months: null };
  const days: [string, string][] = [];
  if (!from.endsWith('-01')) days.push([from, `${from.slice(0, 7)}-31`]);
  if (!toIsMonthEnd) days.push([`${to!.slice(0, 7)}-01`, to!]);
  return { days, months: [firstMonth, lastMonth] };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Sums of the non-cancelled documents of the reader's warehouses per B/L number (and per contract number for inbound orders). */
async function documentSums(db: Queryable, scope: Scope) {
  const inbound = await withinScope(
    db
      .selectFrom('inboundOrders')
      .select(['contractNumber', 'blNumber', sql<number>`sum("inboundWeightMilli")`.as('milli')])
      .where((eb) => eb.or([eb('contractNumber', 'is not', null), eb('blNumber', 'is not', null)]))
      .groupBy(['contractNumber', 'blNumber']),
    'warehouseId',
    scope,
  ).execute();
  const perBl = async (table: 'outboundOrders' | 'ownershipTransfers', status: 'outboundStatus' | 'status') => {
    const rows = await withinScope(
      db
        .selectFrom(table as 'outboundOrders')
        .select(['blNumber', sql<number>`sum("quantityMilli")`.as('milli')])
        .where('blNumber', 'is not', null)
        .where(status as 'outboundStatus', '!=', 'cancelled')
        .groupBy('blNumber'),
      'warehouseId',
      scope,
    ).execute();
    return new Map(rows.map((r) => [r.blNumber as string, Number(r.milli)]));
  };
  return { inbound, outbound: await perBl('outboundOrders', 'outboundStatus'), transferred: await perBl('ownershipTransfers', 'status') };
}

/**
 * One row per business contract. Its documents: the inbound orders with its contract code as
 * contractNumber or one of its B/L numbers, and the outbound orders and transfers of its B/L numbers
 * (cancelled ones do not count). Purchase (1) and upstream (2) contracts are executed by what came
 * in, downstream (3) ones by what went out or was transferred.
 */
export async function contractExecution(db: Queryable, q: Partial<z.output<typeof executionQuery>>, scope: Scope): Promise<ExecutionRow[]> {
  let contracts = db.selectFrom('contracts').select(['id', 'contractCode', 'name', 'contractType', 'commodity', 'count', 'blNumber']);
  if (q.contractType) contracts = contracts.where('contractType', '=', q.contractType);
  if (q.keyword) {
    const keyword = q.keyword;
    contracts = contracts.where((eb) => containsKeyword(db, eb, 'contracts', 'contracts.id', CONTRACT_KEYWORD_COLUMNS, keyword));
  }
  const rows = await contracts.orderBy('id', 'desc').execute();
  if (rows.length === 0) return [];
  const sums = await documentSums(db, scope);
  const rowsOut: ExecutionRow[] = [];
  for (const c of rows) {
    const bls = splitBlNumbers(c.blNumber);
    const blSet = new Set(bls);
    // each group of inbound orders counts once, even when it matches by contract number and by B/L
    const inboundMilli = sums.inbound
      .filter((g) => g.contractNumber === c.contractCode || (g.blNumber !== null && blSet.has(g.blNumber)))
      .reduce((total, g) => total + Number(g.milli), 0);
    const outboundMilli = bls.reduce((t, bl) => t + (sums.outbound.get(bl) ?? 0), 0);
    const transferredMilli = bls.reduce((t, bl) => t + (sums.transferred.get(bl) ?? 0), 0);
    const executedMilli = c.contractType === '3' ? outboundMilli + transferredMilli : inboundMilli;
    const countMilli = toMilli(c.count);
    const remainingMilli = countMilli - executedMilli;
    const done = remainingMilli <= 0;
    if ((q.status === 'open' && done) || (q.status === 'done' && !done)) continue;
    rowsOut.push({
      id: c.id,
      contractCode: c.contractCode,
      name: c.name,
      contractType: c.contractType as ExecutionRow['contractType'],
      commodity: c.commodity,
      count: c.count,
      executed: fromMilli(executedMilli),
      remaining: fromMilli(remainingMilli),
      progress: countMilli === 0 ? null : Math.round((executedMilli / countMilli) * 10_000) / 10_000,
      inboundQuantity: fromMilli(inboundMilli),
      outboundQuantity: fromMilli(outboundMilli),
      transferredQuantity: fromMilli(transferredMilli),
      blNumbers: bls,
    });
  }
  return rowsOut;
}

export async function listExecution(db: Queryable, q: z.output<typeof executionQuery>, scope: Scope) {
  const all = await contractExecution(db, q, scope);
  const start = (q.page - 1) * q.pageSize;
  return { items: all.slice(start, start + q.pageSize), total: all.length, page: q.page, pageSize: q.pageSize };
}

/**
 * The dashboard's charts: current stock per warehouse, and what came in and went out in each of the
 * last 12 months, both per commodity (quantities of different commodities are never added).
 */
export async function stockChart(db: Queryable, today: string, scope: Scope): Promise<StockChart> {
  const names = await commodityNamesByKey(db);
  const byWarehouse = await withinScope(
    db
      .selectFrom('stockBalances as b')
      .innerJoin('warehouses as w', 'w.id', 'b.warehouseId')
      .select(['w.name as warehouse', 'b.commodity', sql<number>`sum(b."currentMilli")`.as('milli')])
      .groupBy(['w.name', 'b.commodity'])
      .having(sql<boolean>`sum(b."currentMilli") != 0`)
      .orderBy('w.name')
      .orderBy('b.commodity'),
    'b.warehouseId',
    scope,
  ).execute();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 12 + i, 1));
    return d.toISOString().slice(0, 7);
  });
  const rows = await withinScope(
    db
      .selectFrom('stockMonths as d')
      .select(['d.month', 'd.commodity', ...SUMS])
      .where('d.month', '>=', months[0]!)
      .where('d.month', '<=', months[11]!)
      .groupBy(['d.month', 'd.commodity'])
      .orderBy('d.commodity'),
    'd.warehouseId',
    scope,
  ).execute();
  const moved = new Map<string, Map<string, (typeof rows)[number]>>();
  for (const r of rows) moved.set(r.commodity, (moved.get(r.commodity) ?? new Map()).set(r.month, r));
  const name = (key: string) => names.get(key) ?? key;
  return {
    byWarehouse: byWarehouse.map((r) => ({ warehouse: r.warehouse, commodity: name(r.commodity), currentStock: fromMilli(Number(r.milli)) })),
    months: [...moved].flatMap(([commodity, byMonth]) =>
      months.map((month) => {
        const r = byMonth.get(month);
        return {
          month,
          commodity: name(commodity),
          inbound: fromMilli(Number(r?.inbound ?? 0)),
          outbound: fromMilli(Number(r?.outbound ?? 0)),
          transferred: fromMilli(Number(r?.transferred ?? 0)),
        };
      }),
    ),
  };
}
