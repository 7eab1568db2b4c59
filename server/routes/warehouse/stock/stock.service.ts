// The stock ledger. Inbound orders, outbound orders and ownership transfers never touch stock
// themselves: each change of one of them calls `moveStock(trx, before, after)` inside its own
// transaction, which appends ledger entries (a reversal of `before` and an entry for `after`), keeps
// `stockBalances` in step, and refuses the whole change if any stock would fall below zero.
// Kysely's SQLite dialect runs one transaction at a time on its single connection, so the check
// and the writes cannot interleave with another request's; on PostgreSQL `lockStocks` makes them wait.
import { sql } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../../shared/messages.js';
import { fromMilli, ledgerQuery, type summaryQuery } from '../../../../shared/warehouse.js';
import { now } from '../../../db/database.js';
import { describeList, withWarehouseName } from '../../../db/lists.js';
import { lockStocks } from '../../../db/locks.js';
import type { Queryable } from '../../../db/tables.js';
import { withinScope, type Scope } from '../../../db/scope.js';
import type { LedgerDocumentType, LedgerKind } from '../../../db/tables-warehouse.js';
import { invalid } from '../../../http/errors.js';
import { warehouseFilter, warehouseFilterId } from './warehouse-lookup.js';
import { addToDays } from './lot-days.js';
import { commodityNamesByKey, commodityOf, commodityStockKey } from '../../catalogs/catalog-names.js';

/** What one document does to stock while it counts (null when it does not: cancelled or deleted). */
export interface Movement {
  kind: LedgerKind;
  documentType: LedgerDocumentType;
  documentId: number;
  documentNumber: string;
  /** the document's B/L number, trimmed; null when it has none */
  blNumber: string | null;
  warehouseId: number;
  commodity: string;
  quantityMilli: number;
  businessDate: string;
}

/** A document's B/L number as the ledger keeps it: trimmed, blank as none. */
export const blNumberOf = (value: string | null): string | null => value?.trim() || null;

/** A movement with the catalog entry its typed commodity means: its stock is kept under `stockKey`. */
interface KeyedMovement extends Movement {
  stockKey: string;
  stockName: string;
}

async function keyed(db: Queryable, m: Movement | null): Promise<KeyedMovement | null> {
  if (!m) return null;
  const entry = await commodityOf(db, m.commodity);
  return { ...m, stockKey: entry.nameKey, stockName: entry.name };
}

const signOf = (kind: LedgerKind) => (kind === 'inbound' ? 1 : -1);
const keyOf = (m: KeyedMovement) => `${m.warehouseId}\u0000${m.stockKey}`;
const same = (a: KeyedMovement, b: KeyedMovement) =>
  keyOf(a) === keyOf(b) && a.quantityMilli === b.quantityMilli && a.businessDate === b.businessDate && a.documentNumber === b.documentNumber && a.blNumber === b.blNumber;

/** Appends one ledger entry and updates the balance of its warehouse and commodity; returns the new balance. */
async function post(db: Queryable, m: KeyedMovement, direction: 1 | -1, entryTime: string): Promise<number> {
  const change = direction * signOf(m.kind) * m.quantityMilli;
  const delta = { inbound: 0, outbound: 0, transfer: 0 };
  delta[m.kind] = direction * m.quantityMilli;
  const { currentMilli } = await db
    .insertInto('stockBalances')
    .values({
      warehouseId: m.warehouseId,
      commodity: m.stockKey,
      inboundMilli: delta.inbound,
      outboundMilli: delta.outbound,
      transferredMilli: delta.transfer,
      currentMilli: change,
    })
    .onConflict((oc) =>
      oc.columns(['warehouseId', 'commodity']).doUpdateSet((eb) => ({
        inboundMilli: eb('stockBalances.inboundMilli', '+', delta.inbound),
        outboundMilli: eb('stockBalances.outboundMilli', '+', delta.outbound),
        transferredMilli: eb('stockBalances.transferredMilli', '+', delta.transfer),
        currentMilli: eb('stockBalances.currentMilli', '+', change),
      })),
    )
    .returning('currentMilli')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stockLedger')
    .values({
      entryTime,
      businessDate: m.businessDate,
      warehouseId: m.warehouseId,
      commodity: m.commodity,
      commodityKey: m.stockKey,
      kind: m.kind,
      documentType: m.documentType,
      documentId: m.documentId,
      documentNumber: m.documentNumber,
      blNumber: m.blNumber,
      quantityChangeMilli: change,
      balanceMilli: currentMilli,
    })
    .execute();
  await addToDays(db, { ...m, commodity: m.stockKey }, delta);
  return currentMilli;
}

