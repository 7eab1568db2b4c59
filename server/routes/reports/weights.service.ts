// B/L weights and claims (decisions.md, "Trading desk"): per lot (warehouse, commodity, B/L number),
// the B/L weight and the outturn (inbound) weight of its inbound orders, and the tolerance and price
// of the purchase or upstream contract that lists the B/L: what is short beyond the tolerance is the
// claim. The claim amount is money: sent only to a reader who may read finance.
import { sql } from 'kysely';
import type { z } from 'zod';
import { mayRead, type Permissions } from '../../../shared/permissions.js';
import type { WeightRow, weightsQuery } from '../../../shared/reports.js';
import { fromMilli } from '../../../shared/warehouse.js';
import { chunked } from '../../db/batches.js';
import { prefixEnd } from '../../db/paging.js';
import { withinScope, type Scope } from '../../db/scope.js';
import type { Queryable } from '../../db/tables.js';
import { commoditiesKnown, commodityNamesByKey, commodityStockKey } from '../catalogs/catalog-names.js';
import { warehouseFilterId } from '../warehouse/stock/warehouse-lookup.js';

export type WeightFilters = Partial<Omit<z.output<typeof weightsQuery>, 'page' | 'pageSize'>> & { exactBlNumber?: string };
type Reader = Scope & { permissions: Permissions };

/** The purchase or upstream contract that lists each B/L (the newest when several do): the B/L rows first, then their contracts by id (two indexed reads). */
async function contractsOfBls(db: Queryable, bls: readonly string[]) {
  const listing = new Map<number, string[]>();
  for (const piece of chunked([...new Set(bls)]))
    for (const r of await db.selectFrom('contractBls').select(['contractId', 'blNumber']).where('blNumber', 'in', piece).execute())
      listing.set(r.contractId, [...(listing.get(r.contractId) ?? []), r.blNumber]);
  const found = new Map<string, { id: number; contractCode: string; weightTolerance: number | null; unitPrice: number; currency: string }>();
  for (const ids of chunked([...listing.keys()]))
    for (const c of await db
      .selectFrom('contracts')
      .select(['id', 'contractCode', 'weightTolerance', 'unitPrice', 'currency'])
      .where('id', 'in', ids)
      .where('contractType', 'in', ['1', '2'])
      .execute())
      for (const blNumber of listing.get(c.id) ?? []) if ((found.get(blNumber)?.id ?? 0) < c.id) found.set(blNumber, c);
  return found;
}

/**
 * Every lot with a B/L number that the filters match in the reader's warehouses: out-of-tolerance
 * lots first (the largest claim first), then by warehouse, commodity and B/L number.
 */
export async function weightRows(db: Queryable, f: WeightFilters, reader: Reader): Promise<WeightRow[]> {
  let q = db
    .selectFrom('inboundOrders as d')
    .innerJoin('warehouses as w', 'w.id', 'd.warehouseId')
    .select([
      'd.warehouseId',
      'w.name as warehouse',
      'd.commodity',
      'd.blNumber',
      sql<number>`sum(coalesce(d."blWeightMilli", d."inboundWeightMilli"))`.as('bl'),
      sql<number>`sum(d."inboundWeightMilli")`.as('outturn'),
    ])
    .where('d.blNumber', 'is not', null)
    .where('d.blNumber', '!=', '')
    .groupBy(['d.warehouseId', 'w.name', 'd.commodity', 'd.blNumber']);
  q = withinScope(q, 'd.warehouseId', reader);
  if (f.warehouse) q = q.where('d.warehouseId', '=', await warehouseFilterId(db, f.warehouse));
  if (f.blNumber) q = q.where('d.blNumber', '>=', f.blNumber).where('d.blNumber', '<', prefixEnd(f.blNumber));
  if (f.exactBlNumber !== undefined) q = q.where('d.blNumber', '=', f.exactBlNumber);
  const groups = await q.execute();
  // a lot is kept under the commodity's key: spellings of one catalog entry are one lot
  const keys = await commoditiesKnown(db, [...new Set(groups.map((g) => g.commodity))]);
  const onlyKey = f.commodity ? await commodityStockKey(db, f.commodity) : undefined;
  const lots = new Map<string, { warehouseId: number; warehouse: string; key: string; blNumber: string; bl: number; outturn: number }>();
  for (const g of groups) {
    const key = keys.get(g.commodity)!;
    if (onlyKey !== undefined && key !== onlyKey) continue;
    const id = `${g.warehouseId}\u0000${key}\u0000${g.blNumber}`;
    const lot = lots.get(id) ?? { warehouseId: g.warehouseId, warehouse: g.warehouse, key, blNumber: g.blNumber!, bl: 0, outturn: 0 };
    lot.bl += Number(g.bl);
    lot.outturn += Number(g.outturn);
    lots.set(id, lot);
  }
  const names = await commodityNamesByKey(db);
  const contracts = await contractsOfBls(
    db,
    [...lots.values()].map((l) => l.blNumber),
  );
  const money = mayRead(reader.permissions, 'finance');
  let rows = [...lots.values()].map((l): WeightRow => {
    const c = contracts.get(l.blNumber);
    const tolerance = c?.weightTolerance ?? null;
    const shortMilli = l.bl - l.outturn;
    const allowedMilli = tolerance === null ? 0 : Math.round((l.bl * tolerance) / 100);
    const out = tolerance !== null && shortMilli > allowedMilli;
    const claimMilli = out ? shortMilli - allowedMilli : 0;
    return {
      warehouse: l.warehouse,
      warehouseId: l.warehouseId,
      commodity: names.get(l.key) ?? l.key,
      blNumber: l.blNumber,
      blWeight: fromMilli(l.bl),
      outturnWeight: fromMilli(l.outturn),
      difference: fromMilli(l.outturn - l.bl),
      differencePercent: l.bl === 0 ? null : Math.round(((l.outturn - l.bl) / l.bl) * 100_000) / 1000,
      contractCode: c?.contractCode ?? null,
      tolerance,
      outOfTolerance: out,
      claimQuantity: fromMilli(claimMilli),
      ...(money ? { claimAmount: c ? Math.round(fromMilli(claimMilli) * c.unitPrice * 100) / 100 : null } : {}),
      currency: c?.currency ?? null,
    };
  });
  if (f.outOfTolerance) rows = rows.filter((r) => r.outOfTolerance === (f.outOfTolerance === 'true'));
  return rows.sort(
    (a, b) =>
      Number(b.outOfTolerance) - Number(a.outOfTolerance) ||
      b.claimQuantity - a.claimQuantity ||
      a.warehouseId - b.warehouseId ||
      a.commodity.localeCompare(b.commodity) ||
      (a.blNumber < b.blNumber ? -1 : a.blNumber > b.blNumber ? 1 : 0),
  );
}

export async function listWeights(db: Queryable, q: z.output<typeof weightsQuery>, reader: Reader) {
  const all = await weightRows(db, q, reader);
  const start = (q.page - 1) * q.pageSize;
  return { items: all.slice(start, start + q.pageSize), total: all.length, page: q.page, pageSize: q.pageSize };
}
