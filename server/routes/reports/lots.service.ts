// Lot stock: a lot is a warehouse, a commodity and a B/L number (none is a lot too). The list as it
// stands reads `stockLots` (as the summary reads stockBalances); `asOf`, the export and the trace group
// `stockLotDays`, the ledger summed per lot and business date, so `asOf` is a bound on the date
// exactly as for the summary. Either way a warehouse's lots of a commodity add up to its summary row.
import { sql, type NotNull } from 'kysely';
import type { z } from 'zod';
import type { Lot, lotQuery } from '../../../shared/reports.js';
import { fromMilli } from '../../../shared/warehouse.js';
import type { Queryable } from '../../db/tables.js';
import { withinScope, type Scope } from '../../db/scope.js';
import { paginate, prefixEnd } from '../../db/paging.js';
import { warehouseFilterId } from '../warehouse/stock/warehouse-lookup.js';
import { commodityNamesByKey, commodityStockKey } from '../catalogs/catalog-names.js';
import { readReservations, type Reservations } from '../warehouse/stock/reservations.js';

type LotFilters = Partial<Omit<z.output<typeof lotQuery>, 'page' | 'pageSize' | 'sortOrder'>> & { exactBlNumber?: string };

interface LotSums {
  warehouseId: number;
  warehouse: string;
  commodity: string;
  blNumber: string;
  inbound: number;
  outbound: number;
  transferred: number;
  firstInbound: string | null;
  lastMovement: string | null;
}

const moved = sql`(d."inboundMilli" != 0 or d."outboundMilli" != 0 or d."transferredMilli" != 0)`;

/** The lots the filters match in the reader's warehouses, in warehouse, commodity and B/L order. */
async function lotsQuery(db: Queryable, f: LotFilters, scope: Scope) {
  let days = db
    .selectFrom('stockLotDays as d')
    .select(['d.warehouseId', 'd.commodity', 'd.blNumber'])
    .select([
      sql<number>`sum(d."inboundMilli")`.as('inbound'),
      sql<number>`sum(d."outboundMilli")`.as('outbound'),
      sql<number>`sum(d."transferredMilli")`.as('transferred'),
      // days whose entries cancel out (a document edited or cancelled) are no movement
      sql<string | null>`min(case when d."inboundMilli" != 0 then d."businessDate" end)`.as('firstInbound'),
      sql<string | null>`max(case when ${moved} then d."businessDate" end)`.as('lastMovement'),
    ])
    .groupBy(['d.warehouseId', 'd.commodity', 'd.blNumber'])
    .having(sql<boolean>`(sum(d."inboundMilli") != 0 or sum(d."outboundMilli") != 0 or sum(d."transferredMilli") != 0)`);
  days = withinScope(days, 'd.warehouseId', scope);
  if (f.warehouse) days = days.where('d.warehouseId', '=', await warehouseFilterId(db, f.warehouse));
  if (f.commodity) days = days.where('d.commodity', '=', await commodityStockKey(db, f.commodity));
  if (f.blNumber) days = days.where('d.blNumber', '>=', f.blNumber).where('d.blNumber', '<', prefixEnd(f.blNumber));
  if (f.exactBlNumber !== undefined) days = days.where('d.blNumber', '=', f.exactBlNumber);
  if (f.asOf) days = days.where('d.businessDate', '<=', f.asOf);
  const stock = sql`sum(d."inboundMilli") - sum(d."outboundMilli") - sum(d."transferredMilli")`;
  if (f.inStock === 'true') days = days.having(sql<boolean>`${stock} > 0`);
  if (f.inStock === 'false') days = days.having(sql<boolean>`${stock} <= 0`);
  if (f.inStock === 'negative') days = days.having(sql<boolean>`${stock} < 0`);
  return db
    .selectFrom(days.as('l'))
    .selectAll('l')
    .select((eb) => eb.selectFrom('warehouses as w').select('w.name').whereRef('w.id', '=', 'l.warehouseId').as('warehouse'))
    .$narrowType<{ warehouse: NotNull }>()
    .orderBy('l.warehouseId')
    .orderBy('l.commodity')
    .orderBy('l.blNumber');
}

/**
 * The lots as they stand, from `stockLots` (one row per lot, read in its key's order, so a page
 * stops early); the dates of the page's lots are then read from their days.
 */