async function stockOfKey(db: Queryable, warehouseId: number, stockKey: string): Promise<number> {
  const row = await db.selectFrom('stockBalances').select('currentMilli').where('warehouseId', '=', warehouseId).where('commodity', '=', stockKey).executeTakeFirst();
  return row?.currentMilli ?? 0;
}

/** The stock of a commodity (any spelling of it) in a warehouse, in thousandths. */
export async function currentStock(db: Queryable, warehouseId: number, commodity: string): Promise<number> {
  return stockOfKey(db, warehouseId, await commodityStockKey(db, commodity));
}

async function warehouseName(db: Queryable, id: number): Promise<string> {
  const row = await db.selectFrom('warehouses').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? String(id);
}

/**
 * Records in the ledger that a document went from `before` to `after` (either may be null) and
 * refuses the change (400, inside the caller's transaction, so nothing is written) when the stock
 * of a warehouse and commodity it touches would end below zero.
 */
export async function moveStock(db: Queryable, beforeTyped: Movement | null, afterTyped: Movement | null): Promise<void> {
  const before = await keyed(db, beforeTyped);
  const after = await keyed(db, afterTyped);
  if (before && after && same(before, after)) return;
  await lockStocks(db, [before, after]);
  const touched = new Map<string, { warehouseId: number; commodity: string; start: number; end: number }>();
  for (const m of [before, after]) {
    if (m && !touched.has(keyOf(m))) {
      const start = await stockOfKey(db, m.warehouseId, m.stockKey);
      touched.set(keyOf(m), { warehouseId: m.warehouseId, commodity: m.stockName, start, end: start });
    }
  }
  // Entries that add stock go first, so when the end result is not below zero, no running
  // balance in between is either.
  const postings: [KeyedMovement, 1 | -1][] = [];
  if (before) postings.push([before, -1]);
  if (after) postings.push([after, 1]);
  postings.sort(([a, da], [b, db_]) => db_ * signOf(b.kind) - da * signOf(a.kind));
  const entryTime = now();
  for (const [m, direction] of postings) touched.get(keyOf(m))!.end = await post(db, m, direction, entryTime);

  for (const [key, t] of touched) {
    if (t.end >= 0) continue;
    const warehouse = await warehouseName(db, t.warehouseId);
    const where = said(`${t.commodity} in ${warehouse}`, `${warehouse}的${t.commodity}`);
    if (after && after.kind !== 'inbound' && keyOf(after) === key) {
      // what this order could take: the stock as it stands, plus what it held itself before
      const available = t.end + after.quantityMilli;
      throw invalid(
        said(
          `insufficient stock: ${fromMilli(Math.max(available, 0))} available of ${where.en}; ${fromMilli(after.quantityMilli)} requested`,
          `库存不足：${where.zh}可用 ${fromMilli(Math.max(available, 0))}；需要 ${fromMilli(after.quantityMilli)}`,
        ),
      );
    }
    throw invalid(
      said(
        `insufficient stock: ${fromMilli(Math.max(t.start, 0))} available of ${where.en}; this change would take away ${fromMilli(t.start - t.end)}, as much has already gone out`,
        `库存不足：${where.zh}现有 ${fromMilli(Math.max(t.start, 0))}；此次修改要扣减 ${fromMilli(t.start - t.end)}，但其中部分货物已经出库`,
      ),
    );
  }
}

/** The summary of the reader's warehouses (`scope`). */
export async function listSummary(db: Queryable, q: z.output<typeof summaryQuery>, scope: Scope) {
  const warehouseId = q.warehouse ? await warehouseFilterId(db, q.warehouse) : undefined;
  const commodityKey = q.commodity ? await commodityStockKey(db, q.commodity) : undefined;
  if (q.asOf) return summaryAsOf(db, q.asOf, warehouseId, commodityKey, scope);
  let query = db
    .selectFrom('stockBalances as b')
    .innerJoin('warehouses as w', 'w.id', 'b.warehouseId')
    .select(['b.warehouseId', 'w.name as warehouse', 'b.commodity', 'b.inboundMilli', 'b.outboundMilli', 'b.transferredMilli', 'b.currentMilli'])
    .where((eb) => eb.or([eb('b.inboundMilli', '!=', 0), eb('b.outboundMilli', '!=', 0), eb('b.transferredMilli', '!=', 0)]));
  query = withinScope(query, 'b.warehouseId', scope);
  if (warehouseId !== undefined) query = query.where('b.warehouseId', '=', warehouseId);
  if (commodityKey) query = query.where('b.commodity', '=', commodityKey);
  const rows = await query.orderBy('w.name').orderBy('b.commodity').execute();
  const names = await commodityNamesByKey(db);
  return rows.map((r) => ({
    warehouse: r.warehouse,
    warehouseId: r.warehouseId,
    commodity: names.get(r.commodity) ?? r.commodity,
    inboundQuantity: fromMilli(r.inboundMilli),
    outboundQuantity: fromMilli(r.outboundMilli),
    transferredQuantity: fromMilli(r.transferredMilli),
    currentStock: fromMilli(r.currentMilli),
  }));
}

