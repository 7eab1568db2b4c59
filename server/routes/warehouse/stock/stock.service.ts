// The stock ledger. Inbound orders, outbound orders and ownership transfers never touch stock
// themselves: each change of one of them calls `moveStock(trx, before, after)` inside its own
// transaction, which appends ledger entries (a reversal of `before` and an entry for `after`), keeps
// `stockBalances` in step, and refuses the whole change if any stock would fall below zero.
// Kysely's SQLite dialect runs one transaction at a time on its single connection, so the check
// and the writes cannot interleave with another request's; on PostgreSQL `lockStocks` makes them wait.
import { sql, type Insertable } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../../shared/messages.js';
import { fromMilli, ledgerQuery, type summaryQuery } from '../../../../shared/warehouse.js';
import { now } from '../../../db/database.js';
import { describeList, withWarehouseName } from '../../../db/lists.js';
import { lockStocks } from '../../../db/locks.js';
import type { Queryable } from '../../../db/tables.js';
import { withinScope, type Scope } from '../../../db/scope.js';
import type { LedgerDocumentType, LedgerKind, StockLedgerTable } from '../../../db/tables-warehouse.js';
import { BatchRefusal, invalid } from '../../../http/errors.js';
import { chunked, insertObjects, type InsertColumn } from '../../../db/batches.js';
import { findWarehouseByRef, warehouseFilter, warehouseFilterId } from './warehouse-lookup.js';
import { addToSums, type SumDelta } from './lot-days.js';
import { addToContractSums, shareContractSums, type ContractDelta } from '../../../db/contract-sums.js';
import { deliverPnl } from '../../trading/pnl-rows.js';
import { commoditiesKnown, commoditiesOf, commodityNamesByKey, commodityStockKey } from '../../catalogs/catalog-names.js';
import { isPostgres } from '../../../db/postgres.js';
import { readReservations, reservationsOfStocks, reservedRefusal, unitOfKey, type Reservations } from './reservations.js';

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
  /** an inbound order's contract number (the contracts whose received quantity it counts in) */
  contractNumber?: string | null;
}

/** A document's B/L number as the ledger keeps it: trimmed, blank as none. */
export const blNumberOf = (value: string | null): string | null => value?.trim() || null;

/** A movement with the catalog entry its typed commodity means: its stock is kept under `stockKey`. */
interface KeyedMovement extends Movement {
  stockKey: string;
  stockName: string;
}

const signOf = (kind: LedgerKind) => (kind === 'inbound' ? 1 : -1);
const keyOf = (m: { warehouseId: number; stockKey: string }) => `${m.warehouseId}\u0000${m.stockKey}`;
const same = (a: KeyedMovement, b: KeyedMovement) =>
  keyOf(a) === keyOf(b) && a.quantityMilli === b.quantityMilli && a.businessDate === b.businessDate && a.documentNumber === b.documentNumber && a.blNumber === b.blNumber;

/** What an entry (a change of stock, signed) of a document's movement counts for its contracts: by the document's own B/L and contract number. */
const contractDelta = (m: Movement, blNumber: string | null, change: number): ContractDelta => ({
  warehouseId: m.warehouseId,
  contractNumber: m.contractNumber ?? null,
  blNumber,
  receivedMilli: m.kind === 'inbound' ? change : 0,
  deliveredMilli: m.kind === 'inbound' ? 0 : -change,
});

/** The balances of the stocks (absent: 0), one query per ROWS_PER_STATEMENT commodities (on the table's key). */
async function balancesOf(db: Queryable, stocks: readonly { warehouseId: number; stockKey: string }[]): Promise<Map<string, number>> {
  const balances = new Map<string, number>(stocks.map((s) => [keyOf(s), 0]));
  const warehouseIds = [...new Set(stocks.map((s) => s.warehouseId))];
  for (const piece of chunked([...new Set(stocks.map((s) => s.stockKey))])) {
    const rows = await db
      .selectFrom('stockBalances')
      .select(['warehouseId', 'commodity', 'currentMilli'])
      .where('warehouseId', 'in', warehouseIds)
      .where('commodity', 'in', piece)
      .execute();
    for (const r of rows)
      if (balances.has(keyOf({ warehouseId: r.warehouseId, stockKey: r.commodity }))) balances.set(keyOf({ warehouseId: r.warehouseId, stockKey: r.commodity }), r.currentMilli);
  }
  return balances;
}

