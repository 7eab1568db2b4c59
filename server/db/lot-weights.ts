// The B/L weights report's rows, kept per lot (`lotWeights`, migration 028) so a page of the report is
// one indexed, LIMITed query (docs/performance.md, "B/L weights kept per lot"). A lot is a warehouse,
// a commodity key and a B/L number as its inbound orders hold it; its row holds what the report adds
// up: the B/L weight and the outturn of its inbound orders, the purchase or upstream contract that
// lists the B/L and the claim the contract's tolerance gives.
//
// One function computes the rows of a set of B/Ls from the records (`refreshLotWeights`): every
// inbound write (create, import batch, edit, delete) calls it for the B/Ls it touched, every contract
// write for the B/Ls the contract listed before and lists after (its tolerance, price, type or list
// changed), a merge of commodity catalog entries for the B/Ls of the folded key, and migration 028
// for every B/L (`fillLotWeights`). On PostgreSQL a refresh holds an advisory lock per B/L (taken in
// B/L order) until its transaction ends, so two writers on one B/L recount one after the other, each
// from what the other committed.
import { sql, type Kysely } from 'kysely';
import { nameKey } from '../../shared/names.js';
import { chunked, insertObjects, type InsertColumn } from './batches.js';
import { deferred } from './deferred.js';
import { lockKeys } from './locks.js';
import type { Database, Queryable } from './tables.js';
import type { LotWeightsTable } from './tables-trading.js';

/**
 * The stock key of each typed commodity name, as `commoditiesKnown` (routes/catalogs/catalog-names.ts)
 * answers it; read here because that module opens the database module, which runs this one's
 * migration (an import cycle).
 */
async function stockKeys(db: Queryable, typed: readonly string[]): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const piece of chunked([...new Set(typed.map(nameKey))]))
    for (const r of await db
      .selectFrom('commodityNames as k')
      .innerJoin('commodities as c', 'c.id', 'k.commodityId')
      .select(['k.nameKey as typedKey', 'c.nameKey'])
      .where('k.nameKey', 'in', piece)
      .execute())
      keys.set(r.typedKey, r.nameKey);
  return new Map(typed.map((t) => [t, keys.get(nameKey(t)) ?? nameKey(t)]));
}

/** The contract that lists each B/L: the newest purchase or upstream contract (contractBls by B/L, then the contracts by id). */
async function contractsOfBls(db: Queryable, bls: readonly string[]) {
  const listing = new Map<number, string[]>();
  for (const piece of chunked([...new Set(bls)]))
    for (const r of await db.selectFrom('contractBls').select(['contractId', 'blNumber']).where('blNumber', 'in', piece).execute())
      listing.set(r.contractId, [...(listing.get(r.contractId) ?? []), r.blNumber]);
  const found = new Map<string, { id: number; weightTolerance: number | null }>();
  for (const ids of chunked([...listing.keys()]))
    for (const c of await db.selectFrom('contracts').select(['id', 'weightTolerance']).where('id', 'in', ids).where('contractType', 'in', ['1', '2']).execute())
      for (const blNumber of listing.get(c.id) ?? []) if ((found.get(blNumber)?.id ?? 0) < c.id) found.set(blNumber, c);
  return found;
}

/** The claim of a lot: the shortfall beyond the tolerance, in thousandths (0 within it, or with no tolerance). */
export function claimOf(blMilli: number, outturnMilli: number, tolerance: number | null): number {
  if (tolerance === null) return 0;
  const shortMilli = blMilli - outturnMilli;
  const allowedMilli = Math.round((blMilli * tolerance) / 100);
  return shortMilli > allowedMilli ? shortMilli - allowedMilli : 0;
}

/** The rows of the B/Ls `bls` (at most ROWS_PER_STATEMENT) as their records give them now. */
async function rowsOf(db: Queryable, bls: readonly string[]): Promise<LotWeightsTable[]> {
  const groups = await db
    .selectFrom('inboundOrders')
    .select([
      'warehouseId',
      'commodity',
      'blNumber',
      sql<number>`sum(coalesce("blWeightMilli", "inboundWeightMilli"))`.as('bl'),
      sql<number>`sum("inboundWeightMilli")`.as('outturn'),
    ])
    .where('blNumber', 'in', [...bls])
    .groupBy(['warehouseId', 'commodity', 'blNumber'])
    .execute();
  if (groups.length === 0) return [];
  // a lot is kept under the commodity's key: spellings of one catalog entry are one lot
  const keys = await stockKeys(db, [...new Set(groups.map((g) => g.commodity))]);
  const lots = new Map<string, LotWeightsTable>();
  for (const g of groups) {
    const key = keys.get(g.commodity)!;
    const id = `${g.warehouseId}\u0000${key}\u0000${g.blNumber}`;
    const lot = lots.get(id) ?? { warehouseId: g.warehouseId, commodity: key, blNumber: g.blNumber!, blWeightMilli: 0, outturnMilli: 0, contractId: null, claimMilli: 0 };
    lot.blWeightMilli += Number(g.bl);
    lot.outturnMilli += Number(g.outturn);
    lots.set(id, lot);
  }
  const contracts = await contractsOfBls(db, bls);
  for (const lot of lots.values()) {
    const c = contracts.get(lot.blNumber);
    lot.contractId = c?.id ?? null;
    lot.claimMilli = claimOf(lot.blWeightMilli, lot.outturnMilli, c?.weightTolerance ?? null);
  }
  return [...lots.values()];
}

async function rewrite(db: Queryable, bls: readonly string[]): Promise<void> {
  const rows = await rowsOf(db, bls);
  await db
    .deleteFrom('lotWeights')
    .where('blNumber', 'in', [...bls])
    .execute();
  await insertObjects(db, 'lotWeights', LOT_WEIGHT_INSERT, rows);
}

/** The columns of a lot's row, with their migration types (insertObjects). */
const LOT_WEIGHT_INSERT: readonly InsertColumn[] = [
  ['warehouseId', 'integer'],
  ['commodity', 'text'],
  ['blNumber', 'text'],
  ['blWeightMilli', 'integer'],
  ['outturnMilli', 'integer'],
  ['contractId', 'integer'],
  ['claimMilli', 'integer'],
];

/** Counts the lots of the B/Ls `bls` again from their inbound orders and contracts, in the caller's transaction (blank B/Ls have no lot row). */
export async function refreshLotWeights(db: Queryable, bls: readonly (string | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(bls.filter((b): b is string => typeof b === 'string' && b !== ''))].sort();
  if (wanted.length === 0) return;
  // inside an import: counted once after its last batch (deferRecounts), so its B/L locks come after every stock's
  if (deferred(db, 'lotWeights', (trx, [later]) => refreshLotWeights(trx, [...later!]), wanted)) return;
  await lockKeys(db, 'lotWeights', wanted);
  for (const piece of chunked(wanted)) await rewrite(db, piece);
}

/** Counts every lot with a B/L from the records, 500 B/Ls at a time (migration 028; the bench's seed). */
export async function fillLotWeights(db: Kysely<Database>): Promise<void> {
  let last = '';
  for (;;) {
    const bls = (await db.selectFrom('inboundOrders').select('blNumber').distinct().where('blNumber', '>', last).orderBy('blNumber').limit(500).execute()).map((r) => r.blNumber!);
    if (bls.length === 0) return;
    last = bls.at(-1)!;
    await rewrite(db, bls);
  }
}
