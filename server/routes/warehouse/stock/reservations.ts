// Reservations (decisions.md, "Posted documents, lots and reservations"): an approved or in-progress
// pickup request reserves its remaining quantity (requested − what its outbound orders that are not
// cancelled ship) in its lot (its B/L) or, without a B/L, in its warehouse and commodity. Nothing is
// stored: a reservation is read from the requests and their orders inside the transaction that
// checks it, under the lock of the stock (`lockStocks`), so cancelling, completing or shipping
// releases it by what it is, and it cannot drift. Available = current stock − reserved, for the lot
// and for the warehouse and commodity.
import { expressionBuilder, sql } from 'kysely';
import { said, type Said } from '../../../../shared/messages.js';
import { fromMilli } from '../../../../shared/warehouse.js';
import type { Database, Queryable } from '../../../db/tables.js';
import { withinScope, type Scope } from '../../../db/scope.js';
import { chunked } from '../../../db/batches.js';
import { invalid } from '../../../http/errors.js';
import { commoditiesKnown } from '../../catalogs/catalog-names.js';

/** The statuses that reserve (and that an outbound order may ship against). */
export const RESERVING = ['approved', 'in_progress'] as const;

/**
 * What the outbound orders that are not cancelled ship of the pickup request `d`, in thousandths
 * (on the index outboundOrders_pickup): the column `shippedMilli` of a select from `pickupRequests as d`.
 */
export const shippedMilli = () =>
  expressionBuilder<Database, never>()
    .selectFrom('outboundOrders as o')
    .select((o) => o.fn.coalesce(o.fn.sum<number>('o.quantityMilli'), o.lit(0)).as('shipped'))
    .where('o.deliveryOrderNumber', '=', sql.ref<string>('d.orderNumber'))
    .where('o.outboundStatus', '!=', 'cancelled')
    .as('shippedMilli');

export interface Reservation {
  requestId: number;
  orderNumber: string;
  warehouseId: number;
  stockKey: string;
  /** the request's B/L (trimmed); null: it reserves in the warehouse and commodity */
  blNumber: string | null;
  remainingMilli: number;
}

const stockKeyOf = (warehouseId: number, stockKey: string) => `${warehouseId}\u0000${stockKey}`;
const lotKeyOf = (warehouseId: number, stockKey: string, blNumber: string | null) => `${warehouseId}\u0000${stockKey}\u0000${blNumber ?? ''}`;

/** What is reserved where: per stock (every request of it) and per lot (the requests naming its B/L). */
export class Reservations {
  readonly byStock = new Map<string, Reservation[]>();
  readonly byLot = new Map<string, Reservation[]>();

  constructor(readonly all: readonly Reservation[]) {
    for (const r of all) {
      if (r.remainingMilli <= 0) continue;
      push(this.byStock, stockKeyOf(r.warehouseId, r.stockKey), r);
      if (r.blNumber) push(this.byLot, lotKeyOf(r.warehouseId, r.stockKey, r.blNumber), r);
    }
  }

  /** The requests holding a stock (null blNumber) or a lot, but `except` (a request id). */
  holders(warehouseId: number, stockKey: string, blNumber: string | null, except?: number): Reservation[] {
    const list = (blNumber === null ? this.byStock.get(stockKeyOf(warehouseId, stockKey)) : this.byLot.get(lotKeyOf(warehouseId, stockKey, blNumber))) ?? [];
    return except === undefined ? list : list.filter((r) => r.requestId !== except);
  }