/** The stock kept under `stockKey` (a catalog entry's nameKey) in a warehouse, in thousandths. */
export async function stockOfKey(db: Queryable, warehouseId: number, stockKey: string): Promise<number> {
  return (await balancesOf(db, [{ warehouseId, stockKey }])).get(keyOf({ warehouseId, stockKey }))!;
}

/** What the lot (warehouse, stock key, B/L; null: the cargo without one) holds, in thousandths. */
export async function lotStock(db: Queryable, warehouseId: number, stockKey: string, blNumber: string | null): Promise<number> {
  const row = await db
    .selectFrom('stockLots')
    .select(sql<number>`${sql.ref('inboundMilli')} - ${sql.ref('outboundMilli')} - ${sql.ref('transferredMilli')}`.as('current'))
    .where('warehouseId', '=', warehouseId)
    .where('commodity', '=', stockKey)
    .where('blNumber', '=', blNumber ?? '')
    .executeTakeFirst();
  return Number(row?.current ?? 0);
}

async function warehouseName(db: Queryable, id: number): Promise<string> {
  const row = await db.selectFrom('warehouses').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? String(id);
}

/** What a document went from (`before`) and to (`after`); null: it did not count, or no longer does. */
export interface StockChange {
  before: Movement | null;
  after: Movement | null;
}

/** What a movement took from one lot: its B/L (null: the cargo without one) and the quantity, in thousandths. */
export interface Allocation {
  blNumber: string | null;
  quantityMilli: number;
}

/**
 * Records in the ledger that a document went from `before` to `after` (either may be null) and
 * refuses the change (400, inside the caller's transaction, so nothing is written) when the stock
 * of a warehouse and commodity, or one of its lots, would end below zero. Answers what `after` took
 * from each lot (an outbound order or transfer; empty for an inbound order or none).
 */
export const moveStock = async (db: Queryable, before: Movement | null, after: Movement | null): Promise<Allocation[]> => (await moveStocks(db, [{ before, after }]))[0]!;

/** Allocations as an answer carries them: quantities converted from thousandths. */
export const allocationsAnswer = (taken: readonly Allocation[]) => taken.map((a) => ({ blNumber: a.blNumber, quantity: fromMilli(a.quantityMilli) }));

const lotOf = (warehouseId: number, stockKey: string, blNumber: string | null) => `${warehouseId}\u0000${stockKey}\u0000${blNumber ?? ''}`;

/**
 * A stock import's stocks, locked before its first batch (PostgreSQL; the import's check calls it):
 * every stock its rows name, after the contract-sums lock, in one sorted order, as a single write
 * takes them. Its batches then take no stock lock they do not hold already, so none waits for a stock
 * while it holds what an earlier batch locked (docs/architecture.md, "Lock order"). A row naming an
 * unknown warehouse is skipped (the check refuses it).
 */
export async function lockSheetStocks(db: Queryable, rows: readonly { warehouse: string; commodity: string }[]): Promise<void> {
  if (!isPostgres(db) || rows.length === 0) return;
  const warehouses = new Map<string, number | undefined>();
  for (const ref of new Set(rows.map((r) => r.warehouse))) warehouses.set(ref, (await findWarehouseByRef(db, ref))?.id);
  const keys = await commoditiesKnown(db, [...new Set(rows.map((r) => r.commodity))]);
  await shareContractSums(db);
  await lockStocks(
    db,
    rows.map((r) => {
      const warehouseId = warehouses.get(r.warehouse);
      return warehouseId === undefined ? null : { warehouseId, commodity: keys.get(r.commodity)! };
    }),
  );
}

/** One ledger entry to write, before its running balance is known. */
interface Entry {
  m: KeyedMovement;
  blNumber: string | null;
  change: number;
}

