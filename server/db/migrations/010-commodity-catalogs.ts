// The catalogs of commodities and parties, and one stock per commodity (decisions.md, "Commodity
// names"). Names compare by `nameKey` (NFKC, trimmed, inner whitespace collapsed, lower case), which
// SQL cannot compute portably, so this migration computes it in TypeScript and writes it back with
// plain statements that run on SQLite and PostgreSQL alike:
// - `commodities` / `parties`, each with its table of name keys (`commodityNames`, `partyNames`: every
//   key that means the entry; a merge moves keys from one entry to another), filled from the names in use,
//   the first spelling used becoming the catalog's;
// - `stockLedger.commodityKey`: the key of the entry the typed name means (the typed `commodity` stays);
// - the summing tables (`stockBalances`, `stockLotDays`, `stockDays`, `stockLots`, `stockMonths`) keyed
//   by that key: rows of spellings that differ only by the rule are added together into one;
// - the ledger's running `balanceMilli` recomputed for the stocks whose spellings were joined.
import type { Kysely } from 'kysely';
import { nameKey } from '../../../shared/names.js';

/** A migration sees the database as it was, not as tables.ts describes it now. */
type AnyDb = Kysely<any>;

const SUMMING = [
  { table: 'stockBalances', key: ['warehouseId', 'commodity'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli', 'currentMilli'] },
  { table: 'stockLotDays', key: ['warehouseId', 'commodity', 'blNumber', 'businessDate'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli'] },
  { table: 'stockDays', key: ['businessDate', 'warehouseId', 'commodity'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli'] },
  { table: 'stockLots', key: ['warehouseId', 'commodity', 'blNumber'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli'] },
  { table: 'stockMonths', key: ['month', 'warehouseId', 'commodity'], sums: ['inboundMilli', 'outboundMilli', 'transferredMilli'] },
] as const;

const BATCH = 500;

async function createCatalog(db: AnyDb, table: string, namesTable: string, idColumn: string, extra: string[]) {
  let create = db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    // the key of the name the entry was created with: the stock of a commodity is kept under it
    .addColumn('nameKey', 'text', (c) => c.notNull().unique());
  for (const column of extra) create = create.addColumn(column, 'text');
  await create
    .addColumn('remark', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable(namesTable)
    .addColumn('nameKey', 'text', (c) => c.primaryKey())
    .addColumn(idColumn, 'integer', (c) => c.notNull().references(`${table}.id`))
    .execute();
  await db.schema.createIndex(`${namesTable}_entry`).on(namesTable).column(idColumn).execute();
}

/** Adds each name (first use first) whose key is not yet in the catalog; answers key → the catalog entry's nameKey. */
async function fillCatalog(db: AnyDb, table: string, namesTable: string, idColumn: string, uses: { name: string; time: string }[]) {
  uses.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  const time = new Date().toISOString();
  const seen = new Set<string>();
  for (const { name } of uses) {
    const key = nameKey(name);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const { id } = await db.insertInto(table).values({ name: name.trim(), nameKey: key, active: 1, createTime: time, updateTime: time }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto(namesTable)
      .values({ nameKey: key, [idColumn]: id })
      .execute();
  }
}

/** Every distinct value of `column` in `table` with the time it was first used. */
async function usesOf(db: AnyDb, table: string, column: string, timeColumn = 'createTime'): Promise<{ name: string; time: string }[]> {
  const rows = await db
    .selectFrom(table)
    .select([`${column} as name`, (eb) => eb.fn.min(timeColumn).as('time')])
    .where(column, 'is not', null)
    .groupBy(column)
    .execute();
  return rows.map((r) => ({ name: String(r.name), time: String(r.time) })).filter((r) => r.name.trim() !== '');
}

export async function up(db: AnyDb): Promise<void> {
  await createCatalog(db, 'commodities', 'commodityNames', 'commodityId', ['code', 'unit', 'category']);
  await createCatalog(db, 'parties', 'partyNames', 'partyId', ['kind', 'contact', 'phone']);
  await db.schema.createIndex('commodities_name').on('commodities').column('name').execute();
  await db.schema.createIndex('parties_name').on('parties').column('name').execute();

  const commodityUses = [
    ...(await usesOf(db, 'stockLedger', 'commodity', 'entryTime')),
    ...(await usesOf(db, 'inboundOrders', 'commodity')),
    ...(await usesOf(db, 'outboundOrders', 'commodity')),
    ...(await usesOf(db, 'pickupRequests', 'commodity')),
    ...(await usesOf(db, 'ownershipTransfers', 'commodity')),
  ];
  await fillCatalog(db, 'commodities', 'commodityNames', 'commodityId', commodityUses);
  await fillCatalog(db, 'parties', 'partyNames', 'partyId', [
    ...(await usesOf(db, 'inboundOrders', 'owner')),
    ...(await usesOf(db, 'ownershipTransfers', 'transferor')),
    ...(await usesOf(db, 'ownershipTransfers', 'transferee')),
    ...(await usesOf(db, 'corpContracts', 'partyA')),
    ...(await usesOf(db, 'corpContracts', 'partyB')),
  ]);

  // the ledger: the key of each typed name, one update per distinct spelling
  await db.schema
    .alterTable('stockLedger')
    .addColumn('commodityKey', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const spellings = (await db.selectFrom('stockLedger').select('commodity').distinct().execute()).map((r) => String(r.commodity));
  for (const spelling of spellings)
    await db
      .updateTable('stockLedger')
      .set({ commodityKey: nameKey(spelling) })
      .where('commodity', '=', spelling)
      .execute();
  await db.schema.createIndex('stockLedger_stockKey').on('stockLedger').columns(['warehouseId', 'commodityKey', 'businessDate', 'kind', 'quantityChangeMilli']).execute();
  await db.schema.createIndex('stockLedger_commodityKey').on('stockLedger').column('commodityKey').execute();

  // the summing tables: a row under a spelling that is not its key joins the row of the key
  for (const { table, key, sums } of SUMMING) {
    const names = (await db.selectFrom(table).select('commodity').distinct().execute()).map((r) => String(r.commodity));
    for (const name of names.filter((n) => nameKey(n) !== n)) {
      for (;;) {
        const rows = await db.selectFrom(table).selectAll().where('commodity', '=', name).limit(BATCH).execute();
        if (!rows.length) break;
        for (const row of rows) {
          await db
            .insertInto(table)
            .values({ ...row, commodity: nameKey(name) })
            .onConflict((oc) => oc.columns([...key]).doUpdateSet((eb) => Object.fromEntries(sums.map((s) => [s, eb(`${table}.${s}`, '+', row[s] as number)]))))
            .execute();
          let del = db.deleteFrom(table);
          for (const k of key) del = del.where(k, '=', row[k]);
          await del.execute();
        }
      }
    }
  }

  // running balances of the stocks whose spellings were joined, in entry order
  const joined = new Set<string>();
  const byKey = new Map<string, Set<string>>();
  for (const s of spellings) byKey.set(nameKey(s), (byKey.get(nameKey(s)) ?? new Set()).add(s));
  for (const [key, set] of byKey) if (set.size > 1) joined.add(key);
  for (const key of joined) {
    const balances = new Map<number, number>();
    let last = 0;
    for (;;) {
      const rows = await db
        .selectFrom('stockLedger')
        .select(['id', 'warehouseId', 'quantityChangeMilli', 'balanceMilli'])
        .where('commodityKey', '=', key)
        .where('id', '>', last)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (!rows.length) break;
      for (const r of rows) {
        const balance = (balances.get(r.warehouseId) ?? 0) + Number(r.quantityChangeMilli);
        balances.set(r.warehouseId, balance);
        if (Number(r.balanceMilli) !== balance) await db.updateTable('stockLedger').set({ balanceMilli: balance }).where('id', '=', r.id).execute();
        last = r.id;
      }
    }
  }
}

/** Drops the catalogs and the ledger's key. The joined stocks stay joined under their key: spellings are not split again. */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('stockLedger_stockKey').execute();
  await db.schema.dropIndex('stockLedger_commodityKey').execute();
  await db.schema.alterTable('stockLedger').dropColumn('commodityKey').execute();
  for (const table of ['commodityNames', 'partyNames', 'commodities', 'parties']) await db.schema.dropTable(table).execute();
}