  /** What is reserved in a stock (null blNumber) or a lot, in thousandths. */
  reserved(warehouseId: number, stockKey: string, blNumber: string | null, except?: number): number {
    return this.holders(warehouseId, stockKey, blNumber, except).reduce((sum, r) => sum + r.remainingMilli, 0);
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The reservations of the approved and in-progress requests of `warehouseIds` (every warehouse of
 * `scope` when null), keyed by their commodity's stock key; `stockKeys` narrows them when given.
 * Reads the status index, then the orders of those requests on `outboundOrders_pickup`.
 */
export async function readReservations(db: Queryable, warehouseIds: readonly number[] | null, stockKeys?: ReadonlySet<string>, scope?: Scope): Promise<Reservations> {
  const rows: { id: number; orderNumber: string; warehouseId: number; commodity: string; blNumber: string | null; quantityMilli: number; shippedMilli: number }[] = [];
  const pieces = warehouseIds === null ? [null] : chunked([...new Set(warehouseIds)]);
  for (const piece of pieces) {
    if (piece !== null && piece.length === 0) continue;
    let query = db
      .selectFrom('pickupRequests as d')
      .select(['d.id', 'd.orderNumber', 'd.warehouseId', 'd.commodity', 'd.blNumber', 'd.quantityMilli'])
      .select(shippedMilli())
      // on the status index: few requests are open at once
      .where('d.status', 'in', [...RESERVING]);
    if (piece !== null) query = query.where('d.warehouseId', 'in', piece);
    if (scope) query = withinScope(query, 'd.warehouseId', scope);
    for (const r of await query.execute()) rows.push({ ...r, shippedMilli: Number(r.shippedMilli ?? 0), quantityMilli: Number(r.quantityMilli) });
  }
  const keys = await commoditiesKnown(
    db,
    rows.map((r) => r.commodity),
  );
  const all: Reservation[] = [];
  for (const r of rows) {
    const stockKey = keys.get(r.commodity)!;
    if (stockKeys && !stockKeys.has(stockKeyOf(r.warehouseId, stockKey))) continue;
    all.push({
      requestId: r.id,
      orderNumber: r.orderNumber,
      warehouseId: r.warehouseId,
      stockKey,
      blNumber: r.blNumber?.trim() || null,
      remainingMilli: Math.max(r.quantityMilli - r.shippedMilli, 0),
    });
  }
  all.sort((a, b) => (a.orderNumber < b.orderNumber ? -1 : a.orderNumber > b.orderNumber ? 1 : 0));
  return new Reservations(all);
}

/** The reservations of some stocks (`{ warehouseId, stockKey }`), for a write that holds their locks. */
export const reservationsOfStocks = (db: Queryable, stocks: readonly { warehouseId: number; stockKey: string }[]) =>
  readReservations(
    db,
    stocks.map((s) => s.warehouseId),
    new Set(stocks.map((s) => stockKeyOf(s.warehouseId, s.stockKey))),
  );

/** The requests holding a quantity, in words: "PU20261126-0001" or "PU…-0001 (30 t), PU…-0002 (50 t)"; at most 10 named. */
function holderWords(holders: readonly Reservation[], q: (milli: number) => string): string {
  const named = holders.slice(0, 10).map((r) => (holders.length === 1 ? r.orderNumber : `${r.orderNumber} (${q(r.remainingMilli)})`));
  return named.join(', ') + (holders.length > 10 ? ` and ${holders.length - 10} more` : '');
}

export interface ShortOf {
  warehouse: string;
  commodity: string;
  unit: string | null | undefined;
  /** null: the warehouse and commodity; else that lot */
  blNumber: string | null;
  /** what the place holds, in thousandths (ignoring reservations) */
  holdsMilli: number;
  holders: readonly Reservation[];
  /** what is asked, in thousandths; null: not said */
  requestedMilli: number | null;
}

/**
 * Why a place does not have enough available, naming the requests that hold it: "Port yard holds
 * 100 t of copper cathode; 80 t is reserved by PU20261126-0001; 20 t available" (a lot: "B/L
 * COSU6300001 in Port yard holds …").
 */
export function reservedRefusal(s: ShortOf) {
  const q = (milli: number) => `${fromMilli(milli)}${s.unit ? ` ${s.unit}` : ''}`;
  const reserved = s.holders.reduce((sum, r) => sum + r.remainingMilli, 0);
  const available = Math.max(s.holdsMilli - reserved, 0);
  const where: Said = s.blNumber ? said(`B/L ${s.blNumber} in ${s.warehouse}`, `${s.warehouse}的提单 ${s.blNumber} `) : said(s.warehouse, s.warehouse);
  const names = holderWords(s.holders, q);
  const asked = s.requestedMilli === null ? said('', '') : said(`; ${q(s.requestedMilli)} requested`, `；需要 ${q(s.requestedMilli)}`);
  return invalid(
    said(
      `${where.en} holds ${q(Math.max(s.holdsMilli, 0))} of ${s.commodity}; ${q(reserved)} is reserved by ${names}; ${q(available)} available${asked.en}`,
      `${where.zh}现有${s.commodity} ${q(Math.max(s.holdsMilli, 0))}，其中 ${q(reserved)} 已被 ${names} 预留；可用 ${q(available)}${asked.zh}`,
    ),
    { reservedBy: s.holders.slice(0, 10).map((r) => r.orderNumber) },
  );
}

/** The unit the catalog gives a stock key (for messages). */
export async function unitOfKey(db: Queryable, stockKey: string): Promise<string | null | undefined> {
  return (await db.selectFrom('commodities').select('unit').where('nameKey', '=', stockKey).executeTakeFirst())?.unit;
}