/**
 * `moveStock` for a batch of documents, in their order (decisions.md, "Posted documents, lots and
 * reservations"): the stocks locked once; their balances and their lots' read in one query each.
 * A `before` is reversed lot by lot as the ledger holds the document (what it took from each lot);
 * an `after` that names a B/L takes from that lot alone, an outbound order or transfer without one
 * from the lots of its warehouse and commodity that hold stock, oldest first (first inbound date,
 * then B/L), one ledger entry per lot. Every entry and its running balance is computed in memory,
 * each document's stocks and lots checked as it goes (a lot below zero is refused, one already below
 * zero in an older database may not sink further), then the entries are written with one multi-row
 * insert and each summing table with one statement. A refusal names its record (`BatchRefusal`).
 */
export async function moveStocks(db: Queryable, changes: readonly StockChange[]): Promise<Allocation[][]> {
  const allocations: Allocation[][] = changes.map(() => []);
  const contractDeltas: ContractDelta[] = [];
  const typed = changes.flatMap((c) => [c.before, c.after]).filter((m): m is Movement => m !== null);
  if (typed.length === 0) return allocations;
  await shareContractSums(db);
  const entries = await commoditiesOf(
    db,
    typed.map((m) => m.commodity),
  );
  const keyed = (m: Movement | null): KeyedMovement | null => m && { ...m, stockKey: entries.get(m.commodity)!.nameKey, stockName: entries.get(m.commodity)!.name };
  const moves = changes
    .map((c, index) => ({ index, before: keyed(c.before), after: keyed(c.after) }))
    .filter(({ before, after }, i) => {
      if (!(before && after && same(before, after))) return true;
      // only the contract number changed: the ledger stays, the contracts' received quantities move
      if ((before.contractNumber ?? null) !== (after.contractNumber ?? null))
        contractDeltas.push(contractDelta(before, before.blNumber, -before.quantityMilli), contractDelta(after, after.blNumber, after.quantityMilli));
      if (after.kind !== 'inbound') allocations[i] = [{ blNumber: after.blNumber, quantityMilli: after.quantityMilli }];
      return false;
    });
  if (moves.length === 0) {
    await addToContractSums(db, contractDeltas);
    return allocations;
  }
  const reversals = await heldByDocuments(
    db,
    moves.map((c) => c.before).filter((m) => m !== null),
  );
  const stocks = [
    ...new Map(
      [...moves.flatMap((c) => [c.before, c.after]).filter((m) => m !== null), ...[...reversals.values()].flat()].map((m) => [
        keyOf(m),
        { warehouseId: m.warehouseId, stockKey: m.stockKey },
      ]),
    ).values(),
  ];
  await lockStocks(
    db,
    stocks.map((m) => ({ warehouseId: m.warehouseId, commodity: m.stockKey })),
  );
  const balances = await balancesOf(db, stocks);
  // a movement without a B/L takes from its stock's lots oldest first (all of them read, with their
  // dates); else only the lots the entries name are read (an import's batch: not every lot it already wrote)
  const fifoMoves = moves.some((c) => c.after && c.after.kind !== 'inbound' && !c.after.blNumber);
  const named = fifoMoves
    ? null
    : [...new Set([...moves.map((c) => c.after?.blNumber), ...[...reversals.values()].flat().map((h) => h.blNumber)].filter((b) => b !== undefined).map((b) => b ?? ''))];
  const lots = await lotsOf(db, stocks, fifoMoves, named);
  // what approved and in-progress pickup requests hold: an outbound order or transfer takes only what is
  // available (one shipping against a request has already lowered that request's reservation: its
  // outbound order is written, and counted as shipped, before its stock moves)
  const reservations = moves.some((c) => c.after && c.after.kind !== 'inbound') ? await reservationsOfStocks(db, stocks) : null;
  const queues = new Map<string, FifoQueue>();
  const entryTime = now();
  const ledger: Insertable<StockLedgerTable>[] = [];
  const deltas: SumDelta[] = [];
  for (const { index, before, after } of moves) {
    const entriesOfChange: Entry[] = [];
    const apply = (e: Entry) => {
      const lot = lots.get(lotOf(e.m.warehouseId, e.m.stockKey, e.blNumber)) ?? { current: 0, firstInbound: null };
      if (lot.start === undefined) lot.start = lot.current;
      lot.current += e.change;
      lots.set(lotOf(e.m.warehouseId, e.m.stockKey, e.blNumber), lot);
      // a lot that gains stock may join (or move up) its stock's queue: built again when next needed
      if (e.change > 0) queues.delete(keyOf(e.m));
      entriesOfChange.push(e);
    };
    if (before)
      for (const held of reversals.get(documentKey(before)) ?? [])
        apply({ m: { ...before, warehouseId: held.warehouseId, stockKey: held.stockKey }, blNumber: held.blNumber, change: -held.change });
    if (after?.kind === 'inbound' || after?.blNumber) apply({ m: after, blNumber: after.blNumber, change: signOf(after.kind) * after.quantityMilli });
    else if (after) {
      let queue = queues.get(keyOf(after));
      if (!queue) queues.set(keyOf(after), (queue = fifoQueue(lots, after)));
      while (queue.length && queue[0]!.lot.current <= 0) queue.shift();
      for (const a of fifo(queue, after, reservations)) apply({ m: after, blNumber: a.blNumber, change: -a.quantityMilli });
    }
    if (after && after.kind !== 'inbound') allocations[index] = entriesOfChange.filter((e) => e.m === after).map((e) => ({ blNumber: e.blNumber, quantityMilli: -e.change }));
    // entries that add stock go first, so when the end result is not below zero, no running balance in between is either
    entriesOfChange.sort((a, b) => Math.sign(b.change) - Math.sign(a.change));
    const touched = new Map<string, { warehouseId: number; commodity: string; start: number }>();
    for (const e of entriesOfChange) {
      const key = keyOf(e.m);
      if (!touched.has(key)) touched.set(key, { warehouseId: e.m.warehouseId, commodity: e.m.stockName, start: balances.get(key)! });
      const balance = balances.get(key)! + e.change;
      balances.set(key, balance);
      ledger.push({
        entryTime,
        businessDate: e.m.businessDate,
        warehouseId: e.m.warehouseId,
        commodity: e.m.commodity,
        commodityKey: e.m.stockKey,
        kind: e.m.kind,
        documentType: e.m.documentType,
        documentId: e.m.documentId,
        documentNumber: e.m.documentNumber,
        blNumber: e.blNumber,
        quantityChangeMilli: e.change,
        balanceMilli: balance,
      });
      const delta = { inbound: 0, outbound: 0, transfer: 0 };
      delta[e.m.kind] = signOf(e.m.kind) * e.change;
      deltas.push({ warehouseId: e.m.warehouseId, commodity: e.m.stockKey, blNumber: e.blNumber, businessDate: e.m.businessDate, ...delta, current: e.change });
      contractDeltas.push(contractDelta(e.m, e.m.blNumber, e.change));
    }
    for (const [key, t] of touched) {
      const end = balances.get(key)!;
      if (end >= 0) continue;
      const warehouse = await warehouseName(db, t.warehouseId);
      const where = said(`${t.commodity} in ${warehouse}`, `${warehouse}的${t.commodity}`);
      if (after && after.kind !== 'inbound' && keyOf(after) === key) {
        // what this order could take: the stock as it stands, plus what it held itself before
        const available = end + after.quantityMilli;
        throw new BatchRefusal(
          index,
          invalid(
            said(
              `insufficient stock: ${fromMilli(Math.max(available, 0))} available of ${where.en}; ${fromMilli(after.quantityMilli)} requested`,
              `库存不足：${where.zh}可用 ${fromMilli(Math.max(available, 0))}；需要 ${fromMilli(after.quantityMilli)}`,
            ),
          ),
        );
      }
      throw new BatchRefusal(
        index,
        invalid(
          said(
            `insufficient stock: ${fromMilli(Math.max(t.start, 0))} available of ${where.en}; this change would take away ${fromMilli(t.start - end)}, as much has already gone out`,
            `库存不足：${where.zh}现有 ${fromMilli(Math.max(t.start, 0))}；此次修改要扣减 ${fromMilli(t.start - end)}，但其中部分货物已经出库`,
          ),
        ),
      );
    }
    if (after && after.kind !== 'inbound' && reservations) {
      const key = keyOf(after);
      const t = touched.get(key);
      const end = balances.get(key)!;
      const reserved = reservations.reserved(after.warehouseId, after.stockKey, null);
      if (t && end - reserved < 0 && end < t.start)
        throw new BatchRefusal(
          index,
          reservedRefusal({
            warehouse: await warehouseName(db, after.warehouseId),
            commodity: after.stockName,
            unit: await unitOfKey(db, after.stockKey),
            blNumber: null,
            holdsMilli: end + after.quantityMilli,
            holders: reservations.holders(after.warehouseId, after.stockKey, null),
            requestedMilli: after.quantityMilli,
          }),
        );
    }
    for (const e of entriesOfChange) {
      const lot = lots.get(lotOf(e.m.warehouseId, e.m.stockKey, e.blNumber))!;
      if (lot.current < 0 && lot.current < lot.start!) throw new BatchRefusal(index, await lotRefusal(db, e, lot, after));
    }
    if (after && after.kind !== 'inbound' && reservations)
      for (const e of entriesOfChange) {
        if (e.m !== after || e.blNumber === null) continue;
        const lot = lots.get(lotOf(e.m.warehouseId, e.m.stockKey, e.blNumber))!;
        const reserved = reservations.reserved(e.m.warehouseId, e.m.stockKey, e.blNumber);
        if (lot.current - reserved < 0 && lot.current < lot.start!)
          throw new BatchRefusal(
            index,
            reservedRefusal({
              warehouse: await warehouseName(db, e.m.warehouseId),
              commodity: e.m.stockName,
              unit: await unitOfKey(db, e.m.stockKey),
              blNumber: e.blNumber,
              holdsMilli: lot.current - e.change,
              holders: reservations.holders(e.m.warehouseId, e.m.stockKey, e.blNumber),
              requestedMilli: -e.change,
            }),
          );
      }
    for (const e of entriesOfChange) lots.get(lotOf(e.m.warehouseId, e.m.stockKey, e.blNumber))!.start = undefined;
  }
  await insertObjects(db, 'stockLedger', LEDGER_INSERT, ledger);
  await addToSums(db, deltas);
  await addToContractSums(db, contractDeltas);
  // the profit and loss rows of the B/Ls whose deliveries changed
  await deliverPnl(
    db,
    deltas.map((d) => ({ blNumber: d.blNumber, businessDate: d.businessDate, milli: d.outbound + d.transfer })),
  );
  return allocations;
}

