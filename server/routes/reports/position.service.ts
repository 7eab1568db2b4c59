// The open position (decisions.md, "Trading desk"): per commodity and unit, what the contracts bought
// and sold, what came in and went out against them, the stock, and what is still open, by delivery
// month. The current position reads `contractExecution` (what each contract's documents moved per
// warehouse, kept by every stock write: server/db/contract-sums.ts) through the kept groups of it
// (`positionCounts`, `positionExecuted`), and `stockBalances`; `asOf` adds up the documents dated by then (slower: it reads them all).
import { sql } from 'kysely';
import type { z } from 'zod';
import type { PositionReport, PositionRow, positionQuery } from '../../../shared/reports.js';
import { fromMilli, toMilli } from '../../../shared/warehouse.js';
import { countFromDocuments, keysOf } from '../../db/contract-sums.js';
import { withinScope, type Scope } from '../../db/scope.js';
import type { Queryable } from '../../db/tables.js';
import { commoditiesKnown, commodityStockKey } from '../catalogs/catalog-names.js';

/** One group of contracts: same type side, commodity as typed, unit and delivery month. */
interface ContractGroup {
  contractType: string;
  commodity: string;
  unit: string | null;
  month: string | null;
  countMilli: number;
  receivedMilli: number;
  deliveredMilli: number;
}

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthOf = (start: string | null) => (start !== null && MONTH_RE.test(start) ? start : null);
const groupKey = (g: Omit<ContractGroup, 'countMilli' | 'receivedMilli' | 'deliveredMilli'>) => [g.contractType, g.commodity, g.unit ?? '', g.month ?? ''].join('\u0000');

/** The current groups: the kept groups (a few rows per commodity and month), their executed quantities in the reader's warehouses. */
async function currentGroups(db: Queryable, scope: Scope): Promise<ContractGroup[]> {
  const counted = await db.selectFrom('positionCounts').selectAll().execute();
  const executed = await withinScope(
    db
      .selectFrom('positionExecuted as e')
      .select(['e.contractType', 'e.commodity', 'e.unit', 'e.month', sql<number>`sum(e."receivedMilli")`.as('received'), sql<number>`sum(e."deliveredMilli")`.as('delivered')])
      .groupBy(['e.contractType', 'e.commodity', 'e.unit', 'e.month']),
    'e.warehouseId',
    scope,
  ).execute();
  const groups = new Map<string, ContractGroup>();
  const groupOf = (r: { contractType: string; commodity: string; unit: string; month: string }) => {
    const g = { contractType: r.contractType, commodity: r.commodity, unit: r.unit === '' ? null : r.unit, month: monthOf(r.month) };
    const key = groupKey(g);
    let found = groups.get(key);
    if (!found) groups.set(key, (found = { ...g, countMilli: 0, receivedMilli: 0, deliveredMilli: 0 }));
    return found;
  };
  for (const r of counted) groupOf(r).countMilli += Number(r.countMilli);
  for (const r of executed) {
    const g = groupOf(r);
    g.receivedMilli += Number(r.received);
    g.deliveredMilli += Number(r.delivered);
  }
  // a group whose contracts all went
  return [...groups.values()].filter((g) => g.countMilli !== 0 || g.receivedMilli !== 0 || g.deliveredMilli !== 0);
}

/** The groups at the end of `asOf`: every contract (they carry no signing date), their documents dated by then. */
async function groupsAsOf(db: Queryable, asOf: string, scope: Scope): Promise<ContractGroup[]> {
  const contracts = await db.selectFrom('contracts').select(['id', 'contractCode', 'blNumber', 'contractType', 'commodity', 'unit', 'deliveryTime', 'count']).execute();
  const sums = await countFromDocuments(db, contracts.map(keysOf), { asOf, scope });
  const byContract = new Map<number, { received: number; delivered: number }>();
  for (const s of sums.values()) {
    const t = byContract.get(s.contractId) ?? { received: 0, delivered: 0 };
    t.received += s.receivedMilli;
    t.delivered += s.deliveredMilli;
    byContract.set(s.contractId, t);
  }
  const groups = new Map<string, ContractGroup>();
  for (const c of contracts) {
    const g = { contractType: c.contractType, commodity: c.commodity, unit: c.unit, month: monthOf(c.deliveryTime?.slice(0, 7) ?? null) };
    const key = groupKey(g);
    let found = groups.get(key);
    if (!found) groups.set(key, (found = { ...g, countMilli: 0, receivedMilli: 0, deliveredMilli: 0 }));
    found.countMilli += toMilli(c.count);
    found.receivedMilli += byContract.get(c.id)?.received ?? 0;
    found.deliveredMilli += byContract.get(c.id)?.delivered ?? 0;
  }
  return [...groups.values()];
}

