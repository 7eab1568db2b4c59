// The names of the catalogs as the other areas use them. A typed name means the catalog entry whose
// names table holds its key (shared/names.ts); a name not yet in its catalog is added, in the caller's
// transaction, with the spelling first used as the catalog's. Stock is kept under the entry's
// `nameKey`, so spellings that differ only by the rule, and entries merged into another, are one stock.
import type { Kysely } from 'kysely';
import { nameKey } from '../../../shared/names.js';
import { now } from '../../db/database.js';
import type { Queryable } from '../../db/tables.js';

export interface CatalogEntryRef {
  id: number;
  name: string;
  nameKey: string;
}

/** The commodity entry a typed name means, or undefined when the catalog has none. */
export async function findCommodity(db: Queryable, typed: string): Promise<CatalogEntryRef | undefined> {
  return db
    .selectFrom('commodityNames as k')
    .innerJoin('commodities as c', 'c.id', 'k.commodityId')
    .select(['c.id', 'c.name', 'c.nameKey'])
    .where('k.nameKey', '=', nameKey(typed))
    .executeTakeFirst();
}

/** The commodity entry a typed name means, added to the catalog when it is new. */
export async function commodityOf(db: Queryable, typed: string): Promise<CatalogEntryRef> {
  const found = await findCommodity(db, typed);
  if (found) return found;
  const key = nameKey(typed);
  const time = now();
  const name = typed.trim();
  const { id } = await db
    .insertInto('commodities')
    .values({ name, nameKey: key, code: null, unit: null, category: null, remark: null, active: 1, createTime: time, updateTime: time })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('commodityNames').values({ nameKey: key, commodityId: id }).execute();
  return { id, name, nameKey: key };
}

/** The key the stock of a typed commodity name is kept under (for filters: a name not in the catalog matches nothing kept). */
export async function commodityStockKey(db: Queryable, typed: string): Promise<string> {
  return (await findCommodity(db, typed))?.nameKey ?? nameKey(typed);
}

/** The catalog's spelling of every stock key. */
export async function commodityNamesByKey(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.selectFrom('commodities').select(['nameKey', 'name']).execute();
  return new Map(rows.map((r) => [r.nameKey, r.name]));
}

/** Adds each party name not yet in the party catalog (blank and missing names are skipped). */
export async function partiesOf(db: Queryable, names: (string | null | undefined)[]): Promise<void> {
  for (const typed of names) {
    if (!typed?.trim()) continue;
    const key = nameKey(typed);
    if (await db.selectFrom('partyNames').select('partyId').where('nameKey', '=', key).executeTakeFirst()) continue;
    const time = now();
    const { id } = await db
      .insertInto('parties')
      .values({ name: typed.trim(), nameKey: key, kind: null, contact: null, phone: null, remark: null, active: 1, createTime: time, updateTime: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('partyNames').values({ nameKey: key, partyId: id }).execute();
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