/** The columns of a ledger entry as written, with their migration types (insertObjects). */
const LEDGER_INSERT: readonly InsertColumn[] = [
  ['entryTime', 'text'],
  ['businessDate', 'text'],
  ['warehouseId', 'integer'],
  ['commodity', 'text'],
  ['commodityKey', 'text'],
  ['kind', 'text'],
  ['documentType', 'text'],
  ['documentId', 'integer'],
  ['documentNumber', 'text'],
  ['blNumber', 'text'],
  ['quantityChangeMilli', 'integer'],
  ['balanceMilli', 'integer'],
];

interface LotState {
  current: number;
  firstInbound: string | null;
  /** the balance before the change being checked */
  start?: number;
}

const documentKey = (m: { documentType: string; documentId: number }) => `${m.documentType}\u0000${m.documentId}`;

/** What each document holds in the ledger now, per lot (its entries summed): what a `before` reverses. */
async function heldByDocuments(db: Queryable, documents: readonly KeyedMovement[]) {
  const held = new Map<string, { warehouseId: number; stockKey: string; blNumber: string | null; change: number }[]>();
  for (const piece of chunked(documents)) {
    const rows = await db
      .selectFrom('stockLedger')
      .select(['documentType', 'documentId', 'warehouseId', 'commodityKey', 'blNumber'])
      .select((eb) => eb.fn.sum<number>('quantityChangeMilli').as('change'))
      .where('documentNumber', 'in', [...new Set(piece.map((m) => m.documentNumber))])
      .groupBy(['documentType', 'documentId', 'warehouseId', 'commodityKey', 'blNumber'])
      .execute();
    const wanted = new Set(piece.map(documentKey));
    for (const r of rows) {
      const change = Number(r.change);
      if (change === 0 || !wanted.has(documentKey(r))) continue;
      const list = held.get(documentKey(r)) ?? [];
      list.push({ warehouseId: r.warehouseId, stockKey: r.commodityKey, blNumber: r.blNumber, change });
      held.set(documentKey(r), list);
    }
  }
  // in the order a reversal writes them: by B/L, the cargo without one first
  for (const list of held.values()) list.sort((a, b) => (a.blNumber ?? '').localeCompare(b.blNumber ?? ''));
  return held;
}

