// Cargo by bill of lading: the B/L number of every ledger entry; the ledger summed per lot and
// business date (`stockLotDays`, read by the lot list), per stock and business date (`stockDays`)
// and per stock and month (`stockMonths`), read by the stock movement report and the charts, so
// none of them reads the whole ledger. All are backfilled from the documents and the ledger.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../postgres.js';

/** SQLite stores these key-only tables in their primary key's b-tree; PostgreSQL has no such option. */
const withoutRowid =
  (db: Kysely<unknown>) =>
  <T extends CreateTableBuilder<any, any>>(table: T): T =>
    isPostgres(db) ? table : (table.modifyEnd(sql`without rowid`) as T);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stockLedger').addColumn('blNumber', 'text').execute();
  // an entry takes the B/L number its document has now ('' and blanks count as none)
  for (const [type, table] of [
    ['inboundOrder', 'inboundOrders'],
    ['outboundOrder', 'outboundOrders'],
    ['ownershipTransfer', 'ownershipTransfers'],
  ] as const) {
    await sql`update "stockLedger" set "blNumber" = (select nullif(trim(d."blNumber"), '') from ${sql.table(table)} d where d.id = "stockLedger"."documentId")
      where "documentType" = ${type}`.execute(db);
  }
  // the B/L trace's timeline: one B/L's entries in business-date order
  await db.schema.createIndex('stockLedger_bl').on('stockLedger').columns(['blNumber', 'businessDate']).where(sql.ref('blNumber'), 'is not', null).execute();

  await db.schema
    .createTable('stockLotDays')
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('commodity', 'text', (c) => c.notNull())
    // '' for the movements without a B/L number (a key column, so not NULL)
    .addColumn('blNumber', 'text', (c) => c.notNull())
    .addColumn('businessDate', 'text', (c) => c.notNull())
    .addColumn('inboundMilli', 'integer', (c) => c.notNull())
    .addColumn('outboundMilli', 'integer', (c) => c.notNull())
    .addColumn('transferredMilli', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stockLotDays_pk', ['warehouseId', 'commodity', 'blNumber', 'businessDate'])
    .$call(withoutRowid(db))
    .execute();
  // a lot by its B/L number (the trace, the prefix filter)
  await db.schema.createIndex('stockLotDays_bl').on('stockLotDays').columns(['blNumber', 'warehouseId', 'commodity']).execute();

  // keyed by date first: a period's days are one range of the table
  await db.schema
    .createTable('stockDays')
    .addColumn('businessDate', 'text', (c) => c.notNull())
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('inboundMilli', 'integer', (c) => c.notNull())
    .addColumn('outboundMilli', 'integer', (c) => c.notNull())
    .addColumn('transferredMilli', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stockDays_pk', ['businessDate', 'warehouseId', 'commodity'])
    .$call(withoutRowid(db))
    .execute();
  // the lots as they stand: the paged lot list reads this, as the summary reads stockBalances
  await db.schema
    .createTable('stockLots')
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('blNumber', 'text', (c) => c.notNull())
    .addColumn('inboundMilli', 'integer', (c) => c.notNull())
    .addColumn('outboundMilli', 'integer', (c) => c.notNull())
    .addColumn('transferredMilli', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stockLots_pk', ['warehouseId', 'commodity', 'blNumber'])
    .$call(withoutRowid(db))
    .execute();
  await db.schema.createIndex('stockLots_bl').on('stockLots').columns(['blNumber', 'warehouseId', 'commodity']).execute();

  // the same per month ('YYYY-MM'): a report of whole months reads one row per stock and month
  await db.schema
    .createTable('stockMonths')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('inboundMilli', 'integer', (c) => c.notNull())
    .addColumn('outboundMilli', 'integer', (c) => c.notNull())
    .addColumn('transferredMilli', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stockMonths_pk', ['month', 'warehouseId', 'commodity'])
    .$call(withoutRowid(db))
    .execute();
  await fillDayTables(db);
}

/** Sums the whole ledger into the (empty) day and month tables; the benchmark's seed uses it too. */
export async function fillDayTables(db: Kysely<unknown>): Promise<void> {
  await sql`insert into "stockLotDays" ("warehouseId", commodity, "blNumber", "businessDate", "inboundMilli", "outboundMilli", "transferredMilli")
    select "warehouseId", commodity, coalesce("blNumber", ''), "businessDate",
      sum(case when kind = 'inbound' then "quantityChangeMilli" else 0 end),
      -sum(case when kind = 'outbound' then "quantityChangeMilli" else 0 end),
      -sum(case when kind = 'transfer' then "quantityChangeMilli" else 0 end)
    from "stockLedger" group by "warehouseId", commodity, coalesce("blNumber", ''), "businessDate"`.execute(db);
  await sql`insert into "stockDays" ("businessDate", "warehouseId", commodity, "inboundMilli", "outboundMilli", "transferredMilli")
    select "businessDate", "warehouseId", commodity, sum("inboundMilli"), sum("outboundMilli"), sum("transferredMilli")
    from "stockLotDays" group by "businessDate", "warehouseId", commodity`.execute(db);
  await sql`insert into "stockLots" ("warehouseId", commodity, "blNumber", "inboundMilli", "outboundMilli", "transferredMilli")
    select "warehouseId", commodity, "blNumber", sum("inboundMilli"), sum("outboundMilli"), sum("transferredMilli")
    from "stockLotDays" group by "warehouseId", commodity, "blNumber"`.execute(db);
  await sql`insert into "stockMonths" (month, "warehouseId", commodity, "inboundMilli", "outboundMilli", "transferredMilli")
    select substr("businessDate", 1, 7), "warehouseId", commodity, sum("inboundMilli"), sum("outboundMilli"), sum("transferredMilli")
    from "stockDays" group by substr("businessDate", 1, 7), "warehouseId", commodity`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stockMonths').execute();
  await db.schema.dropTable('stockLots').execute();
  await db.schema.dropTable('stockDays').execute();
  await db.schema.dropTable('stockLotDays').execute();
  await db.schema.dropIndex('stockLedger_bl').execute();
  await db.schema.alterTable('stockLedger').dropColumn('blNumber').execute();
}