/** Current stock per stock key in the reader's warehouses; with `asOf`, less what moved after that day. */
async function stockByKey(db: Queryable, scope: Scope, asOf: string | undefined, key: string | undefined): Promise<Map<string, number>> {
  let balances = withinScope(
    db
      .selectFrom('stockBalances as b')
      .select(['b.commodity', sql<number>`sum(b."currentMilli")`.as('milli')])
      .groupBy('b.commodity'),
    'b.warehouseId',
    scope,
  );
  if (key !== undefined) balances = balances.where('b.commodity', '=', key);
  const stock = new Map((await balances.execute()).map((r) => [r.commodity, Number(r.milli)]));
  if (asOf) {
    let after = withinScope(
      db
        .selectFrom('stockDays as d')
        .select(['d.commodity', sql<number>`sum(d."inboundMilli" - d."outboundMilli" - d."transferredMilli")`.as('milli')])
        .where('d.businessDate', '>', asOf)
        .groupBy('d.commodity'),
      'd.warehouseId',
      scope,
    );
    if (key !== undefined) after = after.where('d.commodity', '=', key);
    for (const r of await after.execute()) stock.set(r.commodity, (stock.get(r.commodity) ?? 0) - Number(r.milli));
  }
  return stock;
}

interface Figures {
  purchased: number;
  sold: number;
  received: number;
  delivered: number;
}
const zero = (): Figures => ({ purchased: 0, sold: 0, received: 0, delivered: 0 });
const open = (f: Figures) => ({ openToReceive: Math.max(f.purchased - f.received, 0), openToDeliver: Math.max(f.sold - f.delivered, 0) });
const shown = (f: Figures) => {
  const o = open(f);
  return {
    purchased: fromMilli(f.purchased),
    sold: fromMilli(f.sold),
    received: fromMilli(f.received),
    delivered: fromMilli(f.delivered),
    openToReceive: fromMilli(o.openToReceive),
    openToDeliver: fromMilli(o.openToDeliver),
  };
};

export async function openPosition(db: Queryable, q: z.output<typeof positionQuery>, scope: Scope): Promise<PositionReport> {
  const onlyKey = q.commodity ? await commodityStockKey(db, q.commodity) : undefined;
  const groups = q.asOf ? await groupsAsOf(db, q.asOf, scope) : await currentGroups(db, scope);
  const keyOfTyped = await commoditiesKnown(db, [...new Set(groups.map((g) => g.commodity))]);
  const catalog = new Map((await db.selectFrom('commodities').select(['nameKey', 'name', 'unit']).execute()).map((c) => [c.nameKey, c]));
  const stock = await stockByKey(db, scope, q.asOf, onlyKey);
  const rows = new Map<string, { key: string; unit: string | null; total: Figures; months: Map<string | null, Figures> }>();
  const rowOf = (key: string, unit: string | null) => {
    const id = `${key}\u0000${unit ?? ''}`;
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { key, unit, total: zero(), months: new Map() }));
    return row;
  };
  for (const g of groups) {
    const key = keyOfTyped.get(g.commodity)!;
    if (onlyKey !== undefined && key !== onlyKey) continue;
    // a contract without a unit is in the catalog's unit
    const row = rowOf(key, g.unit ?? catalog.get(key)?.unit ?? null);
    const month = row.months.get(g.month) ?? zero();
    row.months.set(g.month, month);
    for (const f of [row.total, month]) {
      if (g.contractType === '3') {
        f.sold += g.countMilli;
        f.delivered += g.deliveredMilli;
      } else {
        f.purchased += g.countMilli;
        f.received += g.receivedMilli;
      }
    }
  }
  // the stock sits on the row of the catalog's unit (made when no contract has it)
  for (const [key, milli] of stock) if (milli !== 0) rowOf(key, catalog.get(key)?.unit ?? null);
  const items: PositionRow[] = [...rows.values()].map((r) => {
    const inStock = r.unit === (catalog.get(r.key)?.unit ?? null) ? (stock.get(r.key) ?? 0) : 0;
    const o = open(r.total);
    const byMonth = [...r.months].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0)).map(([month, f]) => ({ month, ...shown(f) }));
    return {
      commodity: catalog.get(r.key)?.name ?? r.key,
      unit: r.unit,
      ...shown(r.total),
      inStock: fromMilli(inStock),
      netPosition: fromMilli(inStock + o.openToReceive - o.openToDeliver),
      byMonth,
    };
  });
  items.sort((a, b) => a.commodity.localeCompare(b.commodity) || (a.unit ?? '').localeCompare(b.unit ?? ''));
  return { asOf: q.asOf ?? null, items };
}