/**
 * The lots of the stocks (current stock, and when `withDates` the first inbound date of each), by `lotOf`;
 * `blNumbers` (as stored: '' for the cargo without one): only those lots of the stocks, null: all.
 */
async function lotsOf(
  db: Queryable,
  stocks: readonly { warehouseId: number; stockKey: string }[],
  withDates: boolean,
  blNumbers: readonly string[] | null,
): Promise<Map<string, LotState>> {
  const lots = new Map<string, LotState>();
  const warehouseIds = [...new Set(stocks.map((s) => s.warehouseId))];
  const wanted = new Set(stocks.map(keyOf));
  for (const piece of chunked([...new Set(stocks.map((s) => s.stockKey))])) {
    for (const named of blNumbers ? chunked(blNumbers) : [null]) {
      let query = db
        .selectFrom('stockLots')
        .select(['warehouseId', 'commodity', 'blNumber'])
        .select(sql<number>`${sql.ref('inboundMilli')} - ${sql.ref('outboundMilli')} - ${sql.ref('transferredMilli')}`.as('current'))
        .where('warehouseId', 'in', warehouseIds)
        .where('commodity', 'in', piece);
      if (named) query = query.where('blNumber', 'in', named);
      for (const r of await query.execute())
        if (wanted.has(keyOf({ warehouseId: r.warehouseId, stockKey: r.commodity })))
          lots.set(lotOf(r.warehouseId, r.commodity, r.blNumber), { current: Number(r.current), firstInbound: null });
    }
    if (!withDates) continue;
    const dates = await db
      .selectFrom('stockLotDays')
      .select(['warehouseId', 'commodity', 'blNumber'])
      .select((eb) => eb.fn.min('businessDate').as('firstInbound'))
      .where('warehouseId', 'in', warehouseIds)
      .where('commodity', 'in', piece)
      .where('inboundMilli', '>', 0)
      .groupBy(['warehouseId', 'commodity', 'blNumber'])
      .execute();
    for (const d of dates) {
      const lot = lots.get(lotOf(d.warehouseId, d.commodity, d.blNumber));
      if (lot) lot.firstInbound = d.firstInbound as string;
    }
  }
  return lots;
}