async function currentLotsQuery(db: Queryable, f: LotFilters, scope: Scope) {
  let lots = db
    .selectFrom('stockLots as l')
    .select(['l.warehouseId', 'l.commodity', 'l.blNumber', 'l.inboundMilli as inbound', 'l.outboundMilli as outbound', 'l.transferredMilli as transferred'])
    .select((eb) => eb.selectFrom('warehouses as w').select('w.name').whereRef('w.id', '=', 'l.warehouseId').as('warehouse'))
    .$narrowType<{ warehouse: NotNull }>()
    .where((eb) => eb.or([eb('l.inboundMilli', '!=', 0), eb('l.outboundMilli', '!=', 0), eb('l.transferredMilli', '!=', 0)]));
  lots = withinScope(lots, 'l.warehouseId', scope);
  if (f.warehouse) lots = lots.where('l.warehouseId', '=', await warehouseFilterId(db, f.warehouse));
  if (f.commodity) lots = lots.where('l.commodity', '=', await commodityStockKey(db, f.commodity));
  if (f.blNumber) lots = lots.where('l.blNumber', '>=', f.blNumber).where('l.blNumber', '<', prefixEnd(f.blNumber));
  const stock = sql`l."inboundMilli" - l."outboundMilli" - l."transferredMilli"`;
  if (f.inStock === 'true') lots = lots.where(sql<boolean>`${stock} > 0`);
  if (f.inStock === 'false') lots = lots.where(sql<boolean>`${stock} <= 0`);
  if (f.inStock === 'negative') lots = lots.where(sql<boolean>`${stock} < 0`);
  return lots.orderBy('l.warehouseId').orderBy('l.commodity').orderBy('l.blNumber');
}

/** firstInboundDate and lastMovementDate of a page of lots, read from their days in one query (a lot's days are one range of the key). */
async function withDates(db: Queryable, lots: Omit<LotSums, 'firstInbound' | 'lastMovement'>[]): Promise<LotSums[]> {
  if (lots.length === 0) return [];
  const rows = await db
    .selectFrom('stockLotDays as d')
    .select([
      'd.warehouseId',
      'd.commodity',
      'd.blNumber',
      sql<string | null>`min(case when d."inboundMilli" != 0 then d."businessDate" end)`.as('firstInbound'),
      sql<string | null>`max(case when ${moved} then d."businessDate" end)`.as('lastMovement'),
    ])
    .where((eb) =>
      eb(
        eb.refTuple('d.warehouseId', 'd.commodity', 'd.blNumber'),
        'in',
        lots.map((l) => eb.tuple(l.warehouseId, l.commodity, l.blNumber)),
      ),
    )
    .groupBy(['d.warehouseId', 'd.commodity', 'd.blNumber'])
    .execute();
  const key = (l: { warehouseId: number; commodity: string; blNumber: string }) => `${l.warehouseId}\u0000${l.commodity}\u0000${l.blNumber}`;
  const dates = new Map(rows.map((r) => [key(r), r]));
  return lots.map((l) => ({ ...l, firstInbound: dates.get(key(l))?.firstInbound ?? null, lastMovement: dates.get(key(l))?.lastMovement ?? null }));
}

/** A lot as the API answers it; `names` gives the catalog's spelling of each commodity key. */
function presentLot(r: LotSums, names: Map<string, string>, reservations: Reservations | null): Lot {
  const [inbound, outbound, transferred] = [Number(r.inbound), Number(r.outbound), Number(r.transferred)];
  const reserved = reservations && r.blNumber !== '' ? reservations.reserved(r.warehouseId, r.commodity, r.blNumber) : 0;
  return {
    warehouse: r.warehouse,
    warehouseId: r.warehouseId,
    commodity: names.get(r.commodity) ?? r.commodity,
    blNumber: r.blNumber === '' ? null : r.blNumber,
    inboundQuantity: fromMilli(inbound),
    outboundQuantity: fromMilli(outbound),
    transferredQuantity: fromMilli(transferred),
    currentStock: fromMilli(inbound - outbound - transferred),
    reservedQuantity: reservations ? fromMilli(reserved) : null,
    availableQuantity: reservations ? fromMilli(inbound - outbound - transferred - reserved) : null,
    firstInboundDate: r.firstInbound,
    lastMovementDate: r.lastMovement,
  };
}

export async function listLots(db: Queryable, q: z.output<typeof lotQuery>, scope: Scope) {
  const names = await commodityNamesByKey(db);
  if (q.asOf) return paginate(db, await lotsQuery(db, q, scope), q, (r) => presentLot(r, names, null));
  const page = await paginate(db, await currentLotsQuery(db, q, scope), q, (row) => row);
  const reservations = await readReservations(db, [...new Set(page.items.map((l) => l.warehouseId))], undefined, scope);
  return { ...page, items: (await withDates(db, page.items)).map((r) => presentLot(r, names, reservations)) };
}

/** Every lot the filters match in the reader's warehouses, for the export. */
export async function allLots(db: Queryable, f: LotFilters, scope: Scope): Promise<Lot[]> {
  const names = await commodityNamesByKey(db);
  const reservations = f.asOf ? null : await readReservations(db, null, undefined, scope);
  return (await (await lotsQuery(db, f, scope)).execute()).map((r) => presentLot(r, names, reservations));
}

/** Every lot of one B/L number in the reader's warehouses, in stock or not. */
export const lotsOfBl = (db: Queryable, blNumber: string, scope: Scope) => allLots(db, { inStock: 'all', exactBlNumber: blNumber }, scope);
