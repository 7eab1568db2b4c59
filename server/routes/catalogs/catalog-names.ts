// The names of the catalogs as the other areas use them. A typed name means the catalog entry whose
// names table holds its key (shared/names.ts); a name not yet in its catalog is added, in the caller's
// transaction, with the spelling first used as the catalog's. Stock is kept under the entry's
// `nameKey`, so spellings that differ only by the rule, and entries merged into another, are one stock.
import type { Kysely } from 'kysely';
import { nameKey } from '../../../shared/names.js';
import { now } from '../../db/database.js';
import { chunked } from '../../db/batches.js';
import type { Queryable } from '../../db/tables.js';
import { noteChanged } from '../../live/changes.js';

export interface CatalogEntryRef {
  id: number;
  name: string;
  nameKey: string;
}

/** The commodity entry a typed name means, added to the catalog when it is new. */
export const commodityOf = async (db: Queryable, typed: string): Promise<CatalogEntryRef> => (await commoditiesOf(db, [typed])).get(typed)!;

/**
 * The commodity entry of each typed name (by the name as typed); names new to the catalog are added
 * in one insert, each with the spelling first used. One query per ROWS_PER_STATEMENT distinct names.
 */
export async function commoditiesOf(db: Queryable, typed: readonly string[]): Promise<Map<string, CatalogEntryRef>> {
  const byKey = new Map<string, string>(); // key -> first spelling
  for (const t of typed) if (!byKey.has(nameKey(t))) byKey.set(nameKey(t), t);
  const entries = new Map<string, CatalogEntryRef>();
  for (const keys of chunked([...byKey.keys()])) {
    const rows = await db
      .selectFrom('commodityNames as k')
      .innerJoin('commodities as c', 'c.id', 'k.commodityId')
      .select(['k.nameKey as typedKey', 'c.id', 'c.name', 'c.nameKey'])
      .where('k.nameKey', 'in', keys)
      .execute();
    for (const { typedKey, ...entry } of rows) entries.set(typedKey, entry);
  }
  const missing = [...byKey].filter(([key]) => !entries.has(key));
  const time = now();
  for (const piece of chunked(missing)) {
    const added = await db
      .insertInto('commodities')
      .values(piece.map(([key, t]) => ({ name: t.trim(), nameKey: key, code: null, unit: null, category: null, remark: null, active: 1, createTime: time, updateTime: time })))
      .returning(['id', 'name', 'nameKey'])
      .execute();
    await db
      .insertInto('commodityNames')
      .values(added.map((e) => ({ nameKey: e.nameKey, commodityId: e.id })))
      .execute();
    for (const e of added) entries.set(e.nameKey, e);
    noteChanged(['commodity']); // a name added by a movement, unaudited: the catalog's readers refetch too
  }
  return new Map(typed.map((t) => [t, entries.get(nameKey(t))!]));
}

/** The stock key of each typed name, as `commodityStockKey` (nothing is added to the catalog). */
export async function commoditiesKnown(db: Queryable, typed: readonly string[]): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const piece of chunked([...new Set(typed.map(nameKey))])) {
    const rows = await db
      .selectFrom('commodityNames as k')
      .innerJoin('commodities as c', 'c.id', 'k.commodityId')
      .select(['k.nameKey as typedKey', 'c.nameKey'])
      .where('k.nameKey', 'in', piece)
      .execute();
    for (const r of rows) keys.set(r.typedKey, r.nameKey);
  }
  return new Map(typed.map((t) => [t, keys.get(nameKey(t)) ?? nameKey(t)]));
}

/** The key the stock of a typed commodity name is kept under (for filters: a name not in the catalog matches nothing kept). */
export async function commodityStockKey(db: Queryable, typed: string): Promise<string> {
  return (await commoditiesKnown(db, [typed])).get(typed)!;
}

/** The catalog's spelling of every stock key. */
export async function commodityNamesByKey(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.selectFrom('commodities').select(['nameKey', 'name']).execute();
  return new Map(rows.map((r) => [r.nameKey, r.name]));
}

/** Adds each party name not yet in the party catalog (blank and missing names are skipped), in one insert. */
export async function partiesOf(db: Queryable, names: readonly (string | null | undefined)[]): Promise<void> {
  const byKey = new Map<string, string>();
  for (const typed of names) if (typed?.trim() && !byKey.has(nameKey(typed))) byKey.set(nameKey(typed), typed.trim());
  const known = new Set<string>();
  for (const keys of chunked([...byKey.keys()])) {
    const rows = await db.selectFrom('partyNames').select('nameKey').where('nameKey', 'in', keys).execute();
    for (const r of rows) known.add(r.nameKey);
  }
  const time = now();
  for (const piece of chunked([...byKey].filter(([key]) => !known.has(key)))) {
    const added = await db
      .insertInto('parties')
      .values(piece.map(([key, name]) => ({ name, nameKey: key, kind: null, contact: null, phone: null, remark: null, active: 1, createTime: time, updateTime: time })))
      .returning(['id', 'nameKey'])
      .execute();
    await db
      .insertInto('partyNames')
      .values(added.map((p) => ({ nameKey: p.nameKey, partyId: p.id })))
      .execute();
    noteChanged(['party']);
  }
}

const SUMMING = [
  { table: 'stockBalances', key: ['warehouseId', 'commodity'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli', 'currentMilli'] },
  { table: 'stockLotDays', key: ['warehouseId', 'commodity', 'blNumber', 'businessDate'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli'] },
  { table: 'stockDays', key: ['businessDate', 'warehouseId', 'commodity'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli'] },
  { table: 'stockLots', key: ['warehouseId', 'commodity', 'blNumber'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli'] },
  { table: 'stockMonths', key: ['month', 'warehouseId', 'commodity'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli'] },
] as const;

/**
 * After a merge of commodity catalog entries: the stock kept under `fromKey` joins the stock under
 * `intoKey` (summing tables added together, ledger entries re-keyed; what was typed stays).
 */
export async function foldStock(db: Queryable, fromKey: string, intoKey: string): Promise<void> {
  const any = db as unknown as Kysely<any>;
  for (const { table, key, sums } of SUMMING) {
    const rows = await any.selectFrom(table).selectAll().where('commodity', '=', fromKey).execute();
    for (const row of rows) {
      await any
        .insertInto(table)
        .values({ ...row, commodity: intoKey })
        .onConflict((oc) => oc.columns([...key]).doUpdateSet((eb) => Object.fromEntries(sums.map((s) => [s, eb(`${table}.${s}`, '+', row[s] as number)]))))
        .execute();
    }
    await any.deleteFrom(table).where('commodity', '=', fromKey).execute();
  }
  await db.updateTable('stockLedger').set({ commodityKey: intoKey }).where('commodityKey', '=', fromKey).execute();
}