/** The lots of a stock that hold some, oldest first (first inbound date, then B/L): what `fifo` takes from. */
type FifoQueue = { blNumber: string | null; lot: LotState }[];

function fifoQueue(lots: Map<string, LotState>, m: KeyedMovement): FifoQueue {
  const prefix = `${m.warehouseId}\u0000${m.stockKey}\u0000`;
  return [...lots]
    .filter(([key, lot]) => key.startsWith(prefix) && lot.current > 0)
    .map(([key, lot]) => ({ blNumber: key.slice(prefix.length) || null, lot }))
    .sort((a, b) => (a.lot.firstInbound ?? '9999').localeCompare(b.lot.firstInbound ?? '9999') || (a.blNumber ?? '').localeCompare(b.blNumber ?? ''));
}

/** What a movement without a B/L takes from the queue of its stock's lots, leaving what requests naming a lot's B/L reserve (emptied lots leave its front). */
function fifo(queue: FifoQueue, m: KeyedMovement, reservations: Reservations | null): Allocation[] {
  const taken: Allocation[] = [];
  let left = m.quantityMilli;
  for (const { blNumber, lot } of queue) {
    if (left === 0) break;
    // what the lot holds that no request naming its B/L has reserved
    const available = lot.current - (blNumber && reservations ? reservations.reserved(m.warehouseId, m.stockKey, blNumber) : 0);
    if (available <= 0) continue;
    const q = Math.min(left, available);
    taken.push({ blNumber, quantityMilli: q });
    left -= q;
  }
  // more than the lots hold: the rest from the cargo without a B/L, which the stock check then refuses
  if (left > 0) taken.push({ blNumber: null, quantityMilli: left });
  return taken;
}