/** The summary as it stood at the end of `asOf`: the ledger's entries of that business date and before. */
async function summaryAsOf(db: Queryable, asOf: string, warehouseId: number | undefined, commodityKey: string | undefined, scope: Scope) {
  // grouped on the ledger's covering index alone; warehouse and commodity names are added afterwards
  let query = db
    .selectFrom('stockLedger as l')
    .select(['l.warehouseId', 'l.commodityKey as commodity', 'l.kind'])
    .select(sql<number>`sum(${sql.ref('l.quantityChangeMilli')})`.as('total'))
    .where('l.businessDate', '<=', asOf)
    .groupBy(['l.warehouseId', 'l.commodityKey', 'l.kind']);
  query = withinScope(query, 'l.warehouseId', scope);
  if (warehouseId !== undefined) query = query.where('l.warehouseId', '=', warehouseId);
  if (commodityKey) query = query.where('l.commodityKey', '=', commodityKey);
  const rows = await query.execute();
  const names = new Map((await db.selectFrom('warehouses').select(['id', 'name']).execute()).map((w) => [w.id, w.name]));
  const commodities = await commodityNamesByKey(db);
  const byKey = new Map<string, { warehouse: string; warehouseId: number; commodity: string; inbound: number; outbound: number; transfer: number }>();
  for (const r of rows) {
    const key = `${r.warehouseId}\u0000${r.commodity}`;
    const row = byKey.get(key) ?? {
      warehouse: names.get(r.warehouseId) ?? '',
      warehouseId: r.warehouseId,
      commodity: commodities.get(r.commodity) ?? r.commodity,
      inbound: 0,
      outbound: 0,
      transfer: 0,
    };
    row[r.kind] += Number(r.total) * signOf(r.kind);
    byKey.set(key, row);
  }
  return [...byKey.values()]
    .filter((r) => r.inbound !== 0 || r.outbound !== 0 || r.transfer !== 0)
    .sort((a, b) => (a.warehouse === b.warehouse ? (a.commodity < b.commodity ? -1 : 1) : a.warehouse < b.warehouse ? -1 : 1))
    .map((r) => ({
      warehouse: r.warehouse,
      warehouseId: r.warehouseId,
      commodity: r.commodity,
      inboundQuantity: fromMilli(r.inbound),
      outboundQuantity: fromMilli(r.outbound),
      transferredQuantity: fromMilli(r.transfer),
      currentStock: fromMilli(r.inbound - r.outbound - r.transfer),
    }));
}

/** The ledger's list: oldest entry first unless asked, commodities under the catalog's name for them (read with the page, by the catalog's unique key). */
const ledgerList = describeList({
  query: ledgerQuery,
  from: (db: Queryable) =>
    withWarehouseName(db.selectFrom('stockLedger as l').selectAll('l'), 'l.warehouseId').select((eb) =>
      eb.selectFrom('commodities as c').select('c.name').whereRef('c.nameKey', '=', 'l.commodityKey').as('catalogName'),
    ),
  filters: [
    warehouseFilter('l.warehouseId'),
    { exact: 'commodity', column: 'l.commodityKey', lookup: commodityStockKey },
    { exact: 'documentNumber', column: 'l.documentNumber' },
    { from: 'startDate', column: 'l.businessDate' },
    { to: 'endDate', column: 'l.businessDate' },
  ],
  warehouse: 'l.warehouseId',
  key: 'l.id',
  order: 'asc',
  present: (r) => ({
    id: r.id,
    entryTime: r.entryTime,
    businessDate: r.businessDate,
    warehouse: r.warehouse,
    warehouseId: r.warehouseId,
    commodity: r.catalogName ?? r.commodity,
    enteredCommodity: r.commodity,
    kind: r.kind,
    documentType: r.documentType,
    documentId: r.documentId,
    documentNumber: r.documentNumber,
    quantityChange: fromMilli(r.quantityChangeMilli),
    balance: fromMilli(r.balanceMilli),
  }),
});

export const listLedger = ledgerList.list;
/** Every entry the ledger's filters match, oldest first, read in batches (the export). */
export const allLedger = ledgerList.all;
