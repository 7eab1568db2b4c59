// B/L weights and claims (decisions.md, "Trading desk"): per lot (warehouse, commodity, B/L number),
// the B/L weight and the outturn (inbound) weight of its inbound orders, and the tolerance and price
// of the purchase or upstream contract that lists the B/L: what is short beyond the tolerance is the
// claim. The claim amount is money: sent only to a reader who may read finance. The report reads the
// rows kept per lot (`lotWeights`, server/db/lot-weights.ts), never the inbound orders.
import type { z } from 'zod';
import { mayRead, type Permissions } from '../../../shared/permissions.js';
import type { WeightRow, weightsQuery } from '../../../shared/reports.js';
import { fromMilli } from '../../../shared/warehouse.js';
import { prefixEnd } from '../../db/paging.js';
import { withinScope, type Scope } from '../../db/scope.js';
import type { Queryable } from '../../db/tables.js';
import { commodityNamesByKey, commodityStockKey } from '../catalogs/catalog-names.js';
import { warehouseFilterId } from '../warehouse/stock/warehouse-lookup.js';

export type WeightFilters = Partial<Omit<z.output<typeof weightsQuery>, 'page' | 'pageSize'>> & { exactBlNumber?: string };
type Reader = Scope & { permissions: Permissions };

const ROW_COLUMNS = [
  'l.warehouseId',
  'w.name as warehouse',
  'l.commodity',
  'l.blNumber',
  'l.blWeightMilli',
  'l.outturnMilli',
  'l.claimMilli',
  'c.id as contractId',
  'c.contractCode',
  'c.weightTolerance',
  'c.unitPrice',
  'c.currency',
] as const;

/** The kept lots (`lotWeights`: server/db/lot-weights.ts) the filters match in the reader's warehouses; undefined when a filter matches nothing. */
async function filtered(db: Queryable, f: WeightFilters, reader: Reader) {
  let q = withinScope(db.selectFrom('lotWeights as l'), 'l.warehouseId', reader);
  if (f.warehouse) q = q.where('l.warehouseId', '=', await warehouseFilterId(db, f.warehouse));
  if (f.commodity) q = q.where('l.commodity', '=', await commodityStockKey(db, f.commodity));
  if (f.blNumber) q = q.where('l.blNumber', '>=', f.blNumber).where('l.blNumber', '<', prefixEnd(f.blNumber));
  if (f.exactBlNumber !== undefined) q = q.where('l.blNumber', '=', f.exactBlNumber);
  // out of tolerance = a claim: the kept claim is > 0 exactly when the lot is short beyond its tolerance
  if (f.outOfTolerance === 'true') q = q.where('l.claimMilli', '>', 0);
  if (f.outOfTolerance === 'false') q = q.where('l.claimMilli', '=', 0);
  return q;
}

type Filtered = Awaited<ReturnType<typeof filtered>>;

/** The report's order, on the kept columns (index lotWeights_order): the largest claim first (every out-of-tolerance lot has one), then warehouse, commodity key and B/L. */
const rowsOf = (q: Filtered) =>
  q
    .innerJoin('warehouses as w', 'w.id', 'l.warehouseId')
    .leftJoin('contracts as c', 'c.id', 'l.contractId')
    .select([...ROW_COLUMNS])
    .orderBy('l.claimMilli', 'desc')
    .orderBy('l.warehouseId')
    .orderBy('l.commodity')
    .orderBy('l.blNumber');

type Kept = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];

function present(r: Kept, names: Map<string, string>, money: boolean): WeightRow {
  const bl = Number(r.blWeightMilli);
  const outturn = Number(r.outturnMilli);
  const claimMilli = Number(r.claimMilli);
  const listed = r.contractId !== null;
  return {
    warehouse: r.warehouse,
    warehouseId: r.warehouseId,
    commodity: names.get(r.commodity) ?? r.commodity,
    blNumber: r.blNumber,
    blWeight: fromMilli(bl),
    outturnWeight: fromMilli(outturn),
    difference: fromMilli(outturn - bl),
    differencePercent: bl === 0 ? null : Math.round(((outturn - bl) / bl) * 100_000) / 1000,
    contractCode: listed ? r.contractCode : null,
    tolerance: listed ? (r.weightTolerance ?? null) : null,
    outOfTolerance: claimMilli > 0,
    claimQuantity: fromMilli(claimMilli),
    ...(money ? { claimAmount: listed ? Math.round(fromMilli(claimMilli) * Number(r.unitPrice) * 100) / 100 : null } : {}),
    currency: listed ? r.currency : null,
  };
}

/**
 * Every lot with a B/L number that the filters match in the reader's warehouses: out-of-tolerance
 * lots first (the largest claim first), then by warehouse, commodity and B/L number; read in pages of
 * EXPORT_PAGE (the export; the B/L trace reads one B/L).
 */
export async function* weightRows(db: Queryable, f: WeightFilters, reader: Reader): AsyncGenerator<WeightRow> {
  const names = await commodityNamesByKey(db);
  const money = mayRead(reader.permissions, 'finance');
  const q = await filtered(db, f, reader);
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const rows = await rowsOf(q).limit(EXPORT_PAGE).offset(offset).execute();
    for (const r of rows) yield present(r, names, money);
    if (rows.length < EXPORT_PAGE) return;
  }
}

const EXPORT_PAGE = 2000;

/** One page of the report: one indexed, LIMITed read of the kept lots, and their count. */
export async function listWeights(db: Queryable, q: z.output<typeof weightsQuery>, reader: Reader) {
  const names = await commodityNamesByKey(db);
  const money = mayRead(reader.permissions, 'finance');
  const base = await filtered(db, q, reader);
  const rows = await rowsOf(base)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { items: rows.map((r) => present(r, names, money)), total: Number(counted.n), page: q.page, pageSize: q.pageSize };
}

/** The lots of one B/L (the B/L trace), in the report's order. */
export async function weightsOfBl(db: Queryable, blNumber: string, reader: Reader): Promise<WeightRow[]> {
  const rows: WeightRow[] = [];
  for await (const r of weightRows(db, { exactBlNumber: blNumber }, reader)) rows.push(r);
  return rows;
}