/** The lot an entry names, in words: "B/L COSU6300001" or "the cargo without a B/L". */
const lotWords = (blNumber: string | null) => (blNumber ? said(`B/L ${blNumber}`, `提单 ${blNumber}`) : said('the cargo without a B/L', '无提单号的货物'));

/** Why an entry would leave its lot below zero: what the lot holds and, for an inbound order's change, the documents that took from it. */
async function lotRefusal(db: Queryable, e: Entry, lot: LotState, after: KeyedMovement | null) {
  const warehouse = await warehouseName(db, e.m.warehouseId);
  const lotName = lotWords(e.blNumber);
  const unit = (await db.selectFrom('commodities').select('unit').where('nameKey', '=', e.m.stockKey).executeTakeFirst())?.unit;
  const q = (milli: number) => `${fromMilli(milli)}${unit ? ` ${unit}` : ''}`;
  const holds = lot.start!;
  if (after && e.m === after && after.kind !== 'inbound')
    return invalid(
      said(
        `${lotName.en} holds ${q(Math.max(holds, 0))} of ${e.m.stockName} in ${warehouse}; ${q(after.quantityMilli)} requested`,
        `${warehouse}的${lotName.zh} 现有${e.m.stockName} ${q(Math.max(holds, 0))}；需要 ${q(after.quantityMilli)}`,
      ),
    );
  const takers = await db
    .selectFrom('stockLedger')
    .select(['documentNumber'])
    .where('warehouseId', '=', e.m.warehouseId)
    .where('commodityKey', '=', e.m.stockKey)
    .where((eb) => (e.blNumber === null ? eb('blNumber', 'is', null) : eb('blNumber', '=', e.blNumber)))
    .where('kind', '!=', 'inbound')
    .groupBy(['documentType', 'documentId', 'documentNumber'])
    .having((eb) => eb.fn.sum('quantityChangeMilli'), '!=', 0)
    .orderBy('documentNumber')
    .limit(10)
    .execute();
  const names = takers.map((t) => t.documentNumber).join(', ');
  return invalid(
    said(
      `${lotName.en} of ${e.m.stockName} in ${warehouse} would hold ${q(lot.current)}: ${names || 'other documents'} took from it; change or cancel those first`,
      `${warehouse}的${e.m.stockName}${lotName.zh}将变为 ${q(lot.current)}：${names || '其他单据'} 已从中出库；请先修改或取消这些单据`,
    ),
  );
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
  const reservations = await readReservations(db, warehouseId === undefined ? null : [warehouseId], undefined, scope);
  return rows.map((r) => {
    const reserved = reservations.reserved(r.warehouseId, r.commodity, null);
    return {
      warehouse: r.warehouse,
      warehouseId: r.warehouseId,
      commodity: names.get(r.commodity) ?? r.commodity,
      inboundQuantity: fromMilli(r.inboundMilli),
      outboundQuantity: fromMilli(r.outboundMilli),
      transferredQuantity: fromMilli(r.transferredMilli),
      currentStock: fromMilli(r.currentMilli),
      reservedQuantity: fromMilli(reserved),
      availableQuantity: fromMilli(r.currentMilli - reserved),
    };
  });
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
      reservedQuantity: null,
      availableQuantity: null,
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
